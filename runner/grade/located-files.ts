/** Which of the submission's files plays each role of the spec (`ps9pr1`, the reading response, `connect4_<name>`). */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { CaseVerdict } from '../checks/verdict.js';
import type { ResolvedSpec } from '../spec/spec-types.js';
import { namePattern } from './layout.js';

export interface Located {
  readonly role: string;
  /** The file found (the first, for a role of many files). */
  readonly file: string | undefined;
  /** Every file found: one, or all a `many` role's names match. */
  readonly files: readonly string[];
  readonly looked: readonly string[];
  readonly kind: 'module' | 'text';
}

/** What a missing file's message can name: files left out of the workspace, and files no role claimed. */
export interface FileContext {
  readonly skipped: ReadonlyMap<string, string>;
  readonly unclaimed: readonly string[];
}

export function locateFiles(spec: ResolvedSpec, names: readonly string[]): Located[] {
  const lower = new Map(names.map((n) => [n.toLowerCase(), n]));
  const sorted = [...names].sort();
  const find = (pattern: string) => (pattern.includes('*') ? sorted.filter((n) => namePattern(pattern).test(n)) : [lower.get(pattern.toLowerCase())].filter((n) => n !== undefined));
  return spec.files.map((role) => {
    const found = role.names.flatMap(find);
    const files = role.many ? [...new Set(found)] : found.slice(0, 1);
    return { role: role.role, kind: role.kind, looked: role.names, file: files[0], files };
  }).filter((l) => l.file !== undefined || !spec.files.find((f) => f.role === l.role)?.optional);
}

/** A module's role for the import bookkeeping: the spec's role, or `role/file` for each file of a `many` role. */
export const moduleRole = (located: Located, file: string) => (located.files.length > 1 ? `${located.role}/${file}` : located.role);

export function missingFile(where: Located, context: FileContext): string {
  // A pattern (`connect4_*.py`) is shown as the document writes it: connect4_<name>.py.
  const named = (n: string) => n.replace('*', '<name>');
  const left = where.looked.find((name) => context.skipped.has(name));
  if (left) return `${left} was left out of the workspace: ${context.skipped.get(left)}`;
  const others = context.unclaimed.filter((name) => name.toLowerCase().endsWith(where.looked[0]!.slice(where.looked[0]!.lastIndexOf('.')).toLowerCase()));
  const seen = others.length > 0 ? `; the submission has ${others.slice(0, 4).join(', ')}: if one of these is it, rename it ${named(where.looked[0]!)}` : '';
  return `${named(where.looked[0]!)} is missing (looked for ${where.looked.map(named).join(', ')})${seen}`;
}

export function checkFilePresent(where: Located, context: FileContext & { readonly workspaceDir: string }): CaseVerdict {
  if (!where.file) return { status: 'fail', message: missingFile(where, context) };
  const path = join(context.workspaceDir, where.file);
  if (!existsSync(path) || statSync(path).size === 0 || readFileSync(path, 'utf8').trim() === '') {
    return { status: 'fail', message: `${where.file} is empty` };
  }
  return { status: 'pass', message: `${where.file} is there` };
}
