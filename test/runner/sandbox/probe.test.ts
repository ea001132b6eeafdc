/**
 * The sandbox probe in a process that grades many times (a test worker, grade check --watch): the interpreter and the
 * wrappers are asked once per interpreter command, what the environment switches (fork, the terminal, bubblewrap)
 * is read again on every probe, and a probe that failed is not remembered.
 */
import { execa } from 'execa';
import { chmodSync, cpSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ASK_PYTHON, HARNESS_DIR, probeSandbox, SetupError } from '../../../runner/sandbox/environment.js';
import { tempDirs } from '../../temp-dirs.js';

const temp = tempDirs();

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
      const failed = await probeSandbox('/no/such/python3').then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failed).toBeInstanceOf(SetupError);
      expect((failed as SetupError).message).toContain("cannot run Python as '/no/such/python3'");
    }
  });

  it('compiles the harness for the interpreter in the start that asks its questions, and refuses a Python 2 by its version', async () => {
    // The probe's one start of Python, run on a copy of the harness (the probe itself compiles the package's, which
    // other tests' interpreters are reading): its six answers, then every module compiled for that interpreter.
    const { python, sitePaths } = await probeSandbox('python3');
    const tag = (await execa(python, ['-c', 'import sys; print(sys.implementation.cache_tag)'])).stdout.trim();
    const copy = temp('harness-copy-');
    cpSync(join(HARNESS_DIR, 'grade_harness'), join(copy, 'grade_harness'), { recursive: true, filter: (p) => !p.includes('__pycache__') });
    const asked = await execa(python, ['-c', ASK_PYTHON, join(copy, 'grade_harness')]);
    expect(asked.stdout.split('\n')).toHaveLength(6);
    expect(asked.stdout.split('\n')[2]).toBe('3');
    // The sixth: the folders site adds for a student process, each site-packages folder first (what `python -I` has).
    const isolated = JSON.parse((await execa(python, ['-I', '-c', 'import json, sys; print(json.dumps(sys.path))'])).stdout) as string[];
    expect(JSON.parse(asked.stdout.split('\n')[5]!)).toEqual(sitePaths);
    expect(sitePaths!.length).toBeGreaterThan(0);
    for (const folder of sitePaths!) expect(isolated, folder).toContain(folder);
    for (const module of ['channel', 'server', 'requests'])
      expect(existsSync(join(copy, 'grade_harness', '__pycache__', `${module}.${tag}.pyc`)), module).toBe(true);

    const old = join(temp('python2-'), 'python');
    writeFileSync(old, '#!/bin/sh\nprintf "/usr/bin/python2\\n2.7.18\\n2\\n/usr\\n/usr\\n"\n');
    chmodSync(old, 0o755);
    const refused = await probeSandbox(old).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(SetupError);
    expect((refused as SetupError).message).toContain('is Python 2.7.18; the assignments need Python 3.');

    // A Python 3 older than the oldest supported is refused at the start too, saying which it is and what is needed.
    const older = join(temp('python37-'), 'python');
    writeFileSync(older, '#!/bin/sh\nprintf "/usr/bin/python3.7\\n3.7.16\\n3\\n/usr\\n/usr\\n[]\\n"\n');
    chmodSync(older, 0o755);
    const tooOld = await probeSandbox(older).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(tooOld).toBeInstanceOf(SetupError);
    expect((tooOld as SetupError).message).toContain('is Python 3.7.16; the assignments need Python 3.8 or newer');
  });
});
