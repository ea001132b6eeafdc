/**
 * The kit's .tgz as npm lays out a package: every file under `package/`, sorted, owner-less, one date, modes 0644 or
 * 0755, and the same bytes for the same folder; npm installs it (test/runner/kit/classroom.test.ts).
 */
import { execa } from 'execa';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packFolder } from '../../../runner/kit/pack-tarball.js';
import { tempDirs } from '../../temp-dirs.js';

const tempDir = tempDirs();

function folderOfFiles(): string {
  const folder = tempDir('pack-folder-');
  mkdirSync(join(folder, 'bin'));
  mkdirSync(join(folder, 'node_modules', 'dep', 'lib'), { recursive: true });
  writeFileSync(join(folder, 'package.json'), '{"name":"k","version":"1.0.0"}\n');
  writeFileSync(join(folder, 'bin', 'run.js'), '#!/usr/bin/env node\n');
  chmodSync(join(folder, 'bin', 'run.js'), 0o775);
  writeFileSync(join(folder, 'node_modules', 'dep', 'lib', 'index.js'), 'export {};\n');
  chmodSync(join(folder, 'node_modules', 'dep', 'lib', 'index.js'), 0o600);
  writeFileSync(join(folder, 'README.md'), '# k\n');
  return folder;
}

describe('the kit tarball', () => {
  it("holds every file under package/, sorted, with no owner, npm's date, and 0644 or 0755 as each file was executable", async () => {
    const folder = folderOfFiles();
    const tarball = join(tempDir('pack-out-'), 'k-1.0.0.tgz');
    await packFolder(folder, tarball);
    const listed = String((await execa('tar', ['--list', '--verbose', '--numeric-owner', '--utc', '-zf', tarball])).stdout).split('\n');
    expect(listed.map((line) => line.split(/\s+/u).at(-1))).toEqual([
      'package/README.md',
      'package/bin/run.js',
      'package/node_modules/dep/lib/index.js',
      'package/package.json',
    ]);
    expect(listed.map((line) => line.split(/\s+/u)[0])).toEqual(['-rw-r--r--', '-rwxr-xr-x', '-rw-r--r--', '-rw-r--r--']);
    for (const line of listed) {
      expect(line.split(/\s+/u)[1], line).toBe('0/0');
      expect(line, line).toContain('1985-10-26 08:15');
    }
    const unpacked = tempDir('pack-unpacked-');
    await execa('tar', ['-xzf', tarball, '-C', unpacked]);
    expect(readFileSync(join(unpacked, 'package', 'bin', 'run.js'), 'utf8')).toBe('#!/usr/bin/env node\n');
  });

  it('packs 0755 a file the caller names executable, whatever its mode on disk (node-pty ships its spawn-helper 0644)', async () => {
    const folder = folderOfFiles();
    mkdirSync(join(folder, 'node_modules', 'dep', 'prebuilds', 'darwin-arm64'), { recursive: true });
    writeFileSync(join(folder, 'node_modules', 'dep', 'prebuilds', 'darwin-arm64', 'spawn-helper'), 'binary');
    chmodSync(join(folder, 'node_modules', 'dep', 'prebuilds', 'darwin-arm64', 'spawn-helper'), 0o644);
    const tarball = join(tempDir('pack-out-'), 'k-1.0.0.tgz');
    const named: string[] = [];
    await packFolder(folder, tarball, {
      executable: (path) => {
        named.push(path);
        return path.endsWith('/spawn-helper');
      },
    });
    const listed = String((await execa('tar', ['--list', '--verbose', '-zf', tarball])).stdout).split('\n');
    expect(listed.map((line) => [line.split(/\s+/u).at(-1), line.split(/\s+/u)[0]])).toEqual([
      ['package/README.md', '-rw-r--r--'],
      ['package/bin/run.js', '-rwxr-xr-x'],
      ['package/node_modules/dep/lib/index.js', '-rw-r--r--'],
      ['package/node_modules/dep/prebuilds/darwin-arm64/spawn-helper', '-rwxr-xr-x'],
      ['package/package.json', '-rw-r--r--'],
    ]);
    // Asked by each file's path in the folder, as the caller names it.
    expect(named).toContain('node_modules/dep/prebuilds/darwin-arm64/spawn-helper');
  });

  it('is the same bytes each time the same folder is packed', async () => {
    const folder = folderOfFiles();
    const [a, b] = [join(tempDir('pack-a-'), 'k.tgz'), join(tempDir('pack-b-'), 'k.tgz')];
    await packFolder(folder, a);
    await packFolder(folder, b);
    expect(readFileSync(a).equals(readFileSync(b))).toBe(true);
  });
});
