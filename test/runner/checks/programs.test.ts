import { describe, expect, it } from 'vitest';
import type { FixtureCase } from '../../../runner/fixtures/fixture-types.js';
import { checkProgram } from '../../../runner/checks/programs.js';
import type { ProgramResult } from '../../../runner/pty/run-program.js';

const stdout = "Welcome to Connect Four!\n\n| | |\n-----\n 0 1\n\nPlayer X's turn\nEnter a column: 0\n\n| | |\n|X| |\n-----\n 0 1\n\nPlayer X wins in 1 moves.\nCongratulations!\n";
const testCase: FixtureCase = { id: 'connect_four.gen.t', source: { kind: 'generated', seed: 1, family: 't' }, input: {}, python: '', expected: { stdout } };
const run = (over: Partial<ProgramResult>): ProgramResult => ({ transcript: stdout, exitCode: 0, signal: undefined, truncated: false, maxChars: 1000, askedForMore: false, answersSent: 1, durationMs: 5, ...over });

describe('program verdicts', () => {
  it('passes the same game, and names a hang, a crash, an early exit and a game that would not end', () => {
    expect(checkProgram('program-result', testCase, run({})).status).toBe('pass');
    expect(checkProgram('program-result', testCase, run({ timedOut: { phase: 'no prompt after sending "0"', limitMs: 50 } }))).toMatchObject({ status: 'timeout' });
    expect(checkProgram('program-result', testCase, run({ transcript: 'Traceback (most recent call last):\n  File "ps9pr3.py", line 3\nIndexError: list index out of range\n' })).message).toContain('the program crashed: IndexError');
    expect(checkProgram('program-result', testCase, run({ exitCode: 3 })).message).toContain('exited with code 3');
    expect(checkProgram('program-result', testCase, run({ askedForMore: true })).message).toContain('asked for more input than the test types');
    expect(checkProgram('program-result', testCase, run({ truncated: true })).message).toContain('more than 1000 characters');
  });

  it('checks the final board and closing messages for the result, every line for the transcript', () => {
    const typo = run({ transcript: stdout.replace('Congratulations!', 'Congradulations!') });
    expect(checkProgram('program-result', testCase, typo).message).toContain('Congradulations!');
    const chatty = run({ transcript: stdout.replace("Player X's turn", "Player X's turn, good luck") });
    expect(checkProgram('program-result', testCase, chatty).status).toBe('pass');
    expect(checkProgram('program-output', testCase, chatty).status).toBe('fail');
  });
});
