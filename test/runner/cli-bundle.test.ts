/**
 * The `grade` bin is one bundled file, and each module in it still finds the files beside its compiled self: its
 * `import.meta.url` is its own file's, relative to wherever the bundle is, and a string that merely spells
 * `import.meta.url` (the kit bundler's banner) is left as it is.
 */
import { execa } from 'execa';
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CLI_BUNDLE, writeCliBundle } from '../../runner/cli/cli-bundle.js';
import { tempDirs } from '../temp-dirs.js';

const temp = tempDirs();

/** A package whose compiled CLI imports a module that reads a file next to itself. */
function compiledPackage(): string {
  const root = temp('cli-bundle-');
  mkdirSync(join(root, 'dist', 'runner', 'pack', 'specs'), { recursive: true });
  writeFileSync(join(root, 'dist', 'runner', 'pack', 'specs', 'one.txt'), 'found beside pack/reader.js\n');
  writeFileSync(
    join(root, 'dist', 'runner', 'pack', 'reader.js'),
    [
      "import { readFileSync } from 'node:fs';",
      'export const here = import.meta.url;',
      "export const read = () => readFileSync(new URL('./specs/one.txt', import.meta.url), 'utf8');",
      "export const banner = 'const require = kitRequire(import.meta.url);';",
    ].join('\n'),
  );
  writeFileSync(
    join(root, 'dist', 'runner', 'cli.js'),
    [
      "import { banner, here, read } from './pack/reader.js';",
      'console.log(JSON.stringify({ here, read: read(), banner, cli: import.meta.url }));',
    ].join('\n'),
  );
  return root;
}

describe('the grade bin', () => {
  it("is one file in which each module's import.meta.url is its own compiled file's, wherever the package is moved", async () => {
    const root = compiledPackage();
    expect(await writeCliBundle(root)).toBe(join(root, CLI_BUNDLE));
    // Moved after the build, as npm installs a package: the addresses follow the bundle.
    const moved = temp('cli-bundle-moved-');
    cpSync(join(root, 'dist'), join(moved, 'dist'), { recursive: true });
    const ran = await execa(process.execPath, [join(moved, CLI_BUNDLE)]);
    expect(JSON.parse(String(ran.stdout))).toEqual({
      here: pathToFileURL(join(moved, 'dist', 'runner', 'pack', 'reader.js')).href,
      read: 'found beside pack/reader.js\n',
      banner: 'const require = kitRequire(import.meta.url);',
      cli: pathToFileURL(join(moved, 'dist', 'runner', 'cli.js')).href,
    });
  });
});
