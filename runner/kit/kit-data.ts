/**
 * What the student's kit knows of its assignment (check-data.json at the kit's root): the spec cut down to its
 * visible tests, each with only the cases it selects, and the one line on what the kit does not grade. Pure: the
 * hidden tests, their cases and their hints never enter it.
 */
import { nameMistake, type AnswerRule, type DiagnoseLookahead, type MistakeName } from '../plan/lookahead-cases.js';
import { createHash } from 'node:crypto';
import type { AssignmentId } from '../model/ids.js';
import { gradedLater } from '../spec/graded-later.js';
import type { ResolvedSpec } from '../model/spec-types.js';

/** Bumped when the shape below changes: a kit refuses data it does not know. */
export const KIT_DATA_FORMAT = 1;

export interface KitData {
  readonly format: typeof KIT_DATA_FORMAT;
  readonly assignment: AssignmentId;
  readonly title: string;
  /** The grader's version the kit was made with. */
  readonly graderVersion: string;
  /** The whole spec's hash, hidden tests included: two kits of one spec are the same kit. */
  readonly specHash: string;
  /** The spec as the kit runs it: its visible tests with their cases, and the groups that hold them. */
  readonly spec: ResolvedSpec;
  /** "N hidden tests worth P points are graded after you submit; M points are graded by hand." */
  readonly later: string | undefined;
  /** The hidden tests' count and points, and the points graded by hand, for the CI summary and the README. */
  readonly hidden: { readonly tests: number; readonly points: number; readonly manualPoints: number };
  /**
   * The look-ahead mistakes the grader names, with each one's scores on the visible look-ahead cases under both
   * full-board rules: the kit names a mistake from this table, holding no search of its own. Absent where the
   * assignment has no look-ahead test.
   */
  readonly lookahead?: KitLookahead;
}

export interface KitLookahead {
  readonly mistakes: readonly MistakeName[];
  /** By case id, then mistake id, then rule (a full-board rule for scores, 'document' for moves). */
  readonly answers: Readonly<Record<string, Readonly<Record<string, Readonly<Partial<Record<AnswerRule, readonly number[]>>>>>>>;
}

/** The kit's way to name a look-ahead mistake: the grader's rule, over the table of answers it carries. */
export function kitDiagnose(table: KitLookahead): DiagnoseLookahead {
  return (cases, rules, family) =>
    nameMistake(cases, rules, table.mistakes, (mistake, rule, seen) => table.answers[seen.id]?.[mistake]?.[rule], family);
}

/** The hash of a resolved spec (its tests and every case they select): what the kit's version names. */
export function specHash(spec: ResolvedSpec): string {
  return createHash('sha256').update(JSON.stringify(spec)).digest('hex').slice(0, 12);
}

/** The kit's data from the whole spec: only what a student may see goes in. */
export function buildKitData(spec: ResolvedSpec, graderVersion: string): KitData {
  const visible = spec.tests.filter((t) => t.visibility === 'visible');
  const hidden = spec.tests.filter((t) => t.visibility !== 'visible');
  const groups = spec.groups
    .map((g) => ({ ...g, tests: g.tests.filter((t) => t.visibility === 'visible') }))
    .filter((g) => g.tests.length > 0);
  const points = (tests: readonly { points: number }[]) => Math.round(tests.reduce((n, t) => n + t.points, 0) * 1000) / 1000;
  // A pack's path is the instructor's machine's: the kit keeps what it extends and its hash only.
  const { pack, ...rest } = spec;
  return {
    format: KIT_DATA_FORMAT,
    assignment: spec.assignment,
    title: spec.title,
    graderVersion,
    specHash: specHash(spec),
    spec: {
      ...rest,
      ...(pack && { pack: { ...pack, path: 'assignment.yml' } }),
      groups,
      tests: visible,
      maxScore: points(visible),
      laterTargets: [...new Set(hidden.filter((t) => t.points > 0).map((t) => t.target))].sort(),
    },
    later: gradedLater(spec),
    hidden: { tests: hidden.filter((t) => t.points > 0).length, points: points(hidden), manualPoints: spec.manualPoints },
  };
}

/** Reads check-data.json's text, refusing data of another format (a kit unpacked over another's). */
export function parseKitData(text: string): KitData {
  const data = JSON.parse(text) as KitData;
  const format: unknown = data.format;
  if (format !== KIT_DATA_FORMAT)
    throw new Error(`check-data.json is format ${String(format)}; this check reads format ${KIT_DATA_FORMAT}: reinstall the kit`);
  return data;
}
