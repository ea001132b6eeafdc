/**
 * A class graded on a real Slurm cluster of one node, as `grade scale slurm` sets it up: its job array of four shards
 * (at most two at once, each task finding its shard with `--shard auto`), then the merge as a job that depends on the
 * whole array, all run by `submit.sh --wait` (`sbatch --wait`). The merged class equals one run of the same class,
 * results.json but for its time stamps, and the gradebooks byte for byte. A shard that fails cancels the merge, and
 * `submit.sh --wait` says so with exit 1 (Slurm itself reports the cancelled merge as exit 0). Slow (a cluster
 * started, two arrays run): with the slow suites, and always under CI, which installs Slurm (.ci/run).
 */
import { execa } from 'execa';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { runCli } from '../../runner/cli/run-cli.js';
import { PROJECT_ROOT } from '../../runner/project-root.js';
import type { RunResults } from '../../runner/model/results.js';
import { CLI_COMMAND } from '../helpers/cli-command.js';
import { slurmMissing, startSlurm, type SlurmCluster } from '../helpers/slurm-cluster.js';
import { withoutRunTimings } from '../helpers/timings.js';

const SAMPLES = join(PROJECT_ROOT, 'fixtures', 'submissions', 'cs61a-hw04');
/** Six of CS61A's quickest samples: two correct, four with one bug each (about a second's grading in all). */
const STUDENTS = [
  'correct-plain',
  'correct-classic',
  'create-row-spaces',
  'check-win-row-no-reset',
  'put-piece-top-row',
  'get-piece-transposed',
];

const missing = slurmMissing();
if (missing.length > 0) {
  const line = `the Slurm test needs ${missing.join(', ')} (Debian's slurmctld, slurmd and slurm-client; .ci/run installs them)`;
  if (process.env.CI === 'true') throw new Error(`CI must run every test, but ${line}`);
  console.warn(`\n  skipped: ${line}\n`);
}

/** The grader as the cluster's tasks start it: this checkout's, by absolute path, whatever folder a task starts in. */
const gradeCommand = () => [process.execPath, ...CLI_COMMAND.map((arg) => (arg === 'tsx' ? import.meta.resolve('tsx') : arg))].join(' ');

let cluster: SlurmCluster | undefined;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'scale-slurm-'));
  for (const name of STUDENTS) cpSync(join(SAMPLES, name), join(dir, 'class', name), { recursive: true });
  if (missing.length === 0) cluster = await startSlurm();
}, 120_000);

afterAll(async () => {
  await cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function grade(...argv: string[]) {
  let out = '';
  let err = '';
  const code = await runCli(
    argv,
    (s) => (out += s),
    (s) => (err += s),
    { cwd: dir, env: process.env },
  );
  return { code, out, err };
}

const readResults = (folder: string) => JSON.parse(readFileSync(join(folder, 'results.json'), 'utf8')) as RunResults;

// The two tests share the cluster at once: each waits mostly on Slurm's scheduling and sbatch --wait's polls.
describe.skipIf(missing.length > 0).concurrent('grade scale slurm on a one-node Slurm cluster', () => {
  // Concurrent tests take expect from their own context, so a failure is told to the test it belongs to.
  it("grades four shards in a job array, merges them in a job after it, and gives the single run's class", async ({ expect }) => {
    // The single run starts the grader as the tasks do, from the class's folder (results.json's paths are relative to
    // it), while the cluster grades the shards.
    const single = execa(process.execPath, [...gradeCommand().split(' ').slice(1), 'class', '--out', 'single', '--format', 'json,csv'], {
      cwd: dir,
      reject: false,
    });

    const written = await grade(
      'scale',
      'slurm',
      '--shards',
      '4',
      '--max-running',
      '2',
      '--cpus-per-task',
      '1',
      '--command',
      gradeCommand(),
      'class',
      '--format',
      'json,csv',
      '--out',
      'merged',
    );
    expect(written.code, written.err).toBe(0);
    const array = readFileSync(join(dir, 'grade-slurm', 'grade-shards.sbatch'), 'utf8');
    expect(array).toContain('#SBATCH --array=1-4%2');
    expect(readFileSync(join(dir, 'grade-slurm', 'grade-merge.sbatch'), 'utf8')).toContain('#SBATCH --kill-on-invalid-dep=yes');

    const run = await execa('bash', [join(dir, 'grade-slurm', 'submit.sh'), '--wait'], {
      cwd: dir,
      env: { ...process.env, ...cluster!.env },
      reject: false,
    });
    const logs = () => `${run.stdout}\n${run.stderr}\n${cluster!.logs()}`;
    expect(run.exitCode, logs()).toBe(0);
    const alone = await single;
    expect(alone.exitCode, alone.stderr).toBe(0);
    expect(run.stdout).toContain('merged into merged');
    // Each task found its own shard in the array's variables, and said which.
    for (let task = 1; task <= 4; task++) {
      expect(readFileSync(join(dir, 'grade-slurm', 'logs', `shard-${task}.out`), 'utf8')).toContain(`--shard auto: shard ${task}/4`);
      expect(readResults(join(dir, 'grade-slurm', 'shards', `shard-${task}`)).settings?.shard).toBe(`${task}/4`);
    }
    expect(withoutRunTimings(readResults(join(dir, 'merged')))).toEqual(withoutRunTimings(readResults(join(dir, 'single'))));
    for (const file of ['gradebook.csv', 'scores.csv'])
      expect(readFileSync(join(dir, 'merged', file), 'utf8')).toBe(readFileSync(join(dir, 'single', file), 'utf8'));
  }, 180_000);

  it('cancels the merge when a shard fails, and submit.sh --wait says so with exit 1', async ({ expect }) => {
    // A grader that cannot start: every task of the array fails, so the merge's dependency can never be met.
    const written = await grade(
      'scale',
      'slurm',
      '--shards',
      '2',
      '--cpus-per-task',
      '1',
      '--work',
      'failing',
      '--command',
      `${process.execPath} ${join(dir, 'no-such-grader.js')}`,
      'class',
      '--out',
      'never',
    );
    expect(written.code, written.err).toBe(0);
    const run = await execa('bash', [join(dir, 'failing', 'submit.sh'), '--wait'], {
      cwd: dir,
      env: { ...process.env, ...cluster!.env },
      reject: false,
    });
    expect(run.exitCode, `${run.stdout}\n${run.stderr}`).toBe(1);
    expect(run.stderr).toContain('the merge did not run to its end');
    expect(existsSync(join(dir, 'never'))).toBe(false);
  }, 120_000);
});
