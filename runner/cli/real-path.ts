/**
 * Two folders compared as the file system sees them, not as they were typed: a symlink to a folder, a `..` or a
 * second name of it is the same folder. A folder not made yet is its nearest existing parent's real path with the
 * rest of its name.
 */
import { realpathSync } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';

export function realFolder(path: string): string {
  const absolute = resolve(path);
  try {
    return realpathSync(absolute);
  } catch {
    const parent = dirname(absolute);
    return parent === absolute ? absolute : join(realFolder(parent), basename(absolute));
  }
}

/** Whether `inner` is `outer`, or a folder inside it, once both are real paths. */
export function sameOrInside(inner: string, outer: string): boolean {
  const [a, b] = [realFolder(inner), realFolder(outer)];
  return a === b || a.startsWith(b.endsWith(sep) ? b : b + sep);
}
