/**
 * The cases of a course's own tests (a pack's `kind: calls` and `kind: session`, runner/pack/own-tests.ts), as the
 * pack's loader writes them and the run phase reads them: each call's statements as the course wrote them, split
 * where Python splits them, and each session's program, lines typed and lines the transcript must show. What a call
 * must give stays in the case's `expected`, on this side; the student's process is sent the statements alone.
 */
import type { FixtureCase } from '../model/fixture-types.js';

/** One top-level statement of the course's Python, exactly as written, and its line in the pack's file. */
export interface CourseStatement {
  readonly text: string;
  readonly line: number;
}

/** A call of a `calls` test: the set-up's statements, then the call's, the last an expression whose value is graded. */
export interface CourseCallInput {
  readonly statements: readonly CourseStatement[];
  /** Lines typed to the call's input(), in order. */
  readonly inputs?: readonly string[];
  /** The reference found any order of the list right (the document allows a permutation). */
  readonly anyOrder?: boolean;
}

/** What a session's transcript must show, in order: a line as printed (trailing spaces aside), or a line matching a pattern. */
export type ShownLine = { readonly line: string } | { readonly pattern: string };

/** A `session` test's one program run. */
export interface CourseSessionInput {
  /** The course's Python that starts the program (`play()`), or absent: the file a person runs, run as a program. */
  readonly run?: string;
  readonly answers: readonly string[];
  readonly shows: readonly ShownLine[];
}

export const courseCallInput = (testCase: FixtureCase): CourseCallInput => testCase.input as unknown as CourseCallInput;
export const courseSessionInput = (testCase: FixtureCase): CourseSessionInput => testCase.input as unknown as CourseSessionInput;

/** The call graded, as the student reads it in a message: the last statement. */
export const gradedCall = (testCase: FixtureCase): string => courseCallInput(testCase).statements.at(-1)!.text;
