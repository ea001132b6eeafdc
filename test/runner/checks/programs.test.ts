import { describe, expect, it } from 'vitest';
import type { FixtureCase } from '../../../runner/model/fixture-types.js';
import { checkProgram } from '../../../runner/checks/programs.js';
import { ASK_MARKER } from '../../../runner/checks/program-markers.js';
import type { ProgramResult } from '../../../runner/pty/run-program.js';

const stdout =
  "Welcome to Connect Four!\n\n| | |\n-----\n 0 1\n\nPlayer X's turn\nEnter a column: 0\n\n| | |\n|X| |\n-----\n 0 1\n\nPlayer X wins in 1 moves.\nCongratulations!\n";
const testCase: FixtureCase = {
  id: 'connect_four.gen.t',
  source: { kind: 'generated', seed: 1, family: 't' },
  input: {},
  python: '',
  expected: { stdout },
};
const run = (over: Partial<ProgramResult>): ProgramResult => ({
  transcript: stdout,
  exitCode: 0,
  signal: undefined,
  truncated: false,
  maxChars: 1000,
  askedForMore: false,
  answersSent: 1,
  durationMs: 5,
  ...over,
});

describe('program verdicts', () => {
  it('passes the same game, and names a hang, a crash, an early exit and a game that would not end', () => {
    expect(checkProgram('program-result', testCase, run({})).status).toBe('pass');
    expect(
      checkProgram('program-result', testCase, run({ timedOut: { phase: 'no prompt after sending "0"', limitMs: 50 } })),
    ).toMatchObject({ status: 'timeout' });
    expect(
      checkProgram(
        'program-result',
        testCase,
        run({ transcript: 'Traceback (most recent call last):\n  File "ps9pr3.py", line 3\nIndexError: list index out of range\n' }),
      ).message,
    ).toContain('the program crashed: IndexError');
    expect(checkProgram('program-result', testCase, run({ exitCode: 3 })).message).toContain('exited with code 3');
    expect(checkProgram('program-result', testCase, run({ askedForMore: true })).message).toContain(
      'asked for more input than the test types',
    );
    expect(checkProgram('program-result', testCase, run({ truncated: true })).message).toContain('more than 1000 characters');
  });

  it('reads the game for its facts: wording slips pass, a different winner, count or turn order fails', () => {
    for (const slip of [
      stdout.replace('Congratulations!', 'Congradulations!'),
      stdout.replace('wins in 1 moves.', 'wins in 1 moves'),
      stdout.replace("Player X's turn", "Player X 's turn"),
      stdout.replace("Player X's turn", 'it is Player X turn').replace('Player X wins in 1 moves.', 'PLAYER X WINS IN 1 MOVES!'),
    ]) {
      expect(checkProgram('program-result', testCase, run({ transcript: slip })).status).toBe('pass');
      expect(checkProgram('program-output', testCase, run({ transcript: slip }))).toMatchObject({
        status: 'pass',
        note: expect.stringContaining('read for their meaning'),
      });
    }
    const noCount = run({ transcript: stdout.replace('wins in 1 moves.', 'wins!') });
    expect(checkProgram('program-result', testCase, noCount)).toMatchObject({
      status: 'pass',
      note: expect.stringContaining('how many moves'),
    });
    const zeroMoves = run({ transcript: stdout.replace('wins in 1 moves.', 'wins in 0 moves.') });
    expect(checkProgram('program-result', testCase, zeroMoves).message).toContain('in 0 moves according to the program');
    const otherWinner = run({ transcript: stdout.replace('Player X wins', 'Player O wins') });
    expect(checkProgram('program-result', testCase, otherWinner).message).toContain('expected the game to end with X wins in 1 moves');
    const wrongTurn = run({ transcript: stdout.replace("Player X's turn", "Player O's turn") });
    expect(checkProgram('program-output', testCase, wrongTurn).message).toContain('the turns announced were O; expected X');
    const tie = run({ transcript: stdout.replace('Player X wins in 1 moves.\nCongratulations!', "It's a tie!") });
    expect(checkProgram('program-result', testCase, tie).status).toBe('fail');
  });

  it('takes the prompt markers out before reading the transcript', () => {
    const marked = run({ transcript: stdout.replace('Enter a column: ', `Which column?${ASK_MARKER}`) });
    expect(checkProgram('program-output', testCase, marked).status).toBe('pass');
  });
});
