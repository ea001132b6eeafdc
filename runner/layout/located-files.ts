/** Which of the submission's files plays each role of the spec (`ps9pr1`, the reading response, `connect4_<name>`). */
import { copyFileSync, existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { CaseVerdict } from '../checks/verdict.js';
import type { ResolvedSpec } from '../model/spec-types.js';
import { findByDefinitions, moduleFileName, topLevelDefinitions, type Candidate } from './find-by-definitions.js';
import { namePattern } from './layout.js';

export interface Located {
  readonly role: string;
  /** The file found (the first, for a role of many files). */
  readonly file: string | undefined;
  /** Every file found: one, or all a `many` role's names match. */
  readonly files: readonly string[];
  readonly looked: readonly string[];
  readonly kind: 'module' | 'text';
  /**
   * Set when no file had one of the role's names and these files serve it by what they define: the submission's
   * own names (`files` above are the names imported, `ps9pr1.txt` being imported as `ps9pr1.py`) and the names found.
   */
  readonly byDefinitions?: { readonly sources: readonly string[]; readonly names: readonly string[] };
}

/** What a missing file's message can name: files left out of the workspace, and files no role claimed. */
export interface FileContext {
  readonly skipped: ReadonlyMap<string, string>;
  readonly unclaimed: readonly string[];
}

export function locateFiles(spec: ResolvedSpec, names: readonly string[]): Located[] {
  const lower = new Map(names.map((n) => [n.toLowerCase(), n]));
  const sorted = [...names].sort();
  const find = (pattern: string) =>
    pattern.includes('*')
      ? sorted.filter((n) => namePattern(pattern).test(n))
      : [lower.get(pattern.toLowerCase())].filter((n) => n !== undefined);
  return spec.files
    .map((role) => {
      const found = role.names.flatMap(find);
      const files = role.many ? [...new Set(found)] : found.slice(0, 1);
      return { role: role.role, kind: role.kind, looked: role.names, file: files[0], files };
    })
    .filter((l) => l.file !== undefined || !spec.files.find((f) => f.role === l.role)?.optional);
}

/** A file that imports another accepted name of a role's file (last term's `ps9pr1`), which the harness resolved. */
export interface StaleImport {
  readonly file: string;
  readonly imported: string;
  readonly meant: string;
}

/**
 * The module names a role's file also answers to: its role's other names (another term's numbering) that no file
 * of the submission has, each resolved to the module the file is imported as (grade_harness/former_names.py).
 */
export function formerNames(spec: ResolvedSpec, located: readonly Located[]): Record<string, string> {
  const taken = new Set(located.flatMap((l) => l.files).map((f) => f.replace(/\.py$/u, '')));
  const aliases: Record<string, string> = {};
  for (const role of spec.files.filter((r) => r.kind === 'module' && !r.many)) {
    const file = located.find((l) => l.role === role.role)?.file;
    if (!file) continue;
    for (const name of role.names.filter((n) => !n.includes('*') && n.endsWith('.py'))) {
      const alias = name.slice(0, -3);
      if (!taken.has(alias) && aliases[alias] === undefined) aliases[alias] = file.replace(/\.py$/u, '');
    }
  }
  return aliases;
}

/** The one test of naming: passes when every role found was found by its name and no file imports another's former name. */
export function checkFileNames(located: readonly Located[], stale: readonly StaleImport[] = []): CaseVerdict {
  const modules = located.filter((l) => l.kind === 'module');
  const renamed = modules.filter((l) => l.byDefinitions);
  const named = (n: string) => n.replace('*', '<name>');
  if (modules.length > 0 && modules.every((l) => !l.file)) {
    return {
      status: 'fail',
      message: `no file of the assignment: none is named ${modules.map((l) => named(l.looked[0]!)).join(', ')}, and none defines the classes and functions the assignment asks for`,
    };
  }
  if (stale.length > 0) {
    const lines = stale.map(
      (s) =>
        `${s.file} imports ${s.imported}, another name of ${s.meant}: graded with ${s.meant} in its place; change the import to ${s.meant.replace(/\.py$/u, '')}`,
    );
    return {
      status: 'fail',
      message: `graded, but a file imports a name the submission's files do not have:\n${lines.map((line) => `  ${line}`).join('\n')}`,
      expected: stale.map((s) => s.meant.replace(/\.py$/u, '')).join('\n'),
      actual: stale.map((s) => s.imported).join('\n'),
    };
  }
  if (renamed.length === 0) {
    const absent = modules.filter((l) => !l.file).map((l) => named(l.looked[0]!));
    return {
      status: 'pass',
      message: `every file found has the assignment's name${absent.length > 0 ? ` (${absent.join(', ')} missing: charged by its import test)` : ''}`,
    };
  }
  const some = (names: readonly string[]) =>
    names.length > 3 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more` : names.join(', ');
  const lines = renamed.map(
    (l) => `${some(l.byDefinitions!.names)} found in ${l.byDefinitions!.sources.join(' and ')}, graded as ${named(l.looked[0]!)}`,
  );
  return {
    status: 'fail',
    message: `graded, but not under the names the assignment gives:\n${lines.map((line) => `  ${line}`).join('\n')}`,
    expected: renamed.map((l) => named(l.looked[0]!)).join('\n'),
    actual: renamed.map((l) => l.byDefinitions!.sources.join(', ')).join('\n'),
  };
}

/**
 * Fills the roles no file has a name for with the files that define their names (runner/layout/find-by-definitions.ts),
 * reading the workspace's copies. A file found under another extension is copied beside itself as `.py`, so it
 * imports, and the student's imports between files keep working.
 */
export function locateByDefinitions(
  spec: ResolvedSpec,
  located: readonly Located[],
  names: readonly string[],
  workspaceDir: string,
): Located[] {
  const needs = spec.files.filter((f) => f.kind === 'module' && !f.optional && f.defines && !located.find((l) => l.role === f.role)?.file);
  if (needs.length === 0) return [...located];
  const claimed = new Set(located.flatMap((l) => l.files));
  const candidates: Candidate[] = names.flatMap((name) => {
    const text = readSource(join(workspaceDir, name));
    return text === undefined ? [] : [{ name, defines: topLevelDefinitions(text), claimed: claimed.has(name) }];
  });
  const found = findByDefinitions(
    needs.map((f) => ({ role: f.role, defines: f.defines! })),
    candidates,
  );
  const taken = new Set(names.map((n) => n.toLowerCase()));
  return located.map((l) => {
    const hit = found.get(l.role);
    if (!hit) return l;
    const files = hit.files.map((source) => {
      const imported = moduleFileName(source);
      if (imported !== source && !taken.has(imported.toLowerCase())) {
        copyFileSync(join(workspaceDir, source), join(workspaceDir, imported));
        taken.add(imported.toLowerCase());
      }
      return imported;
    });
    return { ...l, file: files[0], files, byDefinitions: { sources: hit.files, names: hit.names } };
  });
}

/** A workspace file's text when it may be Python source: UTF-8, no NUL byte, at most 1 MB. */
function readSource(path: string): string | undefined {
  try {
    if (statSync(path).size > 1024 * 1024) return undefined;
    const text = readFileSync(path, 'utf8');
    return text.includes('\0') ? undefined : text;
  } catch {
    return undefined;
  }
}

/** A module's role for the import bookkeeping: the spec's role, or `role/file` for each file of a `many` role. */
export const moduleRole = (located: Located, file: string) => (located.files.length > 1 ? `${located.role}/${file}` : located.role);

export function missingFile(where: Located, context: FileContext): string {
  // A pattern (`connect4_*.py`) is shown as the document writes it: connect4_<name>.py.
  const named = (n: string) => n.replace('*', '<name>');
  const left = where.looked.find((name) => context.skipped.has(name));
  if (left) return `${left} was left out of the workspace: ${context.skipped.get(left)}`;
  const others = context.unclaimed.filter((name) =>
    name.toLowerCase().endsWith(where.looked[0]!.slice(where.looked[0]!.lastIndexOf('.')).toLowerCase()),
  );
  const seen =
    others.length > 0
      ? `; the submission has ${others.slice(0, 4).join(', ')}: if one of these is it, rename it ${named(where.looked[0]!)}`
      : '';
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
