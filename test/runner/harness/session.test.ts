/** The harness as the runner uses it: typed values, captured output, scripted input, student frames, limits. */
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HarnessSession, type RequestOutcome } from '../../../runner/harness/session.js';
import { probeSandbox, type SandboxEnvironment } from '../../../runner/sandbox/environment.js';
import { resolveLimits } from '../../../runner/model/limits.js';
import type { HarnessReply } from '../../../runner/harness/protocol.js';

const STUDENT = `
import sys, os
print('side effect at import')

class Thing:
    def __init__(self, n):
        self.n = n
    def __repr__(self):
        return 'Thing(%d)' % self.n

def values():
    return [50, 50.0, True, None, (1, 2), {'a': [1]}, 2 ** 70, float('nan'), {3, 1}]

def ask():
    a = input('first? ')
    print('got', a)
    return input('second? ')

def boom(x):
    return helper(x)

def helper(x):
    return [1][x]

def spin():
    while True:
        pass

def leave():
    sys.exit(3)

def die():
    os._exit(7)

def hog():
    return len([0] * (10 ** 10))

def shout():
    for i in range(10 ** 6):
        print('x' * 100)
    return 'done'

def shout_once():
    print('é' * 5_000_000, end='')
    print('!')
    return 'done'

def write_file():
    with open('big.bin', 'wb') as handle:
        handle.write(b'0' * (64 * 1024 * 1024))

def fork_many():
    import time
    made = 0
    try:
        for _ in range(100):
            pid = os.fork()
            if pid == 0:
                time.sleep(30)
                os._exit(0)
            made += 1
    except OSError:
        return ['stopped', made]
    return ['all', made]

def connect():
    import socket
    socket.create_connection(('127.0.0.1', 9), timeout=1)

class Huge:
    def __repr__(self):
        return 'H' * 1_000_000

class Node:
    def __init__(self, parent=None):
        self.parent = parent
        self.children = set()

def family(depth=6, width=8):
    root = Node()
    level = [root]
    for _ in range(depth):
        nxt = []
        for node in level[:50]:
            for _ in range(width):
                child = Node(node)
                node.children.add(child)
                nxt.append(child)
        level = nxt
    return root

def loop():
    a = [1]
    a.append(a)
    return a

def shared():
    row = [0] * 100
    return [[row] * 100 for _ in range(100)]

def third_party():
    import requests
    return 'imported'

def allowed_package():
    import json, collections
    return 'fine'

def echo(x):
    return x

class Token:
    def __init__(self, n):
        self.n = n

def set_order():
    return [t.n for t in {Token(i) for i in range(40)}]

def rows_and_more():
    return [[['X', '-'], [1, True, None]], ('t', [2]), [1.5, [3]]]
`;

let dir: string;
let sandbox: SandboxEnvironment;
let session: HarnessSession;
const limits = resolveLimits({ callMs: 3000, memoryMb: 512, fileSizeMb: 1 });

async function start(allowedPackages?: readonly string[]): Promise<HarnessSession> {
  const started = await HarnessSession.start({
    sandbox: allowedPackages ? { ...sandbox, allowedPackages } : sandbox,
    workdir: dir,
    limits,
  });
  if ('error' in started) throw new Error(started.error);
  const imported = await started.session.send({ op: 'import', module: 'student', file: 'student.py' }, 5000);
  expect(imported.kind).toBe('reply');
  await started.session.send({ op: 'fresh', seed: 1 }, 5000);
  return started.session;
}

const reply = (outcome: RequestOutcome): HarnessReply => {
  if (outcome.kind !== 'reply') throw new Error(`expected a reply, got ${outcome.kind}`);
  return outcome.reply;
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'harness-test-'));
  writeFileSync(join(dir, 'student.py'), STUDENT);
  sandbox = await probeSandbox('python3');
  session = await start();
});
afterAll(async () => {
  await session.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the harness', () => {
  it('reports what the import printed and the names the module defines', async () => {
    const fresh = await start();
    const outcome = reply(await fresh.send({ op: 'import', module: 'again', file: 'student.py' }, 5000));
    expect(outcome).toMatchObject({ ok: true, stdout: 'side effect at import\n' });
    expect('defined' in outcome && outcome.defined).toEqual(expect.arrayContaining(['Thing', 'values', 'ask']));
    await fresh.close();
  });

  it('returns values with their Python types kept', async () => {
    const outcome = reply(await session.send({ op: 'call', target: ['values'], args: [] }, 3000));
    expect(outcome.ok && outcome.value).toEqual({
      type: 'list',
      items: [
        { type: 'int', value: 50 },
        { type: 'float', value: 50 },
        { type: 'bool', value: true },
        { type: 'none' },
        {
          type: 'tuple',
          items: [
            { type: 'int', value: 1 },
            { type: 'int', value: 2 },
          ],
        },
        {
          type: 'dict',
          entries: [
            [
              { type: 'str', value: 'a' },
              { type: 'list', items: [{ type: 'int', value: 1 }] },
            ],
          ],
        },
        { type: 'int', value: '1180591620717411303424', big: true },
        { type: 'float', value: 'nan' },
        {
          type: 'set',
          items: [
            { type: 'int', value: 1 },
            { type: 'int', value: 3 },
          ],
        },
      ],
    });
  });

  it('keeps objects made earlier in a test, and reports them by class, repr and attributes', async () => {
    await session.send({ op: 'call', target: ['Thing'], args: [{ type: 'int', value: 4 }], bind: 't' }, 3000);
    const outcome = reply(await session.send({ op: 'get', target: ['t'] }, 3000));
    expect(outcome.ok && outcome.value).toEqual({
      type: 'object',
      class: 'Thing',
      repr: 'Thing(4)',
      attrs: { n: { type: 'int', value: 4 } },
    });
    expect(reply(await session.send({ op: 'repr', target: ['t'] }, 3000))).toMatchObject({ value: { type: 'str', value: 'Thing(4)' } });
  });

  it("cuts an object's huge repr short, so it does not cross the channel with every reply", async () => {
    const outcome = reply(await session.send({ op: 'call', target: ['Huge'], args: [] }, 3000));
    const value = outcome.ok ? outcome.value : undefined;
    expect(value).toMatchObject({ type: 'object', class: 'Huge', repr: expect.stringMatching(/^H{10000}… \(1000000 characters\)$/) });
  });

  it('serialises nothing of a value no check reads, and a value it reads without cycles and within a budget', async () => {
    const quiet = reply(await session.send({ op: 'call', target: ['family'], args: [], quiet: true }, 3000));
    expect(quiet).toMatchObject({ ok: true, value: { type: 'object', class: 'Node', repr: '<not read>' } });
    const read = reply(await session.send({ op: 'call', target: ['family'], args: [] }, 10_000));
    expect(read.ok && JSON.stringify(read.value).length).toBeLessThan(5_000_000);
    const cycle = reply(await session.send({ op: 'call', target: ['loop'], args: [] }, 3000));
    expect(cycle.ok && cycle.value).toEqual({
      type: 'list',
      items: [
        { type: 'int', value: 1 },
        { type: 'object', class: 'list', repr: '<cycle: this value contains itself>' },
      ],
    });
    const wide = reply(await session.send({ op: 'call', target: ['shared'], args: [] }, 10_000));
    expect(wide.ok && JSON.stringify(wide.value)).toContain('"truncated":true');
  });

  it('sends a plain list in its short form both ways, and it reads as the typed form', async () => {
    const s = (value: string) => ({ type: 'str', value }) as const;
    const i = (value: number) => ({ type: 'int', value }) as const;
    const board = {
      type: 'list',
      items: [
        { type: 'list', items: [s('X'), i(7), { type: 'bool', value: false }, { type: 'none' }] },
        { type: 'list', items: [] },
      ],
    } as const;
    expect(reply(await session.send({ op: 'call', target: ['echo'], args: [board] }, 3000))).toMatchObject({ ok: true, value: board });
    const mixed = reply(await session.send({ op: 'call', target: ['rows_and_more'], args: [] }, 3000));
    expect(mixed.ok && mixed.value).toEqual({
      type: 'list',
      items: [
        {
          type: 'list',
          items: [
            { type: 'list', items: [s('X'), s('-')] },
            { type: 'list', items: [i(1), { type: 'bool', value: true }, { type: 'none' }] },
          ],
        },
        { type: 'tuple', items: [s('t'), { type: 'list', items: [i(2)] }] },
        {
          type: 'list',
          items: [
            { type: 'float', value: 1.5 },
            { type: 'list', items: [i(3)] },
          ],
        },
      ],
    });
  });

  it('lays a submission out at the same addresses in every run, so a set of its objects iterates the same way', async (context) => {
    if (!sandbox.fixedAddresses) context.skip();
    // Two runs of the same requests: the order is the same however the machine placed the processes.
    const orders = [];
    for (const run of [await start(), await start()]) {
      orders.push(reply(await run.send({ op: 'call', target: ['set_order'], args: [] }, 3000)));
      await run.close();
    }
    const [first, second] = orders.map((o) => (o.ok && 'value' in o ? o.value : undefined));
    expect(first).toMatchObject({ type: 'list' });
    expect(second).toEqual(first);
  });

  it('refuses a third-party package the assignment does not allow, naming it, and lets the standard library through', async () => {
    const guarded = await start([]);
    const refused = reply(await guarded.send({ op: 'call', target: ['third_party'], args: [] }, 5000));
    expect(!refused.ok && 'exception' in refused && refused.exception).toMatchObject({
      type: 'ModuleNotFoundError',
      message: expect.stringContaining('requests is not available to submissions'),
    });
    expect(reply(await guarded.send({ op: 'call', target: ['allowed_package'], args: [] }, 5000))).toMatchObject({
      ok: true,
      value: { type: 'str', value: 'fine' },
    });
    await guarded.close();
  });

  it('answers input() from the script, echoes it like a terminal, and says so when the script runs out', async () => {
    const enough = reply(await session.send({ op: 'call', target: ['ask'], args: [], inputs: ['1', '2'] }, 3000));
    expect(enough).toMatchObject({
      ok: true,
      value: { type: 'str', value: '2' },
      stdout: 'first? 1\ngot 1\nsecond? 2\n',
      prompts: ['first? ', 'second? '],
      inputsLeft: 0,
    });
    const short = reply(await session.send({ op: 'call', target: ['ask'], args: [], inputs: ['1'] }, 3000));
    expect(short.ok).toBe(false);
    expect(!short.ok && 'exception' in short && short.exception).toMatchObject({
      type: 'EOFError',
      message: expect.stringContaining('asked for more input than the test gives'),
    });
  });

  it("reports an exception with the student's own frames only", async () => {
    const outcome = reply(await session.send({ op: 'call', target: ['boom'], args: [{ type: 'int', value: 5 }] }, 3000));
    expect(!outcome.ok && 'exception' in outcome && outcome.exception).toEqual({
      type: 'IndexError',
      bases: ['IndexError', 'LookupError', 'Exception', 'BaseException', 'object'],
      message: 'list index out of range',
      frames: [
        { file: 'student.py', line: 20, function: 'boom', code: 'return helper(x)' },
        { file: 'student.py', line: 23, function: 'helper', code: 'return [1][x]' },
      ],
    });
  });

  it('survives sys.exit() in a call, and reports it as an exception', async () => {
    const outcome = reply(await session.send({ op: 'call', target: ['leave'], args: [] }, 3000));
    expect(!outcome.ok && 'exception' in outcome && outcome.exception).toMatchObject({
      type: 'SystemExit',
      message: 'sys.exit(3) was called',
    });
    expect(session.isAlive).toBe(true);
  });

  it('keeps a capped amount of a flood of output and counts the rest', async () => {
    const outcome = reply(await session.send({ op: 'call', target: ['shout'], args: [] }, 20000));
    expect(outcome).toMatchObject({ ok: true, value: { type: 'str', value: 'done' } });
    expect('stdout' in outcome && outcome.stdout.length).toBe(limits.outputChars);
    expect('stdoutDropped' in outcome && outcome.stdoutDropped).toBe(101_000_000 - limits.outputChars);
  });

  it('keeps the capped start of one huge string and counts the rest in characters', async () => {
    const outcome = reply(await session.send({ op: 'call', target: ['shout_once'], args: [] }, 20000));
    expect(outcome).toMatchObject({ ok: true, value: { type: 'str', value: 'done' } });
    expect('stdout' in outcome && outcome.stdout).toBe('é'.repeat(limits.outputChars));
    expect('stdoutDropped' in outcome && outcome.stdoutDropped).toBe(5_000_002 - limits.outputChars);
  });

  it('turns a memory hog into MemoryError and a huge file into an error, not a dead machine', async () => {
    const hog = reply(await session.send({ op: 'call', target: ['hog'], args: [] }, 3000));
    expect(!hog.ok && 'exception' in hog && hog.exception.type).toBe('MemoryError');
    const file = reply(await session.send({ op: 'call', target: ['write_file'], args: [] }, 3000));
    expect(!file.ok && 'exception' in file && file.exception.type).toMatch(/OSError|File/);
  });

  it('has no network where the machine allows a network namespace', async () => {
    const outcome = reply(await session.send({ op: 'call', target: ['connect'], args: [] }, 3000));
    if (sandbox.network === 'isolated')
      expect(!outcome.ok && 'exception' in outcome && outcome.exception.type).toMatch(/OSError|ConnectionRefusedError|NetworkUnreachable/);
    else expect(sandbox.notes.join(' ')).toContain('network not isolated');
  });

  it('caps the number of processes where a pids cgroup is available', async () => {
    const own = await start();
    const outcome = reply(await own.send({ op: 'call', target: ['fork_many'], args: [] }, 10000));
    const value = outcome.ok ? outcome.value : undefined;
    if (sandbox.pidsCgroupRoot) {
      expect(value?.type === 'list' && value.items[0]).toEqual({ type: 'str', value: 'stopped' });
      const made = value?.type === 'list' && value.items[1]?.type === 'int' ? Number(value.items[1].value) : NaN;
      expect(made).toBeLessThan(limits.processes);
    } else {
      expect(sandbox.notes.join(' ')).toContain('process count');
    }
    await own.close();
  });

  it('kills a call that runs past its limit, and a fresh session works again', async () => {
    const own = await start();
    const outcome = await own.send({ op: 'call', target: ['spin'], args: [] }, 300);
    expect(outcome).toEqual({ kind: 'timeout', limitMs: 300 });
    expect(own.isAlive).toBe(false);
    const again = await start();
    expect(reply(await again.send({ op: 'call', target: ['Thing'], args: [{ type: 'int', value: 1 }] }, 3000)).ok).toBe(true);
    await again.close();
  });

  it('reports an interpreter that dies during a call as crashed, with its exit code', async () => {
    const own = await start();
    expect(await own.send({ op: 'call', target: ['die'], args: [] }, 3000)).toMatchObject({ kind: 'crashed', exitCode: 7 });
  });

  it('says plainly when a request names nothing that exists', async () => {
    const outcome = reply(await session.send({ op: 'call', target: ['nowhere'], args: [] }, 3000));
    expect(!outcome.ok && 'exception' in outcome && outcome.exception).toMatchObject({
      type: 'NameError',
      message: "name 'nowhere' is not defined",
    });
  });
});
