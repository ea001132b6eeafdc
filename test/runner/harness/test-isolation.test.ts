/**
 * Each test in its own child of the harness (op fork): what a test does to global state, a loop, an exit or a
 * killed interpreter ends with that test, the harness answers for it, and the next test starts from the imports
 * without Python starting again.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Arg } from '../../../runner/harness/protocol.js';
import { HarnessSession } from '../../../runner/harness/session.js';
import { probeSandbox } from '../../../runner/sandbox/environment.js';
import { resolveLimits } from '../../../runner/model/limits.js';

const STUDENT = `
import os, sys
seen = []

def remember(x):
    seen.append(x)
    return len(seen)

def spin():
    while True:
        pass

def die():
    os._exit(7)

def background():
    os.system('sleep 30 &')
    return 'left'

def break_print():
    import builtins
    builtins.print = None
    return 'broken'

def uses_print():
    print('fine')
    return 'ok'
`;

let dir: string;
let session: HarnessSession;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'isolation-'));
  writeFileSync(join(dir, 'student.py'), STUDENT);
  const started = await HarnessSession.start({ sandbox: await probeSandbox('python3'), workdir: dir, limits: resolveLimits({}) });
  if ('error' in started) throw new Error(started.error);
  session = started.session;
  await session.send({ op: 'import', module: 'student', file: 'student.py' }, 10_000);
});
afterAll(async () => {
  await session?.close();
  rmSync(dir, { recursive: true, force: true });
});

const int = (value: number): Arg => ({ type: 'int', value });
/** One test: a child of its own, a fresh namespace, then one call. */
async function test(name: string, args: Arg[] = [], timeoutMs = 5_000) {
  await session.send({ op: 'fork' }, 5_000);
  const [fresh, call] = await session.sendBatch([
    { request: { op: 'fresh', seed: 1 }, timeoutMs: 5_000 },
    { request: { op: 'call', target: [name], args }, timeoutMs },
  ]);
  expect(fresh).toMatchObject({ kind: 'reply', reply: { ok: true } });
  return call!;
}
const value = (outcome: Awaited<ReturnType<typeof test>>) =>
  outcome.kind === 'reply' && outcome.reply.ok ? outcome.reply.value : undefined;

describe('tests in forked children', () => {
  it('a module global one test changes is as imported in the next', async () => {
    expect(value(await test('remember', [int(1)]))).toEqual({ type: 'int', value: 1 });
    expect(value(await test('remember', [int(2)]))).toEqual({ type: 'int', value: 1 });
  });

  it('a broken builtin ends with its test', async () => {
    expect(value(await test('break_print'))).toEqual({ type: 'str', value: 'broken' });
    const next = await test('uses_print');
    expect(next).toMatchObject({ kind: 'reply', reply: { ok: true, stdout: 'fine\n' } });
  });

  it('a loop is stopped at its limit by the harness, which stays up for the next test', async () => {
    const started = performance.now();
    expect(await test('spin', [], 1_000)).toEqual({ kind: 'timeout', limitMs: 1_000 });
    // The loop never ends by itself: well under a minute shows the limit stopped it, however busy the machine.
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(session.isAlive).toBe(true);
    expect(value(await test('remember', [int(3)]))).toEqual({ type: 'int', value: 1 });
  });

  it('a child that ends the interpreter is reported with its exit code, and the next test runs', async () => {
    expect(await test('die')).toMatchObject({ kind: 'crashed', exitCode: 7 });
    expect(session.isAlive).toBe(true);
    expect(value(await test('remember', [int(4)]))).toEqual({ type: 'int', value: 1 });
  });

  it('a process left behind does not hold up the next test', async () => {
    expect(value(await test('background'))).toEqual({ type: 'str', value: 'left' });
    const started = performance.now();
    expect(value(await test('remember', [int(5)]))).toEqual({ type: 'int', value: 1 });
    // The process left behind sleeps 30 s: well under that shows nothing waited for it, however busy the machine.
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('within one test, cases share the child: a batch stops at its first failure', async () => {
    await session.send({ op: 'fork' }, 5_000);
    const outcomes = await session.sendBatch([
      { request: { op: 'fresh', seed: 1 }, timeoutMs: 5_000 },
      { request: { op: 'call', target: ['remember'], args: [int(1)] }, timeoutMs: 5_000 },
      { request: { op: 'call', target: ['spin'], args: [] }, timeoutMs: 500 },
      { request: { op: 'call', target: ['remember'], args: [int(1)] }, timeoutMs: 5_000 },
    ]);
    expect(outcomes.map((o) => o.kind)).toEqual(['reply', 'reply', 'timeout']);
  });
});
