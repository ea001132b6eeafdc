/**
 * The general board: any rows × columns, any run length. Plain arrays and plain loops, written to be obviously
 * right rather than fast; the bitboard is checked against it.
 *
 * Cells are stored row-major with row 0 at the top, as every assignment prints them:
 *
 *     row 0      | | | | | | | |   <- top
 *     ...
 *     row rows-1 | |X|O| | | | |   <- checkers land here first
 *
 * A cell holds 0 (empty), 1 (the first player: X, player 1, the AI in Conniption) or 2 (the second player).
 */
export type Piece = 1 | 2;
export type Cell = 0 | Piece;

export interface Grid {
  readonly rows: number;
  readonly cols: number;
  readonly cells: Uint8Array;
}

export function createGrid(rows: number, cols: number): Grid {
  if (!Number.isInteger(rows) || !Number.isInteger(cols) || rows < 0 || cols < 0) {
    throw new RangeError(`a board needs whole, non-negative dimensions, got ${rows} × ${cols}`);
  }
  return { rows, cols, cells: new Uint8Array(rows * cols) };
}

export function getCell(grid: Grid, row: number, col: number): Cell {
  return grid.cells[row * grid.cols + col] as Cell;
}

export function setCell(grid: Grid, row: number, col: number, cell: Cell): void {
  grid.cells[row * grid.cols + col] = cell;
}

export function opponentOf(piece: Piece): Piece {
  return piece === 1 ? 2 : 1;
}

export function isColumnInRange(grid: Grid, col: number): boolean {
  return Number.isInteger(col) && col >= 0 && col < grid.cols;
}

/** The row a checker dropped in `col` would land in, or -1 when the column is full or off the board. */
export function landingRow(grid: Grid, col: number): number {
  if (!isColumnInRange(grid, col)) return -1;
  for (let row = grid.rows - 1; row >= 0; row--) {
    if (getCell(grid, row, col) === 0) return row;
  }
  return -1;
}

/** Drops a checker; returns the row it landed in, or -1 (and changes nothing) when it cannot. */
export function dropPiece(grid: Grid, col: number, piece: Piece): number {
  const row = landingRow(grid, col);
  if (row >= 0) setCell(grid, row, col, piece);
  return row;
}

/** Takes the top checker off a column; does nothing on an empty column. Returns the row emptied, or -1. */
export function liftPiece(grid: Grid, col: number): number {
  if (!isColumnInRange(grid, col)) return -1;
  for (let row = 0; row < grid.rows; row++) {
    if (getCell(grid, row, col) !== 0) {
      setCell(grid, row, col, 0);
      return row;
    }
  }
  return -1;
}

export function canDrop(grid: Grid, col: number): boolean {
  return landingRow(grid, col) >= 0;
}

export function isGridFull(grid: Grid): boolean {
  for (let col = 0; col < grid.cols; col++) if (canDrop(grid, col)) return false;
  return true;
}

export function validColumns(grid: Grid): number[] {
  const cols: number[] = [];
  for (let col = 0; col < grid.cols; col++) if (canDrop(grid, col)) cols.push(col);
  return cols;
}

/** The four directions a run can take, as (row step, column step). */
export const DIRECTIONS = [
  { name: 'horizontal', dr: 0, dc: 1 },
  { name: 'vertical', dr: 1, dc: 0 },
  { name: 'down-diagonal', dr: 1, dc: 1 },
  { name: 'up-diagonal', dr: -1, dc: 1 },
] as const;
export type DirectionName = (typeof DIRECTIONS)[number]['name'];

/** Whether the `n` cells from (row, col) along (dr, dc) are all on the board and all hold `piece`. */
function runFrom(grid: Grid, piece: Piece, n: number, row: number, col: number, dr: number, dc: number): boolean {
  for (let k = 0; k < n; k++) {
    const r = row + k * dr;
    const c = col + k * dc;
    if (r < 0 || r >= grid.rows || c < 0 || c >= grid.cols || grid.cells[r * grid.cols + c] !== piece) return false;
  }
  return true;
}

/** Every run of `n` consecutive `piece` cells, by direction and starting cell (a run of 5 holds two runs of 4). */
export function findRuns(grid: Grid, piece: Piece, n: number): { direction: DirectionName; row: number; col: number }[] {
  const runs: { direction: DirectionName; row: number; col: number }[] = [];
  if (n <= 0) return runs;
  for (const { name, dr, dc } of DIRECTIONS) {
    for (let row = 0; row < grid.rows; row++)
      for (let col = 0; col < grid.cols; col++) if (runFrom(grid, piece, n, row, col, dr, dc)) runs.push({ direction: name, row, col });
  }
  return runs;
}

/** findRuns's scan, stopping at the first run: the searches ask this of every board they try. */
export function hasRun(grid: Grid, piece: Piece, n: number): boolean {
  if (n <= 0) return false;
  for (const { dr, dc } of DIRECTIONS) {
    for (let row = 0; row < grid.rows; row++)
      for (let col = 0; col < grid.cols; col++) if (runFrom(grid, piece, n, row, col, dr, dc)) return true;
  }
  return false;
}

/** Whether `piece` has `n` in a row along some line through (row, col), a cell it holds: the only new run a drop can make. */
export function hasRunThrough(grid: Grid, row: number, col: number, piece: Piece, n: number): boolean {
  if (n <= 0) return false;
  // Plain loops, no closure: the fixture builders call this for every trial move.
  for (const { dr, dc } of DIRECTIONS) {
    let run = 1;
    for (let sign = -1; sign <= 1; sign += 2) {
      for (
        let r = row + sign * dr, c = col + sign * dc;
        r >= 0 && r < grid.rows && c >= 0 && c < grid.cols && grid.cells[r * grid.cols + c] === piece;
        r += sign * dr, c += sign * dc
      )
        run++;
    }
    if (run >= n) return true;
  }
  return false;
}

/** Reads rows written top first, one character a cell, through the assignment's own symbols. */
export function gridFromRows(rows: readonly string[], symbols: CellSymbols): Grid {
  const cols = rows[0]?.length ?? 0;
  const grid = createGrid(rows.length, cols);
  rows.forEach((line, r) => {
    if (line.length !== cols) throw new RangeError(`row ${r} has ${line.length} cells, expected ${cols}`);
    [...line].forEach((ch, c) => setCell(grid, r, c, symbols.toCell(ch)));
  });
  return grid;
}

export function gridToRows(grid: Grid, symbols: CellSymbols): string[] {
  const rows: string[] = [];
  for (let r = 0; r < grid.rows; r++) {
    let line = '';
    for (let c = 0; c < grid.cols; c++) line += symbols.toChar(getCell(grid, r, c));
    rows.push(line);
  }
  return rows;
}

/** How one assignment writes cells: CS111 and HMC use ' ', CS61A '-', Manchester 0. */
export interface CellSymbols {
  readonly empty: string;
  readonly first: string;
  readonly second: string;
  toChar(cell: Cell): string;
  toCell(ch: string): Cell;
}

export function cellSymbols(empty: string, first: string, second: string): CellSymbols {
  return {
    empty,
    first,
    second,
    toChar: (cell) => (cell === 0 ? empty : cell === 1 ? first : second),
    toCell: (ch) => {
      if (ch === empty) return 0;
      if (ch === first) return 1;
      if (ch === second) return 2;
      throw new RangeError(`unknown cell ${JSON.stringify(ch)} (expected ${JSON.stringify([empty, first, second])})`);
    },
  };
}

export const XO_SPACE = cellSymbols(' ', 'X', 'O');
