/**
 * A test's cases sent in one line (op pipeline): each answered as a batch is, in order, while the runner reads the
 * replies; a case that raises does not stop the others; a case that hangs or kills its child ends the line, and the
 * next request is answered as usual; no case starts after the budget or after a MemoryError.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Arg } from '../../../runner/harness/protocol.js';
import { HarnessSession, type PipelinedRequest, type RequestOutcome } from '../../../runner/harness/session.js';
import { probeSandbox, type SandboxEnvironment } from '../../../runner/sandbox/environment.js';
import { resolveLimits } from '../../../runner/model/limits.js';

const STUDENT = `
import os, sys, time
count = []

def add(x):
    count.append(x)
    return [len(count), x]

def boom():
    return [][1]

def spin():
    while True:
        pass

def die():
    os._exit(7)

def hog():
    raise MemoryError('pretend the memory ran out')

def nap():
    time.sleep(0.3)
    return 'rested'

def late_close():
    # Holds the harness back just before it writes the pipeline's closing line, as a busy machine may.
    def hook(frame, event, arg):
        if event == 'call' and frame.f_code.co_name == 'send':
            message = frame.f_locals.get('message')
            if isinstance(message, dict) and 'ran' in message:
                sys.setprofile(None)
                time.sleep(0.3)
    sys.setprofile(hook)
    return 'set'
`;

let dir: string;
let sandbox: SandboxEnvironment;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pipeline-'));
  writeFileSync(join(dir, 'student.py'), STUDENT);
  sandbox = await probeSandbox('python3');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function start(fork: boolean): Promise<HarnessSession> {
  const started = await HarnessSession.start({ sandbox, workdir: dir, limits: resolveLimits({}) });
  if ('error' in started) throw new Error(started.error);
  await started.session.send({ op: 'import', module: 'student', file: 'student.py' }, 10_000);
  if (fork) await started.session.send({ op: 'fork' }, 5_000);
  return started.session;
}

const int = (value: number): Arg => ({ type: 'int', value });
/** One case: a fresh namespace (seeded), then one call. */
const call = (name: string, args: Arg[] = [], timeoutMs = 5_000): PipelinedRequest[] => [
  { request: { op: 'fresh', seed: 1 }, timeoutMs: 5_000 },
  { request: { op: 'call', target: [name], args }, timeoutMs },
];

/** What each case came to: its call's value (a list of ints as numbers), the exception's type, or the outcome's kind. */
function summary(outcomes: RequestOutcome[] | undefined): unknown {
  if (!outcomes) return 'not run';
  const last = outcomes.at(-1)!;
  if (last.kind !== 'reply') return last.kind;
  if (!last.reply.ok) return 'exception' in last.reply ? last.reply.exception.type : 'internal';
  const value = last.reply.value;
  if (value.type === 'list') return value.items.map((v) => ('value' in v ? v.value : v.type));
  return 'value' in value ? value.value : value.type;
}

async function pipeline(session: HarnessSession, cases: PipelinedRequest[][], budgetMs = 60_000): Promise<unknown[]> {
  const seen: unknown[] = [];
  await session.sendPipeline(cases, { budgetMs, stopOn: ['MemoryError'] }, (index, outcomes) => {
    seen[index] = summary(outcomes);
  });
  return seen;
}

describe.each([true, false])('a pipeline of cases (fork: %s)', (fork) => {
  it('answers every case in order, each from its own fresh namespace, and a case that raises stops only itself', async () => {
    const session = await start(fork);
    // A module's global is kept from case to case within a test (a test's child is what fork throws away).
    expect(await pipeline(session, [call('add', [int(5)]), call('boom'), call('add', [int(6)]), call('nap')])).toEqual([
      [1, 5],
      'IndexError',
      [2, 6],
      'rested',
    ]);
    // The channel is free again: the next request is answered as usual.
    const after = await session.sendBatch(call('add', [int(7)]));
    expect(summary(after)).toEqual([3, 7]);
    await session.close();
  });

  it('waits for a closing line that comes late, and the harness answers the next request', async () => {
    const session = await start(fork);
    expect(await pipeline(session, [call('add', [int(1)]), call('late_close')])).toEqual([[1, 1], 'set']);
    expect(session.isAlive).toBe(true);
    expect(summary(await session.sendBatch(call('add', [int(2)])))).toEqual([2, 2]);
    await session.close();
  });

  it('ends at a case that runs past its limit; the cases after it are not run', async () => {
    const session = await start(fork);
    expect(await pipeline(session, [call('add', [int(1)]), call('spin', [], 300), call('add', [int(2)]), call('add', [int(3)])])).toEqual([
      [1, 1],
      'timeout',
      'not run',
      'not run',
    ]);
    if (fork) {
      // The harness made a new child from the imports, which answers the next request.
      expect(summary(await session.sendBatch(call('add', [int(4)])))).toEqual([1, 4]);
    } else {
      // Without fork the runner killed the interpreter, as for any request that overruns.
      expect(session.isAlive).toBe(false);
    }
    await session.close();
  });

  it('ends at a case that kills its process', async () => {
    const session = await start(fork);
    expect(await pipeline(session, [call('add', [int(1)]), call('die'), call('add', [int(2)])])).toEqual([[1, 1], 'crashed', 'not run']);
    if (fork) expect(summary(await session.sendBatch(call('add', [int(9)])))).toEqual([1, 9]);
    await session.close();
  });

  it('starts no case after one that ran out of memory, nor once the budget has passed', async () => {
    const session = await start(fork);
    expect(await pipeline(session, [call('add', [int(1)]), call('hog'), call('add', [int(2)])])).toEqual([
      [1, 1],
      'MemoryError',
      'not run',
    ]);
    // A budget of nothing: not even the first case starts.
    expect(await pipeline(session, [call('add', [int(1)]), call('add', [int(2)])], 0)).toEqual(['not run', 'not run']);
    // The budget is spent by the first case's nap (300 ms), so the second never starts.
    expect(await pipeline(session, [call('nap'), call('add', [int(2)])], 250)).toEqual(['rested', 'not run']);
    expect(summary(await session.sendBatch(call('add', [int(3)])))).toEqual([2, 3]);
    await session.close();
  });
});
