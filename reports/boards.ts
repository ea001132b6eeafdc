/**
 * Boards found in a test's expected and actual text, for drawing them as grids: rows drawn `|X| |O|` (a repr or a
 * transcript), or a Python list of lists of one-character strings (`[['-', 'X'], ['O', '-']]`, CS61A's boards).
 */
export type Grid = readonly (readonly string[])[];

export interface GridCell {
  readonly text: string;
  readonly piece: 'x' | 'o' | 'empty' | 'other';
  readonly differs: boolean;
}

export interface BoardPair {
  readonly expected: readonly (readonly GridCell[])[];
  readonly actual: readonly (readonly GridCell[])[];
  readonly differences: number;
  readonly sameShape: boolean;
}

/** Every board drawn in the text with `|` between cells, in order. */
export function drawnBoards(text: string): Grid[] {
  const boards: string[][][] = [];
  let current: string[][] | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.trimEnd();
    if (/^\|(.\|)+$/u.test(line)) {
      current ??= [];
      current.push([...line.slice(1, -1)].filter((_, i) => i % 2 === 0));
    } else if (current) {
      boards.push(current);
      current = undefined;
    }
  }
  if (current) boards.push(current);
  return boards;
}

/** The first Python list of lists of one-character strings in the text (`[['-', 'X'], …]`). */
export function listBoard(text: string): Grid | undefined {
  const match = /\[\s*\[\s*'.'\s*(?:,\s*'.'\s*)*\](?:\s*,\s*\[\s*'.'\s*(?:,\s*'.'\s*)*\])*\s*\]/u.exec(text);
  if (!match) return undefined;
  const rows = [...match[0].matchAll(/\[\s*('.'(?:\s*,\s*'.')*)\s*\]/gu)].map((row) =>
    [...row[1]!.matchAll(/'(.)'/gu)].map((cell) => cell[1]!),
  );
  return rows.length > 0 ? rows : undefined;
}

const pieceOf = (cell: string): GridCell['piece'] => {
  if (cell === 'X' || cell === 'x' || cell === '1') return 'x';
  if (cell === 'O' || cell === 'o' || cell === '2') return 'o';
  if (cell === ' ' || cell === '-' || cell === '0' || cell === '.') return 'empty';
  return 'other';
};

/** A board given as rows (`'  XO   '`), cell by cell, none marked. */
export const gridCells = (rows: readonly string[]): GridCell[][] =>
  rows.map((row) => [...row].map((text) => ({ text, piece: pieceOf(text), differs: false })));

/** The last board of each side, cell by cell, with the cells that differ marked. */
export function boardPair(expected: string | undefined, actual: string | undefined): BoardPair | undefined {
  if (expected === undefined || actual === undefined) return undefined;
  const want = drawnBoards(expected).at(-1) ?? listBoard(expected);
  const got = drawnBoards(actual).at(-1) ?? listBoard(actual);
  if (!want || !got) return undefined;
  let differences = 0;
  const mark = (grid: Grid, other: Grid) =>
    grid.map((row, r) =>
      row.map((text, c) => {
        const differs = other[r]?.[c] !== text;
        return { text, piece: pieceOf(text), differs };
      }),
    );
  const left = mark(want, got);
  const right = mark(got, want);
  for (const row of right) for (const cell of row) if (cell.differs) differences++;
  const sameShape = want.length === got.length && want.every((row, r) => row.length === got[r]!.length);
  return { expected: left, actual: right, differences, sameShape };
}
