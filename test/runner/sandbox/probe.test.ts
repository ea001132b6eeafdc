/**
 * The sandbox probe in a process that grades many times (a test worker, grade check --watch): the interpreter and the
 * wrappers are asked once per interpreter command, what the environment switches (fork, the terminal, bubblewrap)
 * is read again on every probe, and a probe that failed is not remembered.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { probeSandbox, SetupError } from '../../../runner/sandbox/environment.js';

const SWITCHES = ['CONNECT4_NO_FORK', 'CONNECT4_NO_BUBBLEWRAP'] as const;
const saved = Object.fromEntries(SWITCHES.map((name) => [name, process.env[name]]));
afterEach(() => {
  for (const name of SWITCHES) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

describe('the sandbox probe', () => {
  it('asks the interpreter once, and reads the switches of the environment on every probe', async () => {
    for (const name of SWITCHES) delete process.env[name];
    const first = await probeSandbox('python3');
    process.env['CONNECT4_NO_FORK'] = '1';
    const noFork = await probeSandbox('python3');
    delete process.env['CONNECT4_NO_FORK'];
    const again = await probeSandbox('python3');
    expect(first.noFork).toBeUndefined();
    expect(noFork.noFork).toBe(true);
    expect(noFork.notes.filter((n) => n.includes('CONNECT4_NO_FORK=1'))).toHaveLength(1);
    expect(again.notes).toEqual(first.notes);
    // The same answers, not asked again: the layout the interpreter's probe made is the very same object.
    expect(again.python).toBe(first.python);
    if (first.bubblewrap) expect(again.bubblewrap).toBe(first.bubblewrap);

    process.env['CONNECT4_NO_BUBBLEWRAP'] = '1';
    const without = await probeSandbox('python3');
    expect(without.isolation).not.toBe('bubblewrap');
    expect(without.notes.some((n) => n.includes('turned off by CONNECT4_NO_BUBBLEWRAP=1'))).toBe(true);
  });

  it('does not remember an interpreter that cannot run: each probe says so', async () => {
    for (let i = 0; i < 2; i++) {
      const failed = await probeSandbox('/no/such/python3').then(() => undefined, (error: unknown) => error);
      expect(failed).toBeInstanceOf(SetupError);
      expect((failed as SetupError).message).toContain("cannot run Python as '/no/such/python3'");
    }
  });
});
