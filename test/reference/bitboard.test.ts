import { describe, expect, it } from 'vitest';
import { BitBoard } from '../../reference/core/bitboard.js';
import {
  type Grid,
  createGrid,
  dropPiece,
  findRuns,
  getCell,
  hasRun,
  hasRunThrough,
  liftPiece,
  validColumns,
} from '../../reference/core/grid.js';
import { createRng } from '../../runner/model/rng.js';

/** A random position by random legal moves (not stopping at wins: both players may have runs). */
function randomGrid(seed: number, rows: number, cols: number): Grid {
  const rng = createRng(seed);
  const grid = createGrid(rows, cols);
  const plies = rng.int(rows * cols + 1);
  for (let i = 0; i < plies; i++) {
    const open = validColumns(grid);
    if (open.length === 0) break;
    dropPiece(grid, rng.pick(open), i % 2 === 0 ? 1 : 2);
  }
  return grid;
}

describe('bitboard against the plain grid', () => {
  it('agrees on runs of 1 to 6 for both players on thousands of random positions of every size up to 10×10', () => {
    let checked = 0;
    let wins = 0;
    for (let seed = 1; seed <= 3000; seed++) {
      const rows = 1 + (seed % 10);
      const cols = 1 + (Math.floor(seed / 10) % 10);
      const grid = randomGrid(seed, rows, cols);
      const board = BitBoard.fromGrid(grid);
      for (let n = 1; n <= 6; n++) {
        for (const piece of [1, 2] as const) {
          const expected = hasRun(grid, piece, n);
          expect(board.hasRun(piece, n), `seed ${seed}, ${rows}×${cols}, n=${n}, piece ${piece}`).toBe(expected);
          checked++;
          if (expected) wins++;
        }
      }
    }
    // Both outcomes must be well represented, or the comparison proves little.
    expect(checked).toBe(36_000);
    expect(wins).toBeGreaterThan(5_000);
    expect(checked - wins).toBeGreaterThan(5_000);
  });

  it('finds a run exactly where the full list of runs has one, and a drop makes one exactly when a run passes through it', () => {
    let made = 0;
    for (let seed = 1; seed <= 2000; seed++) {
      const rows = 1 + (seed % 9);
      const cols = 1 + (Math.floor(seed / 9) % 9);
      const grid = randomGrid(seed, rows, cols);
      for (let n = 1; n <= 5; n++) {
        for (const piece of [1, 2] as const) {
          expect(hasRun(grid, piece, n), `seed ${seed}, n=${n}`).toBe(findRuns(grid, piece, n).length > 0);
          // Only from a board where the mover has no run can a run be new, and then only through the dropped checker.
          if (hasRun(grid, piece, n)) continue;
          for (const col of validColumns(grid)) {
            const row = dropPiece(grid, col, piece);
            const through = hasRunThrough(grid, row, col, piece, n);
            expect(through, `seed ${seed}, n=${n}, column ${col}`).toBe(hasRun(grid, piece, n));
            if (through) made++;
            liftPiece(grid, col);
          }
        }
      }
    }
    expect(made).toBeGreaterThan(1_000);
  });

  it('agrees on boards up to 31 columns wide', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const cols = 11 + (seed % 21);
      const grid = randomGrid(seed * 7, 1 + (seed % 6), cols);
      const board = BitBoard.fromGrid(grid);
      for (const n of [2, 3, 4, 5]) for (const piece of [1, 2] as const) expect(board.hasRun(piece, n)).toBe(hasRun(grid, piece, n));
    }
  });

  it('round-trips through play and undo, keeping cells, heights and count', () => {
    const grid = randomGrid(42, 6, 7);
    const board = BitBoard.fromGrid(grid);
    const before = board.toGrid();
    for (let col = 0; col < 7; col++) {
      if (!board.canPlay(col)) continue;
      const row = board.play(col, 1);
      expect(getCell(board.toGrid(), row, col)).toBe(1);
      board.undo(col);
      expect(board.toGrid().cells).toEqual(before.cells);
    }
    expect(board.toGrid().cells).toEqual(grid.cells);
  });

  it('refuses boards wider than 31 columns', () => {
    expect(() => new BitBoard(6, 32)).toThrow(/at most 31 columns/);
  });
});

describe('runs through one checker', () => {
  it('finds exactly the runs a move adds: hasRunThrough after a move equals "a new run appeared"', () => {
    let newRuns = 0;
    for (let seed = 1; seed <= 1500; seed++) {
      const rows = 1 + (seed % 9);
      const cols = 1 + (Math.floor(seed / 9) % 9);
      const grid = randomGrid(seed * 13, rows, cols);
      const board = BitBoard.fromGrid(grid);
      for (const n of [2, 3, 4, 5]) {
        for (let col = 0; col < cols; col++) {
          if (!board.canPlay(col)) continue;
          for (const piece of [1, 2] as const) {
            const before = board.hasRun(piece, n);
            const row = board.play(col, piece);
            const after = board.hasRun(piece, n);
            if (!before) {
              expect(board.hasRunThrough(piece, row, col, n), `seed ${seed} n=${n} col ${col}`).toBe(after);
              if (after) newRuns++;
            }
            board.undo(col);
          }
        }
      }
    }
    expect(newRuns).toBeGreaterThan(1000);
  });
});

describe('winning cells', () => {
  it('counts exactly the empty cells where one more checker makes four (against a cell-by-cell search)', () => {
    for (let seed = 1; seed <= 800; seed++) {
      const rows = 4 + (seed % 4);
      const cols = 4 + (Math.floor(seed / 4) % 5);
      const grid = randomGrid(seed * 31, rows, cols);
      const board = BitBoard.fromGrid(grid);
      for (const piece of [1, 2] as const) {
        let expected = 0;
        for (let r = 0; r < rows; r++) {
          for (let c = 0; c < cols; c++) {
            if (getCell(grid, r, c) !== 0) continue;
            const probe = { rows, cols, cells: grid.cells.slice() };
            probe.cells[r * cols + c] = piece;
            if (BitBoard.fromGrid(probe).hasRunThrough(piece, r, c, 4)) expected++;
          }
        }
        expect(board.countWinningCells(piece), `seed ${seed} piece ${piece}`).toBe(expected);
      }
    }
  });
});
