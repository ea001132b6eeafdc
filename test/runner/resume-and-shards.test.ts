/**
 * A class graded in pieces gives the results of one run: a run killed half-way and resumed, and two shards merged,
 * both equal an uninterrupted run (but for the time stamps and durations). And the journal, shards and merge say
 * plainly what is wrong when the pieces do not fit.
 */
import { execa } from 'execa';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../runner/cli/run-cli.js';
import { PROJECT_ROOT } from '../../runner/project-root.js';
import { Journal, ResumeError, type JournalHeader } from '../../runner/class/journal.js';
import type { RunResults } from '../../runner/model/results.js';
import { interleave, mergeRuns, mixedSettings, parseShard, shardFromEnvironment, shardOf } from '../../runner/class/shards.js';
import { withoutRunTimings } from '../helpers/timings.js';
import { CLI_COMMAND } from '../helpers/cli-command.js';

const SAMPLES = join(PROJECT_ROOT, 'fixtures', 'submissions', 'cs111-ps9');
const STUDENTS = ['correct-classic', 'repr-short-dashes', 'is-full-returns-none', 'add-checker-top-row', 'correct-compact'];
const ONLY = ['--only', 'board.'];

const made: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

async function run(...argv: string[]) {
  return runIn({}, ...argv);
}

/** The CLI under an environment of the test's making (a scheduler's variables). */
async function runIn(env: Record<string, string>, ...argv: string[]) {
  let out = '';
  let err = '';
  const code = await runCli(
    argv,
    (s) => (out += s),
    (s) => (err += s),
    { env, cwd: PROJECT_ROOT },
  );
  return { code, out, err };
}
const readResults = (dir: string) => JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as RunResults;
/** What two runs of the same class share: everything but when they ran and how long each submission took. */
const comparable = withoutRunTimings;

let klass: string;
let whole: RunResults;

beforeAll(async () => {
  klass = tempDir('class-');
  for (const name of STUDENTS) cpSync(join(SAMPLES, name), join(klass, name), { recursive: true });
  const out = tempDir('whole-');
  expect((await run(klass, ...ONLY, '--out', out, '--format', 'json')).code).toBe(0);
  whole = readResults(out);
}, 300_000);

describe('grade --resume', () => {
  it("a run killed half-way, then resumed, gives the uninterrupted run's results.json", async () => {
    const out = tempDir('killed-');
    const journal = join(out, 'results.jsonl');
    const child = execa(process.execPath, [...CLI_COMMAND, klass, ...ONLY, '--out', out, '--format', 'json', '--jobs', '1'], {
      cwd: PROJECT_ROOT,
      reject: false,
    });
    // Killed as soon as two submissions are on record: the one in flight is lost, nothing else.
    for (;;) {
      await new Promise((done) => setTimeout(done, 20));
      if (existsSync(journal) && readFileSync(journal, 'utf8').split('\n').filter(Boolean).length >= 3) break;
    }
    child.kill('SIGKILL');
    await child;
    expect(existsSync(join(out, 'results.json'))).toBe(false);
    const kept = readFileSync(journal, 'utf8').split('\n').filter(Boolean).length - 1;
    expect(kept).toBeGreaterThanOrEqual(2);
    expect(kept).toBeLessThan(STUDENTS.length);
    // A line cut off by the kill is ignored.
    writeFileSync(journal, `${readFileSync(journal, 'utf8')}{"kind":"submission","key":"half`);

    const resumed = await run(klass, ...ONLY, '--out', out, '--format', 'json', '--resume');
    expect(resumed.code).toBe(0);
    expect(resumed.err).toContain(`resuming: ${kept} submissions already graded`);
    expect(comparable(readResults(out))).toEqual(comparable(whole));
  }, 300_000);

  it('refuses to resume a run graded with another seed or test filter, naming the difference', async () => {
    const out = tempDir('other-seed-');
    expect((await run(join(klass, 'correct-classic'), ...ONLY, '--out', out, '--format', 'json', '--seed', '3')).code).toBe(0);
    const again = await run(join(klass, 'correct-classic'), ...ONLY, '--out', out, '--format', 'json', '--resume');
    expect(again.code).toBe(2);
    expect(again.err).toContain('cannot resume');
    expect(again.err).toContain('seed 3 there, 1 now');
  }, 120_000);

  it('grades a submission again when its files changed since the journal recorded it', () => {
    const dir = tempDir('journal-');
    const header: JournalHeader = {
      kind: 'run',
      tool: 't',
      version: '1',
      assignment: 'cs111-ps9',
      seed: 1,
      spec: 'abc',
      only: null,
      shard: null,
      visibleOnly: false,
    };
    const journal = Journal.open(join(dir, 'results.jsonl'), header, false);
    journal.append('alice:1111', { id: 'alice' } as never);
    expect(Journal.open(join(dir, 'results.jsonl'), header, true).done.has('alice:1111')).toBe(true);
    expect(Journal.open(join(dir, 'results.jsonl'), header, true).done.has('alice:2222')).toBe(false);
    expect(() => Journal.open(join(dir, 'results.jsonl'), { ...header, spec: 'def' }, true)).toThrow(ResumeError);
  });
});

describe('grade --shard and grade merge', () => {
  it("two shards merged give the single run's results.json", async () => {
    const [one, two, merged] = [tempDir('shard-1-'), tempDir('shard-2-'), tempDir('merged-')];
    expect((await run(klass, ...ONLY, '--out', one, '--format', 'json', '--shard', '1/2')).code).toBe(0);
    expect((await run(klass, ...ONLY, '--out', two, '--format', 'json', '--shard', '2/2')).code).toBe(0);
    expect(readResults(one).submissions.map((s) => s.id)).toEqual(['add-checker-top-row', 'correct-compact', 'repr-short-dashes']);
    expect(readResults(one).settings?.shard).toBe('1/2');
    const result = await run('merge', two, one, '--out', merged, '--submissions', klass);
    expect(result.code, result.err).toBe(0);
    expect(result.out).toMatch(/^correct-classic\s+\d+\/96/mu);
    expect(existsSync(join(merged, 'index.html'))).toBe(true);
    expect(comparable(readResults(merged))).toEqual(comparable(whole));
  }, 300_000);

  it("--shard auto takes each task's shard from a Slurm job array and a Kubernetes Indexed Job, and the shards merged give the single run", async () => {
    // A Slurm array --array=4-6 (three tasks), and a Kubernetes Job of three completions, as each sets its tasks' variables.
    const slurm = (id: number) => ({
      SLURM_ARRAY_TASK_ID: String(id),
      SLURM_ARRAY_TASK_MIN: '4',
      SLURM_ARRAY_TASK_MAX: '6',
      SLURM_ARRAY_TASK_STEP: '1',
      SLURM_ARRAY_TASK_COUNT: '3',
    });
    const indexed = (index: number) => ({ JOB_COMPLETION_INDEX: String(index), GRADE_SHARD_COUNT: '3' });
    for (const [scheduler, envs] of [
      ['slurm', [4, 5, 6].map(slurm)],
      ['indexed', [0, 1, 2].map(indexed)],
    ] as const) {
      const outs = envs.map((_, i) => tempDir(`${scheduler}-${i + 1}-`));
      for (const [i, env] of envs.entries()) {
        const graded = await runIn(env, klass, ...ONLY, '--out', outs[i]!, '--format', 'json', '--shard', 'auto');
        expect(graded.code, graded.err).toBe(0);
        expect(graded.err).toContain(`--shard auto: shard ${i + 1}/3`);
        expect(readResults(outs[i]!).settings?.shard).toBe(`${i + 1}/3`);
      }
      const merged = tempDir(`${scheduler}-merged-`);
      const result = await run('merge', ...outs, '--out', merged, '--format', 'json', '--submissions', klass);
      expect(result.code, result.err).toBe(0);
      expect(comparable(readResults(merged))).toEqual(comparable(whole));
    }
  }, 300_000);

  it('--shard auto reads GRADE_SHARD first, a 0-based index with a count, and says what it looked for when it finds nothing', async () => {
    expect(shardFromEnvironment({ GRADE_SHARD: '2/5', SLURM_ARRAY_TASK_ID: '1' })).toMatchObject({
      index: 2,
      count: 5,
      from: 'GRADE_SHARD=2/5',
    });
    expect(shardFromEnvironment({ GRADE_SHARD_INDEX: '0', GRADE_SHARD_COUNT: '4' })).toMatchObject({ index: 1, count: 4 });
    expect(
      shardFromEnvironment({
        SLURM_ARRAY_TASK_ID: '10',
        SLURM_ARRAY_TASK_MIN: '0',
        SLURM_ARRAY_TASK_MAX: '10',
        SLURM_ARRAY_TASK_STEP: '5',
        SLURM_ARRAY_TASK_COUNT: '3',
      }),
    ).toMatchObject({ index: 3, count: 3 });
    expect(
      shardFromEnvironment({
        SLURM_ARRAY_TASK_ID: '3',
        SLURM_ARRAY_TASK_MIN: '0',
        SLURM_ARRAY_TASK_MAX: '4',
        SLURM_ARRAY_TASK_STEP: '2',
        SLURM_ARRAY_TASK_COUNT: '3',
      }),
    ).toHaveProperty('error', expect.stringContaining('not contiguous'));
    expect(shardFromEnvironment({ JOB_COMPLETION_INDEX: '1' })).toHaveProperty('error', expect.stringContaining('GRADE_SHARD_COUNT'));
    expect(shardFromEnvironment({ JOB_COMPLETION_INDEX: '3', GRADE_SHARD_COUNT: '3' })).toHaveProperty('error');
    expect(shardFromEnvironment({ GRADE_SHARD: 'two' })).toHaveProperty('error', expect.stringContaining('GRADE_SHARD'));
    const none = await runIn({}, klass, '--shard', 'auto', '--out', tempDir('none-'));
    expect(none.code).toBe(2);
    expect(none.err).toContain('--shard auto found no shard in the environment');
  });

  it('says which shard is missing, given twice, or graded differently', async () => {
    const shard = (index: number, count: number, seed = 1): RunResults => ({
      ...whole,
      seed,
      settings: { ...whole.settings!, shard: `${index}/${count}` },
      submissions: shardOf(whole.submissions, { index, count }),
    });
    expect(() =>
      mergeRuns([
        { from: 'a', run: shard(1, 3) },
        { from: 'b', run: shard(3, 3) },
      ]),
    ).toThrow('shard 2/3 is missing');
    expect(() =>
      mergeRuns([
        { from: 'a', run: shard(1, 2) },
        { from: 'b', run: shard(1, 2) },
      ]),
    ).toThrow('shard 1/2 is given twice: a and b');
    expect(() =>
      mergeRuns([
        { from: 'a', run: shard(1, 2) },
        { from: 'b', run: shard(2, 2, 5) },
      ]),
    ).toThrow('b was graded differently: seed 5 (a: 1)');
    expect(() =>
      mergeRuns([
        { from: 'a', run: shard(1, 2) },
        { from: 'b', run: shard(2, 3) },
      ]),
    ).toThrow('merge shards of one split only');
    const missing = await run('merge', tempDir('empty-'));
    expect(missing).toMatchObject({ code: 2, err: expect.stringContaining('has no results.json') });
  });

  it('names every setting two runs were graded with differently: notes, adjustments, due time and late policy', () => {
    const deadline = (due: string, policy: string | undefined, hash: string) => ({ due, graceMs: 0, ...(policy && { policy }), hash });
    const a = {
      ...whole,
      notes: { file: 'notes.yml', used: [], unmatched: [], hash: 'aaa' },
      adjustments: { file: 'adj.csv', rows: 2, hash: 'x1', manualPoints: 0, unapplied: [] },
      settings: { ...whole.settings!, deadline: deadline('2026-12-04T23:59:00-05:00', 'late.yml', 'd1') },
    };
    const b = {
      ...a,
      notes: { ...a.notes, hash: 'bbb' },
      settings: { ...a.settings, deadline: deadline('2026-12-05T23:59:00-05:00', undefined, 'd2') },
    };
    const c = { ...a, adjustments: undefined };
    expect(
      mixedSettings([
        { from: 's1', run: a },
        { from: 's2', run: a },
      ]),
    ).toEqual([]);
    expect(
      mixedSettings([
        { from: 's1', run: a },
        { from: 's2', run: b },
        { from: 's3', run: c },
      ]),
    ).toEqual([
      'notes: s1 used notes.yml (aaa); s2 used notes.yml (bbb); s3 used notes.yml (aaa)',
      'adjustments: s1 used adj.csv (2 rows, x1); s2 used adj.csv (2 rows, x1); s3 had no adjustments',
      'deadline: s1 was due 2026-12-04T23:59:00-05:00, late policy late.yml (d1); s2 was due 2026-12-05T23:59:00-05:00, no late policy (d2); s3 was due 2026-12-04T23:59:00-05:00, late policy late.yml (d1)',
    ]);
    // The notes and adjustments grade merge applies itself replace the runs': theirs need not agree.
    expect(
      mixedSettings(
        [
          { from: 's1', run: a },
          { from: 's3', run: c },
        ],
        { adjustments: true },
      ),
    ).toEqual([]);
  });

  it('splits every n-th submission, and interleaving the shards restores the order', () => {
    const items = Array.from({ length: 11 }, (_, i) => i);
    const parts = [1, 2, 3].map((index) => shardOf(items, { index, count: 3 }));
    expect(parts[0]).toEqual([0, 3, 6, 9]);
    expect(interleave(parts)).toEqual(items);
    expect(parseShard('0/2')).toHaveProperty('error');
    expect(parseShard('3/2')).toHaveProperty('error');
    expect(parseShard('2/2')).toEqual({ index: 2, count: 2 });
  });
});
