/**
 * Finds the submissions in the paths given to `grade`: a folder holding one submission, a folder with one sub-folder
 * per student, or a flat folder of files named `<student><sep><file>` (`alice_ps9pr1.py`). Pure over a listing of
 * the file system, so the rules are tested without touching disk.
 */
import { readdirSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import type { WorkspaceFile } from '../sandbox/workspace.js';

export interface Submission {
  readonly id: string;
  readonly path: string;
  /** Files under the names the assignment expects (a flat layout's prefix removed). */
  readonly files: readonly WorkspaceFile[];
}

export type LayoutKind = 'single' | 'folders' | 'flat';

export interface Discovered {
  readonly submissions: readonly Submission[];
  readonly layouts: readonly LayoutKind[];
  readonly warnings: readonly string[];
}

const MAX_DEPTH = 3;
const IGNORED = /^(\.|__pycache__$|__MACOSX$|node_modules$)/;

/** `known` are the file names of the assignments (lower case), e.g. `ps9pr1.py`. */
export function discoverSubmissions(paths: readonly string[], known: ReadonlySet<string>): Discovered {
  const submissions: Submission[] = [];
  const layouts: LayoutKind[] = [];
  const warnings: string[] = [];
  for (const path of paths) {
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) {
      warnings.push(`${path}: no such file or folder`);
      continue;
    }
    if (!stat.isDirectory()) {
      warnings.push(`${path}: give a folder (a single file or a zip is not a submission layout this version reads)`);
      continue;
    }
    const entries = listDir(path);
    if (entries.files.some((f) => known.has(f.toLowerCase()))) {
      submissions.push(folderSubmission(basename(path), path, path));
      layouts.push('single');
      continue;
    }
    const flat = groupFlatFiles(entries.files, known);
    for (const [student, files] of flat) {
      submissions.push({ id: student, path: join(path, `${student}*`), files: files.map(([file, name]) => ({ source: join(path, file), name })) });
    }
    if (flat.size > 0) layouts.push('flat');
    let folders = 0;
    const without: string[] = [];
    for (const dir of entries.dirs) {
      const found = shallowestWithKnown(join(path, dir), known, 0);
      if (found) {
        submissions.push(folderSubmission(dir, join(path, dir), found));
        folders++;
      } else {
        without.push(dir);
      }
    }
    for (const dir of without) {
      // Beside other students' folders, a folder with the wrong file names is a student who still gets a result.
      const hasFiles = folders > 0 && listDir(join(path, dir)).files.length > 0;
      if (hasFiles) submissions.push(folderSubmission(dir, join(path, dir), join(path, dir)));
      warnings.push(`${join(path, dir)}: no file of the assignment in it (looked for ${[...known].slice(0, 4).join(', ')}, …)${hasFiles ? '; graded with its files missing' : ''}`);
    }
    if (folders > 0) layouts.push('folders');
    if (flat.size === 0 && folders === 0 && entries.dirs.length === 0) warnings.push(`${path}: no submission files found`);
  }
  const seen = new Map<string, number>();
  const unique = submissions.map((s) => {
    const count = (seen.get(s.id) ?? 0) + 1;
    seen.set(s.id, count);
    return count === 1 ? s : { ...s, id: `${s.id}-${count}` };
  });
  return { submissions: unique, layouts, warnings };
}

function folderSubmission(id: string, path: string, dir: string): Submission {
  const files = listDir(dir).files.map((name) => ({ source: join(dir, name), name }));
  return { id, path: relative(process.cwd(), path) || path, files };
}

function listDir(dir: string): { files: string[]; dirs: string[] } {
  const files: string[] = [];
  const dirs: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (IGNORED.test(entry.name)) continue;
    if (entry.isDirectory()) dirs.push(entry.name);
    else if (entry.isFile()) files.push(entry.name);
  }
  return { files: files.sort(), dirs: dirs.sort() };
}

function shallowestWithKnown(dir: string, known: ReadonlySet<string>, depth: number): string | undefined {
  const entries = listDir(dir);
  if (entries.files.some((f) => known.has(f.toLowerCase()))) return dir;
  if (depth >= MAX_DEPTH) return undefined;
  for (const sub of entries.dirs) {
    const found = shallowestWithKnown(join(dir, sub), known, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** `alice_ps9pr1.py` → student `alice`, file `ps9pr1.py`; separators `_`, `-`, `.` and spaces are dropped. */
export function groupFlatFiles(files: readonly string[], known: ReadonlySet<string>): Map<string, [string, string][]> {
  const groups = new Map<string, [string, string][]>();
  for (const file of files) {
    const lower = file.toLowerCase();
    const name = [...known].filter((k) => lower.endsWith(k) && lower.length > k.length).sort((a, b) => b.length - a.length)[0];
    if (!name) continue;
    const student = file.slice(0, file.length - name.length).replace(/[\s._-]+$/, '');
    if (!student) continue;
    const list = groups.get(student) ?? [];
    list.push([file, name]);
    groups.set(student, list);
  }
  return groups;
}
