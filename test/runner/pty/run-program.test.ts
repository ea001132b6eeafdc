/** The pseudo-terminal driver on small real programs: echo, prompts, limits, end of input, floods. */
import { describe, expect, it } from 'vitest';
import { runProgram, type ProgramRun } from '../../../runner/pty/run-program.js';
import { normalizeTerminalText } from '../../../runner/pty/normalize.js';

const python = (code: string, over: Partial<ProgramRun> = {}): Promise<Awaited<ReturnType<typeof runProgram>>> =>
  runProgram({
    command: 'python3',
    args: ['-c', `print('<start>', end='', flush=True)\n${code}`],
    cwd: process.cwd(),
    env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', LANG: 'C.UTF-8' },
    prompt: 'col? ',
    answers: [],
    startMarker: '<start>',
    promptMs: 3000,
    programMs: 10000,
    maxChars: 100_000,
    ...over,
  });

describe('runProgram', () => {
  it('answers each prompt and shows the typed line as the terminal echoed it', async () => {
    const result = await python("a = input('col? ')\nb = input('col? ')\nprint('sum', int(a) + int(b))", { answers: ['3', '4'] });
    expect(result).toMatchObject({ exitCode: 0, answersSent: 2, askedForMore: false, truncated: false });
    expect(result.transcript).toBe('col? 3\ncol? 4\nsum 7\n');
  });

  it('sends end-of-input when the program asks for more than the script has', async () => {
    const result = await python("while True:\n    input('col? ')", { answers: ['1'] });
    expect(result.askedForMore).toBe(true);
    expect(result.transcript).toContain('EOFError');
  });

  it('names the phase when no prompt comes after a line is sent', async () => {
    const result = await python("input('col? ')\nwhile True: pass", { answers: ['1', '2'], promptMs: 2000 });
    expect(result.timedOut).toEqual({ phase: 'no prompt after sending "1"', limitMs: 2000 });
  });

  it('stops a program that prints without end, and flags the transcript as cut', async () => {
    const result = await python("while True: print('x' * 80)", { maxChars: 5000 });
    expect(result.truncated).toBe(true);
    expect(result.transcript.length).toBeLessThanOrEqual(5000);
  });

  it('folds CRLF and strips colour codes', () => {
    expect(normalizeTerminalText('\u001b[31mred\u001b[0m\r\nnext\r\n')).toBe('red\nnext\n');
  });
});
