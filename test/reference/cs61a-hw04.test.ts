import { describe, expect, it } from 'vitest';
import { hasRun } from '../../reference/core/grid.js';
import { createRng } from '../../runner/model/rng.js';
import * as ref from '../../reference/cs61a-hw04.js';
import { gridFromRows, cellSymbols } from '../../reference/core/grid.js';

const DASH = cellSymbols('-', 'X', 'O');

describe('CS61A functional board', () => {
  it('never changes the board it is given', () => {
    const board = ref.createBoard(2, 2);
    const snapshot = JSON.stringify(board);
    ref.putPiece(board, 2, 0, 'X');
    ref.makeMove(board, 2, 2, 5, 'X');
    expect(JSON.stringify(board)).toBe(snapshot);
  });

  it('returns the original board object for a full or off-board column', () => {
    const full = ref.putPiece(ref.putPiece(ref.createBoard(2, 1), 2, 0, 'X')[1], 2, 0, 'O')[1];
    expect(ref.putPiece(full, 2, 0, 'X')).toEqual([-1, full]);
    expect(ref.makeMove(full, 2, 1, -1, 'X')[1]).toBe(full);
  });

  it('check_win over every row, column and diagonal spot agrees with a whole-board run search', () => {
    const rng = createRng(7);
    for (let t = 0; t < 400; t++) {
      const rows = 1 + rng.int(8);
      const cols = 1 + rng.int(8);
      const n = 1 + rng.int(5);
      const lines = Array.from({ length: rows }, () => Array.from({ length: cols }, () => rng.pick(['-', 'X', 'O'])).join(''));
      const board = ref.boardFromRows(lines);
      const anySpot = [...Array(rows).keys()].some((r) =>
        [...Array(cols).keys()].some((c) => ref.checkWin(board, rows, cols, n, r, c, 'X')),
      );
      expect(anySpot, lines.join('/')).toBe(hasRun(gridFromRows(lines, DASH), 1, n));
    }
  });

  it('prints no trailing spaces', () => {
    expect(ref.printBoard(ref.createBoard(2, 3), 2, 3)).toBe('- - -\n- - -\n');
  });
});
