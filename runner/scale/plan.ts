/**
 * What `grade scale` writes a scheduler's files from: the class split into shards, each graded by one task with
 * `--shard`, then one merge of the shards' folders into the report a single run writes. The scheduler's own files
 * (runner/scale/slurm.ts, kubernetes.ts, actions.ts) are pure text made from this plan.
 */

export interface ScalePlan {
  /** How many shards, and at most how many run at once. */
  readonly shards: number;
  readonly maxRunning: number;
  /** The grader as each task starts it (`node /path/dist/grade.js`, `npx grade`), as words. */
  readonly command: readonly string[];
  /** The submissions' paths and every other option of `grade` the shards pass on, as the user gave them. */
  readonly gradeArgs: readonly string[];
  /** The options `grade merge` takes too (`--format`, `--roster`, …), given to the merge. */
  readonly mergeArgs: readonly string[];
  /** The submissions' paths (the merge compares their code across shards). */
  readonly submissions: readonly string[];
  /** Where the merged report goes. */
  readonly out: string;
  /** Where the shards' folders and the logs go. */
  readonly work: string;
  /** The folder every task starts in (absolute): relative paths above are read from it. */
  readonly cwd: string;
  /** `--previous <old-out>` (with `--keep-higher`): the merged run is compared with it once merged. */
  readonly previous?: { readonly dir: string; readonly keepHigher: boolean };
  /** Cores a shard may use (its `--jobs`). */
  readonly cpusPerTask: number;
}

/** The folder of shard `i` (from 1), under the work folder. */
export const shardDir = (work: string, index: number | string): string =>
  `${work === '.' ? '' : `${work.replace(/\/+$/u, '')}/`}shards/shard-${index}`;

/** Each shard's folder, in order. */
export const shardDirs = (plan: Pick<ScalePlan, 'work' | 'shards'>): string[] =>
  Array.from({ length: plan.shards }, (_, i) => shardDir(plan.work, i + 1));

/** A word as a POSIX shell reads it back: single-quoted unless it is plain. */
export function shellWord(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/u.test(word) ? word : `'${word.replace(/'/gu, `'\\''`)}'`;
}

export const shellLine = (words: readonly string[]): string => words.map(shellWord).join(' ');

/** Text inside double quotes, where a variable added after it still expands: `"<text>$VAR"`. */
export const doubleQuoted = (text: string): string => text.replace(/[\\"$`]/gu, (c) => `\\${c}`);

/** The merge's command line, and the comparison with an earlier run when asked. */
export function mergeCommands(plan: ScalePlan, shards: readonly string[] = shardDirs(plan)): string[][] {
  const merge = [
    ...plan.command,
    'merge',
    ...shards,
    ...plan.submissions.flatMap((s) => ['--submissions', s]),
    ...plan.mergeArgs,
    '--out',
    plan.out,
  ];
  const compare = plan.previous
    ? [[...plan.command, 'compare', plan.previous.dir, plan.out, ...(plan.previous.keepHigher ? ['--keep-higher'] : [])]]
    : [];
  return [merge, ...compare];
}

/** A shard's command line but its `--out` and `--shard`, which each scheduler gives its own way. */
export const shardCommand = (plan: ScalePlan): string[] => [
  ...plan.command,
  ...plan.gradeArgs,
  '--jobs',
  String(plan.cpusPerTask),
  '--format',
  'json',
  '--resume',
];
