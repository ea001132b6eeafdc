/**
 * `grade scale slurm`: a Slurm job array of the shards (`--array=1-N%M`: task i grades shard i/N through
 * `--shard auto`, at most M at once), a merge job that runs once every task has succeeded
 * (`--dependency=afterok:<array>`, cancelled rather than left pending when one failed), and `submit.sh`, which
 * submits both. Slurm reports a merge cancelled for a failed dependency as exit code 0 to `sbatch --wait`, so the
 * merge leaves a mark when it has written the report and `submit.sh --wait` checks for it. Pure: the plan in, files out.
 */
import { doubleQuoted, mergeCommands, shardCommand, shardDir, shellLine, shellWord, type ScalePlan } from './plan.js';

export const SLURM_FILES = {
  shards: 'grade-shards.sbatch',
  merge: 'grade-merge.sbatch',
  submit: 'submit.sh',
  merged: 'merged.ok',
} as const;

export function slurmFiles(plan: ScalePlan): Record<string, string> {
  const logs = `${plan.work}/logs`;
  const header = (name: string, extra: readonly string[]) => [
    '#!/bin/bash',
    `#SBATCH --job-name=${name}`,
    `#SBATCH --chdir=${plan.cwd}`,
    ...extra,
  ];
  const shards = [
    ...header('grade-shards', [
      `#SBATCH --array=1-${plan.shards}%${plan.maxRunning}`,
      `#SBATCH --cpus-per-task=${plan.cpusPerTask}`,
      `#SBATCH --output=${logs}/shard-%a.out`,
    ]),
    `# Written by grade scale slurm: shard i of ${plan.shards} in task i (grade --shard auto reads the array's task id,`,
    '# minimum and step), each into its own folder; a task started again resumes what its folder already holds.',
    'set -euo pipefail',
    `exec ${shellLine(shardCommand(plan))} --shard auto --out "${doubleQuoted(shardDir(plan.work, ''))}$SLURM_ARRAY_TASK_ID"`,
    '',
  ].join('\n');
  const merge = [
    ...header('grade-merge', ['#SBATCH --kill-on-invalid-dep=yes', `#SBATCH --output=${logs}/merge.out`]),
    `# Written by grade scale slurm: submitted by ${SLURM_FILES.submit} to run once every shard of the array succeeded.`,
    'set -euo pipefail',
    ...mergeCommands(plan).map(shellLine),
    `touch ${shellWord(`${plan.work}/${SLURM_FILES.merged}`)}`,
    '',
  ].join('\n');
  const submit = [
    '#!/bin/bash',
    `# Written by grade scale slurm: submits the ${plan.shards} shards as a job array (at most ${plan.maxRunning} at once), then the`,
    '# merge as a job that waits for all of them (afterok: it is cancelled if one fails). With --wait, it returns once',
    '# the merge is done: 0 when the report is written, 1 when a shard failed and the merge did not run.',
    'set -euo pipefail',
    'here="$(cd "$(dirname "$0")" && pwd)"',
    `cd ${shellWord(plan.cwd)}`,
    `mkdir -p ${shellWord(logs)}`,
    `rm -f ${shellWord(`${plan.work}/${SLURM_FILES.merged}`)}`,
    `array="$(sbatch --parsable "$here/${SLURM_FILES.shards}")"`,
    'array="${array%%;*}"',
    'echo "grade: the shards are job array $array"',
    'if [ "${1:-}" = "--wait" ]; then',
    `  sbatch --wait --dependency="afterok:$array" "$here/${SLURM_FILES.merge}" || true`,
    `  if [ ! -f ${shellWord(`${plan.work}/${SLURM_FILES.merged}`)} ]; then`,
    `    echo "grade: the merge did not run to its end: a shard failed, or the merge did (see ${logs}/)" >&2`,
    '    exit 1',
    '  fi',
    `  echo "grade: merged into ${plan.out}"`,
    'else',
    `  merge="$(sbatch --parsable --dependency="afterok:$array" "$here/${SLURM_FILES.merge}")"`,
    `  echo "grade: the merge is job \${merge%%;*}; it runs once every shard has succeeded (logs in ${logs}/)"`,
    'fi',
    '',
  ].join('\n');
  return { [SLURM_FILES.shards]: shards, [SLURM_FILES.merge]: merge, [SLURM_FILES.submit]: submit };
}
