/**
 * The board as the document defines it (Task 0): six rows of seven ints, row 0 at the top, 0 empty, 1 and 2 the
 * players. What a check may know of any board without solving a graded function: its size, how a value the
 * harness observed reads as one, and whether a second board is one dropped checker on from a first.
 */
import type { ObservedValue } from '../../harness/protocol.js';
import type { PyValue } from '../../model/py-value.js';

export const ROWS = 6;
export const COLS = 7;

export type Board = number[][];
export type Side = 1 | 2;

/** Task 0's empty board, where every game starts. */
export const emptyBoard = (): Board => Array.from({ length: ROWS }, () => Array.from({ length: COLS }, () => 0));

/** Whether two boards hold the same cells (a board printed again is not a move). */
export const sameRows = (a: readonly (readonly number[])[], b: readonly (readonly number[])[]): boolean =>
  a.length === b.length && a.every((row, r) => row.length === b[r]!.length && row.every((v, c) => v === b[r]![c]));

/** A value as a 6×7 board of ints, or undefined when it is not one. */
export function asBoard(value: PyValue | ObservedValue): Board | undefined {
  if (value.type !== 'list' || value.items.length !== ROWS) return undefined;
  const rows = value.items.map((row) =>
    row.type === 'list' && row.items.length === COLS && row.items.every((c) => c.type === 'int')
      ? row.items.map((c) => Number((c as { value: number }).value))
      : undefined,
  );
  return rows.every(Boolean) ? (rows as Board) : undefined;
}

/**
 * The column `who` dropped a checker in between two boards, or what is wrong: more or fewer than one cell changed,
 * a checker changed, the other player's mark, or a checker left floating above an empty cell.
 */
export function dropBetween(before: Board, after: Board, who: Side): { column: number } | { problem: string } {
  const changed: [number, number][] = [];
  for (let r = 0; r < ROWS; r++) for (let c = 0; c < COLS; c++) if (before[r]![c] !== after[r]![c]) changed.push([r, c]);
  if (changed.length !== 1) return { problem: `${changed.length} cells changed between two boards, not one` };
  const [r, c] = changed[0]!;
  if (before[r]![c] !== 0) return { problem: `a checker in column ${c + 1} changed` };
  if (after[r]![c] !== who)
    return { problem: `column ${c + 1} got ${after[r]![c] === 1 ? 'X' : 'O'}, but it was ${who === 1 ? 'X' : 'O'}'s turn` };
  if (r < ROWS - 1 && before[r + 1]![c] === 0)
    return { problem: `the checker in column ${c + 1} floats: it is not where a dropped checker lands` };
  return { column: c };
}

/** Whether no column is open: every cell of the top row taken. */
export const isFull = (board: Board): boolean => board[0]!.every((v) => v !== 0);
