/**
 * Runs a program with a script of `expect prompt → send line` steps: on a pseudo-terminal, or, where node-pty cannot
 * be loaded (a student's kit on a machine without a compiler), on pipes, the harness answering input() from the
 * script itself. Each wait has its own limit and a timeout names the phase it happened in. Like execa, it returns one
 * result shape whatever happened and wherever it ran; deciding pass or fail is the checks' job.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { constants, tmpdir } from 'node:os';
import { CappedText } from './normalize.js';
import { killProcessTree, processGroups, readyToKillTrees } from './process-tree.js';
import { ProgramOutputWatch } from './transcript.js';

type PtyModule = typeof import('node-pty');

/** The phase a timeout names when a program never asked its first question: it did not get going at all. */
export const FIRST_PROMPT_PHASE = 'waiting for the first prompt';

/** How long output may keep arriving after the exit when the end marker never comes (a killed program). */
const DRAIN_MS = 2_000;

/** The phase a prompt timer names: the first question, or the next one after the last line sent. */
export const promptPhase = (sent: number, answers: readonly string[]): string =>
  sent === 0 ? FIRST_PROMPT_PHASE : `no prompt after sending ${JSON.stringify(answers[sent - 1])}`;

export const wholeProgramPhase = (sent: number, total: number): string => `the whole program (${sent} of ${total} lines sent)`;

/**
 * The phase a run names when the program asked for input again after it was given end-of-input: a terminal gives ^D
 * once and then waits for typing, so the program would wait until the whole program's limit. It is stopped at once,
 * with the verdict that wait would have given (a program that loops on end of input costs nothing more).
 */
export const askedAfterEndPhase = (total: number): string =>
  `the whole program (all ${total} lines sent, then end of input, after which it asked for input again and would wait for ever)`;

export interface ProgramRun {
  readonly command: string;
  readonly args: readonly string[];
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
  /** The prompt to wait for before each answer (`Enter a column: `). */
  readonly prompt: string;
  readonly answers: readonly string[];
  /** Output before this marker (import-time noise) is not part of the transcript. */
  readonly startMarker: string;
  /** Printed last by the harness: once seen after the exit, every byte of output has arrived. */
  readonly endMarker?: string;
  readonly promptMs: number;
  readonly programMs: number;
  readonly maxChars: number;
  /**
   * A pseudo-terminal (the default), or pipes: the command's harness was given the answers in its config and
   * answers input() itself, so the runner sends nothing and counts the questions by their marker (`prompt`).
   */
  readonly terminal?: ProgramTerminal;
}

export type ProgramTerminal = 'pty' | 'pipes';

export interface ProgramResult {
  /** Everything after the start marker, normalised; typed answers appear as the terminal echoed them. */
  readonly transcript: string;
  readonly exitCode: number | undefined;
  readonly signal: number | undefined;
  readonly timedOut?: { readonly phase: string; readonly limitMs: number };
  readonly truncated: boolean;
  /** The cap on the transcript that `truncated` refers to. */
  readonly maxChars: number;
  /** The program asked again after the script ran out; it was sent end-of-input. */
  readonly askedForMore: boolean;
  readonly answersSent: number;
  readonly durationMs: number;
  /** Files the test asked to read back after the run, null when missing. */
  readonly files?: Readonly<Record<string, string | null>>;
}

/**
 * Why programs cannot run on a pseudo-terminal here, or undefined when they can: node-pty missing or turned off, or
 * loaded but unable to start a program (macOS's spawn-helper without its execute bit: `posix_spawnp failed.`). A
 * program is started on a terminal to find out (Node's own `--version`, a few milliseconds), once per process.
 */
export function terminalUnavailable(env: NodeJS.ProcessEnv = process.env): Promise<string | undefined> {
  if (env['CONNECT4_NO_PTY'] === '1') return Promise.resolve('turned off by CONNECT4_NO_PTY=1');
  const found = loadPty();
  if ('problem' in found) return Promise.resolve(found.problem);
  const cannotSpawn = env[CANNOT_SPAWN] === '1';
  let started = startsChecked.get(cannotSpawn);
  if (!started) {
    started = terminalStarts(ptySpawn(found.pty, env));
    startsChecked.set(cannotSpawn, started);
  }
  return started;
}

/**
 * The grader's own suites' switch for a node-pty that loads but cannot start a program, as on a Mac whose
 * spawn-helper lost its execute bit: every spawn on a terminal throws what node-pty 1.1.0 throws there.
 */
const CANNOT_SPAWN = 'CONNECT4_TEST_PTY_CANNOT_SPAWN';

/** node-pty's spawn, or the failing one the suites ask for (CONNECT4_TEST_PTY_CANNOT_SPAWN=1). */
function ptySpawn(pty: PtyModule, env: NodeJS.ProcessEnv = process.env): PtyModule['spawn'] {
  if (env[CANNOT_SPAWN] !== '1') return (file, args, options) => pty.spawn(file, args, options);
  return () => {
    throw new Error(`posix_spawnp failed. (forced by ${CANNOT_SPAWN}=1)`);
  };
}

/** Whether a terminal started a program, by the switch that may make it fail: the machine does not change in a run. */
const startsChecked = new Map<boolean, Promise<string | undefined>>();

/** How long the check's program may take to end before its start alone counts (a busy machine is no broken terminal). */
const START_CHECK_MS = 10_000;

/** Undefined when `spawn` starts a program on a terminal and it ends well; else what went wrong, in a line. */
function terminalStarts(spawn: PtyModule['spawn']): Promise<string | undefined> {
  let terminal: ReturnType<PtyModule['spawn']>;
  try {
    terminal = spawn(process.execPath, ['--version'], { name: 'xterm', cols: 80, rows: 24, cwd: tmpdir(), env: {} });
  } catch (error) {
    return Promise.resolve(`node-pty could not start a program: ${firstLine(error)}`);
  }
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      try {
        terminal.kill();
      } catch {
        /* already gone */
      }
      resolve(undefined);
    }, START_CHECK_MS);
    terminal.onData(() => {});
    terminal.onExit(({ exitCode }) => {
      clearTimeout(timer);
      resolve(exitCode === 0 ? undefined : `node-pty started a program that could not run (exit code ${exitCode})`);
    });
  });
}

const firstLine = (error: unknown): string => String((error as { message?: unknown } | undefined)?.message ?? error).split('\n')[0]!;

let loaded: { readonly pty: PtyModule } | { readonly problem: string } | undefined;

/** node-pty, loaded at its first use and only then: a bundle may mark it external and leave it uninstalled. */
function loadPty(): { readonly pty: PtyModule } | { readonly problem: string } {
  if (loaded) return loaded;
  try {
    loaded = { pty: createRequire(import.meta.url)('node-pty') as PtyModule };
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string };
    const first = String(message ?? error).split('\n')[0]!;
    loaded = {
      problem:
        code === 'MODULE_NOT_FOUND' && first.includes("'node-pty'")
          ? `node-pty is not installed: ${first}`
          : `node-pty did not load: ${first}`,
    };
  }
  return loaded;
}

/** The part of a running program the driver uses, on a terminal or on pipes. */
interface Running {
  /** Keys typed at the terminal; on pipes nothing is sent (the harness has its answers). */
  type(keys: string): void;
  /** Kills the program's whole process group. */
  kill(): void;
  onData(listener: (chunk: string) => void): void;
  onExit(listener: (exit: { exitCode: number | undefined; signal: number | undefined }) => void): void;
  /** Every byte of output has arrived (pipes: both closed); a terminal cannot say, so the driver waits for the end marker. */
  readonly outputEnded: boolean;
}

function onTerminal(run: ProgramRun): Running {
  const found = loadPty();
  if ('problem' in found) throw new Error(`cannot run a program on a terminal: ${found.problem}`);
  const terminal = ptySpawn(found.pty)(run.command, [...run.args], {
    name: 'xterm',
    cols: 200,
    rows: 50,
    cwd: run.cwd,
    env: { ...run.env },
  });
  return {
    type: (keys) => terminal.write(keys),
    kill: () => {
      // Its session's process group, or its tree; where the group was gone already, or on Windows (whose terminal is
      // closed, not signalled), the terminal's own kill too.
      if (killProcessTree(terminal.pid) && processGroups()) return;
      try {
        terminal.kill(process.platform === 'win32' ? undefined : 'SIGKILL');
      } catch {
        /* already gone */
      }
    },
    onData: (listener) => {
      terminal.onData(listener);
    },
    onExit: (listener) => {
      terminal.onExit(({ exitCode, signal }) => listener({ exitCode, signal: signal || undefined }));
    },
    outputEnded: false,
  };
}

function onPipes(run: ProgramRun): Running {
  // Its own process group, as on a terminal, so a kill takes its children too; stdin is /dev/null, as in a forked run.
  const child = spawn(run.command, [...run.args], { cwd: run.cwd, env: { ...run.env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  const listeners: ((chunk: string) => void)[] = [];
  const running: Running & { outputEnded: boolean } = {
    type: () => {},
    kill: () => {
      if (child.pid === undefined || !killProcessTree(child.pid)) child.kill('SIGKILL');
    },
    // The harness joins the program's stderr to its stdout; what reaches this stderr is the sandbox wrapper's own.
    onData: (listener) => {
      listeners.push(listener);
      child.stdout.on('data', listener);
      child.stderr.on('data', listener);
    },
    onExit: (listener) => {
      child.once('exit', (code, signal) =>
        listener({ exitCode: code ?? undefined, signal: signal ? constants.signals[signal] : undefined }),
      );
      // A command that could not start is said in the output, with the exit code a shell gives it.
      child.on('error', (error) => {
        if (child.pid !== undefined) return;
        for (const listener of listeners) listener(`${error.message}\n`);
        listener({ exitCode: 127, signal: undefined });
      });
    },
    outputEnded: false,
  };
  child.once('close', () => {
    running.outputEnded = true;
  });
  return running;
}

/** One program run to its end, whatever happened in it: the result says what, and the checks judge it. */
export async function runProgram(run: ProgramRun): Promise<ProgramResult> {
  await readyToKillTrees();
  const started = performance.now();
  return new Promise((resolve) => {
    const program = run.terminal === 'pipes' ? onPipes(run) : onTerminal(run);
    const output = new CappedText(run.maxChars);
    let sent = 0;
    let askedForMore = false;
    let timedOut: ProgramResult['timedOut'];
    let finished = false;
    let promptTimer: NodeJS.Timeout | undefined;

    const totalTimer = setTimeout(() => {
      timedOut ??= { phase: wholeProgramPhase(sent, run.answers.length), limitMs: run.programMs };
      program.kill();
    }, run.programMs);
    const armPromptTimer = () => {
      clearTimeout(promptTimer);
      if (sent >= run.answers.length) return;
      const phase = promptPhase(sent, run.answers);
      promptTimer = setTimeout(() => {
        timedOut ??= { phase, limitMs: run.promptMs };
        program.kill();
      }, run.promptMs);
    };
    armPromptTimer();

    const watch = new ProgramOutputWatch(run.startMarker, run.endMarker, run.prompt);
    const transcript = () => watch.transcript();
    const promptsSeen = () => watch.prompts();

    let acknowledged = false;
    let recent = '';
    program.onData((chunk) => {
      watch.append(output.append(chunk));
      if (run.endMarker && !acknowledged) {
        // The harness waits for this newline before it exits, so nothing it printed is lost (grade_harness/program.py, end_program).
        recent = (recent + chunk).slice(-(run.endMarker.length + chunk.length));
        if (recent.includes(run.endMarker)) {
          acknowledged = true;
          program.type('\r');
        }
      }
      if (output.truncated) {
        program.kill();
        return;
      }
      // On pipes the harness has already answered each question it marked; counting them keeps the same timers.
      const seen = promptsSeen();
      while (seen > sent && sent < run.answers.length) {
        program.type(`${run.answers[sent]}\r`);
        sent++;
        armPromptTimer();
      }
      if (seen > run.answers.length && !askedForMore) {
        askedForMore = true;
        program.type('\x04');
      }
      if (seen > run.answers.length + 1 && !timedOut) {
        timedOut = { phase: askedAfterEndPhase(run.answers.length), limitMs: run.programMs };
        program.kill();
      }
    });
    program.onExit(({ exitCode, signal }) => {
      // node-pty can deliver the last output after the exit event (megabytes of it, from a chatty program): wait
      // for the harness's end marker, or, when the program never printed one (killed), a short moment. Pipes say
      // when they are done: closed (unless a child the program left behind holds them open).
      const exitedAt = performance.now();
      const seenAll = () => (run.endMarker ? output.value.includes(run.endMarker) : run.terminal !== 'pipes');
      const drained = () =>
        program.outputEnded || output.truncated || timedOut !== undefined || seenAll() || performance.now() - exitedAt > DRAIN_MS;
      const settle = () => (drained() ? finish() : setTimeout(settle, 10));
      const finish = () => {
        if (finished) return;
        finished = true;
        clearTimeout(totalTimer);
        clearTimeout(promptTimer);
        resolve({
          transcript: transcript(),
          exitCode: timedOut ? undefined : exitCode,
          signal,
          ...(timedOut && { timedOut }),
          truncated: output.truncated,
          maxChars: run.maxChars,
          askedForMore,
          answersSent: sent,
          durationMs: performance.now() - started,
        });
      };
      setTimeout(settle, run.endMarker ? 0 : 30);
    });
  });
}
