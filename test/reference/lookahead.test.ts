import { describe, expect, it } from 'vitest';
import { createGrid, dropPiece, validColumns } from '../../reference/core/grid.js';
import { type FullBoardRule, lookaheadCost, scoreColumns, scoreOnGrid } from '../../reference/core/lookahead.js';
import { createRng } from '../../runner/model/rng.js';

/**
 * An independent plain minimax, written from the document's words on a board of strings: it shares no code with
 * the reference (not its board, not its win test, not its recursion).
 */
type Cells = string[][]; // [row][col], row 0 on top, ' ' | 'X' | 'O'
const DIRECTIONS = [
  [0, 1],
  [1, 0],
  [1, 1],
  [1, -1],
] as const;
const four = (b: Cells, ch: string): boolean => {
  const h = b.length;
  const w = b[0]!.length;
  const at = (r: number, c: number) => r >= 0 && r < h && c >= 0 && c < w && b[r]![c] === ch;
  for (let r = 0; r < h; r++)
    for (let c = 0; c < w; c++) {
      if (b[r]![c] !== ch) continue;
      for (const [dr, dc] of DIRECTIONS) {
        if (at(r + dr, c + dc) && at(r + 2 * dr, c + 2 * dc) && at(r + 3 * dr, c + 3 * dc)) return true;
      }
    }
  return false;
};
function plainScores(b: Cells, me: string, lookahead: number, rule: FullBoardRule): number[] {
  const them = me === 'X' ? 'O' : 'X';
  return b[0]!.map((_, col) => {
    if (b[0]![col] !== ' ') return -1;
    if (four(b, me)) return 100;
    if (four(b, them)) return 0;
    if (lookahead === 0) return 50;
    let row = b.length - 1;
    while (b[row]![col] !== ' ') row--;
    b[row]![col] = me;
    const best = Math.max(...plainScores(b, them, lookahead - 1, rule));
    b[row]![col] = ' ';
    if (rule === 'complement') return 100 - best;
    return best === 0 ? 100 : best === 100 ? 0 : 50;
  });
}

function randomPosition(seed: number, rows: number, cols: number) {
  const rng = createRng(seed);
  const grid = createGrid(rows, cols);
  const plies = rng.int(rows * cols);
  for (let i = 0; i < plies; i++) {
    const open = validColumns(grid);
    if (open.length === 0) break;
    dropPiece(grid, rng.pick(open), i % 2 === 0 ? 1 : 2);
  }
  const cells: Cells = Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => ' XO'[grid.cells[r * cols + c]!]!));
  return { grid, cells };
}

describe('lookahead scores', () => {
  it('agree with an independent plain minimax for lookahead 0 to 4, both checkers, both full-board rules', () => {
    let differing = 0;
    for (let seed = 1; seed <= 150; seed++) {
      const [rows, cols] = seed % 5 === 0 ? [4, 5] : seed % 7 === 0 ? [3, 3] : [6, 7];
      const { grid, cells } = randomPosition(seed, rows, cols);
      const lookahead = seed % 5;
      for (const me of ['X', 'O'] as const) {
        const wanted = (['tie-50', 'complement'] as const).map((rule) => {
          const want = plainScores(cells, me, lookahead, rule);
          expect(scoreColumns(grid, me === 'X' ? 1 : 2, lookahead, rule), `seed ${seed} ${me} L${lookahead} ${rule}`).toEqual(want);
          return want.join();
        });
        if (wanted[0] !== wanted[1]) differing++;
      }
    }
    // The two rules must really differ somewhere in this sample, or the rule test proves nothing.
    expect(differing).toBeGreaterThan(0);
  });

  it('gives the same scores on the bitboard and on the general grid path', () => {
    for (let seed = 200; seed < 260; seed++) {
      const { grid } = randomPosition(seed, 6, 7);
      for (const rule of ['tie-50', 'complement'] as const) {
        expect(scoreColumns(grid, 1, 3, rule)).toEqual(scoreOnGrid(grid, 1, 3, rule));
      }
    }
  });

  it('scores the empty 7×6 board 50 everywhere at lookahead 6, leaving the board unchanged', () => {
    const grid = createGrid(6, 7);
    expect(scoreColumns(grid, 1, 6)).toEqual([50, 50, 50, 50, 50, 50, 50]);
    expect(grid.cells.every((c) => c === 0)).toBe(true);
  });

  it('takes the wide-board path beyond 31 columns', () => {
    const grid = createGrid(3, 40);
    expect(scoreColumns(grid, 1, 1)).toEqual(Array(40).fill(50));
  });

  it("counts a plain search's boards and deepest level as the independent minimax tries them, stopping past a cap", () => {
    // The same walk as plainScores: a board with four for either side ends the line; every open column is a board.
    const walk = (b: Cells, me: string, left: number, level: number, seen: { boards: number; depth: number }): void => {
      if (four(b, 'X') || four(b, 'O')) return;
      seen.depth = Math.max(seen.depth, level);
      if (left === 0) return;
      for (let col = 0; col < b[0]!.length; col++) {
        if (b[0]![col] !== ' ') continue;
        seen.boards++;
        let row = b.length - 1;
        while (b[row]![col] !== ' ') row--;
        b[row]![col] = me;
        walk(b, me === 'X' ? 'O' : 'X', left - 1, level + 1, seen);
        b[row]![col] = ' ';
      }
    };
    let ended = 0;
    for (let seed = 300; seed < 420; seed++) {
      const [rows, cols] = seed % 4 === 0 ? [4, 5] : [6, 7];
      const { grid, cells } = randomPosition(seed, rows, cols);
      const lookahead = 1 + (seed % 4);
      const seen = { boards: 0, depth: 0 };
      walk(cells, 'X', lookahead, 0, seen);
      expect(lookaheadCost(grid, 1, lookahead), `seed ${seed}`).toEqual(seen);
      if (seen.depth < lookahead) ended++;
      // Past the cap it stops counting, but never reports a count within it.
      if (seen.boards > 10) expect(lookaheadCost(grid, 1, lookahead, 10).boards).toBeGreaterThan(10);
    }
    // Some lines must end in a win before the lookahead, or the early stop is not tested.
    expect(ended).toBeGreaterThan(5);
  });

  it('refuses a negative lookahead', () => {
    expect(() => scoreColumns(createGrid(6, 7), 1, -1)).toThrow(/lookahead/);
  });
});
