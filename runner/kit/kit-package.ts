/**
 * The student's kit as an npm package: its package.json, the README a student reads, and the GitHub Classroom
 * workflow that runs it. Pure: texts from the kit's data.
 */
import type { KitData } from './kit-data.js';
import { counted } from '../counted.js';

/** `connect4-check-cs111-ps9`: the assignment is in the package's name. */
export const kitName = (data: Pick<KitData, 'assignment'>): string => `connect4-check-${data.assignment}`;

/**
 * The kit's command, named for its assignment as the package is: a student installs the kits of two assignments side
 * by side (npm refuses a second global package whose command has the name of another's). `npx --yes ./<tgz>` runs it
 * without naming it. A kit built with `alias` answers to the plain `connect4-check` too: for a course that hands out
 * one kit at a time, as a kit installed alone.
 * @alias kitName: the same name, said where it is a command.
 */
export const kitCommand = kitName;

/** The plain name a kit built with `alias` answers to as well. */
export const KIT_ALIAS = 'connect4-check';

/** `0.1.0-spec.3fa2b1c4d5e6`: the grader's version, and the spec's hash as a prerelease tag. */
export const kitVersion = (data: Pick<KitData, 'graderVersion' | 'specHash'>): string =>
  `${data.graderVersion.replace(/[-+].*$/u, '')}-spec.${data.specHash}`;

/** The kit's tarball, named as `npm pack` names a package's. */
export const kitTarball = (data: Pick<KitData, 'assignment' | 'graderVersion' | 'specHash'>): string =>
  `${kitName(data)}-${kitVersion(data)}.tgz`;

/**
 * The node-pty the kit carries inside itself (runner/kit/vendor-node-pty.ts): its JavaScript and the binaries of the
 * platforms it can run on without a compiler, no install script. npm installs it from the tarball, offline, in a
 * second; where its binary does not load (another platform, an older C library), programs run on pipes.
 */
export const KIT_NODE_PTY = '1.1.0';

export function kitPackageJson(data: KitData, options: { readonly alias: boolean } = { alias: false }): string {
  const json = {
    name: kitName(data),
    version: kitVersion(data),
    description: `The visible tests of ${data.title}, to check your work before you submit (no answers inside).`,
    type: 'module',
    license: 'MIT',
    bin: { [kitCommand(data)]: 'bin/connect4-check.js', ...(options.alias && { [KIT_ALIAS]: 'bin/connect4-check.js' }) },
    engines: { node: '>=20.19' },
    files: ['bin', 'runner', 'check-data.json', 'README.md'],
    // Carried in the tarball: nothing is fetched or compiled when a student installs the kit.
    dependencies: { 'node-pty': KIT_NODE_PTY },
    bundleDependencies: ['node-pty'],
  };
  return `${JSON.stringify(json, null, 2)}\n`;
}

export function kitReadme(data: KitData, options: { readonly alias: boolean } = { alias: false }): string {
  const tarball = kitTarball(data);
  const hidden =
    data.hidden.tests > 0
      ? `${counted(data.hidden.tests, 'hidden test')} worth ${counted(data.hidden.points, 'point')}`
      : 'no hidden tests';
  return `# ${kitName(data)}

Check your work on ${data.title} before you submit. This package runs the **visible tests** of the assignment on your own machine, the same tests and the same
verdicts you get from the grader's \`grade check\`. It holds no answers: no hidden test, no solution, and where the
grader tests one part of your code with the document's version of another, the check uses yours and says so when
a failure may come from there.

## Install

You need Node.js 20.19 or later and Python 3.8 or later.

\`\`\`sh
npm install -g ./${tarball}
\`\`\`

(or, without installing: \`npx --yes ./${tarball}\` in your folder). The command is named for the assignment,
\`${kitCommand(data)}\`, so the kits of other assignments install beside it.${
    options.alias
      ? ` It answers to \`${KIT_ALIAS}\` too, which
only one kit at a time can have: remove another assignment's kit first (\`npm uninstall -g <its name>\`).`
      : ''
  } It installs from this file
alone, in a second or two, with or without a network, and needs no compiler: it carries the terminal support
(node-pty) for Linux on x86-64 and for macOS. Elsewhere (Windows, or Linux on ARM) the program tests run on pipes
rather than a terminal, and the check says so: a program that asks whether it is on a terminal, or moves the cursor
to draw, may behave differently there; plain input() and print() work the same.

## Check your work

\`\`\`sh
cd my-assignment-folder
${kitCommand(data)}            # every visible test, ✓ or ✗, the first failure of each function explained
${kitCommand(data)} --watch    # again after every save
\`\`\`

It exits 1 when a test fails. **A full score here is not full marks**: ${hidden} ${data.hidden.tests === 1 ? 'is' : 'are'} graded after you submit${data.hidden.manualPoints > 0 ? `, and ${counted(data.hidden.manualPoints, 'point')} ${data.hidden.manualPoints === 1 ? 'is' : 'are'} graded by hand` : ''}.

\`${kitCommand(data)} --help\` lists the options (\`--ci\` for GitHub Actions, \`--python\`, \`--only\`).

Version ${kitVersion(data)}: grader ${data.graderVersion}, spec ${data.specHash}.
`;
}

/** The Classroom starter's one workflow: install the kit from the repository, then check the repository. */
export function classroomWorkflow(data: KitData, tarballPath: string): string {
  return `# Runs the visible tests of ${data.title} on every push: a points line for GitHub Classroom,
# an annotation on the line of each failure, and a summary of the run.
name: Check

on:
  push:
  workflow_dispatch:

permissions:
  contents: read

jobs:
  check:
    runs-on: ubuntu-24.04
    timeout-minutes: 10
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: 20
      # The kit carries everything it needs: nothing is fetched or compiled.
      - run: npm install --global --offline --no-audit --no-fund ./${tarballPath}
      # The check's files (JUnit, annotations' source) go to the runner's temporary folder, not the repository.
      - run: ${kitCommand(data)} --ci
`;
}
