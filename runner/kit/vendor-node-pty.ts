/**
 * The node-pty a student's kit carries inside itself: the grader's own copy's JavaScript and the binaries that load
 * without a compiler (macOS's prebuilt ones, and the grader's Linux build where it runs on Linux), with its install
 * scripts and build-time dependencies left out, so npm installs the kit offline and runs nothing.
 */
import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../project-root.js';
import { KitBuildError } from './kit-bundle.js';
import { KIT_NODE_PTY } from './kit-package.js';

/** The prebuilt binaries worth their size: macOS's are small; Windows's are 30 MB each and Windows has no fork. */
const PREBUILT = ['darwin-x64', 'darwin-arm64'];

/**
 * node-pty's helper on macOS, beside each binary: it starts every program on a terminal, so it must be executable.
 * node-pty 1.1.0 ships it without its execute bit (mode 0644), and every terminal run then fails with `posix_spawnp
 * failed.`: the kit sets the bit on its copy and packs it 0755 (runner/kit/build-kit.ts). A path inside the kit's folder.
 */
export const isNodePtyHelper = (path: string): boolean =>
  /^node_modules\/node-pty\/(?:prebuilds\/[^/]+|build\/Release)\/spawn-helper$/u.test(path);

/** Writes the kit's node-pty into `to` (the kit's node_modules/node-pty); the platforms it has a binary for. */
export function vendorNodePty(to: string): string[] {
  const from = join(PROJECT_ROOT, 'node_modules', 'node-pty');
  if (!existsSync(join(from, 'package.json'))) throw new KitBuildError(`node-pty is not installed in ${from}: run npm ci first`);
  const { name, version, main, types, license } = JSON.parse(readFileSync(join(from, 'package.json'), 'utf8')) as Record<string, string>;
  // The kit's package.json names this version; npm refuses a bundled copy that does not match it.
  if (version !== KIT_NODE_PTY)
    throw new KitBuildError(
      `node-pty ${version} is installed, but the kit names ${KIT_NODE_PTY} (runner/kit/kit-package.ts): make them agree`,
    );
  mkdirSync(to, { recursive: true });
  // No scripts (its install script compiles where no prebuilt binary fits), no dependencies (only for building).
  writeFileSync(
    join(to, 'package.json'),
    `${JSON.stringify({ name, version, main, types, license, description: 'node-pty, as the connect4-check kit carries it: prebuilt binaries only, no install script' }, null, 2)}\n`,
  );
  cpSync(join(from, 'lib'), join(to, 'lib'), { recursive: true, filter: (path) => !/\.test\.js$|\.map$/u.test(path) });
  for (const file of ['LICENSE', 'typings'])
    if (existsSync(join(from, file))) cpSync(join(from, file), join(to, file), { recursive: true });
  const platforms: string[] = [];
  for (const platform of PREBUILT) {
    if (!existsSync(join(from, 'prebuilds', platform))) continue;
    cpSync(join(from, 'prebuilds', platform), join(to, 'prebuilds', platform), { recursive: true });
    const helper = join(to, 'prebuilds', platform, 'spawn-helper');
    if (existsSync(helper)) chmodSync(helper, 0o755);
    platforms.push(platform);
  }
  // The binary npm built here: it loads on machines of this kind (node-pty uses Node-API, stable across versions).
  const built = join(from, 'build', 'Release', 'pty.node');
  const here = `${process.platform}-${process.arch}`;
  if (existsSync(built) && !platforms.includes(here)) {
    mkdirSync(join(to, 'prebuilds', here), { recursive: true });
    cpSync(built, join(to, 'prebuilds', here, 'pty.node'));
    platforms.push(here);
  }
  return platforms;
}
