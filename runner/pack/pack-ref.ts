/** How a command tells a course's pack from a built-in id: light, so the student's check can use it too. */
import { existsSync, statSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { isAssignmentId } from '../model/ids.js';

export const PACK_FILE = 'assignment.yml';

/** An --assignment value that names a pack rather than a built-in: a path, or a .yml file. */
export function isPackRef(ref: string): boolean {
  return (
    isAbsolute(ref) ||
    ref.startsWith('.') ||
    /[/\\]/u.test(ref) ||
    /\.ya?ml$/u.test(ref) ||
    (!isAssignmentId(ref) && existsSync(join(ref, PACK_FILE)))
  );
}

/** The assignment.yml a pack reference names: the file itself, or the one in the folder. */
export function packFile(ref: string, cwd = process.cwd()): string {
  const path = resolve(cwd, ref);
  return existsSync(path) && statSync(path).isDirectory() ? join(path, PACK_FILE) : path;
}
