/** The solver against numbers from outside: Pascal Pons's published scores for his benchmark positions. */
import { describe, expect, it } from 'vitest';
import { createGrid, dropPiece, hasRun, validColumns } from '../../reference/core/grid.js';
import { createRng } from '../../runner/model/rng.js';
import { Solver, positionKey } from '../../reference/core/solver.js';
import { readPonsSet } from '../helpers/pons.js';
import { describeWithShared } from '../helpers/shared.js';

// One solver, its table reused across every position and set on purpose: a key that confused two positions scores
// later positions wrong (it once scored a Begin-Easy position -11 instead of -13).
const solver = new Solver({ tableSize: 1 << 20 });

describeWithShared('solver on Pons benchmark positions', () => {
  it.each([
    ['End-Easy', 1000],
    ['Middle-Easy', 1000],
    ['Begin-Easy', 1000],
    ['Middle-Medium', 100],
  ] as const)('scores %s exactly (first %i positions)', (set, count) => {
    const positions = readPonsSet(set, count);
    expect(positions).toHaveLength(count);
    const wrong = positions.filter((p) => solver.solve(p.grid).score !== p.score).map((p) => `${p.moves}: expected ${p.score}`);
    expect(wrong).toEqual([]);
  });

  it('analyzes every move: the best move scores what solve says, each move is the negated score of the position after it', () => {
    for (const p of readPonsSet('Middle-Easy', 60)) {
      const { scores } = solver.analyze(p.grid);
      const open = scores.filter((s): s is number => s !== null);
      expect(Math.max(...open), p.moves).toBe(p.score);
      scores.forEach((score, col) => {
        const after = { ...p.grid, cells: p.grid.cells.slice() };
        if (dropPiece(after, col, p.moves.length % 2 === 0 ? 1 : 2) < 0) {
          expect(score, `${p.moves} column ${col + 1} is full`).toBeNull();
        } else if (hasRun(after, p.moves.length % 2 === 0 ? 1 : 2, 4)) {
          expect(score, `${p.moves} column ${col + 1} wins at once`).toBe((43 - p.moves.length) >> 1);
        } else {
          expect(score, `${p.moves} column ${col + 1}`).toBe(0 - solver.solve(after).score || 0);
        }
      });
    }
  });

  it('refuses boards larger than 7×6', () => {
    expect(() => solver.solve(createGrid(7, 7))).toThrow(/up to 7 columns and 6 rows/);
  });
});

describe('position keys', () => {
  it('differ for every two different positions met in random games', () => {
    const seen = new Map<number, string>();
    const rng = createRng(11);
    for (let game = 0; game < 400; game++) {
      const grid = createGrid(6, 7);
      for (let ply = 0; ply < 42; ply++) {
        const open = validColumns(grid);
        if (open.length === 0 || hasRun(grid, 1, 4) || hasRun(grid, 2, 4)) break;
        dropPiece(grid, rng.pick(open), ply % 2 === 0 ? 1 : 2);
        const cells = grid.cells.join('');
        const key = positionKey(grid);
        const before = seen.get(key);
        if (before !== undefined) expect(before).toBe(cells);
        seen.set(key, cells);
      }
    }
    expect(seen.size).toBeGreaterThan(5000);
  });

  it('tell apart columns whose bottom checker differs', () => {
    const a = createGrid(6, 7);
    const b = createGrid(6, 7);
    dropPiece(a, 0, 1);
    dropPiece(b, 0, 2);
    expect(positionKey(a)).not.toBe(positionKey(b));
  });
});
