/**
 * The smallest board on which a failing generated case still fails the same way: checkers are taken off the tops
 * of columns, one X and one O at a time (so the board stays one a game can reach, with the same side to move), and
 * each smaller board is asked of the student's code and judged against the reference's answer for it. Greedy and
 * deterministic: of the boards one step smaller, cheapest to search first, the first that still fails is kept, until
 * none does or the budget is spent. The
 * calls are the caller's (`judge`); this file only decides which boards to try and when to stop.
 */
import type { CaseVerdict } from '../checks/verdict.js';
import type { FixtureCase } from '../model/fixture-types.js';

/** How a test's failing cases shrink: the assignment's case builders make each smaller case with the reference's answer. */
export interface CaseShrinker {
  /** The case's board as rows, top first (' ', 'X', 'O'); undefined for a case that does not shrink. */
  rows(testCase: FixtureCase): readonly string[] | undefined;
  /**
   * The case on a smaller board, its expected answer the reference's; undefined where the smaller board would
   * belong to another test (a game no longer won, say).
   */
  withRows(testCase: FixtureCase, rows: readonly string[], id: string): FixtureCase | undefined;
  /**
   * What a case asks of a plain solution (the boards a plain look-ahead tries): a smaller board that would cost
   * more than the first is not asked (fewer checkers can mean more open columns to search).
   */
  cost?(testCase: FixtureCase, rows: readonly string[]): number | undefined;
  /** The smaller board must get the same two answers, whatever they are (a win check's pair of bools). */
  readonly sameAnswers?: boolean;
}

/**
 * What shrinking may still spend in one submission. Counted in work, not time, so the boards shown are the same on a
 * busy machine: calls, and the boards a plain solution tries for them (a call the shrinker cannot price counts one).
 * The student's own time is a net under it, for code far slower than plain.
 */
export interface ShrinkBudget {
  calls: number;
  boards: number;
  ms: number;
}

/**
 * A smaller board may ask a plain solution for at most this many times the boards the first asked, or COST_FLOOR
 * boards (every look-ahead of 3 or less on a 7-wide board): an emptier board can open columns a full one had shut.
 */
const COST_GROWTH = 4;
const COST_FLOOR = 500;

/** The most calls one failing case may take to shrink, whatever the submission's budget has left. */
export const CALLS_PER_CASE = 60;

const EMPTY = ' ';

/** How many checkers the board holds. */
export const checkersOn = (rows: readonly string[]): number => rows.reduce((n, row) => n + [...row].filter((c) => c !== EMPTY).length, 0);

/** The row of a column's top checker, or -1 when the column is empty. */
function topRow(rows: readonly string[], column: number): number {
  for (let r = 0; r < rows.length; r++) if (rows[r]![column] !== EMPTY) return r;
  return -1;
}

function cleared(rows: readonly string[], cells: readonly (readonly [number, number])[]): string[] {
  const grid = rows.map((row) => [...row]);
  for (const [r, c] of cells) grid[r]![c] = EMPTY;
  return grid.map((row) => row.join(''));
}

/**
 * The boards one step smaller, in the order they are tried: one X and one O taken off column tops (two columns, or
 * the top two of one column), left columns first. The counts of X and O keep their difference, so the side to move
 * stays; taking checkers off the tops keeps every checker resting on another.
 */
export function smallerBoards(rows: readonly string[]): string[][] {
  const width = rows[0]?.length ?? 0;
  const tops = Array.from({ length: width }, (_, c) => topRow(rows, c));
  const pieceAt = (c: number) => (tops[c]! < 0 ? EMPTY : rows[tops[c]!]![c]!);
  const boards: string[][] = [];
  for (let a = 0; a < width; a++) {
    if (tops[a]! < 0) continue;
    // The top two of one column, when they are one of each.
    const below = tops[a]! + 1 < rows.length ? rows[tops[a]! + 1]![a]! : EMPTY;
    if (below !== EMPTY && below !== pieceAt(a))
      boards.push(
        cleared(rows, [
          [tops[a]!, a],
          [tops[a]! + 1, a],
        ]),
      );
    for (let b = a + 1; b < width; b++) {
      if (tops[b]! < 0 || pieceAt(a) === pieceAt(b)) continue;
      boards.push(
        cleared(rows, [
          [tops[a]!, a],
          [tops[b]!, b],
        ]),
      );
    }
  }
  return boards;
}

/**
 * Whether a smaller case fails the way the first did: a wrong answer again (not a crash or a hang, which would be
 * another failure), and where both answers are one Python scalar each (a bool, a column), or the shrinker asks for
 * it, the same two answers.
 */
export function failsTheSameWay(first: CaseVerdict, next: CaseVerdict, sameAnswers = false): boolean {
  if (next.status !== 'fail' || first.status !== 'fail') return false;
  if (sameAnswers) return next.expected === first.expected && next.actual === first.actual;
  // A Python scalar as the checks write one: a bool, None, a number or a short string.
  const short = (text: string | undefined) =>
    text !== undefined && /^(?:True|False|None|-?\d+(?:\.\d+)?|'[^'\n]{0,20}'|"[^"\n]{0,20}")$/u.test(text);
  if (short(first.expected) && short(first.actual)) return next.expected === first.expected && next.actual === first.actual;
  return true;
}

export interface Shrunk {
  readonly testCase: FixtureCase;
  readonly verdict: CaseVerdict;
  /** The smaller boards asked of the student's code. */
  readonly tried: number;
}

/**
 * The smallest case found that still fails as `start` did, or undefined when no smaller one does. `judge` asks the
 * student's code and judges the answer; it returns undefined when the call hung or the process died. A call that
 * raises, hangs or crashes ends the search: it says nothing about the first failure, and a hang costs a whole limit.
 */
export async function shrinkCase(
  start: FixtureCase,
  startVerdict: CaseVerdict,
  shrinker: CaseShrinker,
  judge: (testCase: FixtureCase) => Promise<CaseVerdict | undefined>,
  budget: ShrinkBudget,
): Promise<Shrunk | undefined> {
  let rows = shrinker.rows(start);
  if (!rows || startVerdict.status !== 'fail') return undefined;
  const first = shrinker.cost?.(start, rows);
  const most = first === undefined ? Infinity : Math.max(COST_GROWTH * first, COST_FLOOR);
  // The cheapest boards first, each only when it costs no more than `most`: a step costs least this way.
  const affordable = (boards: string[][]): { board: string[]; cost: number }[] =>
    boards
      .map((board) => ({ board, cost: shrinker.cost?.(start, board) ?? 1 }))
      .filter((b) => b.cost <= most)
      .sort((a, b) => a.cost - b.cost);
  let best: Shrunk | undefined;
  let tried = 0;
  let step = 0;
  for (;;) {
    let smaller: Shrunk | undefined;
    for (const { board, cost } of affordable(smallerBoards(rows))) {
      // The boards come cheapest first: once one is beyond the budget, so are the rest.
      if (tried >= CALLS_PER_CASE || budget.calls <= 0 || budget.ms <= 0 || cost > budget.boards) return best && { ...best, tried };
      const candidate = shrinker.withRows(start, board, `${start.id}#smaller-${++step}`);
      if (!candidate) continue;
      tried++;
      budget.calls--;
      budget.boards -= cost;
      const verdict = await judge(candidate);
      if (!verdict || verdict.status === 'timeout' || verdict.status === 'error') return best && { ...best, tried };
      if (failsTheSameWay(startVerdict, verdict, shrinker.sameAnswers)) {
        smaller = { testCase: candidate, verdict, tried };
        rows = board;
        break;
      }
    }
    if (!smaller) return best && { ...best, tried };
    best = smaller;
  }
}

/** What one submission may spend making its failing cases smaller: calls, boards, and at most 2 s of the student's own time. */
export const SHRINK_BUDGET: Readonly<ShrinkBudget> = { calls: 120, boards: 1_500, ms: 500 };
