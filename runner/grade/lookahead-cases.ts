/**
 * What a look-ahead test keeps of its cases for naming the student's mistake, and the line a named mistake adds to a
 * failing test's message. Nothing here computes an answer: the mistakes are scored by the grader's search
 * (runner/insight/lookahead-diagnosis.ts), or read by the kit from the table of its visible cases' answers made when
 * it was built (runner/kit/kit-data.ts), so the student's kit holds no look-ahead.
 */
import type { Diagnosis } from './results.js';

/** A case's position as plain data: the board's rows (top first, ' ', 'X', 'O'), the checker scored for, the look-ahead. */
export interface LookaheadPosition {
  readonly rows: readonly string[];
  readonly me: 'X' | 'O';
  readonly lookahead: number;
}

/** How the document may score a board filled within the look-ahead (reference/core/lookahead.ts). */
export type FullBoardRuleName = 'tie-50' | 'complement';

/** One case a look-ahead test ran: its position, the scores it expects, the student's (absent after a crash), and whether it passed. */
export interface SeenCase {
  readonly id: string;
  /** The test that ran it. */
  readonly test?: string;
  readonly position: LookaheadPosition;
  readonly expected: readonly number[];
  readonly actual?: readonly number[];
  readonly passed: boolean;
}

/** Names the one mistake that explains every case, or nothing. */
export type DiagnoseLookahead = (cases: readonly SeenCase[], rules: readonly FullBoardRuleName[]) => Diagnosis | undefined;

/** A mistake as it is named: its id, its family (mistakes no fixture board tells apart), and its sentence. */
export interface MistakeName {
  readonly id: string;
  readonly family?: string;
  /** One sentence, completing "Your scores are …". */
  readonly sentence: string;
}

/** A mistake's scores on a case under a rule; undefined when they are not known (the case is then not explained). */
export type MistakeAnswer = (mistake: string, rule: FullBoardRuleName, seen: SeenCase) => readonly number[] | undefined;

const same = (a: number, b: number) => Math.abs(a - b) < 1e-9;

/**
 * The one mistake that explains every case the tests ran, under one of the rules the document allows for a board
 * filled within the look-ahead: its scores are the student's on every failing case and on every case passed.
 * Undefined when none does, when two mistakes of different families do, or when a failing case crashed or hung.
 * The answers come from the grader's search (runner/insight/lookahead-diagnosis.ts) or, in the kit, from a table
 * of the visible cases' answers made when the kit was built.
 */
export function nameMistake(cases: readonly SeenCase[], rules: readonly FullBoardRuleName[], mistakes: readonly MistakeName[], answer: MistakeAnswer): Diagnosis | undefined {
  const failing = cases.filter((c) => !c.passed);
  if (failing.length === 0 || failing.some((c) => !c.actual)) return undefined;
  // The failing cases first, the shallowest first: most mistakes are ruled out by the first board they score.
  const byDepth = (a: SeenCase, b: SeenCase) => a.position.lookahead - b.position.lookahead;
  const judged = [...[...failing].sort(byDepth), ...cases.filter((c) => c.passed && c.actual).sort(byDepth)];
  const matches = (scores: readonly number[] | undefined, c: SeenCase) => scores !== undefined && scores.length === c.actual!.length && scores.every((v, i) => same(v, c.actual![i]!));
  const found = mistakes.filter((m) => rules.some((rule) => judged.every((c) => matches(answer(m.id, rule, c), c))));
  const family = found[0]?.family;
  if (found.length === 0 || (found.length > 1 && (!family || found.some((f) => f.family !== family)))) return undefined;
  const m = found[0]!;
  return { variant: m.id, sentence: `Your scores are ${m.sentence}.`, cases: failing.map((c) => c.id), of: judged.length };
}

/** A case's position from its board's rows, the checker scored for and the look-ahead; undefined for anything else. */
export function positionFromRows(rows: unknown, checker: unknown, lookahead: unknown): LookaheadPosition | undefined {
  if (!Array.isArray(rows) || !rows.every((r) => typeof r === 'string') || (checker !== 'X' && checker !== 'O') || typeof lookahead !== 'number') return undefined;
  return { rows: rows as string[], me: checker, lookahead };
}

/** The line a failing test's message gains: the mistake, and on how many boards it was checked. */
export const diagnosisLine = (d: Diagnosis) => `The likely mistake (${d.variant}, matches all ${d.cases.length} failing board${d.cases.length === 1 ? '' : 's'} and the ${d.of - d.cases.length} passed): ${d.sentence}`;
