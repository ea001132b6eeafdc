import { describe, expect, it } from 'vitest';
import { createRng } from '../../runner/model/rng.js';
import * as m from '../../reference/manchester-connect4.js';
const { simulatePlay, serializeGame, makeMove, emptyBoard, moveBetween } = m;

describe('Manchester save files', () => {
  const game: m.Game = { player1: 'Stefan', player2: 'C', who: 2, board: m.makeMove(m.emptyBoard(), 3, 1) };

  it('round-trip through serialize and parse, with or without the final newline', () => {
    const text = m.serializeGame(game);
    expect(m.parseGameFile(text)).toEqual({ ok: true, game });
    expect(m.parseGameFile(text.trimEnd())).toEqual({ ok: true, game });
  });

  it('refuses each malformed kind with that kind', () => {
    const variants = m.malformedVariants(game);
    expect(variants.map((v) => v.kind)).toHaveLength(10);
    for (const { kind, text } of variants) expect(m.parseGameFile(text)).toMatchObject({ ok: false, kind });
  });
});

describe('Manchester suggestMove1 and baselines', () => {
  it('offers every valid move when there is nothing to win or block', () => {
    expect(m.suggestMove1Acceptable(m.emptyBoard(), 1)).toEqual({ columns: [0, 1, 2, 3, 4, 5, 6], reason: 'any' });
  });

  it('the depth-4 minimax baseline beats the random baseline in most of 10 seeded games', () => {
    let wins = 0;
    for (let g = 0; g < 10; g++) {
      const rng = createRng(g + 1);
      let board = m.emptyBoard();
      const minimaxIs: 1 | 2 = g % 2 === 0 ? 1 : 2;
      for (let ply = 0; ply < 42; ply++) {
        const who: 1 | 2 = ply % 2 === 0 ? 1 : 2;
        const col = who === minimaxIs ? m.minimaxBaseline(board, who, 4) : m.randomBaseline(board, who, rng);
        board = m.makeMove(board, col, who);
        if (m.hasWon(board, who)) {
          if (who === minimaxIs) wins++;
          break;
        }
        if (m.getValidMoves(board).length === 0) break;
      }
    }
    expect(wins).toBeGreaterThanOrEqual(9);
  });

  it('the suggestMove1 baseline plays the first acceptable column: win, else block, else the first valid move', () => {
    const board: m.BoardRows = [...Array.from({ length: 5 }, () => [0, 0, 0, 0, 0, 0, 0]), [1, 1, 1, 0, 2, 2, 2]];
    expect(m.suggestMove1Baseline(board, 1)).toBe(3);
    expect(m.suggestMove1Baseline(board, 2)).toBe(3);
    expect(m.suggestMove1Baseline(m.emptyBoard(), 2)).toBe(0);
  });

  it('minimax takes an immediate win and blocks an immediate loss', () => {
    const win: m.BoardRows = [...Array.from({ length: 5 }, () => [0, 0, 0, 0, 0, 0, 0]), [1, 1, 1, 0, 2, 2, 0]];
    expect(m.minimaxBaseline(win, 1, 2)).toBe(3);
    const block: m.BoardRows = [...Array.from({ length: 5 }, () => [0, 0, 0, 0, 0, 0, 0]), [2, 2, 2, 0, 1, 1, 0]];
    expect(m.minimaxBaseline(block, 1, 2)).toBe(3);
  });
});

describe('play() replayed by the reference', () => {
  it('ends a game on a win, naming the capitalised player', () => {
    const outcome = simulatePlay(['ada', 'grace', '4', '4', '3', '3', '2', '2', '5']);
    expect(outcome.ending).toEqual({ kind: 'won', who: 1, name: 'Ada' });
    expect(outcome.linesRead).toBe(9);
  });

  it('asks again for empty names and refused columns, and saves on S then a name', () => {
    const outcome = simulatePlay(['', 'ada', 'grace', '0', 'x', '', '4', 'S', '', '4']);
    expect(outcome.saves).toEqual([
      { filename: 'game.txt', text: serializeGame({ player1: 'Ada', player2: 'Grace', who: 2, board: makeMove(emptyBoard(), 3, 1) }) },
    ]);
    expect(outcome.ending.kind).toBe('script-ended');
  });

  it('loads game.txt on L and an empty name, and ends on a file it cannot load', () => {
    const game = { player1: 'Ada', player2: 'Grace', who: 2 as const, board: makeMove(emptyBoard(), 3, 1) };
    expect(simulatePlay(['L', '', '4'], { 'game.txt': serializeGame(game) }).game!.board).toEqual(makeMove(game.board, 3, 2));
    expect(simulatePlay(['L', 'nope.txt']).ending).toMatchObject({ kind: 'load-failed' });
    expect(simulatePlay(['L', ''], { 'game.txt': 'garbage\n' }).ending).toMatchObject({
      kind: 'load-failed',
      reason: expect.stringContaining('lines'),
    });
  });

  it('finds the move between two boards, and says why there is none', () => {
    const before = makeMove(emptyBoard(), 3, 1);
    expect(moveBetween(before, makeMove(before, 3, 2), 2)).toEqual({ column: 3 });
    expect(moveBetween(before, makeMove(before, 3, 1), 2)).toMatchObject({ problem: expect.stringContaining("O's turn") });
  });
});
