/**
 * Boards as rows of one-character cells, compared cell by cell and drawn side by side with the differing cells
 * marked, so a student sees where their board went wrong rather than two long strings.
 */
import type { ObservedValue } from '../harness/protocol.js';
import type { PyValue } from '../model/py-value.js';

export type BoardRows = readonly (readonly string[])[];

/** A `slots`-style value (a list of rows, each a list of one-character strings) as rows, or why it is not one. */
export function boardFromValue(value: PyValue | ObservedValue): { rows: BoardRows } | { problem: string } {
  if (value.type !== 'list')
    return { problem: `slots is ${value.type === 'object' ? `a ${value.class} object` : `a ${value.type}`}, not a list of rows` };
  const rows: string[][] = [];
  for (const [r, row] of value.items.entries()) {
    if (row.type !== 'list') return { problem: `slots[${r}] is a ${row.type}, not a list` };
    const cells: string[] = [];
    for (const [c, cell] of row.items.entries()) {
      if (cell.type !== 'str') return { problem: `slots[${r}][${c}] is a ${cell.type}, not a one-character string` };
      cells.push(cell.value);
    }
    rows.push(cells);
  }
  return { rows };
}

export const rowsFromStrings = (rows: readonly string[]): BoardRows => rows.map((row) => [...row]);

export function isSameBoard(a: BoardRows, b: BoardRows): boolean {
  return a.length === b.length && a.every((row, r) => row.length === b[r]!.length && row.every((cell, c) => cell === b[r]![c]));
}

/** Both boards in the CS111 drawing, side by side, a `^` under every cell that differs. */
export function drawBoardDiff(expected: BoardRows, actual: BoardRows, titles: readonly [string, string] = ['expected', 'yours']): string {
  const draw = (rows: BoardRows) => rows.map((row) => `|${row.map((c) => (c.length === 1 ? c : '?')).join('|')}|`);
  const left = draw(expected);
  const right = draw(actual);
  const width = Math.max(titles[0].length, ...left.map((l) => l.length));
  const lines = [`${titles[0].padEnd(width)}   ${titles[1]}`];
  const height = Math.max(left.length, right.length);
  for (let r = 0; r < height; r++) {
    lines.push(`${(left[r] ?? '').padEnd(width)}   ${right[r] ?? ''}`.trimEnd());
    const marks = markRow(expected[r], actual[r]);
    if (marks) lines.push(`${' '.repeat(width + 3)}${marks}`.trimEnd() + '   ← differs');
  }
  if (expected.length !== actual.length) lines.push(`expected ${expected.length} rows, got ${actual.length}`);
  return lines.join('\n');
}

function markRow(expected: readonly string[] | undefined, actual: readonly string[] | undefined): string | undefined {
  if (actual === undefined) return undefined;
  const width = Math.max(expected?.length ?? 0, actual.length);
  let marks = ' ';
  let any = false;
  for (let c = 0; c < width; c++) {
    const differs = expected?.[c] !== actual[c];
    any ||= differs;
    marks += `${differs ? '^' : ' '} `;
  }
  return any ? marks : undefined;
}

/** The cells of a board drawn in a transcript or a repr: lines like `|X| |O|`, column labels and dashes skipped. */
export function boardsInText(text: string): BoardRows[] {
  const boards: string[][][] = [];
  let current: string[][] | undefined;
  for (const line of text.split('\n')) {
    // Spaces around a row do not change its cells (`print(' ' + str(board))` indents the first row).
    const trimmed = line.trim();
    if (/^\|(.\|)+$/u.test(trimmed)) {
      current ??= [];
      current.push([...trimmed.slice(1, -1)].filter((_, i) => i % 2 === 0));
    } else if (current) {
      boards.push(current);
      current = undefined;
    }
  }
  if (current) boards.push(current);
  return boards;
}
