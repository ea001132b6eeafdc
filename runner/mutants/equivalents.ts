/**
 * An assignment's reviewed equivalent mutants (runner/assignments/<id>/equivalent-mutants.json): per correct solution
 * of its bundled samples, the survivors that no behaviour the document fixes can tell apart from it, each with one line
 * of why. Named by stable mutant id, never guessed: a survivor not on its solution's list is reported as a survivor.
 *
 * `{ "given": [...], "solutions": { "correct-plain": [ { "id": "m-…", "file": "…", "function": "…", "change": "…",
 * "why": "…" } ], "correct-…": [...] } }`: the functions the document gives are the assignment's, whatever the solution.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
export interface EquivalentEntry {
  readonly id: string;
  readonly file?: string;
  readonly function?: string;
  readonly change?: string;
  readonly why: string;
}

export const equivalentsPath = (root: string, assignment: string): string =>
  join(root, 'runner', 'assignments', assignment, 'equivalent-mutants.json');

export class EquivalentsError extends Error {}

/** A function the document gives the student whole (or the grader swaps for its own): its mutants are not graded. */
export interface GivenFunction {
  readonly function: string;
  readonly why: string;
}

export interface ReviewedMutants {
  /** Equivalent mutants: id → why. */
  readonly equivalents: Map<string, string>;
  readonly given: readonly GivenFunction[];
}

/** The solution whose list `grade mutants` reads when none is named: the bundled sample written the way the document leads. */
export const DEFAULT_SOLUTION = 'correct-plain';

/**
 * The reviewed lists for `solution` (a sample's folder name, e.g. correct-plain); an absent file, or a solution with
 * no list, is an empty one, a malformed file an error naming the entry.
 */
export function loadReviewed(root: string, assignment: string, solution: string = DEFAULT_SOLUTION): ReviewedMutants {
  const path = equivalentsPath(root, assignment);
  if (!existsSync(path)) return { equivalents: new Map(), given: [] };
  const text = readFileSync(path, 'utf8');
  return { equivalents: parseEquivalents(text, path, solution), given: parseGiven(text, path) };
}

export const loadEquivalents = (root: string, assignment: string, solution: string = DEFAULT_SOLUTION): Map<string, string> =>
  loadReviewed(root, assignment, solution).equivalents;

/** The solutions that have a reviewed list, in the file's order. */
export function listedSolutions(root: string, assignment: string): string[] {
  const path = equivalentsPath(root, assignment);
  if (!existsSync(path)) return [];
  return Object.keys(solutionLists(readJson(readFileSync(path, 'utf8'), path), path));
}

/**
 * The name a solution folder's list goes by: its folder's name when it is one of the assignment's bundled samples
 * (fixtures/submissions/<id>/<name>), else undefined (a solution of the instructor's own has no reviewed list).
 */
export function bundledSolutionName(root: string, assignment: string, folder: string): string | undefined {
  const samples = resolve(root, 'fixtures', 'submissions', assignment);
  return resolve(dirname(resolve(folder))) === samples ? basename(resolve(folder)) : undefined;
}

function readJson(text: string, path: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new EquivalentsError(`${path} is not JSON: ${(error as Error).message}`);
  }
}

function solutionLists(data: unknown, path: string): Record<string, unknown> {
  const lists = (data as { solutions?: unknown } | null)?.solutions;
  if (lists === null || typeof lists !== 'object' || Array.isArray(lists))
    throw new EquivalentsError(`${path}: expected { "solutions": { "correct-plain": [ { "id": "m-…", "why": "…" } ] } }`);
  return lists as Record<string, unknown>;
}

/** `"given": [{ "function": "check_win_diagonal", "why": "…" }]`: whole functions that are not the student's work. */
export function parseGiven(text: string, path: string): GivenFunction[] {
  const list = (JSON.parse(text) as { given?: unknown }).given ?? [];
  if (!Array.isArray(list)) throw new EquivalentsError(`${path}: "given" must be a list of { "function": "…", "why": "…" }`);
  return list.map((entry: Partial<GivenFunction> | null, index) => {
    if (typeof entry?.function !== 'string' || entry.function.trim() === '')
      throw new EquivalentsError(`${path}, given ${index + 1}: "function" must name a function (Class.method or a glob)`);
    if (typeof entry.why !== 'string' || entry.why.trim() === '')
      throw new EquivalentsError(`${path}, given ${index + 1} (${entry.function}): say in "why" why it is not the student's work`);
    return { function: entry.function.trim(), why: entry.why.trim() };
  });
}

/** The reviewed equivalents of one solution (none listed: an empty map), each id checked and given a why. */
export function parseEquivalents(text: string, path: string, solution: string = DEFAULT_SOLUTION): Map<string, string> {
  const list = solutionLists(readJson(text, path), path)[solution] ?? [];
  if (!Array.isArray(list)) throw new EquivalentsError(`${path}: "solutions"."${solution}" must be a list of { "id": "m-…", "why": "…" }`);
  const found = new Map<string, string>();
  list.forEach((entry: Partial<EquivalentEntry> | null, index) => {
    const where = `${path}, ${solution} entry ${index + 1}`;
    if (typeof entry?.id !== 'string' || !/^m-[0-9a-f]{10}$/u.test(entry.id))
      throw new EquivalentsError(`${where}: "id" must be a mutant id such as m-3f9a0c1b2d, got ${JSON.stringify(entry?.id)}`);
    if (typeof entry.why !== 'string' || entry.why.trim() === '')
      throw new EquivalentsError(`${where} (${entry.id}): say in "why" what makes it equivalent`);
    if (found.has(entry.id)) throw new EquivalentsError(`${where}: ${entry.id} is listed twice`);
    found.set(entry.id, entry.why.trim());
  });
  return found;
}

/** One solution's entries as written (for the test that each is still a mutant of its solution). */
export function listedEntries(root: string, assignment: string, solution: string): EquivalentEntry[] {
  const path = equivalentsPath(root, assignment);
  const list = solutionLists(readJson(readFileSync(path, 'utf8'), path), path)[solution];
  return Array.isArray(list) ? (list as EquivalentEntry[]) : [];
}
