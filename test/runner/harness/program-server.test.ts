/**
 * Whole programs forked from a warm interpreter: the transcript a terminal shows, the terminal run's timers and
 * endings, and every run starting from the modules as imported.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProgramServer } from '../../../runner/harness/program-server.js';
import type { ProgramRequest } from '../../../runner/harness/protocol.js';
import { probeSandbox } from '../../../runner/sandbox/environment.js';
import { resolveLimits } from '../../../runner/model/limits.js';
import { MISBEHAVING_PROGRAMS } from '../../helpers/python-programs.js';
import { askedAfterEndPhase } from '../../../runner/pty/run-program.js';

const GAME = `
import os, sys, time
runs = [0]
print('noise at import')

def play(n):
    runs[0] += 1
    print('run', runs[0])
    total = 0
    for _ in range(n):
        total += int(input('col? '))
    print('sum', total)

${MISBEHAVING_PROGRAMS}`;

const MARK = '\u0002ask\u0003';
let dir: string;
let server: ProgramServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'program-server-'));
  writeFileSync(join(dir, 'game.py'), GAME);
  const sandbox = await probeSandbox('python3');
  const started = await ProgramServer.start({ sandbox, workdir: dir, limits: resolveLimits({}) }, [{ module: 'game', file: 'game.py' }]);
  if (!started) throw new Error('the program server did not start');
  server = started;
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const run = async (call: string, answers: string[], over: Partial<ProgramRequest> = {}) => {
  const result = await server.run({
    call: { call, args: call === 'play' ? [answers.length] : [] },
    answers,
    askMarker: MARK,
    seed: 1,
    promptMs: 2_000,
    programMs: 8_000,
    maxChars: 100_000,
    ...over,
  });
  if (!result) throw new Error('the server failed');
  return { ...result, transcript: result.transcript.replaceAll(MARK, '') };
};

describe('ProgramServer', () => {
  it('shows each answer echoed after its prompt, as a terminal does, without the import noise', async () => {
    const result = await run('play', ['3', '4']);
    expect(result).toMatchObject({ exitCode: 0, answersSent: 2, askedForMore: false, truncated: false });
    expect(result.transcript).toBe('run 1\ncol? 3\ncol? 4\nsum 7\n');
  });

  it('starts every run from the modules as imported: one run changing a global is not seen by the next', async () => {
    await run('play', ['1']);
    expect((await run('play', ['1'])).transcript).toMatch(/^run 1\n/u);
  });

  it('names the phase of a prompt timeout as the terminal run does', async () => {
    expect((await run('stall', ['1', '2'])).timedOut).toEqual({ phase: 'no prompt after sending "1"', limitMs: 2_000 });
    expect((await run('slow_start', ['1'])).timedOut).toEqual({ phase: 'waiting for the first prompt', limitMs: 2_000 });
    expect((await run('slow_start', [], { programMs: 1_500 })).timedOut).toEqual({
      phase: 'the whole program (0 of 0 lines sent)',
      limitMs: 1_500,
    });
  });

  it('stops a flood at the cap and flags it', async () => {
    const result = await run('flood', [], { maxChars: 5_000 });
    expect(result.truncated).toBe(true);
    expect(result.transcript.length).toBeLessThanOrEqual(5_000);
  });

  it('prints a crash as Python does, and reports exit codes; sys.exit is a normal end', async () => {
    const crashed = await run('crash', ['1']);
    expect(crashed.transcript).toContain('Traceback (most recent call last):');
    expect(crashed.transcript).toContain('IndexError: list index out of range');
    expect(crashed.exitCode).toBe(1);
    expect((await run('leave', ['1'])).exitCode).toBe(0);
    expect((await run('code', [])).exitCode).toBe(4);
  });

  it('gives end-of-input once, and stops a program that asks again as one a terminal would leave waiting', async () => {
    // The limit is a minute: the run ends at the third question, not when the limit is reached.
    const result = await run('ask_forever', ['1'], { programMs: 60_000 });
    expect(result.askedForMore).toBe(true);
    expect(result.transcript).toBe('col? 1\ncol? eof\ncol? ');
    expect(result.timedOut).toEqual({ phase: askedAfterEndPhase(1), limitMs: 60_000 });
    expect(result.durationMs).toBeLessThan(30_000);
  });

  it('ends when the program exits, even if a child it left behind holds the output open', async () => {
    const started = performance.now();
    const result = await run('orphan', []);
    expect(result.transcript).toBe('left a child behind\n');
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("answers a line read from sys.stdin, and gives the terminal run's TERM and width", async () => {
    expect((await run('reads_stdin', ['7'])).transcript).toBe('7\nread 7\n');
    expect((await run('terminal', [])).transcript).toBe('xterm 200\n');
  });
});
