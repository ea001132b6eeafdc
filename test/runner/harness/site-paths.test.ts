/**
 * Student processes start without site (-S) where the probe found site's folders: the harness puts the folders back
 * and the builtins site makes (exit, quit, help), and runs none of site's start-up code (a .pth file's import line).
 */
import { execa } from 'execa';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { studentCommand } from '../../../runner/harness/session.js';
import { HARNESS_DIR, probeSandbox } from '../../../runner/sandbox/environment.js';
import { tempDirs } from '../../temp-dirs.js';

const temp = tempDirs();

/** Runs `code` after restore_site(config) in an interpreter started with `flags`; its exit code and output. */
async function afterRestore(flags: readonly string[], config: object, code: string) {
  const { python } = await probeSandbox('python3');
  const script = [
    'import json, sys',
    `sys.path.insert(0, ${JSON.stringify(HARNESS_DIR)})`,
    'from grade_harness.site_paths import restore_site',
    'del sys.path[0]',
    `restore_site(json.loads(${JSON.stringify(JSON.stringify(config))}))`,
    code,
  ].join('\n');
  return execa(python, [...flags, '-c', script], { reject: false });
}

describe('a student process without site', () => {
  it('is started with -S where the probe found the site folders, and with site where it did not', async () => {
    const sandbox = await probeSandbox('python3');
    expect(sandbox.sitePaths).toBeDefined();
    const place = { workdir: temp('site-cmd-'), cgroup: undefined };
    expect(studentCommand(sandbox, place, ['serve', '{}']).flat()).toContain('-S');
    const { sitePaths: _, ...withoutPaths } = sandbox;
    expect(studentCommand(withoutPaths, place, ['serve', '{}']).flat()).not.toContain('-S');
  });

  it("gets the folders back, and exit, quit and help, but runs no .pth file's import line", async () => {
    const folder = temp('site-folder-');
    writeFileSync(join(folder, 'from_site.py'), 'VALUE = 41\n');
    mkdirSync(join(folder, 'named'));
    // A .pth file is read by the probe, not by the harness: this one's import line must never run.
    writeFileSync(join(folder, 'hook.pth'), 'import sys; sys.stdout.write("HOOK RAN\\n")\n');
    const ran = await afterRestore(
      ['-I', '-S'],
      { sitePaths: [folder, join(folder, 'named')] },
      [
        'import from_site',
        'print(from_site.VALUE + 1, sys.path.count(' + JSON.stringify(folder) + '), sys.path[-1].endswith("named"))',
        'print(type(help).__name__, type(quit).__name__)',
        'exit(7)',
      ].join('\n'),
    );
    expect(ran.exitCode, String(ran.stderr)).toBe(7);
    expect(String(ran.stdout).split('\n')).toEqual(['42 1 True', '_Helper Quitter']);
  });

  it('changes nothing where site ran, or where no folders were given', async () => {
    const folder = temp('site-unused-');
    writeFileSync(join(folder, 'from_site.py'), 'VALUE = 41\n');
    const withSite = await afterRestore(['-I'], { sitePaths: [folder] }, `print(${JSON.stringify(folder)} in sys.path)`);
    expect(String(withSite.stdout).trim()).toBe('False');
    const noPaths = await afterRestore(['-I', '-S'], {}, 'print("exit" in dir(__builtins__))');
    expect(String(noPaths.stdout).trim()).toBe('False');
  });
});
