/**
 * Without fork (Windows, or CONNECT4_NO_FORK=1): each group of tests gets a fresh interpreter with the modules
 * imported, so what one group does to global state, or an interpreter it ends, never reaches the next (the first group
 * gets the interpreter the imports ran in while it has run nothing else, and no spare is started after the last group
 * planned); and where Python has no `resource` module the limits are said to be missing, not fatal.
 */
import { execa } from 'execa';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SubmissionSession } from '../../../runner/grade/submission-session.js';
import { call, int } from '../../../runner/plan/interaction.js';
import { forkUnavailable, HARNESS_DIR, probeSandbox } from '../../../runner/sandbox/environment.js';
import { resolveLimits } from '../../../runner/model/limits.js';

const STUDENT = `
import os
seen = []

def remember(x):
    seen.append(x)
    return len(seen)

def die():
    os._exit(7)
`;

let dir: string;
let session: SubmissionSession;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'no-fork-'));
  writeFileSync(join(dir, 'student.py'), STUDENT);
  const sandbox = { ...(await probeSandbox('python3')), noFork: true };
  session = new SubmissionSession(sandbox, dir, resolveLimits({}), [{ role: 'student', module: 'student', file: 'student.py' }]);
});
afterAll(async () => {
  await session?.close();
  rmSync(dir, { recursive: true, force: true });
});

// Each call distinct: the session shares the run of identical requests between tests.
let calls = 0;
const remember = async () => {
  const observed = await session.run({ steps: [call(['remember'], [int(++calls)], { observe: 'n' })] }, 1, 5_000);
  return observed.replies['n']?.value;
};

describe('tests without fork', () => {
  it('share an interpreter within a group, and start a fresh one, modules imported, for the next group', async () => {
    await session.isolate('problem 1');
    expect(await remember()).toEqual({ type: 'int', value: 1 });
    await session.isolate('problem 1');
    expect(await remember()).toEqual({ type: 'int', value: 2 });
    await session.isolate('problem 2');
    expect(await remember()).toEqual({ type: 'int', value: 1 });
  });

  it('start a fresh interpreter when the one of the group has ended', async () => {
    await session.isolate('problem 3');
    const died = await session.run({ steps: [call(['die'], [], { observe: 'x' })] }, 2, 5_000);
    expect(died.failure).toMatchObject({ kind: 'crashed' });
    await session.isolate('problem 3');
    expect(await remember()).toEqual({ type: 'int', value: 1 });
  });

  it('are chosen by CONNECT4_NO_FORK=1, or on Windows', () => {
    expect(forkUnavailable({ CONNECT4_NO_FORK: '1' })).toBe(true);
    expect(forkUnavailable({})).toBe(process.platform === 'win32');
  });

  it('set no limits where Python has no resource module, and say so', async () => {
    const script =
      'import sys; sys.modules["resource"] = None\nfrom grade_harness.guard import apply_limits\nprint(apply_limits({"memoryBytes": 1 << 30}))';
    const run = await execa('python3', ['-c', script], { cwd: HARNESS_DIR, reject: false });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toContain('this Python has no resource module');
  });
});

/**
 * A module that notes each interpreter importing it, so a test counts the interpreters a session started and tells
 * which one answers (a name of its own: in a PID namespace every interpreter has the same PID).
 */
const NOTES_IMPORTS = `
import os
NAME = os.urandom(8).hex()
with open("imports.log", "a") as log:
    log.write(NAME + "\\n")

def name():
    return NAME
`;

describe('interpreters without fork', () => {
  const sessions: SubmissionSession[] = [];
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(sessions.map((s) => s.close()));
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  const fresh = async () => {
    const where = mkdtempSync(join(tmpdir(), 'no-fork-starts-'));
    dirs.push(where);
    writeFileSync(join(where, 'student.py'), NOTES_IMPORTS);
    const made = new SubmissionSession({ ...(await probeSandbox('python3')), noFork: true }, where, resolveLimits({}), [
      { role: 'student', module: 'student', file: 'student.py' },
    ]);
    sessions.push(made);
    let asked = 0;
    const name = async () => (await made.run({ steps: [call(['name'], [], { observe: 'n' })] }, ++asked, 5_000)).replies['n']?.value;
    // Every interpreter that imported the module, once the session has closed (a spare is awaited at close).
    const imported = async () => {
      await made.close();
      return readFileSync(join(where, 'imports.log'), 'utf8').trim().split('\n');
    };
    return { session: made, name, imported };
  };

  it('give the first group the interpreter the imports ran in, and start none after the last group planned', async () => {
    const { session: planned, name, imported } = await fresh();
    planned.planGroups(['problem 1', 'problem 1', 'problem 2']);
    await planned.ready();
    await planned.isolate('problem 1');
    const first = await name();
    await planned.isolate('problem 2');
    const second = await name();
    const names = await imported();
    expect(names).toHaveLength(2);
    expect([first, second]).toEqual(names.map((value) => ({ type: 'str', value })));
  });

  it('start a spare for each group when no plan says which is last, and never hand a used interpreter to a group', async () => {
    const { session: unplanned, name, imported } = await fresh();
    await unplanned.ready();
    const before = await name(); // a test before any group (a program's check) has used the imports' interpreter
    await unplanned.isolate('problem 1');
    const inGroup = await name();
    expect(inGroup).not.toEqual(before);
    await unplanned.isolate('problem 2');
    expect(await name()).not.toEqual(inGroup);
    // The imports' interpreter, the first group's, the second's, and the spare started for a group after it.
    expect(await imported()).toHaveLength(4);
  });
});
