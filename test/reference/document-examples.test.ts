/**
 * The seed documents' examples, typed here as the documents print them, against the reference. Independent of the
 * fixture generator: if both were wrong the same way, these would still fail.
 */
import { describe, expect, it } from 'vitest';
import * as cn from '../../reference/conniption.js';
import * as cs111 from '../../reference/cs111-ps9.js';
import * as hmc from '../../reference/hmc-cs5-hw11.js';
import * as m from '../../reference/manchester-connect4.js';
import { formatPy, py } from '../../runner/model/py-value.js';
import { documentText } from '../helpers/documents.js';
import { describeWithShared } from '../helpers/shared.js';

const ai = (checker: cs111.Checker, tiebreak: 'LEFT' | 'RIGHT' | 'RANDOM', lookahead: number): cs111.PlayerSpec => ({
  kind: 'ai',
  checker,
  tiebreak,
  lookahead,
});

describeWithShared('CS111 (document 000)', () => {
  const doc = documentText('cs111-ps9');
  const b = cs111.boardFromMoves(6, 7, '1211244445');

  it('prints the empty 6×7 and 5×15 boards exactly', () => {
    expect(cs111.boardRepr(cs111.newBoard(6, 7))).toBe('| | | | | | | |\n'.repeat(6) + '---------------\n 0 1 2 3 4 5 6\n');
    expect(cs111.boardRepr(cs111.newBoard(5, 15)).split('\n').slice(-3)).toEqual([
      '-------------------------------',
      ' 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4',
      '',
    ]);
  });

  it.each([
    ['X', 0, '[50, 50, 50, 50, 50, 50, 50]'],
    ['O', 1, '[50, 50, 50, 100, 50, 50, 50]'],
    ['X', 1, '[50, 50, 50, 50, 50, 50, 50]'],
    ['X', 2, '[0, 0, 0, 50, 0, 0, 0]'],
    ['X', 3, '[0, 0, 0, 100, 0, 0, 0]'],
    ['O', 3, '[50, 50, 50, 100, 50, 50, 50]'],
    ['O', 4, '[0, 0, 0, 100, 0, 0, 0]'],
  ] as const)("scores_for: AIPlayer('%s', 'LEFT', %i) gives %s", (checker, lookahead, shown) => {
    expect(formatPy(py.ints(cs111.scoresFor(b, checker, lookahead)))).toBe(shown);
    expect(doc).toContain(`>>> AIPlayer('${checker}', 'LEFT', ${lookahead}).scores_for(b)\n    ${shown}`);
  });

  it.each([
    ['LEFT', 1, [0]],
    ['RIGHT', 1, [6]],
    ['LEFT', 2, [3]],
    ['RIGHT', 2, [3]],
    ['RANDOM', 2, [3]],
  ] as const)('next_move %s %i', (tiebreak, lookahead, answer) => {
    expect(cs111.aiNextMove(b, 'X', tiebreak, lookahead)).toEqual(answer);
  });

  it.each([
    [0, 0, 'Player X (LEFT, 0) wins in 10 moves.'],
    [1, 1, 'Player X (LEFT, 1) wins in 8 moves.'],
    [3, 2, 'Player O (LEFT, 2) wins in 19 moves.'],
  ] as const)('connect_four(AIPlayer X LEFT %i, AIPlayer O LEFT %i) ends "%s" on the printed board', (lx, lo, message) => {
    const game = cs111.connectFour(ai('X', 'LEFT', lx), ai('O', 'LEFT', lo));
    expect(game.finalMessage).toBe(`${message}\nCongratulations!`);
    const shown = `${message}\nCongratulations!\n${cs111.boardRepr(game.finalBoard!)}`;
    expect(doc).toContain(shown);
  });

  it('process_move prints the turn, the board and the win message, and returns True', () => {
    const board = cs111.boardFromMoves(2, 4, '001122');
    const { output: prompt } = cs111.humanNextMove(board, ['3']);
    const step = cs111.processMove(board, { kind: 'human', checker: 'X' }, 3, 1, prompt);
    expect(step.output).toBe(
      "Player X's turn\nEnter a column: 3\n\n|O|O|O| |\n|X|X|X|X|\n---------\n 0 1 2 3\n\nPlayer X wins in 1 moves.\nCongratulations!\n",
    );
    expect(step.returned).toBe(true);
  });

  it('next_move re-asks after -1 and 7 and returns 5', () => {
    const out = cs111.humanNextMove(cs111.newBoard(6, 7), ['-1', '7', '5']);
    expect(out).toEqual({
      status: 'ok',
      column: 5,
      prompts: 3,
      output: 'Enter a column: -1\nTry again!\nEnter a column: 7\nTry again!\nEnter a column: 5\n',
    });
  });

  it('says when a script runs out of input instead of inventing a move', () => {
    expect(cs111.humanNextMove(cs111.newBoard(6, 7), ['9']).status).toBe('needs-more-input');
    expect(cs111.humanNextMove(cs111.newBoard(6, 7), ['x']).status).toBe('value-error');
  });
});

describe('HMC (document 001)', () => {
  const b = hmc.boardFromMoves(7, 6, '1211244445');
  it('scores as floats the document prints', () => {
    expect(formatPy(py.floats(hmc.scoresFor(b, { ox: 'X', tiebreak: 'LEFT', ply: 2 })))).toBe('[0.0, 0.0, 0.0, 50.0, 0.0, 0.0, 0.0]');
    expect(formatPy(py.floats(hmc.scoresFor(b, { ox: 'O', tiebreak: 'LEFT', ply: 4 })))).toBe('[0.0, 0.0, 0.0, 100.0, 0.0, 0.0, 0.0]');
  });
  it('prints the three-line repr', () => {
    expect(hmc.playerRepr({ ox: 'O', tiebreak: 'RANDOM', ply: 'HUMAN' })).toBe('Player for O\nwith tiebreak: RANDOM\nand ply == HUMAN');
  });
  it('plays the deterministic LEFT 0 vs LEFT 0 game to X wins!', () => {
    const game = hmc.playGame(hmc.newBoard(7, 6), { ox: 'X', tiebreak: 'LEFT', ply: 0 }, { ox: 'O', tiebreak: 'LEFT', ply: 0 });
    expect(game.finalMessage).toBe('X wins!');
    expect(game.columns).toHaveLength(19);
  });
});

describeWithShared('Manchester (document 003)', () => {
  const board: m.BoardRows = [
    [0, 0, 0, 0, 2, 0, 0],
    [0, 0, 0, 0, 1, 0, 0],
    [0, 0, 0, 0, 1, 0, 0],
    [0, 0, 0, 0, 2, 0, 0],
    [0, 0, 0, 2, 1, 0, 0],
    [0, 0, 2, 1, 2, 1, 0],
  ];
  it('lists the valid moves [0, 1, 2, 3, 5, 6]', () => expect(m.getValidMoves(board)).toEqual([0, 1, 2, 3, 5, 6]));
  it('prints the board with the 1–7 header', () => {
    expect(m.printBoard(board).split('\n').slice(0, 3)).toEqual(['|1|2|3|4|5|6|7|', '+-+-+-+-+-+-+-+', '| | | | |O| | |']);
  });
  it('suggestMove1 wins at 2 or 6 for player 1, and blocks at 2 or 6 for player 2', () => {
    const b6: m.BoardRows = [...Array.from({ length: 4 }, () => [0, 0, 0, 0, 0, 0, 0]), [2, 0, 0, 0, 0, 0, 0], [2, 2, 0, 1, 1, 1, 0]];
    expect(m.suggestMove1Acceptable(b6, 1)).toEqual({ columns: [2, 6], reason: 'win' });
    expect(m.suggestMove1Acceptable(b6, 2)).toEqual({ columns: [2, 6], reason: 'block' });
  });
  it('saves the Task 8 file content', () => {
    const text = m.serializeGame({ player1: 'Stefan', player2: 'C', who: 1, board });
    expect(text).toBe('Stefan\nC\n1\n0,0,0,0,2,0,0\n0,0,0,0,1,0,0\n0,0,0,0,1,0,0\n0,0,0,0,2,0,0\n0,0,0,2,1,0,0\n0,0,2,1,2,1,0\n');
    expect(documentText('manchester-connect4')).toContain(
      '1 0,0,0,0,2,0,0 0,0,0,0,1,0,0 0,0,0,0,1,0,0 0,0,0,0,2,0,0 0,0,0,2,1,0,0 0,0,2,1,2,1,0',
    );
  });
});

describeWithShared('Conniption (document 004)', () => {
  const doc = documentText('conniption');
  it("has the 69 winning lines, in the document's order", () => {
    const listed = /win_lines = (\[.*?\]\])/s.exec(doc)![1]!;
    const parsed = JSON.parse(listed.replace(/\(/g, '[').replace(/\)/g, ']'));
    expect(parsed).toHaveLength(69);
    expect(cn.WIN_LINES).toEqual(parsed);
  });
  it("has the document's weights", () => {
    expect(doc).toContain(`us_weights = [${cn.US_WEIGHTS.join(', ')}]`);
    expect(doc).toContain(`them_weights = [${cn.THEM_WEIGHTS.join(', ')}]`);
  });
  it('scores a vertical line of 3 AI checkers and 1 opponent checker 383, as the worked example', () => {
    expect(3 * cn.US_WEIGHTS[3] + 1 * cn.THEM_WEIGHTS[1]).toBe(383);
    expect(doc).toContain('= 383');
    // Column 0 holds AI, AI, AI, opponent from the bottom. By hand: vertical lines 383 (the example), 2×8 − 1 = 15
    // and 1 − 1 = 0; horizontal lines, each controlled by one player, 1 + 1 + 1 − 1; the diagonals from (0,0),
    // (0,1), (0,2) give 1 each and the anti-diagonal through (0,3) −1: 402. Equal flips add 0; flippable adds 150.
    const state = { ...cn.initialState(), board: [[true, true, true, false], [], [], [], [], [], []] };
    expect(cn.betterEval(state)).toBe(552);
  });
});
