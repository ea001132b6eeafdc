/**
 * The package's root, found by walking up to package.json: the same from sources (tsx), from dist/, and from the
 * student's kit (`grade kit`), whose root holds check-data.json instead of fixtures/.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The student's kit's data file at its root: the visible tests, their cases and what the kit does not grade. */
export const KIT_DATA_FILE = 'check-data.json';

export const PROJECT_ROOT = findProjectRoot(dirname(fileURLToPath(import.meta.url)));

function findProjectRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json')) && (existsSync(join(dir, 'fixtures')) || existsSync(join(dir, KIT_DATA_FILE)))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package root above ${start}`);
  }
}
