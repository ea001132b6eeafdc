/**
 * `--shard i/n` and `grade merge`: shard i takes every n-th submission from the i-th, in the order a single run
 * grades them, so shards are balanced and merging them back (taking one from each in turn) restores that order
 * exactly. Pure functions; the commands read and write the files.
 */
import { aiAgreement } from '../insight/ai-agreement.js';
import { sumCosts } from './class-cost.js';
import { failureClusters } from '../insight/clusters.js';
import { byScore } from '../insight/similarity.js';
import type { RunResults, SimilarityResults, SubmissionResult } from '../model/results.js';

export interface Shard {
  /** From 1. */
  readonly index: number;
  readonly count: number;
}

export class MergeError extends Error {}

export function parseShard(text: string): Shard | { error: string } {
  const match = /^(\d+)\/(\d+)$/u.exec(text.trim());
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count || count > 1000)
    return { error: `--shard is i/n with 1 ≤ i ≤ n (like 2/4), got ${text}` };
  return { index, count };
}

export const formatShard = (shard: Shard): string => `${shard.index}/${shard.count}`;

/** A whole number read from the environment, or undefined when unset or not a whole number. */
const whole = (text: string | undefined): number | undefined =>
  text !== undefined && /^\d+$/u.test(text.trim()) ? Number(text) : undefined;

/**
 * `--shard auto`: this task's shard from the scheduler that started it. `GRADE_SHARD` (`i/n`) is read first, then a
 * Slurm job array (its task id, minimum, maximum and step), then a Kubernetes Indexed Job (`JOB_COMPLETION_INDEX`,
 * from 0, with the Job's completions given as `GRADE_SHARD_COUNT`, which Kubernetes does not put in the
 * environment), then `GRADE_SHARD_INDEX` (from 0, as GitHub Actions' `strategy.job-index`) with `GRADE_SHARD_COUNT`
 * (`strategy.job-total`). Pure: the environment is given.
 */
export function shardFromEnvironment(
  env: Readonly<Record<string, string | undefined>>,
): (Shard & { readonly from: string }) | { error: string } {
  const given = env['GRADE_SHARD'];
  if (given !== undefined) {
    const shard = parseShard(given);
    return 'error' in shard ? { error: `GRADE_SHARD: ${shard.error}` } : { ...shard, from: `GRADE_SHARD=${given}` };
  }
  const within = (index: number | undefined, count: number | undefined, from: string) => {
    if (index === undefined || count === undefined || count < 1 || index >= count)
      return { error: `--shard auto: ${from} does not give a task index from 0 below a count of tasks` };
    const shard = parseShard(`${index + 1}/${count}`);
    return 'error' in shard ? { error: `--shard auto: ${from}: ${shard.error}` } : { ...shard, from };
  };
  const task = whole(env['SLURM_ARRAY_TASK_ID']);
  if (task !== undefined) return slurmShard(task, env);
  const completion = env['JOB_COMPLETION_INDEX'];
  if (completion !== undefined) {
    if (env['GRADE_SHARD_COUNT'] === undefined)
      return {
        error:
          "--shard auto: a Kubernetes Indexed Job gives JOB_COMPLETION_INDEX but not the number of completions; set GRADE_SHARD_COUNT to the Job's spec.completions",
      };
    return within(
      whole(completion),
      whole(env['GRADE_SHARD_COUNT']),
      `the Kubernetes Indexed Job (JOB_COMPLETION_INDEX=${completion}, GRADE_SHARD_COUNT=${env['GRADE_SHARD_COUNT']})`,
    );
  }
  if (env['GRADE_SHARD_INDEX'] !== undefined || env['GRADE_SHARD_COUNT'] !== undefined) {
    return within(
      whole(env['GRADE_SHARD_INDEX']),
      whole(env['GRADE_SHARD_COUNT']),
      `GRADE_SHARD_INDEX=${env['GRADE_SHARD_INDEX'] ?? ''} and GRADE_SHARD_COUNT=${env['GRADE_SHARD_COUNT'] ?? ''}`,
    );
  }
  return {
    error:
      '--shard auto found no shard in the environment: set GRADE_SHARD=i/n, or run it as a Slurm job array, a Kubernetes Indexed Job (with GRADE_SHARD_COUNT) or with GRADE_SHARD_INDEX and GRADE_SHARD_COUNT (GitHub Actions: strategy.job-index and strategy.job-total)',
  };
}

const SLURM_VARIABLES = 'SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_MIN, SLURM_ARRAY_TASK_MAX, SLURM_ARRAY_TASK_STEP';

/**
 * A Slurm array task's shard: (id − min) / step + 1 of (max − min) / step + 1. Slurm sets MIN, MAX and STEP for every
 * array (`--array=1-4`, `0-15:4`); a list such as `1,2,5` is not evenly stepped, so its count (`SLURM_ARRAY_TASK_COUNT`)
 * differs from the span's and no task can tell which shard it is: refused, saying how to write the array.
 */
function slurmShard(
  task: number,
  env: Readonly<Record<string, string | undefined>>,
): (Shard & { readonly from: string }) | { error: string } {
  const min = whole(env['SLURM_ARRAY_TASK_MIN']);
  const max = whole(env['SLURM_ARRAY_TASK_MAX']);
  const step = whole(env['SLURM_ARRAY_TASK_STEP']) ?? 1;
  const count = whole(env['SLURM_ARRAY_TASK_COUNT']);
  if (min === undefined || max === undefined)
    return {
      error: `--shard auto: Slurm array task ${task} without SLURM_ARRAY_TASK_MIN and SLURM_ARRAY_TASK_MAX: the shard cannot be told from the task id alone (Slurm sets both for every job array; set GRADE_SHARD=i/n to give it)`,
    };
  if (step < 1 || max < min || task < min || task > max)
    return { error: `--shard auto: Slurm array task ${task} is outside its array ${min}-${max}:${step} (${SLURM_VARIABLES})` };
  const span = Math.floor((max - min) / step) + 1;
  if ((task - min) % step !== 0 || (max - min) % step !== 0 || (count !== undefined && count !== span)) {
    return {
      error: `--shard auto: the Slurm array is not contiguous (task ${task}; ${count ?? '?'} tasks from ${min} to ${max}, step ${step}): each task's shard is (id − min) / step, so give the array as a range, --array=${min}-${min + ((count ?? span) - 1) * step}${step > 1 ? `:${step}` : ''} (a %N cap is fine), not a list`,
    };
  }
  const shard = parseShard(`${(task - min) / step + 1}/${span}`);
  return 'error' in shard
    ? { error: `--shard auto: the Slurm array: ${shard.error}` }
    : { ...shard, from: `the Slurm array (task ${task} of ${min}-${max}${step > 1 ? `:${step}` : ''})` };
}

export function shardOf<T>(items: readonly T[], shard: Shard): T[] {
  return items.filter((_, position) => position % shard.count === shard.index - 1);
}

/** The inverse of taking every shard: parts[i] is shard i+1's items, in order. */
export function interleave<T>(parts: readonly (readonly T[])[]): T[] {
  const merged: T[] = [];
  const longest = Math.max(0, ...parts.map((p) => p.length));
  for (let row = 0; row < longest; row++) {
    for (const part of parts) if (row < part.length) merged.push(part[row]!);
  }
  return merged;
}

/**
 * One run's results from shards (every shard of one split, each once) or from whole runs of the same assignment
 * (their submissions one after another). What the runs must agree on is checked and named when they do not.
 */
export function mergeRuns(runs: readonly { readonly from: string; readonly run: RunResults }[]): RunResults {
  if (runs.length === 0) throw new MergeError('give the folders of the runs to merge');
  const first = runs[0]!;
  for (const { from, run } of runs.slice(1)) {
    const clash = [
      run.tool.version !== first.run.tool.version && `grader version ${run.tool.version} (${first.from}: ${first.run.tool.version})`,
      run.seed !== first.run.seed && `seed ${run.seed} (${first.from}: ${first.run.seed})`,
      run.settings?.assignment !== first.run.settings?.assignment &&
        `assignment ${run.settings?.assignment} (${first.from}: ${first.run.settings?.assignment})`,
      run.pack?.hash !== first.run.pack?.hash &&
        `assignment pack ${run.pack?.hash ?? 'none'} (${first.from}: ${first.run.pack?.hash ?? 'none'})`,
      run.settings?.only !== first.run.settings?.only &&
        `--only ${run.settings?.only ?? 'none'} (${first.from}: ${first.run.settings?.only ?? 'none'})`,
    ].filter(Boolean);
    if (clash.length > 0) throw new MergeError(`${from} was graded differently: ${clash.join(', ')}`);
  }
  const shards = runs.map(({ from, run }) => ({ from, shard: run.settings?.shard }));
  const sharded = shards.filter((s) => s.shard !== undefined);
  let submissions: SubmissionResult[];
  if (sharded.length === 0) {
    submissions = runs.flatMap(({ run }) => run.submissions);
  } else {
    if (sharded.length !== runs.length)
      throw new MergeError(
        `${shards.find((s) => s.shard === undefined)!.from} is a whole run, the others are shards: merge shards of one split only`,
      );
    const parsed = shards.map(({ from, shard }) => ({ from, ...(parseShard(shard!) as Shard) }));
    const count = parsed[0]!.count;
    const other = parsed.find((p) => p.count !== count);
    if (other)
      throw new MergeError(
        `${other.from} is shard ${other.index}/${other.count}, ${parsed[0]!.from} is one of ${count}: merge shards of one split only`,
      );
    const byIndex = new Map<number, string>();
    for (const p of parsed) {
      const twice = byIndex.get(p.index);
      if (twice) throw new MergeError(`shard ${p.index}/${count} is given twice: ${twice} and ${p.from}`);
      byIndex.set(p.index, p.from);
    }
    const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !byIndex.has(i));
    if (missing.length > 0)
      throw new MergeError(
        `shard${missing.length === 1 ? '' : 's'} ${missing.map((i) => `${i}/${count}`).join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing`,
      );
    const ordered = [...runs].sort(
      (a, b) => (parseShard(a.run.settings!.shard!) as Shard).index - (parseShard(b.run.settings!.shard!) as Shard).index,
    );
    submissions = interleave(ordered.map(({ run }) => run.submissions));
  }
  const ids = new Map<string, string>();
  for (const { from, run } of runs) {
    for (const s of run.submissions) {
      const earlier = ids.get(s.id);
      if (earlier) throw new MergeError(`submission ${s.id} is in both ${earlier} and ${from}`);
      ids.set(s.id, from);
    }
  }
  const latest = runs
    .map(({ run }) => run.generatedAt)
    .sort()
    .at(-1)!;
  const { shard: _shard, ...settings } = first.run.settings ?? ({} as NonNullable<RunResults['settings']>);
  // Clusters span the whole class, so they are found again over every shard's submissions. Similarity needs the
  // code: here the shards' own pairs, which `grade merge --submissions` replaces by a comparison across shards.
  const merged = mergeSimilarity(runs.map(({ run }) => run.similarity));
  // The AIs' agreement is read from the results, so the whole class is compared whatever the shards.
  const similarity = merged && { ...merged, aiPairs: aiAgreement(submissions) };
  // A shard's comparison with an earlier run covers that shard only: `grade compare` the merged run instead.
  const { comparison: _comparison, cost: _cost, adjustments: _adjustments, ...run } = first.run;
  // The class's cost is every run's machine time added up.
  const cost = sumCosts(runs.flatMap(({ run: r }) => (r.cost ? [r.cost] : [])));
  const adjustments = mergeAdjustmentRecords(runs.map((r) => r.run));
  return {
    ...run,
    generatedAt: latest,
    ...(first.run.settings && { settings }),
    submissions,
    ...(cost && { cost }),
    ...(adjustments && { adjustments }),
    clusters: failureClusters(submissions),
    ...(similarity && { similarity }),
  };
}

/**
 * What the runs were graded with that they do not share: the notes, the adjustments and the deadline (due time,
 * grace, late policy, extensions), each by a hash of its content. A line per setting that differs, naming what each
 * run used; none when they agree. The notes or adjustments `grade merge` applies itself are not the runs' to agree on.
 */
export function mixedSettings(
  runs: readonly { readonly from: string; readonly run: RunResults }[],
  replaced: { readonly notes?: boolean; readonly adjustments?: boolean } = {},
): string[] {
  const lines: string[] = [];
  const compare = (what: string, pick: (run: RunResults) => { key: string; shown: string }) => {
    const seen = runs.map(({ from, run }) => ({ from, ...pick(run) }));
    if (new Set(seen.map((s) => s.key)).size > 1) lines.push(`${what}: ${seen.map((s) => `${s.from} ${s.shown}`).join('; ')}`);
  };
  if (!replaced.notes)
    compare('notes', (r) =>
      r.notes
        ? { key: r.notes.hash ?? r.notes.file, shown: `used ${r.notes.file}${r.notes.hash ? ` (${r.notes.hash})` : ''}` }
        : { key: 'none', shown: 'had no notes' },
    );
  if (!replaced.adjustments)
    compare('adjustments', (r) =>
      r.adjustments
        ? {
            key: r.adjustments.hash ?? r.adjustments.file,
            shown: `used ${r.adjustments.file} (${r.adjustments.rows} row${r.adjustments.rows === 1 ? '' : 's'}${r.adjustments.hash ? `, ${r.adjustments.hash}` : ''})`,
          }
        : { key: 'none', shown: 'had no adjustments' },
    );
  compare('deadline', (r) => {
    const d = r.settings?.deadline;
    return d
      ? {
          key: d.hash,
          shown: `was due ${d.due}${d.graceMs ? ` with ${Math.round(d.graceMs / 60_000)} min of grace` : ''}, ${d.policy ? `late policy ${d.policy}` : 'no late policy'}${d.extensions ? `, extensions ${d.extensions}` : ''}${d.atDeadline ? ', at the deadline' : ''} (${d.hash})`,
        }
      : { key: 'none', shown: 'had no due time' };
  });
  return lines;
}

/** The adjustments' records of runs merged: each file named once, the students whose hand-graded points are missing gathered from every run. */
function mergeAdjustmentRecords(parts: readonly RunResults[]): RunResults['adjustments'] {
  const records = parts.flatMap((p) => (p.adjustments ? [p.adjustments] : []));
  if (records.length === 0) return undefined;
  const distinct = [...new Map(records.map((r) => [r.hash ?? r.file, r])).values()];
  const groups = new Map<string, { group: string; name: string; points: number; students: string[] }>();
  for (const n of records.flatMap((r) => r.notEntered ?? [])) {
    const entry = groups.get(n.group) ?? { group: n.group, name: n.name, points: n.points, students: [] };
    entry.students.push(...n.students.filter((s) => !entry.students.includes(s)));
    groups.set(n.group, entry);
  }
  const first = distinct[0]!;
  return {
    file: [...new Set(distinct.map((r) => r.file))].join(', '),
    rows: distinct.reduce((n, r) => n + r.rows, 0),
    ...(distinct.length === 1 && first.hash !== undefined && { hash: first.hash }),
    manualPoints: Math.max(...distinct.map((r) => r.manualPoints)),
    unapplied: distinct.flatMap((r) => r.unapplied),
    ...(groups.size > 0 && { notEntered: [...groups.values()] }),
  };
}

function mergeSimilarity(parts: readonly (SimilarityResults | undefined)[]): SimilarityResults | undefined {
  const present = parts.filter((p): p is SimilarityResults => p !== undefined);
  if (present.length === 0) return undefined;
  if (present.length === 1 && parts.length === 1) return present[0];
  const pairs = present.flatMap((p) => p.pairs).sort(byScore);
  return {
    threshold: present[0]!.threshold,
    compared: present.reduce((n, p) => n + p.compared, 0),
    pairs,
    note: 'submissions were compared within each shard only: give grade merge the submissions (--submissions <path>) to compare them all',
  };
}
