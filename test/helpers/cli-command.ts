/**
 * How the tests start the grader's CLI in a child process, as an instructor runs it: the `grade` bin the build
 * writes (dist/grade.js, runner/cli/cli-bundle.ts) when every source it is made from is older than its compiled file
 * and than the bin (CI builds it in `npm ci`; `npm run build` does it by hand), else the sources through tsx, so an
 * edit is always what runs. tsx costs about 1.5 CPU-seconds a start, and the suites start the CLI dozens of times.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { CLI_BUNDLE } from '../../runner/cli/cli-bundle.js';
import { PROJECT_ROOT } from '../../runner/project-root.js';

/** The folders tsconfig.build.json compiles into dist/. */
const COMPILED_FOLDERS = ['reference', 'runner', 'reports'];

/** The TypeScript sources under a folder (not declaration files). */
function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourcesUnder(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/**
 * Whether dist/ holds a compiled file newer than every source and a bin newer than them all, or the first source
 * either lacks or is older than.
 */
export function distIsCurrent(root = PROJECT_ROOT): true | string {
  const bin = statSync(join(root, CLI_BUNDLE), { throwIfNoEntry: false });
  for (const source of COMPILED_FOLDERS.flatMap((folder) => sourcesUnder(join(root, folder)))) {
    const compiled = join(root, 'dist', relative(root, source).replace(/\.ts$/u, '.js'));
    const built = statSync(compiled, { throwIfNoEntry: false });
    const changed = statSync(source).mtimeMs;
    if (!built || built.mtimeMs < changed || !bin || bin.mtimeMs < changed) return relative(root, source);
  }
  return true;
}

/** Node's arguments before the CLI's own: `node ...CLI_COMMAND <args>`. */
export const CLI_COMMAND: readonly string[] =
  distIsCurrent() === true ? [join(PROJECT_ROOT, CLI_BUNDLE)] : ['--import', 'tsx', join(PROJECT_ROOT, 'runner', 'cli.ts')];
