/**
 * `grade gradescope-bundle <assignment>`: the autograder zip Gradescope asks for (setup.sh and run_autograder at
 * its root). It carries this tool, built, with the one assignment's spec and fixtures; setup.sh installs Node.js
 * and the dependencies once, when Gradescope builds the image, and run_autograder grades /autograder/submission
 * and puts Gradescope's results.json where Gradescope reads it.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { zipSync, type Zippable } from 'fflate';
import { CLI_BUNDLE } from './cli-bundle.js';

export const NODE_MAJOR = 20;

/** Unix permissions in a zip entry's external attributes (the high 16 bits), so the scripts stay executable. */
const EXECUTABLE = { os: 3, attrs: (0o100755 << 16) >>> 0 } as const;
const REGULAR = { os: 3, attrs: (0o100644 << 16) >>> 0 } as const;

/** Where a pack's generated cases are kept in the image (runner/pack/board-cases.ts): built once, read by every run. */
const PACK_CACHE = 'source/grader/cache';

export function setupScript(pack = false): string {
  return `#!/usr/bin/env bash
# Runs once, when Gradescope builds the autograder image: Node.js ${NODE_MAJOR}, Python 3, bubblewrap (the sandbox) and the
# grader's dependencies.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y --no-install-recommends ca-certificates curl gnupg python3 python3-venv make g++ bubblewrap
if ! command -v node >/dev/null || [ "$(node -p 'process.versions.node.split(".")[0]')" -lt ${NODE_MAJOR} ]; then
  curl -fsSL https://deb.nodesource.com/setup_${NODE_MAJOR}.x | bash -
  apt-get install -y nodejs
fi
cd /autograder/source/grader
npm ci --omit=dev --no-audit --no-fund
${
  pack
    ? `# The course's pack, checked, and its generated cases on its own boards built into the image once.
CONNECT4_CACHE="/autograder/${PACK_CACHE}" node ${CLI_BUNDLE} lint pack
`
    : ''
}`;
}

/** `assignment` is an id, or `pack` when the bundle carries the course's pack (grader/pack/assignment.yml). */
export function runScript(assignment: string): string {
  return `#!/usr/bin/env bash
# Runs for every submission: grades /autograder/submission and writes /autograder/results/results.json.
set -uo pipefail
ROOT="\${AUTOGRADER_ROOT:-/autograder}"
OUT="$(mktemp -d)"
mkdir -p "$ROOT/results"
${
  assignment === PACK_IN_BUNDLE
    ? `export CONNECT4_CACHE="$ROOT/${PACK_CACHE}"
`
    : ''
}node "$ROOT/source/grader/${CLI_BUNDLE}" "$ROOT/submission" --assignment ${assignment === PACK_IN_BUNDLE ? '"$ROOT/source/grader/pack"' : assignment} --format json,gradescope --out "$OUT" --jobs 1
status=$?
result="$(ls "$OUT"/gradescope/*.json 2>/dev/null | head -n 1)"
if [ -n "$result" ]; then
  cp "$result" "$ROOT/results/results.json"
else
  printf '{"score": 0, "output": "The autograder could not grade this submission (grade exited with %s); the instructor can see why in the autograder output.", "stdout_visibility": "hidden"}\\n' "$status" > "$ROOT/results/results.json"
fi
`;
}

/** package.json without `prepare`: the bundle carries dist/ built, and has no TypeScript to build it with. */
function withoutPrepare(text: string): Uint8Array {
  const data = JSON.parse(text) as { scripts?: Record<string, string> };
  if (data.scripts) delete data.scripts['prepare'];
  return new TextEncoder().encode(`${JSON.stringify(data, null, 2)}\n`);
}

/** The package files a grading run needs, as zip entries under `grader/`. */
function packageEntries(root: string, assignment: string): Zippable {
  const entries: Zippable = {};
  const add = (path: string) => {
    const rel = relative(root, path);
    if (statSync(path).isDirectory()) {
      for (const name of readdirSync(path)) if (!name.endsWith('.map') && name !== '__pycache__') add(join(path, name));
      return;
    }
    const data = rel === 'package.json' ? withoutPrepare(readFileSync(path, 'utf8')) : readFileSync(path);
    entries[`grader/${rel.split('\\').join('/')}`] = [data, REGULAR];
  };
  // The harness and the assignment's tools and doubles run from the package's sources, as in the repository.
  const python = ['tools.py', 'doubles.py']
    .map((name) => join('runner', 'assignments', assignment, name))
    .filter((file) => existsSync(join(root, file)));
  const harness = [join('runner', 'harness', 'python'), ...python];
  // The run script starts the bundled bin, which the build writes last: without it the build did not finish.
  if (!existsSync(join(root, CLI_BUNDLE))) throw new Error(`${CLI_BUNDLE} is missing from ${root}: run npm run build first`);
  for (const path of [
    'package.json',
    'package-lock.json',
    'dist',
    'spec',
    'reports/templates',
    'reports/assets',
    'fixtures/fixture.schema.json',
    join('fixtures', assignment),
    ...harness,
  ]) {
    const full = join(root, path);
    if (!existsSync(full)) throw new Error(`${path} is missing from ${root}${path === 'dist' ? ': run npm run build first' : ''}`);
    add(full);
  }
  return entries;
}

/** The run script's word for "the course's pack the bundle carries". */
const PACK_IN_BUNDLE = 'pack';

/** The bundle of a built-in, or with `packFile` of a course's pack extending it (its assignment.yml goes along). */
export function gradescopeBundle(root: string, assignment: string, packFile?: string): Uint8Array {
  return zipSync(
    {
      'setup.sh': [new TextEncoder().encode(setupScript(packFile !== undefined)), EXECUTABLE],
      run_autograder: [new TextEncoder().encode(runScript(packFile ? PACK_IN_BUNDLE : assignment)), EXECUTABLE],
      ...packageEntries(root, assignment),
      ...(packFile && { 'grader/pack/assignment.yml': [readFileSync(packFile), REGULAR] }),
    },
    { level: 6 },
  );
}

export function writeGradescopeBundle(root: string, assignment: string, out: string, packFile?: string): number {
  const zip = gradescopeBundle(root, assignment, packFile);
  writeFileSync(out, zip);
  return zip.length;
}
