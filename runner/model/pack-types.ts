/**
 * An assignment pack as a course writes it (`assignment.yml`, checked by `spec/pack-schema.json`): the built-in it
 * extends and what the course changes in it, each kind in its own section.
 */
import type { AssignmentId } from './ids.js';

export type PackVisibility = 'visible' | 'hidden' | 'after-due';

export interface PackTestChange {
  readonly points?: number;
  readonly visibility?: PackVisibility;
  readonly hint?: string;
  /** false: the test is not run and counts in no total. */
  readonly enabled?: boolean;
}

/** A call of a course's own `calls` test and what it must give (left out: the reference's answer, where it has one). */
export interface PackCall {
  readonly call: string;
  readonly expected?: string;
  readonly prints?: string;
  readonly raises?: string;
  readonly input?: readonly string[];
}

/**
 * A test of the course's own (runner/pack/own-tests.ts): a new id with its `kind`, its problem, name and points, and
 * what it runs: calls on the student's code (`setup`, `calls`), or a program session (`run` or `main`, `input`,
 * `shows`).
 */
export interface PackOwnTest extends PackTestChange {
  readonly kind: 'calls' | 'session';
  readonly group: string;
  readonly name: string;
  readonly target?: string;
  readonly setup?: string;
  readonly calls?: readonly PackCall[];
  readonly run?: string;
  readonly main?: true;
  readonly input?: readonly string[];
  readonly shows?: readonly (string | { readonly pattern: string })[];
  readonly limits?: { readonly callMs?: number; readonly programMs?: number; readonly promptMs?: number };
}

export interface PackGroupChange {
  readonly name?: string;
  readonly manualPoints?: number;
  /** The group's total, checked against its tests and hand-graded points (derived when left out). */
  readonly points?: number;
}

/** A handout example: a call and what the handout shows it gives (a Python value, or the text it prints). */
export interface PackExample {
  /** The test it joins, as a visible case if the test is visible. */
  readonly test: string;
  readonly call: string;
  readonly expected?: string;
  readonly prints?: string;
}

/** The board sizes a pack's generated cases use, cycled case by case. */
export interface PackBoards {
  readonly sizes: readonly { readonly rows: number; readonly columns: number }[];
}

export interface Pack {
  readonly extends: string;
  /** The built-in as grade init made the pack from it: its values' hash (runner/pack/built-in-values.ts), the grader's version. */
  readonly madeFrom?: { readonly builtIn: string; readonly grader: string };
  readonly title?: string;
  /** ISO 8601 with a zone offset. */
  readonly due?: string;
  /** The course's wording of the document's fixed texts, by key (`prompt: "Column? "`). */
  readonly texts?: Readonly<Record<string, string>>;
  /** The course's names for the document's API: `Board: Grid`, `Board.add_checker: add_move`. */
  readonly names?: Readonly<Record<string, string>>;
  readonly files?: Readonly<Record<string, { readonly names: readonly string[] }>>;
  readonly examples?: readonly PackExample[];
  readonly groups?: Readonly<Record<string, PackGroupChange>>;
  /** A built-in test's changes by its id, or a test of the course's own (with its `kind`) under an id of its own. */
  readonly tests?: Readonly<Record<string, PackTestChange | PackOwnTest>>;
  readonly boards?: PackBoards;
}

/** What results.json and the kit record of the pack a run was graded with. */
export interface PackInfo {
  /** The pack's assignment.yml, absolute: `grade merge` loads it again from there. */
  readonly path: string;
  readonly extends: AssignmentId;
  /** 16 hex of the sha256 of assignment.yml: a changed pack is a changed spec. */
  readonly hash: string;
}

/** A fault in a pack, where it is (1-based line and column of assignment.yml), and what would be right. */
export interface PackProblem {
  /** The place in the pack as dotted keys (`tests.board.repr.document.points`). */
  readonly path: readonly (string | number)[];
  readonly line: number;
  readonly column: number;
  readonly message: string;
}
