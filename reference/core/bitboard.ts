import { type Grid, type Piece, createGrid, getCell, setCell } from './grid.js';

/**
 * The fast board for search: one 32-bit mask per row per player, bit c set when that player has column c.
 *
 *     masks[(piece-1)*rows + r]   bit:  ... 6 5 4 3 2 1 0     (bit c = column c, row r counted from the top)
 *
 * A run of n is an AND of n shifted masks: horizontal `m & m>>1 & … & m>>(n-1)` inside one row; vertical the AND of
 * n consecutive rows; diagonals the AND of consecutive rows each shifted one more place. Rows never bleed into each
 * other, so no guard bits are needed, and it works for any height, any n, and any width up to 31.
 */
export const MAX_BITBOARD_COLS = 31;

export class BitBoard {
  readonly rows: number;
  readonly cols: number;
  /** Checkers in each column. */
  readonly heights: Int32Array;
  readonly masks: Int32Array;
  private placed = 0;

  constructor(rows: number, cols: number) {
    if (cols > MAX_BITBOARD_COLS) throw new RangeError(`a bitboard holds at most ${MAX_BITBOARD_COLS} columns, got ${cols}`);
    this.rows = rows;
    this.cols = cols;
    this.heights = new Int32Array(cols);
    this.masks = new Int32Array(2 * rows);
  }

  static fromGrid(grid: Grid): BitBoard {
    const board = new BitBoard(grid.rows, grid.cols);
    for (let r = 0; r < grid.rows; r++) {
      for (let c = 0; c < grid.cols; c++) {
        const cell = getCell(grid, r, c);
        if (cell !== 0) {
          board.masks[(cell - 1) * grid.rows + r]! |= 1 << c;
          board.placed++;
        }
      }
    }
    // Heights count from the bottom up to the highest checker, as gravity leaves them in reachable positions; a
    // hand-made board with gaps keeps its gaps and search only ever stacks above the highest checker.
    for (let c = 0; c < grid.cols; c++) {
      let h = 0;
      for (let r = 0; r < grid.rows; r++) {
        if (getCell(grid, r, c) !== 0) {
          h = grid.rows - r;
          break;
        }
      }
      board.heights[c] = h;
    }
    return board;
  }

  toGrid(): Grid {
    const grid = createGrid(this.rows, this.cols);
    for (let r = 0; r < this.rows; r++) {
      for (let c = 0; c < this.cols; c++) {
        const bit = 1 << c;
        if (this.masks[r]! & bit) setCell(grid, r, c, 1);
        else if (this.masks[this.rows + r]! & bit) setCell(grid, r, c, 2);
      }
    }
    return grid;
  }

  get count(): number {
    return this.placed;
  }

  canPlay(col: number): boolean {
    return col >= 0 && col < this.cols && this.heights[col]! < this.rows;
  }

  isFull(): boolean {
    for (let c = 0; c < this.cols; c++) if (this.heights[c]! < this.rows) return false;
    return true;
  }

  /** Drops a checker; the caller has checked canPlay. Returns the row it landed in. */
  play(col: number, piece: Piece): number {
    const row = this.rows - 1 - this.heights[col]!;
    this.masks[(piece - 1) * this.rows + row]! |= 1 << col;
    this.heights[col]!++;
    this.placed++;
    return row;
  }

  /** Takes the top checker off a non-empty column. */
  undo(col: number): void {
    const row = this.rows - this.heights[col]!;
    const clear = ~(1 << col);
    this.masks[row]! &= clear;
    this.masks[this.rows + row]! &= clear;
    this.heights[col]!--;
    this.placed--;
  }

  /** True when the checker of `piece` at (row, col) is part of a run of n: the only run one move can make. */
  hasRunThrough(piece: Piece, row: number, col: number, n: number): boolean {
    const { rows, cols, masks } = this;
    const base = (piece - 1) * rows;
    for (let d = 0; d < 4; d++) {
      const dr = d === 0 ? 0 : d === 3 ? -1 : 1;
      const dc = d === 1 ? 0 : 1;
      let count = 1;
      for (
        let r = row + dr, c = col + dc;
        count < n && r >= 0 && r < rows && c < cols && (masks[base + r]! & (1 << c)) !== 0;
        r += dr, c += dc
      )
        count++;
      for (
        let r = row - dr, c = col - dc;
        count < n && r >= 0 && r < rows && c >= 0 && (masks[base + r]! & (1 << c)) !== 0;
        r -= dr, c -= dc
      )
        count++;
      if (count >= n) return true;
    }
    return false;
  }

  /**
   * How many empty cells would complete four for `piece`: the threats a move creates, counted bit-parallel per row.
   * For row r, A(k) is row r+k's mask shifted so that its cell on the line through (r, c) lands on bit c; a cell wins
   * when the three others of one window of four are the player's.
   */
  countWinningCells(piece: Piece): number {
    const { rows, cols, masks } = this;
    const base = (piece - 1) * rows;
    const board = (1 << cols) - 1;
    let count = 0;
    for (let r = 0; r < rows; r++) {
      const m = masks[base + r]!;
      const u1 = r >= 1 ? masks[base + r - 1]! : 0;
      const u2 = r >= 2 ? masks[base + r - 2]! : 0;
      const u3 = r >= 3 ? masks[base + r - 3]! : 0;
      const d1 = r + 1 < rows ? masks[base + r + 1]! : 0;
      const d2 = r + 2 < rows ? masks[base + r + 2]! : 0;
      const d3 = r + 3 < rows ? masks[base + r + 3]! : 0;
      let w =
        ((m >>> 1) & (m >>> 2) & (m >>> 3)) |
        ((m << 1) & (m >>> 1) & (m >>> 2)) |
        ((m << 1) & (m << 2) & (m >>> 1)) |
        ((m << 1) & (m << 2) & (m << 3));
      w |= d1 & d2 & d3;
      // The line (r+k, c+k): A(k) = row r+k shifted right by k (left for k < 0).
      let a1 = d1 >>> 1,
        a2 = d2 >>> 2,
        a3 = d3 >>> 3,
        b1 = u1 << 1,
        b2 = u2 << 2,
        b3 = u3 << 3;
      w |= (a1 & a2 & a3) | (b1 & a1 & a2) | (b2 & b1 & a1) | (b3 & b2 & b1);
      // The line (r+k, c-k): the shifts reversed.
      a1 = d1 << 1;
      a2 = d2 << 2;
      a3 = d3 << 3;
      b1 = u1 >>> 1;
      b2 = u2 >>> 2;
      b3 = u3 >>> 3;
      w |= (a1 & a2 & a3) | (b1 & a1 & a2) | (b2 & b1 & a1) | (b3 & b2 & b1);
      w &= board & ~(masks[r]! | masks[rows + r]!);
      for (; w !== 0; w &= w - 1) count++;
    }
    return count;
  }

  /** True when `piece` has n in a row anywhere on the board. */
  hasRun(piece: Piece, n: number): boolean {
    if (n <= 0) return false;
    const { rows, masks } = this;
    const base = (piece - 1) * rows;
    for (let r = 0; r < rows; r++) {
      let m = masks[base + r]!;
      for (let k = 1; k < n && m !== 0; k++) m &= masks[base + r]! >>> k;
      if (m !== 0) return true;
    }
    for (let r = 0; r + n <= rows; r++) {
      let v = masks[base + r]!;
      let down = v;
      let up = v;
      for (let k = 1; k < n; k++) {
        const next = masks[base + r + k]!;
        v &= next;
        down &= next >>> k;
        up &= next << k;
        if ((v | down | up) === 0) break;
      }
      if ((v | down | up) !== 0) return true;
    }
    return false;
  }
}
