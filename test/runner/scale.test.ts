/**
 * `grade scale` writes what each scheduler needs, and each file keeps the contract it relies on: the Slurm array's
 * tasks find their shard in its variables (any minimum and step; a list of ids refused), a Kubernetes Indexed Job's
 * completion index maps each pod to one shard and its folder, and a GitHub Actions matrix grades every shard once and
 * uploads what its merge job downloads and merges. Each file's commands are run with a stand-in grader that prints
 * what it was given, so the shell's quoting and arithmetic are checked, not only the text. The Slurm array runs on a
 * real cluster in scale-slurm.test.ts.
 */
import { execa } from 'execa';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runCli } from '../../runner/cli/run-cli.js';
import { PROJECT_ROOT } from '../../runner/project-root.js';
import { parseShard, shardFromEnvironment } from '../../runner/class/shards.js';

let dir: string;
/** A grader that prints each argument it was given on a line of its own, and the shard `--shard auto` would take. */
let fake: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'scale-'));
  cpSync(join(PROJECT_ROOT, 'fixtures', 'submissions', 'cs61a-hw04', 'correct-plain'), join(dir, 'class', 'correct-plain'), {
    recursive: true,
  });
  fake = join(dir, 'fake-grade.sh');
  writeFileSync(fake, 'for a in "$@"; do printf "%s\\n" "$a"; done\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function grade(...argv: string[]) {
  let out = '';
  let err = '';
  const code = await runCli(
    argv,
    (s) => (out += s),
    (s) => (err += s),
    { cwd: dir, env: {} },
  );
  return { code, out, err };
}

/** The value after `flag` in a list of arguments. */
const after = (args: readonly string[], flag: string) => args[args.indexOf(flag) + 1];

describe('--shard auto in a Slurm job array', () => {
  const array = (id: number, min: number, max: number, step: number, count: number) => ({
    SLURM_ARRAY_TASK_ID: String(id),
    SLURM_ARRAY_TASK_MIN: String(min),
    SLURM_ARRAY_TASK_MAX: String(max),
    SLURM_ARRAY_TASK_STEP: String(step),
    SLURM_ARRAY_TASK_COUNT: String(count),
  });

  it('takes (id − min) / step: an array from 1, one from 0 with a step of 4, each task its own shard', () => {
    expect([1, 2, 3].map((id) => shardFromEnvironment(array(id, 1, 3, 1, 3)))).toMatchObject([
      { index: 1, count: 3 },
      { index: 2, count: 3 },
      { index: 3, count: 3 },
    ]);
    expect([0, 4, 8, 12].map((id) => shardFromEnvironment(array(id, 0, 12, 4, 4)))).toMatchObject(
      [1, 2, 3, 4].map((index) => ({ index, count: 4 })),
    );
    expect(shardFromEnvironment(array(3, 1, 3, 1, 3))).toHaveProperty('from', 'the Slurm array (task 3 of 1-3)');
  });

  it("refuses an array that is not a range (--array=1,2,5) and a task without the array's bounds, saying what to do", () => {
    expect(shardFromEnvironment(array(5, 1, 5, 1, 3))).toHaveProperty(
      'error',
      expect.stringContaining('the Slurm array is not contiguous'),
    );
    expect(shardFromEnvironment(array(5, 1, 5, 1, 3))).toHaveProperty('error', expect.stringContaining('--array=1-3'));
    expect(shardFromEnvironment({ SLURM_ARRAY_TASK_ID: '3', SLURM_ARRAY_TASK_COUNT: '3' })).toHaveProperty(
      'error',
      expect.stringContaining('without SLURM_ARRAY_TASK_MIN and SLURM_ARRAY_TASK_MAX'),
    );
    expect(shardFromEnvironment(array(9, 1, 4, 1, 4))).toHaveProperty('error', expect.stringContaining('outside its array'));
  });

  it('grade prints the shard it resolved to before grading', async () => {
    let printed = '';
    const run = await runCli(
      [join(dir, 'class'), '--only', 'create_row', '--shard', 'auto', '--out', join(dir, 'auto-out'), '--format', 'json'],
      () => {},
      (s) => (printed += s),
      { cwd: dir, env: array(2, 1, 2, 1, 2) },
    );
    expect(run).toBe(0);
    expect(printed).toContain('--shard auto: shard 2/2 (0 of 1 submissions), from the Slurm array (task 2 of 1-2)');
  });
});

describe('grade scale slurm', () => {
  it('writes an array of the shards with a cap, a merge after it, and a task runs its own shard into its own folder', async () => {
    const written = await grade(
      'scale',
      'slurm',
      '--shards',
      '3',
      '--max-running',
      '2',
      '--command',
      `bash ${fake}`,
      'class',
      '--only',
      'create_row',
      '--out',
      'report',
    );
    expect(written.code, written.err).toBe(0);
    const shards = readFileSync(join(dir, 'grade-slurm', 'grade-shards.sbatch'), 'utf8');
    expect(shards).toContain('#SBATCH --array=1-3%2');
    expect(shards).toContain(`#SBATCH --chdir=${dir}`);
    const task = await execa('bash', [join(dir, 'grade-slurm', 'grade-shards.sbatch')], { cwd: dir, env: { SLURM_ARRAY_TASK_ID: '3' } });
    const args = task.stdout.split('\n');
    expect(args.slice(0, 3)).toEqual(['class', '--only', 'create_row']);
    expect(after(args, '--out')).toBe('grade-slurm/shards/shard-3');
    expect(args).toContain('--resume');
    expect(after(args, '--shard')).toBe('auto');
    const merge = await execa('bash', [join(dir, 'grade-slurm', 'grade-merge.sbatch')], { cwd: dir });
    expect(merge.stdout.split('\n')).toEqual([
      'merge',
      'grade-slurm/shards/shard-1',
      'grade-slurm/shards/shard-2',
      'grade-slurm/shards/shard-3',
      '--submissions',
      'class',
      '--out',
      'report',
    ]);
    expect(readFileSync(join(dir, 'grade-slurm', 'submit.sh'), 'utf8')).toContain('--dependency="afterok:$array"');
  });
});

describe('grade scale k8s', () => {
  it('writes an Indexed Job whose completion index picks one shard and its folder, and a merge Job of those folders', async () => {
    const written = await grade(
      'scale',
      'k8s',
      '--shards',
      '4',
      '--max-running',
      '3',
      '--image',
      'registry.example.edu/grader:1',
      '--command',
      `bash ${fake}`,
      '/class/submissions',
      '--out',
      '/class/report',
      '--roster',
      '/class/roster.csv',
    );
    expect(written.code, written.err).toBe(0);
    const job = parse(readFileSync(join(dir, 'grade-k8s', 'grade-shards.yaml'), 'utf8'));
    expect(job).toMatchObject({
      apiVersion: 'batch/v1',
      kind: 'Job',
      spec: { completions: 4, parallelism: 3, completionMode: 'Indexed', template: { spec: { restartPolicy: 'Never' } } },
    });
    const container = job.spec.template.spec.containers[0];
    expect(container.image).toBe('registry.example.edu/grader:1');
    const count = container.env.find((e: { name: string }) => e.name === 'GRADE_SHARD_COUNT').value;
    expect(count).toBe(String(job.spec.completions));
    expect(container.volumeMounts[0].mountPath).toBe('/class');
    // Each pod as Kubernetes starts it: its index in JOB_COMPLETION_INDEX, from 0, and the Job's env.
    const outs: string[] = [];
    for (let index = 0; index < job.spec.completions; index++) {
      const env = { JOB_COMPLETION_INDEX: String(index), GRADE_SHARD_COUNT: count };
      const pod = await execa(container.command[0], container.command.slice(1), { env });
      const args = pod.stdout.split('\n');
      expect(after(args, '--shard')).toBe('auto');
      expect(after(args, '--roster')).toBe('/class/roster.csv');
      const shard = shardFromEnvironment(env);
      expect(shard).toMatchObject({ index: index + 1, count: 4 });
      expect(after(args, '--out')).toBe(`/class/grade-work/shards/shard-${index + 1}`);
      outs.push(after(args, '--out')!);
    }
    const merge = parse(readFileSync(join(dir, 'grade-k8s', 'grade-merge.yaml'), 'utf8'));
    const mergeArgs = (
      await execa(merge.spec.template.spec.containers[0].command[0], merge.spec.template.spec.containers[0].command.slice(1))
    ).stdout.split('\n');
    expect(mergeArgs.slice(0, 5)).toEqual(['merge', ...outs]);
    expect(after(mergeArgs, '--out')).toBe('/class/report');
    expect(readFileSync(join(dir, 'grade-k8s', 'run.sh'), 'utf8')).toContain(
      'kubectl wait --for=condition=complete --timeout=24h job/grade-class-shards',
    );
  });

  it('refuses paths the pods cannot see, and a Job without an image', async () => {
    expect(await grade('scale', 'k8s', '--shards', '2', '--image', 'x', 'submissions')).toMatchObject({
      code: 2,
      err: expect.stringContaining('under /class'),
    });
    expect(await grade('scale', 'k8s', '--shards', '2', '/class/submissions')).toMatchObject({
      code: 2,
      err: expect.stringContaining('--image'),
    });
  });
});

describe('grade scale actions', () => {
  it('writes a matrix that grades every shard once, uploads each, and a merge job that needs them all and merges what it downloads', async () => {
    const written = await grade(
      'scale',
      'actions',
      '--shards',
      '3',
      '--max-running',
      '2',
      'class',
      '--format',
      'json,html,csv',
      '--out',
      'report',
    );
    expect(written.code, written.err).toBe(0);
    const workflow = parse(readFileSync(join(dir, 'grade-actions', 'grade-class.yml'), 'utf8'));
    const { grade: shards, merge } = workflow.jobs;
    expect(shards.strategy).toMatchObject({ 'fail-fast': false, 'max-parallel': 2, matrix: { shard: [1, 2, 3] } });
    expect(merge.needs).toBe('grade');
    const run = shards.steps.find((s: { run?: string }) => s.run?.includes('--shard')).run as string;
    const upload = shards.steps.find((s: { uses?: string }) => s.uses?.startsWith('actions/upload-artifact')).with;
    const artifacts = new Map<string, string>();
    const graded = new Set<string>();
    for (const value of shards.strategy.matrix.shard) {
      const expand = (text: string) => text.replaceAll('${{ matrix.shard }}', String(value));
      const args = expand(run).split(' ');
      const shard = parseShard(after(args, '--shard')!);
      expect(shard).toEqual({ index: value, count: 3 });
      graded.add(after(args, '--shard')!);
      expect(expand(upload.path)).toBe(after(args, '--out'));
      artifacts.set(expand(upload.name), expand(upload.path));
    }
    expect(graded.size).toBe(3);
    // download-artifact puts each artifact matching the pattern in a folder of its name under `path`.
    const download = merge.steps.find((s: { uses?: string }) => s.uses?.startsWith('actions/download-artifact')).with;
    const pattern = new RegExp(`^${download.pattern.replace('*', '.*')}$`, 'u');
    const downloaded = [...artifacts.keys()].filter((name) => pattern.test(name)).map((name) => `${download.path}/${name}`);
    const mergeArgs = (merge.steps.find((s: { run?: string }) => s.run?.includes(' merge ')).run as string).split(' ');
    expect(mergeArgs.filter((a) => a.startsWith('shards/'))).toEqual(downloaded);
    expect(after(mergeArgs, '--format')).toBe('json,html,csv');
    expect(after(mergeArgs, '--out')).toBe('report');
  });

  it("says what is wrong with the shards' own options before writing anything", async () => {
    expect(await grade('scale', 'actions', '--shards', '3', 'class', '--format', 'pdf')).toMatchObject({
      code: 2,
      err: expect.stringContaining("unknown --format 'pdf'"),
    });
    expect(await grade('scale', 'actions', 'class')).toMatchObject({ code: 2, err: expect.stringContaining('--shards is a whole number') });
    expect(await grade('scale', 'actions', '--shards', '2', '--shard', '1/2', 'class')).toMatchObject({
      code: 2,
      err: expect.stringContaining('set by grade scale'),
    });
    expect(await grade('scale', 'actions', '--shards', '2', '/abs/class')).toMatchObject({
      code: 2,
      err: expect.stringContaining('inside it'),
    });
    expect(await grade('scale', 'pbs', '--shards', '2', 'class')).toMatchObject({
      code: 2,
      err: expect.stringContaining('slurm|k8s|actions'),
    });
  });
});
