/**
 * The filesystem a student's process sees under bubblewrap: the system's `/usr` and the Python runtime read-only,
 * the harness's two files read-only at `/grader-harness`, a private empty `/tmp`, its own workspace read-write, and
 * nothing else (not the grader's package, the fixtures, other submissions, the home folder or the host's `/tmp`).
 * It runs as uid 65534 in a user namespace with every capability dropped, and in its own network, PID, IPC and UTS
 * namespaces; it dies with the grader.
 */
import { dirname, join } from 'node:path';

/** Where the harness's files appear inside the sandbox. */
export const HARNESS_INSIDE = '/grader-harness';
/** The files of runner/harness/ the student's process needs: the harness and the grader's stand-ins. */
export const HARNESS_FILES = ['harness.py', 'grade_doubles.py'] as const;
export const SANDBOX_UID = 65534;

export interface BubblewrapLayout {
  /** Folders bound read-only at the same path: the Python installation (and a prepared virtual environment). */
  readonly runtime: readonly string[];
  /** The folder holding HARNESS_FILES on the host. */
  readonly harnessDir: string;
}

/** bwrap's arguments, up to and including `--`, for a process whose workspace is `workdir`. */
export function bubblewrapArgs(layout: BubblewrapLayout, workdir: string): string[] {
  const args = [
    '--die-with-parent', '--unshare-all', '--unshare-user', '--uid', String(SANDBOX_UID), '--gid', String(SANDBOX_UID), '--cap-drop', 'ALL',
    '--ro-bind', '/usr', '/usr',
    '--symlink', 'usr/bin', '/bin', '--symlink', 'usr/sbin', '/sbin', '--symlink', 'usr/lib', '/lib', '--symlink', 'usr/lib64', '/lib64',
    '--ro-bind-try', '/etc/ld.so.cache', '/etc/ld.so.cache', '--ro-bind-try', '/etc/localtime', '/etc/localtime',
    '--proc', '/proc', '--dev', '/dev',
    // The host's /tmp is hidden by an empty one; the workspace (which lives under the host's temp folder) goes on top.
    '--tmpfs', '/tmp',
  ];
  for (const dir of layout.runtime) args.push('--ro-bind', dir, dir);
  for (const file of HARNESS_FILES) args.push('--ro-bind', join(layout.harnessDir, file), join(HARNESS_INSIDE, file));
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
