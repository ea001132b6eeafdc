/** The package's root, found by walking up to package.json: the same from sources (tsx) and from dist/. */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = findProjectRoot(dirname(fileURLToPath(import.meta.url)));

function findProjectRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'fixtures'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package root above ${start}`);
  }
}
