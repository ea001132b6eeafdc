/**
 * What isolation this machine allows, found out once per run: the real Python interpreter (not a version manager's
 * shim), a network and PID namespace through `unshare` where permitted, a cgroup that caps the number of
 * processes where one is writable, and a pseudo-terminal for programs where node-pty loads. Whatever is missing
 * becomes a note in the report, never a silent gap.
 */
import { loadExeca } from './load-execa.js';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { machine, tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { PROJECT_ROOT } from '../project-root.js';
import { NO_PROCESS_GROUPS_SWITCH, processGroups } from '../pty/process-tree.js';
import { terminalUnavailable, type ProgramTerminal } from '../pty/run-program.js';
import { bubblewrapArgs, runtimeFolders, type BubblewrapLayout } from './bubblewrap.js';
import { pyenvInterpreter } from './pyenv-shim.js';

export interface SandboxEnvironment {
  readonly python: string;
  readonly pythonVersion: string;
  /** Prepended to every student process's command line when bubblewrap is not used. */
  readonly wrapper: readonly string[];
  /**
   * Prepended to every student process's command line, outside the sandbox: its memory is laid out at the same
   * addresses in every run (`setarch <machine> -R`, where that works), so a submission whose code orders its own
   * objects by address (a set of them, iterated) gives the same results every time.
   */
  readonly fixedAddresses?: readonly string[];
  /** What keeps student code in its folder: bubblewrap, namespaces only (unshare), or nothing. */
  readonly isolation: 'bubblewrap' | 'namespaces' | 'none';
  /** Set when bubblewrap isolates every student process (runner/sandbox/bubblewrap.ts). */
  readonly bubblewrap?: BubblewrapLayout;
  readonly network: 'isolated' | 'not-isolated';
  /** A cgroup folder whose children cap processes (`pids.max`), or none (then RLIMIT_NPROC, which root ignores). */
  readonly pidsCgroupRoot: string | undefined;
  /**
   * Each test in a fresh interpreter instead of a child forked from one: where Python has no os.fork (Windows), or
   * when CONNECT4_NO_FORK=1 forces it (the test suite proves both ways give the same verdicts). Programs then all
   * run on the terminal.
   */
  readonly noFork?: boolean;
  /**
   * Where the programs that would run on a terminal run: a pseudo-terminal (node-pty), or pipes where node-pty
   * cannot be loaded (an optional dependency of a student's kit), loads but cannot start a program (a Mac whose
   * spawn-helper is not executable), or CONNECT4_NO_PTY=1 forces it; the harness then answers input() from the script
   * itself (runner/pty/run-program.ts).
   */
  readonly terminal: ProgramTerminal;
  /**
   * The folders site adds to sys.path for a student process, found by the probe: each student process starts without
   * site (-S) and puts these back itself (grade_harness/site_paths.py). Site's start-up code (a .pth file's import
   * line, sitecustomize) is the machine's, not the student's, and cost each start up to 40 ms (a machine whose .pth
   * hook imports a certificate bundle): a run without fork starts about 30 interpreters per submission. Absent
   * (a hand-made environment, a probe that found none): site runs as usual.
   */
  readonly sitePaths?: readonly string[];
  readonly notes: readonly string[];
  /** Third-party packages submissions may import (the spec's `packages`); absent: no import is refused. */
  readonly allowedPackages?: readonly string[];
  /** Helpers the course hands out beside its template (CS61A's `utils`): imported but not submitted, they load empty. */
  readonly courseModules?: readonly string[];
  /** A pack's names for the document's API, which the harness makes the document's names answer to (grade_harness/names.py). */
  readonly names?: Readonly<Record<string, string>>;
  /** Other accepted names of the submission's module files, each with the module it resolves to (grade_harness/former_names.py). */
  readonly formerNames?: Readonly<Record<string, string>>;
  /** How those packages were provided (the interpreter as it was, or a prepared virtual environment). */
  readonly packagesSummary?: string;
  /** The assignment's doubles and tools (runner/assignments/<id>/doubles.py), which the harness loads by path. */
  readonly doubles?: readonly string[];
}

/** The oldest Python 3 the grader and the kit run on (3.8: Ubuntu 20.04's own); an older one is refused at the start. */
export const OLDEST_PYTHON_MINOR = 8;

export class SetupError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

const NAMESPACE_WRAPPER = ['unshare', '--net', '--pid', '--fork', '--kill-child'];
const USER_NAMESPACE_WRAPPER = ['unshare', '--map-root-user', '--net', '--pid', '--fork', '--kill-child'];
const PIDS_CGROUP_ROOTS = ['/sys/fs/cgroup/pids', '/sys/fs/cgroup'];

/**
 * The interpreter's answers (its path, version, prefixes), and the harness's modules and the assignments' doubles and
 * tools compiled beside their sources for it (a sandbox binds each doubles file's compiled copy too: bubblewrap.ts), in
 * one start: each start of Python costs a tenth of a second on some machines (their site-packages run start-up
 * hooks). Every interpreter a run starts (one per group of tests and per program without fork, every one in the
 * student's kit on Windows) then loads the harness without compiling it (they run with -B, which reads caches but
 * writes none). Where the folder is not writable (a system-wide install), each compiles it as before; a Python 2 says
 * its major version before it reaches the compile.
 */
export const ASK_PYTHON = [
  'import sys',
  'print(sys.executable); print(sys.version.split()[0]); print(sys.version_info[0]); print(sys.prefix); print(sys.base_prefix if hasattr(sys, "base_prefix") else sys.prefix)',
  'sys.stdout.flush()',
  'if sys.version_info[0] == 3:',
  // The folders site would add for a student process (-I: no user site): each site-packages folder, then the
  // folders its .pth files name, in site's order; their import lines are start-up code, left out (sitePaths above).
  '    import json, os, site',
  '    paths = []',
  '    for d in site.getsitepackages():',
  '        if not os.path.isdir(d) or d in paths: continue',
  '        paths.append(d)',
  '        for name in sorted(os.listdir(d)):',
  '            if not name.endswith(".pth"): continue',
  '            try: lines = open(os.path.join(d, name)).read().splitlines()',
  '            except Exception: continue',
  '            for line in lines:',
  '                line = line.rstrip()',
  '                if not line or line.startswith("#") or line.startswith(("import ", "import\\t")): continue',
  '                p = os.path.abspath(os.path.join(d, line))',
  '                if os.path.isdir(p) and p not in paths: paths.append(p)',
  '    print(json.dumps(paths))',
  '    sys.stdout.flush()',
  '    import compileall',
  '    for folder in sys.argv[1:]:',
  '        try: compileall.compile_dir(folder, quiet=2)',
  '        except Exception: pass',
].join('\n');

/** What the probe learns by running processes: the interpreter and how student processes are wrapped. */
interface ProbedProcesses {
  readonly python: string;
  readonly pythonVersion: string;
  readonly layout: BubblewrapLayout;
  readonly bubblewrap: { ok: true } | { problem: string };
  readonly fixedAddresses: readonly string[] | undefined;
  readonly wrapper: readonly string[];
  readonly sitePaths?: readonly string[];
}

/**
 * The processes' answers, once per interpreter command (and bubblewrap switch) in a process: a long-lived process
 * (grade check --watch, a test worker running many grades) asks again for nothing the machine cannot have changed. A
 * probe that fails is not kept: the next asks again.
 */
const probed = new Map<string, Promise<ProbedProcesses>>();

function probeProcessesOnce(pythonCommand: string): Promise<ProbedProcesses> {
  const key = JSON.stringify([pythonCommand, process.env['CONNECT4_NO_BUBBLEWRAP'] ?? '', processGroups()]);
  let probe = probed.get(key);
  if (!probe) {
    probe = probeProcesses(pythonCommand);
    probed.set(key, probe);
    probe.catch(() => probed.delete(key));
  }
  return probe;
}

export async function probeSandbox(pythonCommand: string): Promise<SandboxEnvironment> {
  // Whether a terminal can start a program, beside the interpreter's probe (it starts one of its own).
  const terminalCheck = terminalUnavailable();
  const { python, pythonVersion, layout, bubblewrap, fixedAddresses, wrapper, sitePaths } = await probeProcessesOnce(pythonCommand);
  const site = sitePaths && { sitePaths };
  const notes: string[] = [];
  if ('problem' in bubblewrap)
    notes.push(
      `no bubblewrap sandbox (${bubblewrap.problem}): student code can read the whole filesystem and write wherever the grader can${process.platform === 'linux' && processGroups() ? '; install bubblewrap (apt-get install bubblewrap) to keep it in its folder' : ''}`,
    );
  if (wrapper.length === 0 && !('ok' in bubblewrap))
    notes.push(
      processGroups()
        ? 'network not isolated: this machine does not allow unshare --net, so student code could open connections'
        : `network not isolated: no namespaces here (${withoutGroups()}), so student code could open connections`,
    );

  const pidsCgroupRoot = findPidsCgroupRoot();
  if (pidsCgroupRoot) sweepStaleCgroups(pidsCgroupRoot);
  if (pidsCgroupRoot === undefined) {
    notes.push(
      process.getuid?.() === 0
        ? 'process count not capped: no writable pids cgroup, and RLIMIT_NPROC does not bind root'
        : 'process count capped by RLIMIT_NPROC only (no writable pids cgroup)',
    );
  }
  const noFork = forkUnavailable();
  if (noFork)
    notes.push(
      `each test runs in a fresh Python (${process.platform === 'win32' ? 'Windows has no fork' : 'CONNECT4_NO_FORK=1'}): slower, the same verdicts`,
    );
  const noTerminal = await terminalCheck;
  const terminal: ProgramTerminal = noTerminal === undefined ? 'pty' : 'pipes';
  if (noTerminal !== undefined)
    notes.push(`programs ran on pipes, not a terminal (${noTerminal}); a program that needs a real terminal may behave differently`);
  if ('ok' in bubblewrap) {
    return {
      python,
      pythonVersion,
      wrapper: [],
      ...(fixedAddresses && { fixedAddresses }),
      isolation: 'bubblewrap',
      bubblewrap: layout,
      network: 'isolated',
      pidsCgroupRoot,
      ...(noFork && { noFork }),
      terminal,
      ...site,
      notes,
    };
  }
  return {
    python,
    pythonVersion,
    wrapper,
    ...(fixedAddresses && { fixedAddresses }),
    isolation: wrapper.length > 0 ? 'namespaces' : 'none',
    network: wrapper.length > 0 ? 'isolated' : 'not-isolated',
    pidsCgroupRoot,
    ...(noFork && { noFork }),
    terminal,
    ...site,
    notes,
  };
}

async function probeProcesses(pythonCommand: string): Promise<ProbedProcesses> {
  const execa = await loadExeca();
  // A pyenv shim's interpreter is asked directly where pyenv's choice is plain: the shim's bash costs more than Python.
  const command = pyenvInterpreter(pythonCommand) ?? pythonCommand;
  const found = await execa(command, ['-c', ASK_PYTHON, join(HARNESS_DIR, 'grade_harness'), ASSIGNMENTS_DIR], {
    reject: false,
    timeout: 20_000,
  });
  if (found.exitCode !== 0 || typeof found.stdout !== 'string') {
    throw new SetupError(
      'no-python',
      `cannot run Python as '${pythonCommand}': ${found.shortMessage ?? 'it exited with an error'}. Install python3 or pass --python <path>.`,
    );
  }
  const [python = pythonCommand, pythonVersion = '?', major = '0', prefix = '', basePrefix = '', sitePathsLine = ''] = found.stdout
    .trim()
    .split('\n');
  if (major !== '3') throw new SetupError('no-python', `'${pythonCommand}' is Python ${pythonVersion}; the assignments need Python 3.`);
  const minor = Number(/^3\.(\d+)/u.exec(pythonVersion)?.[1] ?? NaN);
  if (minor < OLDEST_PYTHON_MINOR)
    throw new SetupError(
      'no-python',
      `'${pythonCommand}' is Python ${pythonVersion}; the assignments need Python 3.${OLDEST_PYTHON_MINOR} or newer: install a newer Python 3, or pass --python <path> to one.`,
    );
  const sitePaths = readSitePaths(sitePathsLine);

  const layout: BubblewrapLayout = { runtime: runtimeFolders([prefix, basePrefix], python), harnessDir: HARNESS_DIR };
  const [bubblewrap, fixedAddresses] = await Promise.all([probeBubblewrap(layout, python), probeFixedAddresses()]);

  let wrapper: readonly string[] = [];
  // The namespace wrapper is the fall-back for a machine without bubblewrap: not probed (40 ms) when bwrap works, nor
  // where there are no process groups (Windows has no namespaces either).
  for (const candidate of 'ok' in bubblewrap || !processGroups() ? [] : [NAMESPACE_WRAPPER, USER_NAMESPACE_WRAPPER]) {
    const probe = await execa(candidate[0]!, [...candidate.slice(1), python, '-c', 'pass'], { reject: false, timeout: 10_000 });
    if (probe.exitCode === 0) {
      wrapper = candidate;
      break;
    }
  }
  return { python, pythonVersion, layout, bubblewrap, fixedAddresses, wrapper, ...(sitePaths && { sitePaths }) };
}

/** The probe's list of site folders, or undefined where it printed none that reads as one (then site runs as usual). */
function readSitePaths(line: string): readonly string[] | undefined {
  try {
    const paths: unknown = JSON.parse(line);
    return Array.isArray(paths) && paths.every((p) => typeof p === 'string') ? paths : undefined;
  } catch {
    return undefined;
  }
}

/** `setarch <machine> -R` where it runs (Linux with util-linux, and a kernel that lets a process turn off ASLR). */
async function probeFixedAddresses(): Promise<readonly string[] | undefined> {
  if (process.platform !== 'linux') return undefined;
  const execa = await loadExeca();
  const command = ['setarch', machine(), '-R'];
  const probe = await execa(command[0]!, [...command.slice(1), 'true'], { reject: false, timeout: 10_000 });
  return probe.exitCode === 0 ? command : undefined;
}

/** The harness's folder in the package (runner/harness/python/): the same from sources and from dist/. */
export const HARNESS_DIR = join(PROJECT_ROOT, 'runner', 'harness', 'python');
/** The assignments' folders, where each one's doubles.py and tools.py live. */
const ASSIGNMENTS_DIR = join(PROJECT_ROOT, 'runner', 'assignments');

/**
 * The compiled copies beside each doubles or tools file, for every interpreter that compiled one (the probe does;
 * Python checks each against its source's time and size, and compiles the source where none matches).
 */
export function compiledBeside(files: readonly string[]): string[] {
  return files.flatMap((file) => {
    const cache = join(dirname(file), '__pycache__');
    const stem = `${basename(file).replace(/\.py$/u, '')}.`;
    try {
      return readdirSync(cache)
        .filter((name) => name.startsWith(stem) && name.endsWith('.pyc'))
        .sort()
        .map((name) => join(cache, name));
    } catch {
      return [];
    }
  });
}

/** Whether bwrap runs Python here with the sandbox's layout (it needs user namespaces, or a setuid bwrap). */
async function probeBubblewrap(layout: BubblewrapLayout, python: string): Promise<{ ok: true } | { problem: string }> {
  const execa = await loadExeca();
  if (process.env['CONNECT4_NO_BUBBLEWRAP'] === '1') return { problem: 'turned off by CONNECT4_NO_BUBBLEWRAP=1' };
  if (!processGroups()) return { problem: withoutGroups() };
  const scratch = mkdtempSync(join(tmpdir(), 'grade-probe-'));
  try {
    const probe = await execa('bwrap', [...bubblewrapArgs(layout, scratch), python, '-I', '-S', '-B', '-c', 'import os; os.listdir(".")'], {
      reject: false,
      timeout: 20_000,
    });
    if (probe.exitCode === 0) return { ok: true };
    const said = String(probe.stderr ?? '')
      .trim()
      .split('\n')
      .at(-1);
    return {
      problem: (probe as { code?: string }).code === 'ENOENT' ? 'bwrap is not installed' : `bwrap failed: ${said || probe.shortMessage}`,
    };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function findPidsCgroupRoot(): string | undefined {
  for (const root of PIDS_CGROUP_ROOTS) {
    if (!existsSync(join(root, 'cgroup.procs'))) continue;
    const probe = join(root, `grade-probe-${process.pid}`);
    try {
      mkdirSync(probe);
      const usable = existsSync(join(probe, 'pids.max'));
      if (usable) writeFileSync(join(probe, 'pids.max'), '8');
      rmdirSync(probe);
      if (usable) return root;
    } catch {
      try {
        rmdirSync(probe);
      } catch {
        /* it was never made */
      }
    }
  }
  return undefined;
}

let sequence = 0;

/** A fresh cgroup for one student process, capped at `max` processes; `remove` after the process has exited. */
export function createPidsCgroup(root: string | undefined, max: number): { path: string | undefined; remove: () => void } {
  if (root === undefined) return { path: undefined, remove: () => {} };
  const path = join(root, `grade-${process.pid}-${++sequence}`);
  try {
    mkdirSync(path);
    writeFileSync(join(path, 'pids.max'), String(max));
  } catch {
    return { path: undefined, remove: () => {} };
  }
  return { path, remove: () => removeWhenEmpty(path, 20) };
}

/** A cgroup can only go once its last process is reaped, which may be a moment after the exit is seen. */
function removeWhenEmpty(path: string, triesLeft: number): void {
  try {
    rmdirSync(path);
  } catch {
    if (triesLeft > 0) setTimeout(() => removeWhenEmpty(path, triesLeft - 1), 100).unref();
  }
}

/** Cgroups left by runs that were killed before they could clean up (their owner's pid is gone). */
function sweepStaleCgroups(root: string): void {
  for (const name of readdirSync(root)) {
    const owner = /^grade-(\d+)-\d+$/.exec(name)?.[1];
    if (!owner || isRunning(Number(owner))) continue;
    try {
      rmdirSync(join(root, name));
    } catch {
      /* in use or already gone */
    }
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Why nothing holds a student's processes together here: Windows has no process groups, PID namespaces or
 * bubblewrap; the suites' switch takes its way anywhere, and with it neither wrapper is used, since each would kill
 * a tree the grader's own kill left behind (runner/pty/process-tree.ts).
 */
const withoutGroups = (): string => (process.platform === 'win32' ? 'Windows has none' : `turned off by ${NO_PROCESS_GROUPS_SWITCH}`);

/** Windows has no os.fork; CONNECT4_NO_FORK=1 takes the same path anywhere. */
export const forkUnavailable = (env: NodeJS.ProcessEnv = process.env): boolean =>
  env.CONNECT4_NO_FORK === '1' || process.platform === 'win32';
