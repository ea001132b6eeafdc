import { describe, expect, it } from 'vitest';
import * as cn from '../../reference/conniption.js';
import { createRng } from '../../runner/model/rng.js';

const start = cn.initialState(true);

/** Plain minimax written in the test, from the document's words (no pruning), to check the alpha-beta value. */
function minimax(s: cn.ConniptionState, depth: number): number {
  if (depth === 0) return cn.betterEval(s);
  const kids = cn.childStates(s);
  if (kids.length === 0) return cn.betterEval(s);
  const values = kids.map((k) => minimax(k, depth - 1));
  return s.player1Turn ? Math.max(...values) : Math.min(...values);
}

function randomState(seed: number, plies: number): cn.ConniptionState {
  const rng = createRng(seed);
  let s: cn.ConniptionState = cn.initialState(seed % 2 === 0);
  for (let i = 0; i < plies; i++) {
    const kids = cn.childStates(s);
    if (kids.length === 0) break;
    s = rng.pick(kids);
  }
  return s;
}

describe('Conniption children', () => {
  it('generates the four stages at the start: 7 moves each, with the flip rules', () => {
    const kids = cn.childStates(start);
    expect(kids.map((k) => k.stage)).toEqual([
      ...Array(7).fill('noFlip'),
      ...Array(7).fill('postFlip'),
      ...Array(7).fill('preFlip'),
      ...Array(7).fill('dualFlip'),
    ]);
    const byMove = new Map(kids.map((k) => [k.resMove, k]));
    expect(byMove.get('4')).toMatchObject({ player1Turn: false, flipsRem: [4, 4], flippable: true });
    expect(byMove.get('4f')).toMatchObject({ flipsRem: [3, 4], flippable: false });
    expect(byMove.get('f4')).toMatchObject({ flipsRem: [3, 4], flippable: true });
    expect(byMove.get('f4f')).toMatchObject({ flipsRem: [2, 4], flippable: false });
  });

  it('spends the flips of the player moving, and only theirs', () => {
    const kids = cn.childStates({ ...start, player1Turn: false });
    expect(kids.find((k) => k.resMove === 'f1f')!.flipsRem).toEqual([4, 2]);
  });

  it('has no flip stages without flips, and no pre-flips right after a post-flip', () => {
    expect(new Set(cn.childStates({ ...start, flipsRem: [0, 4] }).map((k) => k.stage))).toEqual(new Set(['noFlip']));
    expect(new Set(cn.childStates({ ...start, flippable: false }).map((k) => k.stage))).toEqual(new Set(['noFlip', 'postFlip']));
    expect(new Set(cn.childStates({ ...start, flipsRem: [1, 4] }).map((k) => k.stage))).toEqual(new Set(['noFlip', 'postFlip', 'preFlip']));
  });

  it('places a dual-flip checker at the bottom of the column and a post-flip one at the bottom of the flipped board', () => {
    const s: cn.ConniptionState = { ...start, board: [[false, false], [], [], [], [], [], []] };
    const kids = new Map(cn.childStates(s).map((k) => [k.resMove, k]));
    expect(kids.get('f1f')!.board[0]).toEqual([true, false, false]);
    expect(kids.get('1f')!.board[0]).toEqual([true, false, false]);
    expect(kids.get('f1')!.board[0]).toEqual([false, false, true]);
    expect(kids.get('1')!.board[0]).toEqual([false, false, true]);
  });

  it('refuses illegal REPL moves with the reason', () => {
    expect(cn.applyMove({ ...start, flipsRem: [0, 4] }, 'f3')).toEqual({ ok: false, refusal: 'no-flips-left' });
    expect(cn.applyMove({ ...start, flippable: false }, 'f3')).toEqual({ ok: false, refusal: 'flip-after-opponent-flip' });
    expect(cn.applyMove(start, '8')).toEqual({ ok: false, refusal: 'not-a-move' });
    expect(cn.applyMove({ ...start, board: [[true, false, true, false, true, false], [], [], [], [], [], []] }, '1')).toEqual({
      ok: false,
      refusal: 'column-full',
    });
    const ok = cn.applyMove(start, 'f4f');
    expect(ok.ok && ok.state.flipsRem).toEqual([2, 4]);
  });
});

describe('Conniption isWin', () => {
  it('reports both players when a flip gives both four', () => {
    const s: cn.ConniptionState = { ...start, board: [[true, false], [true, false], [true, false], [true, false], [], [], []] };
    expect(cn.isWin(s)).toEqual([true, true]);
    expect(cn.isWin(start)).toEqual([false, false]);
  });
});

describe('Conniption search', () => {
  it('returns the plain minimax value at depths 1 to 3 on random positions', () => {
    for (let seed = 1; seed <= 12; seed++) {
      const s = randomState(seed, 4 + (seed % 9));
      const depth = 1 + (seed % 3);
      expect(cn.searchValue(s, depth), `seed ${seed} depth ${depth}`).toBe(minimax(s, depth));
    }
  });

  it('chooses among the moves of best value', () => {
    const s = randomState(5, 6);
    const { value, moves } = cn.bestMoves(s, 2);
    expect(moves.length).toBeGreaterThan(0);
    for (const mv of moves) {
      const next = cn.applyMove(s, mv);
      expect(next.ok && cn.searchValue(next.state, 1)).toBe(value);
    }
  });
});

describe('the REPL against a scripted AI', () => {
  it('applies moves with their flips, refuses a fifth flip and a flip right after the opponent flipped', () => {
    const moves = cn.simulateRepl(['4', 'f5', '6f', 'f2f', 'f3', '5', 'q'], ['1', '7', '1', '7', '6']);
    expect(moves.steps.map((s) => s.refusal ?? s.effect)).toEqual(['move', 'move', 'move', 'move', 'no-flips-left', 'move', 'quit']);
    expect(moves.handed.map((h) => h.state.flipsRem[1])).toEqual([4, 3, 2, 0, 0]);
    const afterFlip = cn.simulateRepl(['4', 'f4', '5'], ['2f']);
    expect(afterFlip.steps.map((s) => s.refusal ?? s.effect)).toEqual(['move', 'flip-after-opponent-flip', 'move']);
  });

  it("undoes back to the state before the human's last move", () => {
    const undo = cn.simulateRepl(['4', 'u', '5'], ['1', '1']);
    expect(undo.handed[1]!.state.board.map((col) => col.length)).toEqual([0, 0, 0, 0, 1, 0, 0]);
  });
});
