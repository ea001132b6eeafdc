/**
 * The third-party packages an assignment allows (numpy, tqdm, …) made importable for submissions: the given Python
 * when it has them already, else a virtual environment beside it (with its packages visible) that pip fills once
 * and that later runs reuse from the cache folder. What could not be had is said, never silently skipped.
 */
import { loadExeca } from './load-execa.js';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export interface PreparedPython {
  /** The interpreter to run submissions with. */
  readonly python: string;
  /** How the packages were provided, for results.json's settings: `python3 has numpy, tqdm`. */
  readonly summary: string;
  /** Allowed packages this interpreter still cannot import. */
  readonly missing: readonly string[];
  readonly notes: readonly string[];
}

const FIND_MISSING =
  'import importlib.util, json, sys\nprint(json.dumps([n for n in sys.argv[1:] if importlib.util.find_spec(n) is None]))';
/** FIND_MISSING, with the interpreter itself: its real path (past a pyenv shim, which costs ~80 ms a start) and version. */
const FIND_MISSING_AND_SELF =
  'import importlib.util, json, sys\nprint(json.dumps({"executable": sys.executable, "version": sys.version, "missing": [n for n in sys.argv[1:] if importlib.util.find_spec(n) is None]}))';

/** Which of `packages` `python` cannot import (all of them when it cannot even run). */
export async function missingPackages(python: string, packages: readonly string[]): Promise<string[]> {
  const execa = await loadExeca();
  if (packages.length === 0) return [];
  const probe = await execa(python, ['-I', '-c', FIND_MISSING, ...packages], { reject: false, timeout: 30_000 });
  if (probe.exitCode !== 0) return [...packages];
  try {
    return JSON.parse(String(probe.stdout)) as string[];
  } catch {
    return [...packages];
  }
}

/** Where prepared environments are kept: `$CONNECT4_GRADER_CACHE`, else `$XDG_CACHE_HOME` or `~/.cache`. */
export function cacheFolder(env: Readonly<Record<string, string | undefined>> = process.env): string {
  if (env['CONNECT4_GRADER_CACHE']) return env['CONNECT4_GRADER_CACHE'];
  return join(env['XDG_CACHE_HOME'] || join(homedir(), '.cache'), 'connect4-grader');
}

/**
 * The interpreter for an assignment that allows `packages`: `python` itself when it has them all (or none are
 * allowed), else a cached virtual environment built on it with pip: the same interpreter (`--python pypy3` stays
 * PyPy), with the packages it lacked added one by one, so one that cannot be had (numpy has no PyPy wheel in many
 * package indexes) does not keep the others out.
 */
export async function preparePython(
  python: string,
  packages: readonly string[],
  options: { cache?: string } = {},
): Promise<PreparedPython> {
  const execa = await loadExeca();
  const list = packages.join(', ');
  if (packages.length === 0) return { python, summary: 'no third-party packages allowed', missing: [], notes: [] };
  // One start tells what is missing and which interpreter this is (the venv's key).
  const probe = await execa(python, ['-I', '-c', FIND_MISSING_AND_SELF, ...packages], { reject: false, timeout: 30_000 });
  const self = readSelf(probe.exitCode === 0 ? String(probe.stdout) : '');
  const missing = self?.missing ?? [...packages];
  if (missing.length === 0) return { python, summary: `${python} has ${list}`, missing: [], notes: [] };
  const key = createHash('sha256')
    .update(`${self ? `${self.executable} ${self.version}` : python}\n${[...packages].sort().join(',')}`)
    .digest('hex')
    .slice(0, 16);
  const dir = join(options.cache ?? cacheFolder(), `python-${key}`);
  const venvPython = join(dir, 'bin', 'python');
  const cannot = (names: readonly string[], why: string) =>
    `${names.join(', ')} could not be installed (${why}): a submission that imports ${names.length === 1 ? 'it' : 'them'} fails its import test`;
  if (existsSync(venvPython)) {
    const lacking = await missingPackages(venvPython, packages);
    if (lacking.length === 0) return { python: venvPython, summary: `a virtual environment with ${list} (${dir})`, missing: [], notes: [] };
    // What pip could not install here lately is not tried again at every run (nor by two runs at once).
    const known = readFailures(dir, Date.now());
    if (known && lacking.every((name) => known.some((f) => f.name === name))) {
      return {
        python: venvPython,
        summary: `a virtual environment of ${python} with ${packages.filter((p) => !lacking.includes(p)).join(', ') || 'none of them'} (${dir})`,
        missing: lacking,
        notes: known.filter((f) => lacking.includes(f.name)).map((f) => cannot([f.name], `pip install ${f.name} failed: ${f.why}`)),
      };
    }
  }
  const built = await buildEnvironment(python, dir, missing);
  if ('problem' in built)
    return { python, summary: `${python} (no virtual environment: ${built.problem})`, missing, notes: [cannot(missing, built.problem)] };
  const still = await missingPackages(venvPython, packages);
  const failures = built.failed.filter((f) => still.includes(f.name));
  const unexplained = still.filter((name) => !failures.some((f) => f.name === name));
  return {
    python: venvPython,
    summary: `a virtual environment of ${python} with ${packages.filter((p) => !still.includes(p)).join(', ') || 'none of them'} (${dir}, prepared now)`,
    missing: still,
    notes: [
      ...failures.map((f) => cannot([f.name], `pip install ${f.name} failed: ${f.why}`)),
      ...(unexplained.length > 0 ? [`${unexplained.join(', ')} still cannot be imported after pip install`] : []),
    ],
  };
}

function readSelf(stdout: string): { executable: string; version: string; missing: string[] } | undefined {
  try {
    const data = JSON.parse(stdout) as { executable?: unknown; version?: unknown; missing?: unknown };
    if (typeof data.executable !== 'string' || typeof data.version !== 'string' || !Array.isArray(data.missing)) return undefined;
    return { executable: data.executable, version: data.version, missing: data.missing.map(String) };
  } catch {
    return undefined;
  }
}

/**
 * A venv that sees `python`'s own packages, plus each of `install` from pip, one at a time; built aside and moved in
 * whole. A package pip cannot install is listed, and the others are still had.
 */
async function buildEnvironment(
  python: string,
  dir: string,
  install: readonly string[],
): Promise<{ failed: { name: string; why: string }[] } | { problem: string }> {
  const execa = await loadExeca();
  const building = `${dir}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(join(dir, '..'), { recursive: true });
  // With a pip of its own that can install into another interpreter, the venv needs none: putting pip into it
  // (ensurepip) was most of the time a venv took (about 8 s of 9 here).
  const ownPip = await installsElsewhere(python);
  const venv = await execa(python, ['-m', 'venv', '--system-site-packages', ...(ownPip ? ['--without-pip'] : []), building], {
    reject: false,
    timeout: 120_000,
  });
  if (venv.exitCode !== 0) return fail(building, `python -m venv failed: ${lastLine(venv.stderr)}`);
  const venvPython = join(building, 'bin', 'python');
  const failed: { name: string; why: string }[] = [];
  for (const name of install) {
    const flags = ['install', '--disable-pip-version-check', '--no-input', '-q', name];
    const pip = await (ownPip
      ? execa(python, ['-m', 'pip', '--python', venvPython, ...flags], { reject: false, timeout: 600_000 })
      : execa(venvPython, ['-m', 'pip', ...flags], { reject: false, timeout: 600_000 }));
    if (pip.exitCode !== 0) failed.push({ name, why: lastLine(pip.stderr) });
  }
  if (failed.length === install.length) return fail(building, `pip install ${install.join(' ')} failed: ${failed[0]!.why}`);
  writeFileSync(join(building, FAILURES_FILE), JSON.stringify({ at: Date.now(), failed }));
  rmSync(dir, { recursive: true, force: true });
  try {
    renameSync(building, dir);
  } catch (error) {
    // Another run (a second grader on the same cache) moved its own build in first: the same interpreter and
    // packages, so that one is used and this one dropped.
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
    rmSync(building, { recursive: true, force: true });
  }
  // A venv records its own path in its scripts; the interpreter itself does not care, and only it is used.
  return { failed };
}

/** Whether `python`'s own pip can install into another interpreter (`pip --python`, pip 22.3 and later). */
async function installsElsewhere(python: string): Promise<boolean> {
  const execa = await loadExeca();
  const version = await execa(python, ['-m', 'pip', '--version'], { reject: false, timeout: 60_000 });
  const [major, minor] = (/^pip (\d+)\.(\d+)/u.exec(String(version.stdout)) ?? []).slice(1).map(Number);
  return version.exitCode === 0 && major !== undefined && minor !== undefined && (major > 22 || (major === 22 && minor >= 3));
}

/** Where a venv records the packages pip could not install into it, and when it tried. */
export const FAILURES_FILE = 'connect4-pip-failures.json';
/** How long a package pip could not install is not tried again: a day (a machine given an index later tries anew). */
export const PIP_FAILURE_TTL_MS = 24 * 3600_000;

/** The packages pip could not install into the venv in `dir`, when tried within PIP_FAILURE_TTL_MS of `now`. */
export function readFailures(dir: string, now: number): { name: string; why: string }[] | undefined {
  try {
    const data = JSON.parse(readFileSync(join(dir, FAILURES_FILE), 'utf8')) as { at?: unknown; failed?: unknown };
    if (typeof data.at !== 'number' || now - data.at < 0 || now - data.at >= PIP_FAILURE_TTL_MS || !Array.isArray(data.failed))
      return undefined;
    return (data.failed as ({ name?: unknown; why?: unknown } | null)[]).filter(
      (f): f is { name: string; why: string } => typeof f?.name === 'string' && typeof f?.why === 'string',
    );
  } catch {
    return undefined;
  }
}

function fail(building: string, problem: string): { problem: string } {
  rmSync(building, { recursive: true, force: true });
  return { problem };
}

const lastLine = (text: string | undefined) => (text ?? '').trim().split('\n').at(-1)?.slice(0, 300) || 'no message';
