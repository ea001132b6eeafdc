/**
 * The filesystem a student's process sees under bubblewrap: the system's `/usr` and the Python runtime read-only,
 * the harness's folder read-only at `/grader-harness` and the assignment's doubles at `/grader-doubles`, a private
 * empty `/tmp`, its own workspace read-write, and
 * nothing else (not the grader's package, the fixtures, other submissions, the home folder or the host's `/tmp`).
 * It runs as uid 65534 in a user namespace with every capability dropped, and in its own network, PID, IPC and UTS
 * namespaces; it dies with the grader.
 */
import { basename, dirname, join } from 'node:path';

/** Where the harness's folder (runner/harness/python/) appears inside the sandbox. */
export const HARNESS_INSIDE = '/grader-harness';
/** Where an assignment's doubles or tools file appears: named for its folder and its own name, so two never meet. */
export const doublesInside = (file: string): string => join('/grader-doubles', `${basename(dirname(file))}-${basename(file)}`);
/**
 * Where a doubles or tools file's compiled copy (`<folder>/__pycache__/<name>.<tag>.pyc`) appears: where Python looks
 * for the cache of the file as doublesInside names it, so an interpreter that may write none (-B) still reads it.
 */
export const compiledInside = (pyc: string): string =>
  join('/grader-doubles', '__pycache__', `${basename(dirname(dirname(pyc)))}-${basename(pyc)}`);

export const SANDBOX_UID = 65534;

export interface BubblewrapLayout {
  /** Folders bound read-only at the same path: the Python installation (and a prepared virtual environment). */
  readonly runtime: readonly string[];
  /** The harness's folder on the host: its entry script and its package. */
  readonly harnessDir: string;
}

/**
 * bwrap's arguments, up to and including `--`, for a process whose workspace is `workdir`; `doubles` are the host
 * paths of the assignment's doubles files, `compiled` their compiled copies (environment.ts, compiledBeside).
 */
export function bubblewrapArgs(
  layout: BubblewrapLayout,
  workdir: string,
  doubles: readonly string[] = [],
  compiled: readonly string[] = [],
): string[] {
  const args = [
    '--die-with-parent',
    '--unshare-all',
    '--unshare-user',
    '--uid',
    String(SANDBOX_UID),
    '--gid',
    String(SANDBOX_UID),
    '--cap-drop',
    'ALL',
    '--ro-bind',
    '/usr',
    '/usr',
    '--symlink',
    'usr/bin',
    '/bin',
    '--symlink',
    'usr/sbin',
    '/sbin',
    '--symlink',
    'usr/lib',
    '/lib',
    '--symlink',
    'usr/lib64',
    '/lib64',
    '--ro-bind-try',
    '/etc/ld.so.cache',
    '/etc/ld.so.cache',
    '--ro-bind-try',
    '/etc/localtime',
    '/etc/localtime',
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    // The host's /tmp is hidden by an empty one; the workspace (which lives under the host's temp folder) goes on top.
    '--tmpfs',
    '/tmp',
  ];
  for (const dir of layout.runtime) args.push('--ro-bind', dir, dir);
  args.push('--ro-bind', layout.harnessDir, HARNESS_INSIDE);
  for (const file of doubles) args.push('--ro-bind', file, doublesInside(file));
  for (const pyc of compiled) args.push('--ro-bind', pyc, compiledInside(pyc));
  args.push('--bind', workdir, workdir, '--chdir', workdir, '--');
  return args;
}

/**
 * The command that joins the process-count cgroup (from outside, where it is writable) and then becomes bwrap, so
 * everything the sandbox starts counts against pids.max.
 */
export function inCgroup(cgroup: string | undefined, command: readonly string[]): string[] {
  if (!cgroup) return [...command];
  return ['/bin/sh', '-c', 'echo $$ > "$0/cgroup.procs" 2>/dev/null; exec "$@"', cgroup, ...command];
}

/** The runtime folders of an interpreter: its prefix and base prefix (a venv and the Python it was made from). */
export function runtimeFolders(prefixes: readonly string[], executable: string): string[] {
  const folders = new Set(prefixes.filter(Boolean));
  if (![...folders].some((f) => executable.startsWith(`${f}/`))) folders.add(dirname(dirname(executable)));
  // A folder inside /usr is already there; nested folders need only the outer one.
  const list = [...folders].filter((f) => f !== '/usr' && !f.startsWith('/usr/'));
  return list.filter((f) => !list.some((g) => g !== f && f.startsWith(`${g}/`))).sort();
}
