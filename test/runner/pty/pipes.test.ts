/**
 * Programs on pipes, where node-pty cannot be loaded: the harness's program mode answers input() from its config,
 * and the run has the terminal run's transcript, timers, cap and end of input. Each case runs both ways through
 * the sandbox's wrapper, and the two results must agree; and a bundle with node-pty left out still runs programs.
 */
import { execa } from 'execa';
import { build } from 'esbuild';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pythonConfig, studentCommand, studentEnv } from '../../../runner/harness/session.js';
import { PROJECT_ROOT } from '../../../runner/project-root.js';
import {
  askedAfterEndPhase,
  FIRST_PROMPT_PHASE,
  runProgram,
  terminalUnavailable,
  type ProgramResult,
  type ProgramRun,
  type ProgramTerminal,
} from '../../../runner/pty/run-program.js';
import { HARNESS_DIR, probeSandbox, type SandboxEnvironment } from '../../../runner/sandbox/environment.js';
import { resolveLimits } from '../../../runner/model/limits.js';
import { MISBEHAVING_PROGRAMS } from '../../helpers/python-programs.js';

const GAME = `
import os, sys, time
print('noise at import')

def play(n):
    total = 0
    for _ in range(n):
        total += int(input('col? '))
    print('sum', total)

${MISBEHAVING_PROGRAMS}`;

const MARK = '\u0002ask\u0003';
const START = '\u0002grade-start-1\u0003';
const END = '\u0002grade-end-1\u0003';
let dir: string;
let sandbox: SandboxEnvironment;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pipes-'));
  writeFileSync(join(dir, 'game.py'), GAME);
  sandbox = await probeSandbox('python3');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** One program as the grader runs one "on the terminal" (runner/grade/terminal.ts), on `terminal`. */
async function run(terminal: ProgramTerminal, call: string, answers: string[], over: Partial<ProgramRun> = {}): Promise<ProgramResult> {
  const config = {
    ...pythonConfig({ sandbox, workdir: dir, limits: resolveLimits({}) }, undefined),
    modules: [{ module: 'game', file: 'game.py' }],
    call: { call, args: call === 'play' ? [answers.length] : [] },
    marker: START,
    endMarker: END,
    seed: 1,
    askMarker: MARK,
    ...(terminal === 'pipes' && { answers }),
  };
  const [command, args] = studentCommand(sandbox, { workdir: dir, cgroup: undefined }, ['program', JSON.stringify(config)]);
  const result = await runProgram({
    command,
    args,
    cwd: dir,
    env: { ...studentEnv(dir), TERM: 'xterm' },
    prompt: MARK,
    answers,
    startMarker: START,
    endMarker: END,
    promptMs: 2_000,
    programMs: 8_000,
    maxChars: 100_000,
    terminal,
    ...over,
  });
  return { ...result, transcript: result.transcript.replaceAll(MARK, '') };
}

/** What must not differ between the two ways (the time taken does, by design). */
const same = ({ durationMs: _d, ...result }: ProgramResult) => result;

describe('a program on pipes', () => {
  it('answers each prompt and shows the answer echoed, as on a terminal, without the import noise', async () => {
    const piped = await run('pipes', 'play', ['3', '4']);
    expect(piped).toMatchObject({ exitCode: 0, answersSent: 2, askedForMore: false, truncated: false });
    expect(piped.transcript).toBe('col? 3\ncol? 4\nsum 7\n');
    expect(same(piped)).toEqual(same(await run('pty', 'play', ['3', '4'])));
  });

  it('names the phase of each timeout as the terminal run does', async () => {
    const cases: [string, string[], Partial<ProgramRun>][] = [
      ['stall', ['1', '2'], {}],
      ['slow_start', ['1'], {}],
      ['slow_start', [], { programMs: 1_500 }],
    ];
    const piped = await Promise.all(cases.map(([call, answers, over]) => run('pipes', call, answers, over)));
    expect(piped.map((r) => r.timedOut)).toEqual([
      { phase: 'no prompt after sending "1"', limitMs: 2_000 },
      { phase: FIRST_PROMPT_PHASE, limitMs: 2_000 },
      { phase: 'the whole program (0 of 0 lines sent)', limitMs: 1_500 },
    ]);
    const onTerminal = await Promise.all(cases.map(([call, answers, over]) => run('pty', call, answers, over)));
    expect(piped.map(same)).toEqual(onTerminal.map(same));
  });

  it('stops a flood at the cap and flags it', async () => {
    const result = await run('pipes', 'flood', [], { maxChars: 5_000 });
    expect(result).toMatchObject({ truncated: true, maxChars: 5_000 });
    expect(result.transcript.length).toBeLessThanOrEqual(5_000);
  });

  it('gives end-of-input once, then waits as a terminal would', async () => {
    // The limit is a minute: the run ends at the third question, not when the limit is reached.
    const [piped, onTerminal] = await Promise.all([
      run('pipes', 'ask_forever', ['1'], { programMs: 60_000 }),
      run('pty', 'ask_forever', ['1'], { programMs: 60_000 }),
    ]);
    expect(piped).toMatchObject({ askedForMore: true, answersSent: 1, timedOut: { phase: askedAfterEndPhase(1), limitMs: 60_000 } });
    expect(piped.durationMs).toBeLessThan(30_000);
    expect(piped.transcript).toBe('col? 1\ncol? eof\ncol? ');
    expect(same(piped)).toEqual(same(onTerminal));
  });

  it('prints a crash as Python does and reports exit codes, without waiting out a missing end marker', async () => {
    const crashed = await run('pipes', 'crash', ['1']);
    expect(crashed.transcript).toContain('IndexError: list index out of range');
    expect(crashed.exitCode).toBe(1);
    expect(same(crashed)).toEqual(same(await run('pty', 'crash', ['1'])));
    const exited = await run('pipes', 'code', []);
    expect(exited).toMatchObject({ exitCode: 4, transcript: '' });
    expect(exited.durationMs).toBeLessThan(1_500);
  });

  it('ends when the program exits, even if a child it left behind holds the pipes open', async () => {
    const result = await run('pipes', 'orphan', []);
    expect(result).toMatchObject({ exitCode: 0, transcript: 'left a child behind\n' });
    // The child sleeps 20 s: well under that shows the run did not wait for it, however busy the machine.
    expect(result.durationMs).toBeLessThan(10_000);
  });

  it("joins stderr to the output, gives the terminal's TERM and width, and answers a line read from sys.stdin", async () => {
    expect((await run('pipes', 'terminal', [])).transcript).toBe('xterm 200\n');
    expect((await run('pty', 'terminal', [])).transcript).toBe('xterm 200\n');
    expect((await run('pipes', 'reads_stdin', ['7'])).transcript).toBe('7\nread 7\n');
  });
});

describe('node-pty, loaded only when a terminal is wanted', () => {
  it('is turned off by CONNECT4_NO_PTY=1, and loads and starts a program here otherwise', async () => {
    expect(await terminalUnavailable({ CONNECT4_NO_PTY: '1' })).toBe('turned off by CONNECT4_NO_PTY=1');
    expect(await terminalUnavailable({})).toBeUndefined();
  });

  it('is unavailable when it loads but cannot start a program, as on a Mac whose spawn-helper is not executable', async () => {
    expect(await terminalUnavailable({ CONNECT4_TEST_PTY_CANNOT_SPAWN: '1' })).toBe(
      'node-pty could not start a program: posix_spawnp failed. (forced by CONNECT4_TEST_PTY_CANNOT_SPAWN=1)',
    );
  });

  it('may be left out of a bundle: without it programs run on pipes and say why; with it, on the terminal', async () => {
    const out = mkdtempSync(join(tmpdir(), 'pipes-bundle-'));
    try {
      const entry = `
        import { runProgram, terminalUnavailable } from ${JSON.stringify(join(PROJECT_ROOT, 'runner', 'pty', 'run-program.ts'))};
        const why = await terminalUnavailable();
        // The end marker, as the grader passes it: the run ends when the program's last line is in, however busy the machine.
        const config = { workdir: ${JSON.stringify(dir)}, modules: [{ module: 'game', file: 'game.py' }], call: { call: 'play', args: [1] }, marker: '<s>', endMarker: '<e>', askMarker: '?!', ...(why && { answers: ['5'] }) };
        const result = await runProgram({ command: 'python3', args: ['-I', '-B', ${JSON.stringify(join(HARNESS_DIR, 'harness.py'))}, 'program', JSON.stringify(config)], cwd: ${JSON.stringify(dir)},
          env: { PATH: process.env.PATH }, prompt: '?!', answers: ['5'], startMarker: '<s>', endMarker: '<e>', promptMs: 5000, programMs: 10000, maxChars: 10000, terminal: why ? 'pipes' : 'pty' });
        console.log(JSON.stringify({ why, transcript: result.transcript }));
      `;
      await build({
        stdin: { contents: entry, resolveDir: PROJECT_ROOT, loader: 'ts' },
        bundle: true,
        platform: 'node',
        format: 'esm',
        external: ['node-pty'],
        outfile: join(out, 'bundle.mjs'),
        logLevel: 'silent',
      });
      const without = await execa(process.execPath, [join(out, 'bundle.mjs')], { cwd: out, env: { NODE_PATH: '' } });
      expect(JSON.parse(without.stdout)).toEqual({
        why: expect.stringMatching(/^node-pty is not installed: Cannot find module 'node-pty'/u),
        transcript: 'col? ?!5\nsum 5\n',
      });
      const withIt = await execa(process.execPath, [join(out, 'bundle.mjs')], {
        cwd: out,
        env: { NODE_PATH: join(PROJECT_ROOT, 'node_modules') },
      });
      expect(JSON.parse(withIt.stdout)).toEqual({ transcript: 'col? ?!5\nsum 5\n' });
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
