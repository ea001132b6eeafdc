/**
 * Finds the submissions in the paths given to `grade`: a folder holding one submission, a folder with one sub-folder
 * or zip per student, a flat folder of files named `<student><sep><file>` (`alice_ps9pr1.py`), a Canvas download (a
 * folder or its zip) or a Gradescope export folder. Zips are unpacked to a temporary folder (runner/layout/exports.ts).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import type { WorkspaceFile } from '../sandbox/workspace.js';
import { topLevelDefinitions } from './find-by-definitions.js';
import { looksLikeCanvas, parseCanvasName, readGradescopeExport, unpackZip } from './exports.js';
import type { StudentIdentity } from '../model/results.js';

export interface Submission {
  readonly id: string;
  readonly path: string;
  /** Files under the names the assignment expects (a flat layout's prefix removed). */
  readonly files: readonly WorkspaceFile[];
  /** Who it belongs to, when an LMS export says so. */
  readonly student?: StudentIdentity;
  /** When it was submitted, where the layout says (a Gradescope export's created_at). */
  readonly submittedAt?: string;
}

export type LayoutKind = 'single' | 'folders' | 'flat' | 'canvas' | 'gradescope';

export interface Discovered {
  readonly submissions: readonly Submission[];
  readonly layouts: readonly LayoutKind[];
  readonly warnings: readonly string[];
  /** The paths a warning already says hold no submission (not there, not a folder, no file of the assignment). */
  readonly nothingIn: readonly string[];
}

const MAX_DEPTH = 3;
const IGNORED = /^(\.|__pycache__$|__MACOSX$|node_modules$)/;

/**
 * `known` are the file names of the assignments (lower case), e.g. `ps9pr1.py`; `defines` the classes and functions
 * their files define (`Board`, `newGame`), by which a folder whose files have other names is still found.
 */
export function discoverSubmissions(
  paths: readonly string[],
  known: ReadonlySet<string>,
  defines: ReadonlySet<string> = new Set(),
): Discovered {
  const found: Found = { submissions: [], layouts: [], warnings: [], defines, nothingIn: [] };
  undecodableNames.length = 0;
  for (const path of paths) {
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) {
      found.warnings.push(`${path}: no such file or folder`);
      found.nothingIn.push(path);
      continue;
    }
    if (stat.isFile() && /\.zip$/iu.test(path)) {
      const dir = unpack(path, found);
      if (dir) discoverIn(contentRoot(dir), basename(path).replace(/\.zip$/iu, ''), path, known, found);
      continue;
    }
    if (!stat.isDirectory()) {
      found.warnings.push(`${path}: give a folder or a zip (one file is not a submission layout)`);
      found.nothingIn.push(path);
      continue;
    }
    discoverIn(path, basename(path), path, known, found);
  }
  const seen = new Map<string, number>();
  const unique = found.submissions.map((s) => {
    const count = (seen.get(s.id) ?? 0) + 1;
    seen.set(s.id, count);
    return count === 1 ? s : { ...s, id: `${s.id}-${count}` };
  });
  const unreadable = [...new Set(undecodableNames)].map(
    (name) => `${relative(process.cwd(), name) || name}: skipped, as its name is not UTF-8 (rename it to grade it)`,
  );
  return {
    submissions: unique,
    layouts: [...new Set(found.layouts)],
    warnings: [...found.warnings, ...unreadable],
    nothingIn: found.nothingIn,
  };
}

interface Found {
  readonly submissions: Submission[];
  readonly layouts: LayoutKind[];
  readonly warnings: string[];
  readonly defines: ReadonlySet<string>;
  readonly nothingIn: string[];
}

function unpack(zip: string, found: Found): string | undefined {
  try {
    const unpacked = unpackZip(zip);
    found.warnings.push(...unpacked.warnings);
    return unpacked.dir;
  } catch (error) {
    found.warnings.push((error as Error).message);
    return undefined;
  }
}

/** A zip that holds one folder and nothing else: the folder is what was zipped. */
function contentRoot(dir: string): string {
  const entries = listDir(dir);
  return entries.files.length === 0 && entries.dirs.length === 1 ? join(dir, entries.dirs[0]!) : dir;
}

/** One folder given to grade (or unpacked from a zip given to it), `shown` being how to name it in messages. */
function discoverIn(path: string, name: string, shown: string, known: ReadonlySet<string>, found: Found): void {
  const gradescope = readGradescopeExport(path);
  if (gradescope) {
    for (const entry of gradescope) {
      const folder = join(path, entry.folder);
      const root = shallowestWithKnown(folder, known, 0) ?? folder;
      found.submissions.push({
        ...folderSubmission(entry.folder, join(shown, entry.folder), root),
        student: entry.student,
        ...(entry.submittedAt && { submittedAt: entry.submittedAt }),
      });
    }
    found.layouts.push('gradescope');
    if (gradescope.length === 0) found.warnings.push(`${shown}: a Gradescope export with no submission folders`);
    return;
  }
  const entries = listDir(path);
  if (looksLikeCanvas(entries.files)) {
    found.submissions.push(...canvasSubmissions(path, shown, entries.files, known, found));
    found.layouts.push('canvas');
    return;
  }
  const perFile = oneFilePerStudent(entries.files, known);
  if (perFile.size >= 2) {
    for (const [student, file] of perFile)
      found.submissions.push({ id: student, path: join(shown, file), files: [{ source: join(path, file), name: file }] });
    found.layouts.push('flat');
    return;
  }
  if (entries.files.some((f) => isKnownFile(known, f))) {
    found.submissions.push(folderSubmission(name, shown, path));
    found.layouts.push('single');
    return;
  }
  const flat = groupFlatFiles(entries.files, known);
  for (const [student, files] of flat) {
    found.submissions.push({
      id: student,
      path: join(shown, `${student}*`),
      files: files.map(([file, canonical]) => ({ source: join(path, file), name: canonical })),
    });
  }
  if (flat.size > 0) found.layouts.push('flat');
  let folders = 0;
  for (const zip of entries.files.filter((f) => /\.zip$/iu.test(f))) {
    const dir = unpack(join(path, zip), found);
    if (!dir) continue;
    const root = contentRoot(dir);
    found.submissions.push(folderSubmission(zip.replace(/\.zip$/iu, ''), join(shown, zip), shallowestWithKnown(root, known, 0) ?? root));
    folders++;
  }
  const without: string[] = [];
  const ownCode = flat.size === 0 && folders === 0 && entries.files.some((f) => definesAny(join(path, f), found.defines));
  for (const dir of entries.dirs) {
    // A folder of code under other names (another semester's numbering, Board.py beside Player.py) is found by what
    // its files define, unless the folder given is itself such a submission.
    const inside =
      shallowestWithKnown(join(path, dir), known, 0) ??
      (ownCode ? undefined : shallowestWithDefinitions(join(path, dir), found.defines, 0));
    if (inside) {
      found.submissions.push(folderSubmission(dir, join(shown, dir), inside));
      folders++;
    } else {
      without.push(dir);
    }
  }
  if (ownCode && folders === 0) {
    found.submissions.push(folderSubmission(name, shown, path));
    found.layouts.push('single');
    return;
  }
  for (const dir of without) {
    // Beside other students' folders, a folder with the wrong file names is a student who still gets a result.
    const hasFiles = folders > 0 && listDir(join(path, dir)).files.length > 0;
    if (hasFiles) found.submissions.push(folderSubmission(dir, join(shown, dir), join(path, dir)));
    found.warnings.push(
      `${join(shown, dir)}: no file of the assignment in it (looked for ${[...known].slice(0, 4).join(', ')}, …, and for files defining ${[...found.defines].slice(0, 3).join(', ') || 'its names'}, …)${hasFiles ? '; graded with its files missing' : ''}`,
    );
  }
  if (folders > 0) found.layouts.push('folders');
  if (flat.size === 0 && folders === 0 && entries.dirs.length === 0) {
    found.warnings.push(`${shown}: no submission files found (looked for ${[...known].slice(0, 4).join(', ')}, …)`);
    found.nothingIn.push(path);
  }
}

/**
 * Canvas's "Download Submissions": every attachment at the top, named `sortablename[_LATE]_userid_attachmentid_file`.
 * Grouped back into one submission per user id, files under the names the students gave them; an attached zip is
 * unpacked into its student's submission.
 */
function canvasSubmissions(path: string, shown: string, files: readonly string[], known: ReadonlySet<string>, found: Found): Submission[] {
  const students = new Map<string, { name: string; late: boolean; files: WorkspaceFile[] }>();
  for (const file of files) {
    const parsed = parseCanvasName(file);
    if (!parsed) {
      found.warnings.push(`${join(shown, file)}: not named as Canvas names submissions; left out`);
      continue;
    }
    const entry = students.get(parsed.userId) ?? { name: parsed.sortableName, late: false, files: [] };
    entry.late ||= parsed.late;
    if (/\.zip$/iu.test(parsed.file)) {
      const dir = unpack(join(path, file), found);
      if (dir) {
        const root = shallowestWithKnown(contentRoot(dir), known, 0) ?? contentRoot(dir);
        entry.files.push(...listDir(root).files.map((inner) => ({ source: join(root, inner), name: inner })));
      }
    } else {
      entry.files.push({ source: join(path, file), name: parsed.file });
    }
    students.set(parsed.userId, entry);
  }
  return [...students.entries()].map(([userId, entry]) => ({
    id: entry.name,
    path: join(shown, `${entry.name}_*${userId}_*`),
    files: entry.files,
    student: { name: entry.name, id: userId, ...(entry.late && { late: true }) },
  }));
}

/** A folder as one submission, read from its shallowest folder holding a file of the assignment (a commit's tree). */
export function submissionFromFolder(id: string, path: string, dir: string, known: ReadonlySet<string>): Submission {
  return folderSubmission(id, path, shallowestWithKnown(dir, known, 0) ?? dir);
}

function folderSubmission(id: string, path: string, dir: string): Submission {
  const files = listDir(dir).files.map((name) => ({ source: join(dir, name), name }));
  return { id, path: relative(process.cwd(), path) || path, files };
}

/** Names that are not UTF-8, seen while listing: no path string can reach them, so they are skipped and said. */
const UTF8 = new TextDecoder('utf-8', { fatal: true });
const undecodableNames: string[] = [];

function listDir(dir: string): { files: string[]; dirs: string[] } {
  const files: string[] = [];
  const dirs: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, encoding: 'buffer' })) {
    let name: string;
    try {
      name = UTF8.decode(entry.name);
    } catch {
      undecodableNames.push(join(dir, escapeBytes(entry.name)));
      continue;
    }
    if (IGNORED.test(name)) continue;
    if (entry.isDirectory()) dirs.push(name);
    else if (entry.isFile()) files.push(name);
  }
  return { files: files.sort(), dirs: dirs.sort() };
}

/** A file name's bytes as readable text: printable ASCII kept, every other byte as \xNN. */
function escapeBytes(bytes: Buffer): string {
  return [...bytes]
    .map((b) => (b >= 0x20 && b < 0x7f && b !== 0x5c ? String.fromCharCode(b) : `\\x${b.toString(16).padStart(2, '0')}`))
    .join('');
}

function shallowestWithKnown(dir: string, known: ReadonlySet<string>, depth: number): string | undefined {
  const entries = listDir(dir);
  if (entries.files.some((f) => isKnownFile(known, f))) return dir;
  if (depth >= MAX_DEPTH) return undefined;
  for (const sub of entries.dirs) {
    const found = shallowestWithKnown(join(dir, sub), known, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** The shallowest folder (to MAX_DEPTH) one of whose files defines a name the assignments need. */
function shallowestWithDefinitions(dir: string, defines: ReadonlySet<string>, depth: number): string | undefined {
  if (defines.size === 0) return undefined;
  const entries = listDir(dir);
  if (entries.files.some((f) => definesAny(join(dir, f), defines))) return dir;
  if (depth >= MAX_DEPTH) return undefined;
  for (const sub of entries.dirs) {
    const found = shallowestWithDefinitions(join(dir, sub), defines, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** Files that may hold Python: `.py`, `.txt` (saved by the wrong editor) or no extension; not larger than a student writes. */
const MAYBE_PYTHON = /(\.py|\.txt|^[^.]+)$/iu;
const MAX_SOURCE_BYTES = 1024 * 1024;

export function definesAny(file: string, defines: ReadonlySet<string>): boolean {
  if (defines.size === 0) return false;
  for (const name of definitionsOf(file)) if (defines.has(name)) return true;
  return false;
}

/** The top-level classes and functions of a file that may hold Python (none for anything else or unreadable). */
export function definitionsOf(file: string): ReadonlySet<string> {
  if (!MAYBE_PYTHON.test(basename(file))) return new Set();
  try {
    const stat = statSync(file);
    if (!stat.isFile() || stat.size > MAX_SOURCE_BYTES) return new Set();
    const text = readFileSync(file, 'utf8');
    return text.includes('\0') ? new Set() : topLevelDefinitions(text);
  } catch {
    return new Set();
  }
}

/** `alice_ps9pr1.py` → student `alice`, file `ps9pr1.py`; separators `_`, `-`, `.` and spaces are dropped. */
export function groupFlatFiles(files: readonly string[], known: ReadonlySet<string>): Map<string, [string, string][]> {
  const groups = new Map<string, [string, string][]>();
  for (const file of files) {
    const lower = file.toLowerCase();
    const name = [...known]
      .filter((k) => !k.includes('*') && lower.endsWith(k) && lower.length > k.length)
      .sort((a, b) => b.length - a.length)[0];
    if (!name) continue;
    const student = file.slice(0, file.length - name.length).replace(/[\s._-]+$/, '');
    if (!student) continue;
    const list = groups.get(student) ?? [];
    list.push([file, name]);
    groups.set(student, list);
  }
  return groups;
}

/** Whether a file has one of the assignments' names; a name with `*` (`connect4_*.py`) is a pattern. */
export function isKnownFile(known: ReadonlySet<string>, file: string): boolean {
  const lower = file.toLowerCase();
  return known.has(lower) || [...known].some((k) => k.includes('*') && namePattern(k).test(lower));
}

export function namePattern(glob: string): RegExp {
  return new RegExp(
    `^${glob
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('(.+)')}$`,
    'iu',
  );
}

/**
 * A folder of single-file submissions named by a pattern with the student in it (`connect4_ada.py`,
 * `connect4_bob.py`): student → file. Bare patterns (`*.py`) name no student and never split a folder.
 */
function oneFilePerStudent(files: readonly string[], known: ReadonlySet<string>): Map<string, string> {
  const students = new Map<string, string>();
  for (const glob of known) {
    if (!glob.includes('*') || isBarePattern(glob)) continue;
    for (const file of files) {
      const student = namePattern(glob).exec(file)?.[1];
      if (student && !students.has(student)) students.set(student, file);
    }
  }
  return students;
}

/** `*.py`: any file of a kind, naming neither an assignment nor a student. */
export const isBarePattern = (glob: string): boolean => /^\*\.[a-z0-9]+$/iu.test(glob);
