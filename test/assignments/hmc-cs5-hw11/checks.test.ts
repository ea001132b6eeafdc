/** HMC's checks: the repr's accepted variants, float scores and the width-first trap, RANDOM's spread, whole games. */
import { describe, expect, it } from 'vitest';
import {
  checkBoardSetup,
  checkHmcCase,
  checkHmcGame,
  checkRandomSpread,
  comparePlayerRepr,
} from '../../../runner/assignments/hmc-cs5-hw11/checks.js';
import type { CaseObservation, ObservedReply } from '../../../runner/checks/observation.js';
import type { FixtureCase } from '../../../runner/model/fixture-types.js';
import type { ObservedValue } from '../../../runner/harness/protocol.js';
import type { ProgramResult } from '../../../runner/pty/run-program.js';

const reply = (value: ObservedValue): ObservedReply => ({ value, stdout: '', prompts: [], inputsLeft: 0, durationMs: 1 });
const floats = (...values: number[]): ObservedValue => ({ type: 'list', items: values.map((value) => ({ type: 'float', value })) });
const source = { kind: 'generated', seed: 1, family: 't' } as const;
const EMPTY_ROWS = ['       ', '       ', '       ', '       ', '       ', '       '];

describe('HMC checks', () => {
  const want = 'Player for X\nwith tiebreak: LEFT\nand ply == 2';

  it("accepts the repr variants the document's own examples show, and nothing looser", () => {
    expect(comparePlayerRepr('p', want, want)).toEqual({ status: 'pass', message: 'ok' });
    for (const variant of [
      'Player for X  \nwith tiebreak: LEFT  \nand ply == 2',
      'Player for X\n  with tiebreak type: LEFT\n  and ply == 2\n\n',
    ]) {
      expect(comparePlayerRepr('p', want, variant)).toMatchObject({ status: 'pass', note: expect.stringContaining('tiebreak type:') });
    }
    expect(comparePlayerRepr('p', want, 'Player for X with tiebreak: LEFT and ply == 2').message).toContain(
      'line 1: expected "Player for X"',
    );
    expect(comparePlayerRepr('p', want, 'Player for X\nwith tiebreak: LEFT').message).toContain(
      'line 3: expected "and ply == 2", got "(no line)"',
    );
  });

  it('counts an int where a float is due only in the types test, and says 6 scores for a 7-wide board means a height-first Board', () => {
    const testCase: FixtureCase = {
      id: 'Player.scoresFor.gen.1',
      source,
      python: '',
      input: { board: { width: 7, height: 6, rows: EMPTY_ROWS }, player: {} },
      expected: { value: { type: 'list', items: Array.from({ length: 7 }, () => ({ type: 'float', value: 50 })) } },
    };
    const ints: ObservedValue = { type: 'list', items: Array.from({ length: 7 }, () => ({ type: 'int', value: 50 })) };
    expect(checkHmcCase('value', testCase, { replies: { result: reply(ints) } }, 'p.scoresFor(b)')).toMatchObject({
      status: 'pass',
      note: expect.stringContaining('expected a float, got an int (the types are graded by player.scoresFor.float-scores)'),
    });
    expect(checkHmcCase('value-types', testCase, { replies: { result: reply(ints) } }, 'p.scoresFor(b)')).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('expected a float, got an int'),
    });
    const other: ObservedValue = { type: 'list', items: Array.from({ length: 7 }, () => ({ type: 'int', value: 49 })) };
    expect(checkHmcCase('value', testCase, { replies: { result: reply(other) } }, 'p.scoresFor(b)').status).toBe('fail');
    const six = checkHmcCase('value', testCase, { replies: { result: reply(floats(50, 50, 50, 50, 50, 50)) } }, 'p.scoresFor(b)');
    expect(six.after).toEqual([
      {
        by: 'check',
        id: 'height-first',
        text: expect.stringContaining("That is 6 scores for a board 7 wide: HMC's Board takes (width, height)"),
      },
    ]);
  });

  it('wants a HUMAN player to ask before it answers', () => {
    const testCase: FixtureCase = {
      id: 'Player.nextMove.doc.HUMAN',
      source,
      python: '',
      input: { inputs: ['2'] },
      expected: { value: { type: 'int', value: 2 } },
    };
    const asked: CaseObservation = {
      replies: { result: { ...reply({ type: 'int', value: 2 }), prompts: ['Where would you like to place a checker? '] } },
    };
    expect(checkHmcCase('human', testCase, asked, 'p.nextMove(b)')).toEqual({ status: 'pass', message: 'ok' });
    const otherPrompt: CaseObservation = { replies: { result: { ...reply({ type: 'int', value: 2 }), prompts: ['Column? '] } } };
    expect(checkHmcCase('human', testCase, otherPrompt, 'p.nextMove(b)')).toMatchObject({
      status: 'pass',
      note: expect.stringContaining('it asked "Column? "'),
    });
    expect(checkHmcCase('human', testCase, { replies: { result: reply({ type: 'int', value: 2 }) } }, 'p.nextMove(b)').message).toContain(
      'without asking for a column',
    );
  });

  it("names a Board built height first when setBoard's board comes out 6 wide and 7 high", () => {
    const board = { width: 7, height: 6, moves: '0', rows: [...EMPTY_ROWS.slice(0, 5), 'X      '] };
    const drawn = (lines: string[]): CaseObservation => ({
      replies: { board: reply({ type: 'str', value: `${lines.join('\n')}\n---\n` }) },
    });
    expect(checkBoardSetup(drawn([...EMPTY_ROWS.slice(0, 5), 'X      '].map((r) => `|${[...r].join('|')}|`)), board).status).toBe('pass');
    const tall = Array.from({ length: 7 }, (_, i) => (i === 6 ? '|X| | | | | |' : '| | | | | | |'));
    expect(checkBoardSetup(drawn(tall), board).message).toContain('it is 6 wide and 7 high');
  });

  it('wants every tied column from RANDOM, and no other', () => {
    const columns = (...cols: number[]): CaseObservation => ({
      replies: { columns: reply({ type: 'list', items: cols.map((value) => ({ type: 'int', value })) }) },
    });
    expect(checkRandomSpread(columns(1, 2, 4, 1), [50, 100, 100, 0, 100], 4).status).toBe('pass');
    expect(checkRandomSpread(columns(1, 1, 1, 1), [50, 100, 100, 0, 100], 4).message).toContain('never returned column 2, 4');
    expect(checkRandomSpread(columns(1, 2, 4, 0), [50, 100, 100, 0, 100], 4).message).toContain('returned 0');
  });

  it('judges a game by its last board and a closing line that names the winner', () => {
    const board = '|X| | | | | | |\n---------------\n 0 1 2 3 4 5 6\n';
    const testCase: FixtureCase = {
      id: 'Board.playGame.gen.1',
      source,
      python: '',
      input: {},
      expected: { stdout: `${board}\nX wins!\n` },
    };
    const run = (transcript: string): ProgramResult => ({
      transcript,
      exitCode: 0,
      signal: undefined,
      truncated: false,
      maxChars: 20000,
      askedForMore: false,
      answersSent: 0,
      durationMs: 5,
    });
    expect(checkHmcGame(testCase, run(`${board}\nX wins!\n`))).toEqual({ status: 'pass', message: 'ok' });
    expect(checkHmcGame(testCase, run(`${board}-----\nX wins -- Congratulations!\n`))).toMatchObject({
      status: 'pass',
      note: expect.stringContaining('X wins!'),
    });
    expect(checkHmcGame(testCase, run(`${board}\nO wins!\n`)).message).toContain('do not say that X wins');
    expect(checkHmcGame(testCase, run('|O| | | | | | |\n\nX wins!\n')).message).toContain('ended on a different board');
  });
});
