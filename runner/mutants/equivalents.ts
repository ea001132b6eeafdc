/**
 * An assignment's reviewed equivalent mutants (runner/assignments/<id>/equivalent-mutants.json): survivors of its
 * bundled correct solution that no behaviour the document fixes can tell apart from it, each with one line of why.
 * Named by stable mutant id, never guessed: a survivor not on the list is reported as a survivor.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface EquivalentEntry {
  readonly id: string;
  readonly file?: string;
  readonly function?: string;
  readonly change?: string;
  readonly why: string;
}

export const equivalentsPath = (root: string, assignment: string): string => join(root, 'runner', 'assignments', assignment, 'equivalent-mutants.json');

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

/** The reviewed list; an absent file is an empty one, a malformed one an error naming the entry. */
export function loadReviewed(root: string, assignment: string): ReviewedMutants {
  const path = equivalentsPath(root, assignment);
  if (!existsSync(path)) return { equivalents: new Map(), given: [] };
  const text = readFileSync(path, 'utf8');
  return { equivalents: parseEquivalents(text, path), given: parseGiven(text, path) };
}

export const loadEquivalents = (root: string, assignment: string): Map<string, string> => loadReviewed(root, assignment).equivalents;

/** `"given": [{ "function": "check_win_diagonal", "why": "…" }]`: whole functions that are not the student's work. */
export function parseGiven(text: string, path: string): GivenFunction[] {
  const list = (JSON.parse(text) as { given?: unknown }).given ?? [];
  if (!Array.isArray(list)) throw new EquivalentsError(`${path}: "given" must be a list of { "function": "…", "why": "…" }`);
  return list.map((entry: Partial<GivenFunction> | null, index) => {
    if (typeof entry?.function !== 'string' || entry.function.trim() === '') throw new EquivalentsError(`${path}, given ${index + 1}: "function" must name a function (Class.method or a glob)`);
    if (typeof entry.why !== 'string' || entry.why.trim() === '') throw new EquivalentsError(`${path}, given ${index + 1} (${entry.function}): say in "why" why it is not the student's work`);
    return { function: entry.function.trim(), why: entry.why.trim() };
  });
}

export function parseEquivalents(text: string, path: string): Map<string, string> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new EquivalentsError(`${path} is not JSON: ${(error as Error).message}`);
  }
  const list = (data as { mutants?: unknown } | null)?.mutants;
  if (!Array.isArray(list)) throw new EquivalentsError(`${path}: expected { "mutants": [ { "id": "m-…", "why": "…" } ] }`);
  const found = new Map<string, string>();
  list.forEach((entry: Partial<EquivalentEntry> | null, index) => {
    const where = `${path}, entry ${index + 1}`;
    if (typeof entry?.id !== 'string' || !/^m-[0-9a-f]{10}$/u.test(entry.id)) throw new EquivalentsError(`${where}: "id" must be a mutant id such as m-3f9a0c1b2d, got ${JSON.stringify(entry?.id)}`);
    if (typeof entry.why !== 'string' || entry.why.trim() === '') throw new EquivalentsError(`${where} (${entry.id}): say in "why" what makes it equivalent`);
    if (found.has(entry.id)) throw new EquivalentsError(`${where}: ${entry.id} is listed twice`);
    found.set(entry.id, entry.why.trim());
  });
  return found;
}
