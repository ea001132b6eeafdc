/**
 * A file written whole or not at all: the data goes to `<path>.partial` beside it, which then replaces the file in
 * one rename. A full disk or a kill midway leaves the last good file as it was (and no half-written one in its place).
 */
import { renameSync, rmSync, writeFileSync } from 'node:fs';

export function writeWhole(path: string, data: string | Uint8Array): void {
  const partial = `${path}.partial`;
  try {
    writeFileSync(partial, data);
    renameSync(partial, path);
  } catch (error) {
    rmSync(partial, { force: true });
    // The message names the file the run meant to write, not the one beside it.
    (error as NodeJS.ErrnoException).path = path;
    throw error;
  }
}
