/**
 * `grade scale actions`: a GitHub Actions workflow whose matrix grades the shards (`matrix.shard` 1…N, each job
 * `--shard <i>/N`, at most M at once through `max-parallel`), each uploading its folder as the artifact
 * `shard-<i>`, and a merge job that `needs` every one of them, downloads the artifacts into `shards/` (each in a folder
 * named as its artifact) and merges them. The class is in the repository the workflow runs in. Pure: the plan in,
 * the workflow's text out.
 */
import { mergeCommands, shellLine, type ScalePlan } from './plan.js';

export const ACTIONS_FILE = 'grade-class.yml';

const q = (text: string): string => JSON.stringify(text);

/** Steps both jobs take: the repository, Node.js, bubblewrap (Ubuntu 24.04 allows its namespaces only with the sysctl), the package. */
const SETUP = [
  '      - uses: actions/checkout@v4',
  '      - uses: actions/setup-node@v4',
  '        with: { node-version: 20 }',
  '      - run: npm ci',
];

export function actionsWorkflow(plan: ScalePlan): string {
  const shard = `shards/shard-\${{ matrix.shard }}`;
  const grade = `${shellLine([...plan.command, ...plan.gradeArgs, '--jobs', String(plan.cpusPerTask), '--format', 'json'])} --shard \${{ matrix.shard }}/${plan.shards} --out ${shard}`;
  const merge = mergeCommands(
    { ...plan },
    Array.from({ length: plan.shards }, (_, i) => `shards/shard-${i + 1}`),
  )
    .map(shellLine)
    .join(' && ');
  return [
    `# Written by grade scale actions: ${plan.shards} shards of the class, at most ${plan.maxRunning} at once, then one merge.`,
    '# Put it in .github/workflows/ of the repository that holds the class, and run it from the Actions tab.',
    'name: grade the class',
    'on: workflow_dispatch',
    'jobs:',
    '  grade:',
    '    runs-on: ubuntu-24.04',
    '    strategy:',
    // One shard failing must not cancel the others: the merge waits for all, and a rerun grades only what failed.
    '      fail-fast: false',
    `      max-parallel: ${plan.maxRunning}`,
    '      matrix:',
    `        shard: [${Array.from({ length: plan.shards }, (_, i) => i + 1).join(', ')}]`,
    '    steps:',
    ...SETUP,
    // bubblewrap keeps student code in its folder; Ubuntu 24.04 allows its user namespaces only with this sysctl.
    '      - run: sudo apt-get install -y bubblewrap && sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0',
    `      - run: ${q(grade)}`,
    '      - uses: actions/upload-artifact@v4',
    `        with: { name: "shard-\${{ matrix.shard }}", path: ${q(shard)}, if-no-files-found: error }`,
    '  merge:',
    '    needs: grade',
    '    runs-on: ubuntu-24.04',
    '    steps:',
    ...SETUP,
    '      - uses: actions/download-artifact@v4',
    '        with: { pattern: "shard-*", path: shards }',
    `      - run: ${q(merge)}`,
    '      - uses: actions/upload-artifact@v4',
    `        with: { name: "grade-report", path: ${q(plan.out)} }`,
    '',
  ].join('\n');
}
