/**
 * A heavy test's cases in groups (SubmissionSession.prefetch with a split): each group runs in a fresh child of its
 * own, one after another or side by side on a second harness, and the two ways observe the same; what the test runs
 * after them starts in a fresh child too.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SubmissionSession, type CaseAsk } from '../../../runner/grade/submission-session.js';
import { call, int, str } from '../../../runner/plan/interaction.js';
import { probeSandbox, type SandboxEnvironment } from '../../../runner/sandbox/environment.js';
import { resolveLimits } from '../../../runner/model/limits.js';

// A global the cases of one child share: each call says how many calls its child has seen.
const STUDENT = `
import os, time
seen = []

def remember(x):
    seen.append(x)
    return [len(seen), x]

def hang():
    while True:
        pass

def mark(name):
    open(name, 'w').close()
    return name

def meet(mine, theirs):
    """Leaves a mark and waits for the other's: only two processes running at once both return."""
    open(mine, 'w').close()
    for _ in range(2000):
        if os.path.exists(theirs):
            return 'met'
        time.sleep(0.01)
    return 'alone'
`;

let dir: string;
let sandbox: SandboxEnvironment;
const sessions: SubmissionSession[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'split-cases-'));
  writeFileSync(join(dir, 'student.py'), STUDENT);
  sandbox = await probeSandbox('python3');
});
afterAll(async () => {
  await Promise.all(sessions.map((s) => s.close()));
  rmSync(dir, { recursive: true, force: true });
});

async function session(): Promise<SubmissionSession> {
  const made = new SubmissionSession(sandbox, dir, resolveLimits({}), [{ role: 'student', module: 'student', file: 'student.py' }]);
  sessions.push(made);
  await made.isolate('test');
  return made;
}

const remember = (x: number): CaseAsk => ({
  interaction: { steps: [call(['remember'], [int(x)], { observe: 'n' })] },
  seed: 1,
  callMs: 30_000,
});
const valueOf = async (s: SubmissionSession, ask: CaseAsk) => (await s.run(ask.interaction, ask.seed, ask.callMs)).replies['n']?.value;
const pair = (a: number, b: number) => ({
  type: 'list',
  items: [
    { type: 'int', value: a },
    { type: 'int', value: b },
  ],
});

describe.each([false, true])('a test split in groups (side by side: %s)', (sideBySide) => {
  it('runs each group in a fresh child of its own, and what follows in another', async () => {
    const s = await session();
    const asks = [1, 2, 3, 4].map(remember);
    await s.prefetch(asks, 60_000, {
      groups: [
        [0, 2],
        [1, 3],
      ],
      sideBySide,
    });
    const seen = [];
    for (const ask of asks) seen.push(await valueOf(s, ask));
    expect(seen).toEqual([pair(1, 1), pair(1, 2), pair(2, 3), pair(2, 4)]);
    // A case the test runs after its groups (a second reading, a smaller board) starts afresh, in both ways.
    expect(await valueOf(s, remember(5))).toEqual(pair(1, 5));
    expect(await valueOf(s, remember(6))).toEqual(pair(2, 6));
    // The next test starts in a fresh child as always.
    await s.isolate('test');
    expect(await valueOf(s, remember(7))).toEqual(pair(1, 7));
  });

  it('counts the student time of every group where the test reads it', async () => {
    const s = await session();
    const before = s.studentMs;
    const asks = [11, 12, 13, 14].map(remember);
    await s.prefetch(asks, 60_000, {
      groups: [
        [0, 1],
        [2, 3],
      ],
      sideBySide,
    });
    for (const ask of asks) await valueOf(s, ask);
    await s.settlePrefetched();
    expect(s.studentMs).toBeGreaterThan(before);
  });
});

describe('groups side by side', () => {
  it('run at the same time, on two harnesses', async () => {
    const s = await session();
    const meet = (mine: string, theirs: string): CaseAsk => ({
      interaction: { steps: [call(['meet'], [str(mine), str(theirs)], { observe: 'n' })] },
      seed: 1,
      callMs: 60_000,
    });
    const asks = [meet('mark-a', 'mark-b'), meet('mark-b', 'mark-a')];
    await s.prefetch(asks, 120_000, { groups: [[0], [1]], sideBySide: true });
    expect([await valueOf(s, asks[0]!), await valueOf(s, asks[1]!)]).toEqual([
      { type: 'str', value: 'met' },
      { type: 'str', value: 'met' },
    ]);
  });
});

describe('a test that stops in its first group', () => {
  it('leaves the groups after it unbegun, one after the other, and a case left unrun still runs when asked', async () => {
    const s = await session();
    const hang: CaseAsk = { interaction: { steps: [call(['hang'], [], { observe: 'n' })] }, seed: 1, callMs: 1_000 };
    const mark: CaseAsk = { interaction: { steps: [call(['mark'], [str('group-two-ran')], { observe: 'n' })] }, seed: 1, callMs: 30_000 };
    await s.prefetch([hang, mark], 60_000, { groups: [[0], [1]], sideBySide: false });
    expect((await s.run(hang.interaction, hang.seed, hang.callMs)).failure?.kind).toBe('timeout');
    // The test stops at its hang, as runAll does: the second group, which a hanging look-ahead would hang in too, is
    // never sent.
    await s.settlePrefetched();
    expect(existsSync(join(dir, 'group-two-ran'))).toBe(false);
    expect(await valueOf(s, mark)).toEqual({ type: 'str', value: 'group-two-ran' });
    expect(existsSync(join(dir, 'group-two-ran'))).toBe(true);
  });
});
