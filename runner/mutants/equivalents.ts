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

/** The list as id → why; an absent file is an empty list, a malformed one an error naming the entry. */
export function loadEquivalents(root: string, assignment: string): Map<string, string> {
  const path = equivalentsPath(root, assignment);
  if (!existsSync(path)) return new Map();
  return parseEquivalents(readFileSync(path, 'utf8'), path);
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
