/**
 * `grade scale slurm|k8s|actions --shards N [--max-running M] <grade's own arguments>`: writes what a scheduler needs
 * to grade the class in N shards, at most M at once, and merge them into the report one run writes: a Slurm job
 * array with a dependent merge job, a Kubernetes Indexed Job with its merge Job, or a GitHub Actions matrix with its
 * merge job (runner/scale/). The grading arguments are checked as `grade` checks them, now, not on the cluster.
 */
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { isAbsolute, join, normalize, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { writeWhole } from '../../reports/write-whole.js';
import { CLI_BUNDLE } from './cli-bundle.js';
import { UsageError } from './check-command.js';
import { GRADE_OPTIONS, parseFlags } from './grade-command.js';
import type { Io } from './io.js';
import { actionsWorkflow, ACTIONS_FILE } from '../scale/actions.js';
import { kubernetesFiles } from '../scale/kubernetes.js';
import { SLURM_FILES, slurmFiles } from '../scale/slurm.js';
import type { ScalePlan } from '../scale/plan.js';

const SCHEDULERS = ['slurm', 'k8s', 'actions'] as const;
type Scheduler = (typeof SCHEDULERS)[number];

const OWN_OPTIONS = {
  shards: { type: 'string' },
  'max-running': { type: 'string' },
  'cpus-per-task': { type: 'string' },
  work: { type: 'string' },
  command: { type: 'string' },
  image: { type: 'string' },
  claim: { type: 'string' },
  mount: { type: 'string' },
  name: { type: 'string' },
} as const;

/** Options of `grade` the scheduler sets itself for each shard, or that belong to the merge. */
const SET_BY_SCALE = new Set([
  'out',
  'format',
  'shard',
  'resume',
  'jobs',
  'previous',
  'keep-higher',
  'audience',
  'canvas-assignment-id',
  'canvas-problems',
]);
/** Options of `grade` that `grade merge` takes too, and for the whole class. */
const TO_MERGE = ['format', 'audience', 'canvas-assignment-id', 'canvas-problems', 'roster'];

export function runScale(argv: readonly string[], io: Io, root: string): number {
  try {
    return scale(argv, io, root);
  } catch (error) {
    if (error instanceof UsageError || (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))) {
      io.err(`grade scale: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
}

function whole(text: string | undefined, what: string, min: number, max: number, fallback?: number): number {
  if (text === undefined && fallback !== undefined) return fallback;
  const n = Number(text);
  if (text === undefined || !/^\d+$/u.test(text.trim()) || n < min || n > max)
    throw new UsageError(`${what} is a whole number from ${min} to ${max}${text === undefined ? '' : `, got ${text}`}`);
  return n;
}

function scale(argv: readonly string[], io: Io, root: string): number {
  const [kind, ...rest] = argv;
  if (!kind || !(SCHEDULERS as readonly string[]).includes(kind))
    throw new UsageError(`name the scheduler: grade scale ${SCHEDULERS.join('|')} --shards N <submissions> [grade's options]`);
  const scheduler = kind as Scheduler;
  const { values, tokens } = parseArgs({
    args: [...rest],
    allowPositionals: true,
    options: { ...GRADE_OPTIONS, ...OWN_OPTIONS },
    tokens: true,
  });
  const shards = whole(values.shards, '--shards', 1, 1000);
  const maxRunning = whole(values['max-running'], '--max-running', 1, shards, shards);
  const cpusPerTask = whole(values['cpus-per-task'], '--cpus-per-task', 1, 64, 2);
  // The shards' own arguments, as given but for what the scheduler sets: checked as `grade` would check them.
  const gradeArgs: string[] = [];
  for (const token of tokens) {
    if (token.kind === 'positional') gradeArgs.push(token.value);
    else if (token.kind === 'option' && !(token.name in OWN_OPTIONS) && !SET_BY_SCALE.has(token.name))
      gradeArgs.push(`--${token.name}`, ...(token.value !== undefined ? [token.value] : []));
  }
  if (values.shard !== undefined || values.resume)
    throw new UsageError(`--${values.shard !== undefined ? 'shard' : 'resume'} is set by grade scale for each shard; leave it out`);
  const out = values.out ?? 'grade-report';
  // Checked as one run's arguments: the shards' and the merge's together.
  const given = (name: string) =>
    values[name as keyof typeof values] === undefined
      ? []
      : typeof values[name as keyof typeof values] === 'boolean'
        ? [`--${name}`]
        : [`--${name}`, String(values[name as keyof typeof values])];
  const flags = parseFlags(
    [
      ...gradeArgs,
      '--out',
      out,
      ...['previous', 'keep-higher', 'format', 'audience', 'canvas-assignment-id', 'canvas-problems'].flatMap(given),
    ],
    io,
    root,
  );
  const kubernetes = scheduler === 'k8s';
  const mount = normalize(values.mount ?? '/class');
  if (kubernetes && values.image === undefined)
    throw new UsageError('k8s needs --image <the container image>: this package installed, with Python 3 and bubblewrap');
  const positionals = tokens.filter((t) => t.kind === 'positional').map((t) => t.value);
  const work = values.work ?? (kubernetes ? `${mount}/grade-work` : scheduler === 'actions' ? '.' : 'grade-slurm');
  checkPaths(scheduler, [...positionals, out, ...(scheduler === 'actions' ? [] : [work])], mount, io.cwd);
  const command =
    values.command !== undefined
      ? values.command.trim().split(/\s+/u)
      : scheduler === 'slurm' && existsSync(join(root, CLI_BUNDLE))
        ? [process.execPath, join(root, CLI_BUNDLE)]
        : ['npx', 'grade'];
  const mergeArgs = TO_MERGE.flatMap(given);
  const plan: ScalePlan = {
    shards,
    maxRunning,
    cpusPerTask,
    command,
    gradeArgs,
    mergeArgs,
    submissions: positionals,
    out,
    work,
    cwd: kubernetes ? mount : io.cwd,
    ...(values.previous !== undefined && { previous: { dir: values.previous, keepHigher: flags.keepHigher } }),
  };
  const folder = resolve(io.cwd, scheduler === 'actions' ? (values.work ?? 'grade-actions') : kubernetes ? 'grade-k8s' : work);
  const files =
    scheduler === 'slurm'
      ? slurmFiles(plan)
      : kubernetes
        ? kubernetesFiles(plan, { image: values.image!, claim: values.claim ?? 'class', mount, name: values.name ?? 'grade-class' })
        : { [ACTIONS_FILE]: actionsWorkflow(plan) };
  mkdirSync(folder, { recursive: true });
  const written = Object.entries(files).map(([name, text]) => {
    const path = join(folder, name);
    writeWhole(path, text);
    if (name.endsWith('.sh')) chmodSync(path, 0o755);
    return relative(io.cwd, path) || path;
  });
  io.out(
    `Wrote ${written.join(', ')}: ${shards} shard${shards === 1 ? '' : 's'}, at most ${maxRunning} at once, then the merge into ${out}.\n`,
  );
  const start =
    scheduler === 'slurm'
      ? `bash ${relative(io.cwd, join(folder, SLURM_FILES.submit))} (--wait to return when the merge is done)`
      : kubernetes
        ? `sh ${relative(io.cwd, join(folder, 'run.sh'))} (kubectl applies the shards' Job, waits for it, then the merge's)`
        : `copy ${relative(io.cwd, join(folder, ACTIONS_FILE))} into .github/workflows/ and run it from the Actions tab`;
  io.out(`Start it: ${start}\n`);
  return 0;
}

/** Paths as each scheduler's tasks will see them: on Kubernetes inside the class volume, on Actions inside the repository, on Slurm present here. */
function checkPaths(scheduler: Scheduler, paths: readonly string[], mount: string, cwd: string): void {
  for (const path of paths) {
    if (scheduler === 'k8s' && (!isAbsolute(path) || relative(mount, normalize(path)).startsWith('..'))) {
      throw new UsageError(
        `${path}: the pods see the class on its volume at ${mount}; give every path (the submissions, --out, --work) as they see it, under ${mount}`,
      );
    }
    if (scheduler === 'actions' && (isAbsolute(path) || normalize(path).startsWith('..'))) {
      throw new UsageError(`${path}: the workflow runs in a checkout of the repository; give the submissions and --out as paths inside it`);
    }
    if (scheduler === 'slurm' && /[\s"'$`\\]/u.test(resolve(cwd, path))) {
      throw new UsageError(
        `${path}: Slurm's #SBATCH lines take no spaces or quotes in a path; move the class, or give --work a plain path`,
      );
    }
  }
  if (scheduler === 'slurm' && /[\s"'$`\\]/u.test(cwd))
    throw new UsageError(
      `the folder ${cwd} has a space or quote, which Slurm's #SBATCH --chdir does not take; run grade scale from a plain path`,
    );
  if (scheduler === 'slurm') {
    const missing = paths.slice(0, -2).filter((p) => !existsSync(resolve(cwd, p)));
    if (missing.length > 0) throw new UsageError(`no such file or folder: ${missing.join(', ')}`);
  }
}
