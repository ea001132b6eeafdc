/**
 * The throw-away copy a submission runs in: its files (regular files only, under canonical names), nothing else.
 * The student's process gets it as cwd, HOME and TMPDIR, so no relative path reaches the grader's own files.
 */
import { chmodSync, copyFileSync, lstatSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export interface WorkspaceFile {
  /** Where the file is in the submission. */
  readonly source: string;
  /** Its path inside the workspace (the assignment's name for it, e.g. `ps9pr1.py`). */
  readonly name: string;
}

export interface Workspace {
  readonly dir: string;
  /** Files left out, with why (a symlink, too large). */
  readonly skipped: readonly { readonly name: string; readonly reason: string }[];
  readonly remove: () => void;
}

const MAX_FILE_BYTES = 8 * 1024 * 1024;

/** Workspaces not yet removed, so an interrupted run leaves nothing behind in the temp folder. */
const live = new Set<string>();
process.once('exit', () => {
  for (const root of live) rmSync(root, { recursive: true, force: true });
});

export function createWorkspace(files: readonly WorkspaceFile[]): Workspace {
  const root = mkdtempSync(join(tmpdir(), 'grade-'));
  live.add(root);
  const dir = join(root, 'work');
  mkdirSync(dir);
  const skipped: { name: string; reason: string }[] = [];
  for (const file of files) {
    let stat;
    try {
      stat = lstatSync(file.source);
    } catch (error) {
      // Gone since it was listed, or unreachable by its name: one file left out, never the whole submission.
      skipped.push({ name: file.name, reason: `could not be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})` });
      continue;
    }
    if (!stat.isFile()) {
      skipped.push({ name: file.name, reason: 'not a regular file' });
      continue;
    }
    if (stat.size > MAX_FILE_BYTES) {
      skipped.push({ name: file.name, reason: `larger than ${MAX_FILE_BYTES / 1024 / 1024} MB` });
      continue;
    }
    const target = join(dir, file.name);
    mkdirSync(dirname(target), { recursive: true });
    try {
      copyFileSync(file.source, target);
    } catch (error) {
      skipped.push({ name: file.name, reason: `could not be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})` });
      continue;
    }
    // Its own files are the student's to change (a read-only game.txt from a zip still gets saved over); in the
    // sandbox no capability overrides a file's mode.
    chmodSync(target, 0o644);
  }
  return {
    dir,
    skipped,
    remove: () => {
      rmSync(root, { recursive: true, force: true });
      live.delete(root);
    },
  };
}
