/**
 * The mutants of a correct solution: made by the Python mutator (python/mutate.py, Python's own `ast`), chosen under
 * --limit and --function, and written as one submission folder each so that the normal grading path grades them.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { loadExeca } from '../sandbox/load-execa.js';
import { namePattern } from '../layout/layout.js';
import { globToRegExp } from '../spec/globs.js';
import type { ResolvedSpec } from '../model/spec-types.js';

/** One mutant as the mutator writes it: one change to one file, with the whole changed file. */
export interface Mutant {
  readonly id: string;
  readonly file: string;
  readonly line: number;
  readonly endLine: number;
  readonly function: string;
  readonly operator: string;
  readonly change: string;
  readonly original: string;
  readonly mutated: string;
  readonly source: string;
}

export interface MutatorOutput {
  readonly mutants: readonly Mutant[];
  readonly files: readonly { readonly file: string; readonly mutants: number }[];
  readonly skipped: readonly { readonly file: string; readonly reason: string }[];
}

export class MutantsError extends Error {}

export const MUTATOR = (root: string): string => join(root, 'runner', 'mutants', 'python', 'mutate.py');

/** Runs the mutator on the solution's files (paths relative to it); the solution is only parsed, never run. */
export async function generateMutants(root: string, python: string, solution: string, files: readonly string[]): Promise<MutatorOutput> {
  const execa = await loadExeca();
  const run = await execa(python, [MUTATOR(root), solution, ...files], {
    reject: false,
    maxBuffer: 512 * 1024 * 1024,
    env: { PYTHONDONTWRITEBYTECODE: '1', PYTHONIOENCODING: 'utf-8' },
  });
  if (run.exitCode !== 0)
    throw new MutantsError(
      `the mutator stopped on ${solution}: ${(run.stderr || run.stdout || String(run.exitCode)).trim().split('\n').slice(-3).join(' ')}`,
    );
  try {
    return JSON.parse(run.stdout) as MutatorOutput;
  } catch (error) {
    throw new MutantsError(`the mutator's output on ${solution} is not JSON: ${(error as Error).message}`);
  }
}

/** The solution's Python files that the spec's file roles name (for Conniption, whose role is `*.py`, every one). */
export function specSolutionFiles(spec: Pick<ResolvedSpec, 'files'>, solution: string): string[] {
  const patterns = spec.files.flatMap((f) => f.names.map((n) => namePattern(n)));
  return solutionFiles(solution, (name) => patterns.some((p) => p.test(name)));
}

function solutionFiles(solution: string, matches: (name: string) => boolean): string[] {
  const found: string[] = [];
  const walk = (dir: string, depth: number) => {
    for (const name of readdirSync(dir).sort()) {
      if (name.startsWith('.') || name === '__pycache__') continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        if (depth < 3) walk(path, depth + 1);
      } else if (name.endsWith('.py') && matches(name)) found.push(relative(solution, path));
    }
  };
  walk(solution, 0);
  return found;
}

export interface Selection {
  readonly limit?: number | undefined;
  readonly seed: number;
  /** Globs on the mutant's function, comma-separated (`Board.*,scores_for`): only those are kept. */
  readonly functionPattern?: string | undefined;
}

/**
 * The mutants to grade: those of the functions asked for, then, under --limit, the ones whose seeded hash is
 * smallest — a spread over every file and operator that stays the same for the same seed, in the mutator's order.
 */
export function selectMutants(mutants: readonly Mutant[], selection: Selection): Mutant[] {
  const wanted =
    selection.functionPattern === undefined ? [...mutants] : mutants.filter((m) => matchesFunction(selection.functionPattern!, m.function));
  if (selection.limit === undefined || wanted.length <= selection.limit) return wanted;
  const rank = (m: Mutant) => createHash('sha1').update(`${selection.seed}:${m.id}`).digest('hex');
  const kept = new Set(
    [...wanted]
      .sort((a, b) => (rank(a) < rank(b) ? -1 : 1))
      .slice(0, selection.limit)
      .map((m) => m.id),
  );
  return wanted.filter((m) => kept.has(m.id));
}

/**
 * Whether a function's qualified name matches one of comma-separated globs; `scores_for` matches the method
 * `AIPlayer.scores_for` too, the name a student would say.
 */
export function matchesFunction(globs: string, qualified: string): boolean {
  const patterns = globs
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => globToRegExp(p, 'whole'));
  return patterns.some((p) => p.test(qualified) || p.test(qualified.split('.').pop()!));
}

/** The submission id the unchanged solution is graded under, beside the mutants (ids start with `m-`). */
export const SOLUTION_ID = 'solution';

/**
 * `<dir>/solution/` (a copy of the solution) and `<dir>/<mutant id>/` (the copy with the one file changed), written
 * afresh each time: the same mutants give the same files, so --resume recognises what was graded.
 */
export function writeMutantFolders(solution: string, mutants: readonly Mutant[], dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  const files = allFiles(solution);
  const write = (folder: string, mutant?: Mutant) => {
    for (const file of files) {
      const target = join(folder, file);
      mkdirSync(dirname(target), { recursive: true });
      if (mutant && file === mutant.file) writeFileSync(target, mutant.source);
      else copyFileSync(join(solution, file), target);
    }
  };
  write(join(dir, SOLUTION_ID));
  for (const mutant of mutants) write(join(dir, mutant.id), mutant);
}

function allFiles(solution: string): string[] {
  if (!existsSync(solution)) throw new MutantsError(`no solution folder ${solution}`);
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      if (name === '__pycache__' || name === 'BUG.md') continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else found.push(relative(solution, path));
    }
  };
  walk(solution);
  return found;
}
