/**
 * CS61A Homework 4, functional Connect N (document 002). A board is a list of rows, row 0 at the top, each cell
 * '-', 'X' or 'O'. Functions return new boards and never change the one they are given.
 */
export type Board61 = readonly (readonly string[])[];
export const EMPTY = '-';

export function createRow(size: number): string[] {
  return Array.from({ length: size }, () => EMPTY);
}

export function createBoard(rows: number, columns: number): string[][] {
  return Array.from({ length: rows }, () => createRow(columns));
}

/** `replace_elem`: a new list, the old one untouched. Indices outside the list are the document's AssertionError. */
export function replaceElem<T>(lst: readonly T[], index: number, elem: T): T[] {
  if (!(index >= 0 && index < lst.length)) throw new RangeError('Index is out of bounds');
  return lst.map((x, i) => (i === index ? elem : x));
}

export function getPiece(board: Board61, row: number, column: number): string {
  const value = board[row]?.[column];
  if (value === undefined) throw new RangeError(`no cell at (${row}, ${column})`);
  return value;
}

/**
 * `put_piece`: the bottom-most empty row of `column` (searching from `max_rows - 1` up), and the new board;
 * `(-1, board)` with the board given, unchanged, when the column is full. The column is assumed on the board.
 */
export function putPiece(board: Board61, maxRows: number, column: number, player: string): [number, Board61] {
  for (let row = maxRows - 1; row >= 0; row--) {
    if (getPiece(board, row, column) === EMPTY) {
      return [row, replaceElem(board, row, replaceElem(board[row]!, column, player))];
    }
  }
  return [-1, board];
}

/** `make_move`: `put_piece` for a column on the board, `(-1, board)` unchanged for one off it (negative included). */
export function makeMove(board: Board61, maxRows: number, maxCols: number, col: number, player: string): [number, Board61] {
  if (!(col >= 0 && col < maxCols)) return [-1, board];
  return putPiece(board, maxRows, col, player);
}

/** `print_board`'s output: each row's pieces joined by one space, no trailing space, a newline after each row. */
export function printBoard(board: Board61, maxRows: number, maxCols: number): string {
  let out = '';
  for (let row = 0; row < maxRows; row++) {
    const pieces: string[] = [];
    for (let col = 0; col < maxCols; col++) pieces.push(getPiece(board, row, col));
    out += pieces.join(' ') + '\n';
  }
  return out;
}

/** Longest-run test along a line of cells: any `num_connect` consecutive `player` pieces. */
function hasRunAlong(cells: readonly string[], numConnect: number, player: string): boolean {
  let adjacent = 0;
  for (const cell of cells) {
    adjacent = cell === player ? adjacent + 1 : 0;
    if (adjacent >= numConnect) return true;
  }
  return false;
}

/** The signatures keep the document's parameters, used or not, so cases map onto them one to one. */
export function checkWinRow(board: Board61, _maxRows: number, maxCols: number, numConnect: number, row: number, player: string): boolean {
  const cells: string[] = [];
  for (let col = 0; col < maxCols; col++) cells.push(getPiece(board, row, col));
  return hasRunAlong(cells, numConnect, player);
}

export function checkWinColumn(
  board: Board61,
  maxRows: number,
  _maxCols: number,
  numConnect: number,
  col: number,
  player: string,
): boolean {
  const cells: string[] = [];
  for (let row = 0; row < maxRows; row++) cells.push(getPiece(board, row, col));
  return hasRunAlong(cells, numConnect, player);
}

/**
 * The course's `check_win_diagonal`: both diagonals through (row, col), each walked from its top end, any run of
 * `num_connect` along it (the run need not include (row, col) itself).
 */
export function checkWinDiagonal(
  board: Board61,
  maxRows: number,
  maxCols: number,
  numConnect: number,
  row: number,
  col: number,
  player: string,
): boolean {
  const down: string[] = [];
  let r = row - Math.min(row, col);
  let c = col - Math.min(row, col);
  for (; r < maxRows && c < maxCols; r++, c++) down.push(getPiece(board, r, c));
  if (hasRunAlong(down, numConnect, player)) return true;
  const up: string[] = [];
  const back = Math.min(row, maxCols - 1 - col);
  r = row - back;
  c = col + back;
  for (; r < maxRows && c >= 0; r++, c--) up.push(getPiece(board, r, c));
  return hasRunAlong(up, numConnect, player);
}

/** `check_win`: a win in the row, the column or either diagonal through (row, col). */
export function checkWin(
  board: Board61,
  maxRows: number,
  maxCols: number,
  numConnect: number,
  row: number,
  col: number,
  player: string,
): boolean {
  return (
    checkWinRow(board, maxRows, maxCols, numConnect, row, player) ||
    checkWinColumn(board, maxRows, maxCols, numConnect, col, player) ||
    checkWinDiagonal(board, maxRows, maxCols, numConnect, row, col, player)
  );
}

export function boardFromRows(rows: readonly string[]): string[][] {
  return rows.map((line) => [...line]);
}
