/**
 * What a look-ahead test keeps of its cases for naming the student's mistake, and the line a named mistake adds to a
 * failing test's message. Nothing here computes an answer: the mistakes are scored by the grader alone
 * (runner/insight/lookahead-diagnosis.ts, given as GradeOptions.diagnose), so the student's kit holds no look-ahead.
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

/** A case's position from its board's rows, the checker scored for and the look-ahead; undefined for anything else. */
export function positionFromRows(rows: unknown, checker: unknown, lookahead: unknown): LookaheadPosition | undefined {
  if (!Array.isArray(rows) || !rows.every((r) => typeof r === 'string') || (checker !== 'X' && checker !== 'O') || typeof lookahead !== 'number') return undefined;
  return { rows: rows as string[], me: checker, lookahead };
}

/** The line a failing test's message gains: the mistake, and on how many boards it was checked. */
export const diagnosisLine = (d: Diagnosis) => `The likely mistake (${d.variant}, matches all ${d.cases.length} failing board${d.cases.length === 1 ? '' : 's'} and the ${d.of - d.cases.length} passed): ${d.sentence}`;
