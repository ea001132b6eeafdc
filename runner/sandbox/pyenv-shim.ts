/**
 * When `python3` on PATH is a pyenv shim, the interpreter it would run, found the way pyenv finds it in the plain
 * cases. The shim runs about a dozen bash processes before Python starts (0.2–0.6 s here), which was most of what a
 * student's `grade check` waited for before its first test. Anything but an exact, installed version (`system`, a
 * prefix such as `3.11`, PYENV_DIR, a version not installed) is left to the shim itself, so the interpreter is never
 * one pyenv would not have chosen; the probe then asks it its path, as it asks any interpreter.
 */
import { accessSync, constants, readFileSync, statSync } from 'node:fs';
import { basename, delimiter, dirname, join, resolve } from 'node:path';

const isFolder = (path: string) => statSync(path, { throwIfNoEntry: false })?.isDirectory() === true;
const isFile = (path: string) => statSync(path, { throwIfNoEntry: false })?.isFile() === true;

/** The file `command` names on PATH, as a shell would find it (the first executable one), or undefined. */
function onPath(command: string, path: string): string | undefined {
  for (const dir of path.split(delimiter).filter(Boolean)) {
    const file = join(dir, command);
    try {
      accessSync(file, constants.X_OK);
      if (isFile(file)) return file;
    } catch {
      // not here: the next folder
    }
  }
  return undefined;
}

/** The version names a pyenv version file holds: its words, lines starting with # left out. */
export function versionFileNames(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#'))
    .flatMap((line) => line.trim().split(/\s+/u))
    .filter(Boolean);
}

/** The nearest `.python-version` at or above `cwd`. */
function localVersionFile(cwd: string): string | undefined {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    const file = join(dir, '.python-version');
    if (isFile(file)) return file;
    if (dirname(dir) === dir) return undefined;
  }
}

/** The version names pyenv would try, in its order, or undefined where it decides some other way (PYENV_DIR). */
function versionNames(root: string, env: NodeJS.ProcessEnv, cwd: string): string[] | undefined {
  if (env['PYENV_DIR']) return undefined;
  if (env['PYENV_VERSION']) return env['PYENV_VERSION'].split(':').filter(Boolean);
  const file = localVersionFile(cwd) ?? join(root, 'version');
  if (!isFile(file)) return undefined;
  return versionFileNames(readFileSync(file, 'utf8'));
}

/**
 * The interpreter a pyenv shim named `command` would run from `cwd`, or undefined: not a shim, or a choice pyenv makes
 * some other way. Like `pyenv which`, the first named version that has the command.
 */
export function pyenvInterpreter(command: string, env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): string | undefined {
  if (command.includes('/') || command.includes('\\')) return undefined;
  const shim = onPath(command, env['PATH'] ?? '');
  if (!shim || basename(dirname(shim)) !== 'shims') return undefined;
  const root = dirname(dirname(shim));
  if (!isFolder(join(root, 'versions'))) return undefined;
  const names = versionNames(root, env, cwd);
  if (!names || names.length === 0) return undefined;
  for (const name of names) {
    // `system`, a prefix or a path-like name: pyenv's own rules, so its shim decides.
    if (name === 'system' || name.includes('/') || name.includes('..')) return undefined;
    const version = join(root, 'versions', name);
    if (!isFolder(version)) return undefined;
    const file = onPath(command, join(version, 'bin'));
    if (file) return file;
  }
  return undefined;
}
