/**
 * A pack's generated cases on its own board sizes: built from the reference once, kept in the user's cache by a
 * key of the assignment, the sizes, the seed, the shipped fixtures and the grader's builders and reference (so a new
 * grader version builds them again).
 * The built files replace the shipped ones, but for the document's own cases, which are the shipped ones (with the
 * document's lines, which a build without the seed documents cannot find).
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AssignmentId } from '../model/ids.js';
import { DEFAULT_SEED, type BoardSizes } from '../fixtures/build-context.js';
import type { FixtureCase, FixtureFile } from '../model/fixture-types.js';
import { SpecError, type FixtureSource } from '../spec/resolve-spec.js';

/**
 * Where built cases are kept: $CONNECT4_CACHE, else $XDG_CACHE_HOME or ~/.cache, else a folder of this user's in the
 * temporary folder; the first that can be written.
 */
function cacheFolder(): string {
  const user = typeof process.getuid === 'function' ? String(process.getuid()) : 'user';
  const base = process.env['CONNECT4_CACHE'] ?? join(process.env['XDG_CACHE_HOME'] ?? join(homedir(), '.cache'), 'connect-four-grader');
  for (const dir of [join(base, 'pack-cases'), join(tmpdir(), `connect-four-grader-${user}`, 'pack-cases')]) {
    try {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      accessSync(dir, constants.W_OK);
      return dir;
    } catch {
      // not writable here: the next place
    }
  }
  throw new SpecError(
    `no folder to keep a pack's generated cases in (${join(base, 'pack-cases')} cannot be written): set CONNECT4_CACHE to a folder you can write`,
  );
}

/**
 * The key of a build: what decides its cases. The shipped fixtures, the sizes and the seed, and the grader's own
 * builders and reference as they are on this machine (a change that moves only other sizes' cases leaves the shipped
 * fixtures as they were).
 */
function buildKey(root: string, assignment: AssignmentId, boards: BoardSizes): string {
  const hash = createHash('sha256').update(JSON.stringify({ assignment, boards, seed: DEFAULT_SEED }));
  const shipped = join(root, 'fixtures', assignment);
  for (const name of readdirSync(shipped)
    .filter((f) => f.endsWith('.json'))
    .sort())
    hash.update(name).update(readFileSync(join(shipped, name)));
  // This module sits in runner/pack/ of the sources, or of dist/: the builders and the reference beside it.
  const code = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  for (const dir of [join('runner', 'fixtures'), join('runner', 'assignments', assignment), 'reference']) hashTree(hash, join(code, dir));
  return hash.digest('hex').slice(0, 20);
}

/** Every file below `dir`, by name and content, in a fixed order. */
function hashTree(hash: ReturnType<typeof createHash>, dir: string): void {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) hashTree(hash, path);
    else if (/\.(ts|js|py|json)$/u.test(entry.name)) hash.update(entry.name).update(readFileSync(path));
  }
}

/** The child that builds them: the compiled script beside this one, or the source through tsx. */
function builder(): { command: string; args: string[] } {
  const here = fileURLToPath(import.meta.url);
  const script = join(dirname(here), '..', 'golden', here.endsWith('.ts') ? 'build-pack-cases.ts' : 'build-pack-cases.js');
  return here.endsWith('.ts')
    ? { command: process.execPath, args: ['--import', 'tsx', script] }
    : { command: process.execPath, args: [script] };
}

/** The fixture files a pack with `boards` grades with, by name: the shipped ones with each generated case rebuilt. */
export function boardFixtures(root: string, assignment: AssignmentId, boards: BoardSizes): FixtureSource {
  const file = join(cacheFolder(), `${assignment}-${buildKey(root, assignment, boards)}.json`);
  if (!existsSync(file)) {
    const { command, args } = builder();
    try {
      // Builds take a second or two; a minute means the builder is stuck, which is ours to fix, not the course's.
      execFileSync(command, [...args, assignment, JSON.stringify(boards), file], {
        cwd: root,
        stdio: ['ignore', 'ignore', 'pipe'],
        timeout: 120_000,
      });
    } catch (error) {
      // The child's own error line (its stack and Node's version follow it).
      const said =
        String((error as { stderr?: Buffer }).stderr ?? '')
          .split('\n')
          .find((line) => /^\w*Error\b/u.test(line.trim()))
          ?.trim() ?? '';
      throw new SpecError(
        `the grader could not build the generated cases of ${assignment} on boards ${JSON.stringify(boards.sizes)} (a fault of the grader's, to report)${said ? `:\n${said}` : ''}`,
      );
    }
  }
  const built = (JSON.parse(readFileSync(file, 'utf8')) as { files: Record<string, FixtureFile> }).files;
  return (name) => {
    const rebuilt = built[name];
    const shippedPath = join(root, 'fixtures', assignment, `${name}.json`);
    if (!rebuilt || !existsSync(shippedPath)) return undefined;
    // The build is the file, in its order; its document cases are the shipped ones, which carry their lines.
    const shipped = JSON.parse(readFileSync(shippedPath, 'utf8')) as FixtureFile;
    const documentCase = new Map(shipped.cases.filter((c) => c.source.kind === 'document').map((c) => [c.id, c] as const));
    return { ...rebuilt, cases: rebuilt.cases.map((c): FixtureCase => (c.source.kind === 'document' ? (documentCase.get(c.id) ?? c) : c)) };
  };
}
