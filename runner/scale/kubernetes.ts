/**
 * `grade scale k8s`: a Kubernetes Indexed Job of the shards (`completionMode: Indexed`, `completions` the shards,
 * `parallelism` at most that many at once; each pod's `JOB_COMPLETION_INDEX`, from 0, picks its shard through
 * `--shard auto` with `GRADE_SHARD_COUNT` set to the completions, which Kubernetes does not put in the environment),
 * a Job that merges the shards' folders, and `run.sh`, which applies the first, waits for it to complete and applies
 * the second (Kubernetes has no dependency between Jobs). The class, the shards and the report live on one volume
 * every pod mounts. Pure: the plan in, files out.
 */
import { doubleQuoted, mergeCommands, shardCommand, shardDir, shellLine, shellWord, type ScalePlan } from './plan.js';

export const KUBERNETES_FILES = { shards: 'grade-shards.yaml', merge: 'grade-merge.yaml', run: 'run.sh' } as const;

export interface KubernetesOptions {
  /** The container image: this package installed, with Python 3 and bubblewrap. */
  readonly image: string;
  /** The PersistentVolumeClaim holding the class, and where the pods mount it. */
  readonly claim: string;
  readonly mount: string;
  /** The Jobs' names: `<name>-shards` and `<name>-merge`. */
  readonly name: string;
}

/** A YAML scalar as JSON writes it: every JSON string is a YAML double-quoted one. */
const q = (text: string): string => JSON.stringify(text);

function job(
  name: string,
  spec: readonly string[],
  plan: ScalePlan,
  options: KubernetesOptions,
  script: string,
  env: readonly string[],
): string {
  return [
    'apiVersion: batch/v1',
    'kind: Job',
    'metadata:',
    `  name: ${q(name)}`,
    'spec:',
    ...spec.map((line) => `  ${line}`),
    '  template:',
    '    spec:',
    '      restartPolicy: Never',
    '      containers:',
    '        - name: grade',
    `          image: ${q(options.image)}`,
    `          workingDir: ${q(plan.cwd)}`,
    `          command: ["sh", "-c", ${q(script)}]`,
    ...(env.length > 0 ? ['          env:', ...env.map((line) => `            ${line}`)] : []),
    '          volumeMounts:',
    `            - { name: class, mountPath: ${q(options.mount)} }`,
    '      volumes:',
    `        - { name: class, persistentVolumeClaim: { claimName: ${q(options.claim)} } }`,
    '',
  ].join('\n');
}

export function kubernetesFiles(plan: ScalePlan, options: KubernetesOptions): Record<string, string> {
  const shardsJob = `${options.name}-shards`;
  const mergeJob = `${options.name}-merge`;
  // Index i (from 0) is shard i + 1: the folder is named as the shard, as the merge lists them.
  const shardScript = `exec ${shellLine(shardCommand(plan))} --shard auto --out "${doubleQuoted(shardDir(plan.work, ''))}$((JOB_COMPLETION_INDEX + 1))"`;
  const shards = [
    `# Written by grade scale k8s: ${plan.shards} shards of the class, at most ${plan.maxRunning} at once; each pod grades the shard`,
    '# its completion index names (grade --shard auto), into its own folder on the class volume. run.sh applies it,',
    '# waits for it to complete, then applies the merge.',
    job(
      shardsJob,
      [
        `completions: ${plan.shards}`,
        `parallelism: ${plan.maxRunning}`,
        'completionMode: Indexed',
        // A pod that failed is started again and resumes its shard's folder; the Job fails after that many in all.
        `backoffLimit: ${plan.shards}`,
      ],
      plan,
      options,
      shardScript,
      [`- { name: GRADE_SHARD_COUNT, value: ${q(String(plan.shards))} }`],
    ),
  ].join('\n');
  const merge = [
    `# Written by grade scale k8s: merges the ${plan.shards} shards' folders into ${plan.out}; run.sh applies it once ${shardsJob} is complete.`,
    job(mergeJob, ['completions: 1', 'backoffLimit: 0'], plan, options, mergeCommands(plan).map(shellLine).join(' && '), []),
  ].join('\n');
  const run = [
    '#!/bin/sh',
    `# Written by grade scale k8s: the shards' Job, then the merge once every shard has completed.`,
    'set -eu',
    'here="$(cd "$(dirname "$0")" && pwd)"',
    `kubectl apply -f "$here/${KUBERNETES_FILES.shards}"`,
    `if ! kubectl wait --for=condition=complete --timeout=24h job/${shellWord(shardsJob)}; then`,
    `  echo "grade: ${shardsJob} did not complete: kubectl describe job/${shardsJob}, and the failed pods' logs" >&2`,
    '  exit 1',
    'fi',
    `kubectl apply -f "$here/${KUBERNETES_FILES.merge}"`,
    `kubectl wait --for=condition=complete --timeout=1h job/${shellWord(mergeJob)}`,
    `echo "grade: merged into ${plan.out}"`,
    '',
  ].join('\n');
  return { [KUBERNETES_FILES.shards]: shards, [KUBERNETES_FILES.merge]: merge, [KUBERNETES_FILES.run]: run };
}
