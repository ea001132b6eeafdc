/** Which CLI the tests start: the build only while it is newer than every source, so an edit is always what runs. */
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { distIsCurrent } from '../helpers/cli-command.js';
import { tempDirs } from '../temp-dirs.js';

const temp = tempDirs();

/**
 * A root with one source per compiled folder and, where asked, its compiled file `age` seconds newer; the bin
 * (dist/grade.js) `binAge` seconds newer than the sources, or none.
 */
function project(compiledAge: Record<string, number | undefined>, binAge: number | null = 10): string {
  const root = temp('cli-command-');
  const then = Date.now() / 1000 - 1_000;
  if (binAge !== null) {
    mkdirSync(join(root, 'dist'), { recursive: true });
    writeFileSync(join(root, 'dist', 'grade.js'), '');
    utimesSync(join(root, 'dist', 'grade.js'), then + binAge, then + binAge);
  }
  for (const [folder, age] of Object.entries(compiledAge)) {
    mkdirSync(join(root, folder, 'sub'), { recursive: true });
    writeFileSync(join(root, folder, 'sub', 'a.ts'), '');
    writeFileSync(join(root, folder, 'sub', 'types.d.ts'), '');
    utimesSync(join(root, folder, 'sub', 'a.ts'), then, then);
    if (age === undefined) continue;
    mkdirSync(join(root, 'dist', folder, 'sub'), { recursive: true });
    writeFileSync(join(root, 'dist', folder, 'sub', 'a.js'), '');
    utimesSync(join(root, 'dist', folder, 'sub', 'a.js'), then + age, then + age);
  }
  return root;
}

describe('the CLI the tests start', () => {
  it('is the build when every source is older than its compiled file (declaration files aside)', () => {
    expect(distIsCurrent(project({ reference: 5, runner: 5, reports: 0 }))).toBe(true);
  });

  it('is the sources when one is newer than its compiled file, or has none, naming it', () => {
    expect(distIsCurrent(project({ reference: 5, runner: -5, reports: 5 }))).toBe(join('runner', 'sub', 'a.ts'));
    expect(distIsCurrent(project({ reference: 5, runner: 5, reports: undefined }))).toBe(join('reports', 'sub', 'a.ts'));
  });

  it('is the sources when the bin is missing or older than a source (a tsc run without the bundle step)', () => {
    expect(distIsCurrent(project({ reference: 5, runner: 5, reports: 5 }, null))).toBe(join('reference', 'sub', 'a.ts'));
    expect(distIsCurrent(project({ reference: 5, runner: 5, reports: 5 }, -5))).toBe(join('reference', 'sub', 'a.ts'));
  });
});
