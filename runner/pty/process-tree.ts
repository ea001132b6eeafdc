/**
 * Stopping a student's process and everything it started. Where there are process groups (every platform but
 * Windows) each student process leads its own, and one kill of the group takes them all. Windows has none, and
 * `process.kill(-pid)` only fails there: the process and its descendants are killed as a tree, with `taskkill /T /F`.
 *
 * CONNECT4_TEST_NO_PROCESS_GROUPS=1 takes Windows' way on any machine, for the grader's own suites: nothing holds a
 * student's processes together (no group kill, and no bubblewrap or PID namespace either: runner/sandbox/
 * environment.ts), and where there is no taskkill the tree is read from /proc, each process stopped, then killed.
 */
import { readdirSync, readFileSync } from 'node:fs';

type Execa = typeof import('execa').execa;

const NO_GROUPS = 'CONNECT4_TEST_NO_PROCESS_GROUPS';

/** Whether a student's processes are killed as a process group: everywhere but on Windows (or the suites' switch). */
export const processGroups = (env: NodeJS.ProcessEnv = process.env): boolean => process.platform !== 'win32' && env[NO_GROUPS] !== '1';

/** What the switch is called, for the notes that say why a run has no sandbox. */
export const NO_PROCESS_GROUPS_SWITCH = `${NO_GROUPS}=1`;

let execa: Execa | undefined;

/**
 * Loads what a tree's kill needs before the first student process starts (execa, for taskkill, where there are no
 * process groups): a kill made as the grader exits cannot wait for an import.
 */
export async function readyToKillTrees(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  if (!processGroups(env) && process.platform === 'win32') execa ??= (await import('execa')).execa;
}

/**
 * Kills `pid` and every process it started: its process group, or, where there are none, its tree. False when a
 * group kill found nothing to kill (the process already gone): the caller may have another way to stop it.
 */
export function killProcessTree(pid: number, env: NodeJS.ProcessEnv = process.env): boolean {
  if (processGroups(env)) {
    try {
      process.kill(-pid, 'SIGKILL');
      return true;
    } catch {
      return false;
    }
  }
  if (process.platform === 'win32') taskkill(pid);
  else killTreeFromProc(pid);
  return true;
}

/** `taskkill /T /F /PID <pid>`: the process and its descendants, forcibly; its outcome is the exit the caller awaits. */
function taskkill(pid: number): void {
  const run = (start: Execa) =>
    void start('taskkill', ['/T', '/F', '/PID', String(pid)], { reject: false, windowsHide: true, stdio: 'ignore' });
  if (execa) run(execa);
  else
    void import('execa').then(({ execa: loaded }) => {
      execa = loaded;
      run(loaded);
    });
}

/**
 * The tree under `root` killed one process at a time, as taskkill does: each is stopped as it is found (a stopped
 * process starts no other, and none is re-parented away while the tree is read), the tree read again until it holds
 * nothing new, then all are killed.
 */
function killTreeFromProc(root: number): void {
  const stopped = new Set<number>();
  for (let round = 0; round < 10; round++) {
    const found = treeFromProc(root).filter((pid) => !stopped.has(pid));
    if (found.length === 0) break;
    for (const pid of found) {
      signal(pid, 'SIGSTOP');
      stopped.add(pid);
    }
  }
  for (const pid of stopped) signal(pid, 'SIGKILL');
}

/** `root` and its descendants, parents first, by each process's parent in /proc/<pid>/stat; `root` alone without /proc. */
function treeFromProc(root: number): number[] {
  const children = new Map<number, number[]>();
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [root];
  }
  for (const name of names) {
    if (!/^\d+$/u.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue;
    }
    // `pid (comm) state ppid …`: the command's name may hold spaces and parentheses, so the fields are read after its last ')'.
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    children.set(parent, [...(children.get(parent) ?? []), Number(name)]);
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]!) ?? []));
  return tree;
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    /* already gone */
  }
}
