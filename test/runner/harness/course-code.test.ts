/**
 * A course's own Python in the harness (protocol 7, `exec`): each statement runs in the test's namespace inside the
 * student's process, an expression gives its value with its type, a student's exception comes back with the student's
 * frames only, and Python the interpreter cannot read is the grader's problem, said as such.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HarnessReply } from '../../../runner/harness/protocol.js';
import { HarnessSession, type RequestOutcome } from '../../../runner/harness/session.js';
import { probeSandbox } from '../../../runner/sandbox/environment.js';
import { resolveLimits } from '../../../runner/model/limits.js';

const STUDENT = `
class Board:
    def __init__(self, height, width):
        self.slots = [[' '] * width for _ in range(height)]
        self.moves = []
    def add(self, col):
        self.moves.append(col)
    def undo(self):
        return self.moves.pop()
    def show(self):
        print('|' + '|'.join(self.slots[0]) + '|')
`;

let dir: string;
let session: HarnessSession;

const reply = (outcome: RequestOutcome): HarnessReply => {
  if (outcome.kind !== 'reply') throw new Error(`expected a reply, got ${outcome.kind}`);
  return outcome.reply;
};
const exec = async (source: string, value = false) =>
  reply(await session.send({ op: 'exec', source, ...(value && { value: true }) }, 3000));

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'course-code-'));
  writeFileSync(join(dir, 'board.py'), STUDENT);
  const started = await HarnessSession.start({
    sandbox: await probeSandbox('python3'),
    workdir: dir,
    limits: resolveLimits({ callMs: 3000 }),
  });
  if ('error' in started) throw new Error(started.error);
  session = started.session;
  expect(reply(await session.send({ op: 'import', module: 'board', file: 'board.py' }, 5000)).ok).toBe(true);
  await session.send({ op: 'fresh', seed: 1 }, 3000);
});
afterAll(async () => {
  await session.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("a course's own Python in the harness", () => {
  it('runs each statement in the namespace, and gives an expression its value with its type and what it printed', async () => {
    expect(await exec('b = Board(2, 3)\nfor c in (0, 1, 2):\n    b.add(c)')).toMatchObject({ ok: true, value: { type: 'none' } });
    expect(await exec('b.undo()', true)).toMatchObject({ ok: true, value: { type: 'int', value: 2 } });
    expect(await exec('(len(b.moves), b.slots[0])', true)).toMatchObject({ ok: true, value: { type: 'tuple' } });
    expect(await exec('b.show()', true)).toMatchObject({ ok: true, value: { type: 'none' }, stdout: '| | | |\n' });
  });

  it("reports the student's exception with the student's frames only", async () => {
    await exec('e = Board(1, 1)');
    const failed = await exec('e.undo()', true);
    expect(failed).toMatchObject({ ok: false, exception: { type: 'IndexError', frames: [{ file: 'board.py', function: 'undo' }] } });
  });

  it("says Python it cannot read is the grader's, never the student's", async () => {
    const refused = await exec('b.undo(', true);
    expect(refused).toMatchObject({
      ok: false,
      internal: expect.stringMatching(
        /^the course's test is not Python this interpreter \(Python 3\.\d+\.\d+\) reads: .* in 'b\.undo\('$/u,
      ),
    });
  });
});
