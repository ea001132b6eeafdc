/** The fairness rules as pure checks: numbers by value, one types test, invisible text, open cases, marks swapped. */
import { describe, expect, it } from 'vitest';
import { py } from '../../../runner/model/py-value.js';
import { swapBoardMarks } from '../../../runner/assignments/manchester-connect4/play-checks.js';
import { checkReturned, checkTypes } from '../../../runner/checks/returns.js';
import { compareVisibleText } from '../../../runner/checks/text.js';
import { compareGameByMeaning, factOf } from '../../../runner/checks/game-messages.js';
import type { ObservedValue } from '../../../runner/harness/protocol.js';

const ints = (...v: number[]): ObservedValue => ({ type: 'list', items: v.map((value) => ({ type: 'int', value })) });
const floats = (...v: number[]): ObservedValue => ({ type: 'list', items: v.map((value) => ({ type: 'float', value })) });

describe('a type slip costs one test', () => {
  it('passes -1 where -1.0 is due in a value test, with a note naming the types test', () => {
    const verdict = checkReturned('p.scoresFor(b)', { value: py.floats([-1, 50]) }, undefined, ints(-1, 50), {
      typesTest: 'player.scoresFor.float-scores',
    });
    expect(verdict).toMatchObject({ status: 'pass', note: expect.stringContaining('graded by player.scoresFor.float-scores') });
    expect(checkReturned('p.scoresFor(b)', { value: py.floats([-1, 50]) }, undefined, ints(-1, 49)).status).toBe('fail');
    expect(checkReturned('f()', { value: py.bool(false) }, undefined, { type: 'none' }).status).toBe('fail');
  });

  it('fails the types test on the type alone, and never on a wrong value', () => {
    expect(checkTypes('s(b)', { value: py.ints([50, 0]) }, floats(50, 0))).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('expected an int, got a float'),
    });
    expect(checkTypes('s(b)', { value: py.ints([50, 0]) }, ints(100, 100, 100))).toMatchObject({
      status: 'pass',
      note: expect.stringContaining('values are graded by the other tests'),
    });
    expect(checkTypes('s(b)', { value: py.tuple([py.int(1)]) }, ints(1)).message).toContain('expected a tuple, got a list');
  });
});

describe('where the document is silent', () => {
  it('passes any answer on an open case, showing it beside the readings', () => {
    const lenient = { reason: 'a move here can fill the board', choice: 'tie-50', alsoAccepted: [py.ints([101])], open: true };
    expect(checkReturned('s(b)', { value: py.ints([50]) }, lenient, ints(0))).toMatchObject({
      status: 'pass',
      note: expect.stringContaining('returned [0]; the readings give [50] or [101]'),
    });
    expect(checkReturned('s(b)', { value: py.ints([50]) }, { ...lenient, open: false }, ints(0)).status).toBe('fail');
  });
});

describe('invisible differences', () => {
  it('accept a trailing space and a missing final newline, and still fail a dash short', () => {
    const want = '| |\n---\n 0\n';
    expect(compareVisibleText('repr(b)', want, '| |\n---\n 0 ')).toMatchObject({
      status: 'pass',
      note: expect.stringContaining('invisible'),
    });
    expect(compareVisibleText('repr(b)', want, '| |\n--\n 0\n')).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('line 2'),
    });
  });
});

describe('game messages by meaning', () => {
  it.each([
    ["Player X's turn", { kind: 'turn', who: 'X' }],
    ["Player X 's turn", { kind: 'turn', who: 'X' }],
    ['it is Player O turn', { kind: 'turn', who: 'O' }],
    ['Player X wins in 7 moves', { kind: 'win', who: 'X', moves: 7 }],
    ['PLAYER O WON IN 12 MOVES!', { kind: 'win', who: 'O', moves: 12 }],
    ['Player O (LEFT, 1) wins in 0 moves.', { kind: 'win', who: 'O', moves: 0 }],
    ["It's a Tie!", { kind: 'tie' }],
    ['Congradulations!', undefined],
    ['Enter a column: 3', undefined],
  ])('%s', (line, fact) => {
    expect(factOf(line)).toEqual(fact);
  });

  const board = '|O|O|O|O|\n|X|X|X|X|\n---------\n 0 1 2 3\n';
  const expected = `Player O's turn\nEnter a column: 3\n${board}\nPlayer O wins in 1 moves.\nCongratulations!\n`;
  const saysX = `Player X's turn\nEnter a column: 3\n${board}\nPlayer X wins in 1 moves.\nCongratulations!\n`;
  it('charges a wrong turn and winner until the test that grades the messages has failed', () => {
    expect(compareGameByMeaning('the transcript', expected, saysX)).toMatchObject({
      status: 'fail',
      message: 'the transcript: the turns announced were X; expected O',
    });
    const verdict = compareGameByMeaning('the transcript', expected, saysX, 'process_move.messages');
    expect(verdict.status).toBe('pass');
    expect(verdict.note).toContain('the turns announced were X; expected O, which process_move.messages charges');
    expect(verdict.note).toContain('expected the game to end with O wins in 1 moves');
  });

  it('still charges a move count or an ending the game itself got wrong', () => {
    expect(
      compareGameByMeaning('the transcript', expected, saysX.replace('in 1 moves', 'in 0 moves'), 'process_move.messages').status,
    ).toBe('fail');
    expect(
      compareGameByMeaning('the transcript', expected, saysX.replace(/Player X wins.*\n.*\n$/u, ''), 'process_move.messages').status,
    ).toBe('fail');
  });

  it('still charges a board the messages test does not grade', () => {
    const otherBoard = saysX.replace('|O|O|O|O|', '|O|O|O| |');
    expect(compareGameByMeaning('the transcript', expected, otherBoard, 'process_move.messages').status).toBe('fail');
  });
});

describe("Manchester's marks", () => {
  it('swap X and O in drawn rows only, never in names or messages', () => {
    expect(swapBoardMarks('|1|2|3|4|5|6|7|\n| |X|O| | | | |\nOlga (X) has won!')).toBe(
      '|1|2|3|4|5|6|7|\n| |O|X| | | | |\nOlga (X) has won!',
    );
  });
});
