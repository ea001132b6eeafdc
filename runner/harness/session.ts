/**
 * One running harness process: requests go out and replies come back as JSON lines over file descriptor 3, each
 * request with its own time limit. Every outcome is data (a reply, a timeout, the interpreter dying); nothing here
 * decides pass or fail. After a timeout or a crash the process is gone and the caller starts a new session.
 */
import { loadExeca } from '../sandbox/load-execa.js';
import type { Readable } from 'node:stream';
import { join } from 'node:path';
import { constants } from 'node:os';
import type { Duplex } from 'node:stream';
import type { Limits } from '../model/limits.js';
import { killProcessTree, readyToKillTrees } from '../pty/process-tree.js';
import { bubblewrapArgs, doublesInside, HARNESS_INSIDE, inCgroup } from '../sandbox/bubblewrap.js';
import { compiledBeside, createPidsCgroup, HARNESS_DIR, type SandboxEnvironment } from '../sandbox/environment.js';
import { fromWire, wireRequest } from './plain-values.js';
import { isReady, parseReply, PROTOCOL_VERSION, type HarnessReply, type HarnessRequest } from './protocol.js';

export const HARNESS_SCRIPT = join(HARNESS_DIR, 'harness.py');

export type RequestOutcome =
  | { readonly kind: 'reply'; readonly reply: HarnessReply; readonly wallMs: number }
  | { readonly kind: 'timeout'; readonly limitMs: number }
  | { readonly kind: 'crashed'; readonly exitCode: number | undefined; readonly signal: string | undefined; readonly stderr: string };

export interface SessionContext {
  readonly sandbox: SandboxEnvironment;
  readonly workdir: string;
  readonly limits: Limits;
  /** A program server for Conniption's REPL: classes defining alpha_beta_search get the grader's stand-in. */
  readonly scriptedSearch?: boolean;
}

const STRAY_OUTPUT_CAP = 65_536;
const live = new Set<HarnessSession>();
process.once('exit', () => {
  for (const session of live) session.kill();
});

/** The limits and paths the Python side applies to itself before any student code runs. */
export function pythonConfig(context: SessionContext, cgroup: string | undefined): Record<string, unknown> {
  const { limits, workdir } = context;
  return {
    workdir,
    // Under bubblewrap the process joined its cgroup before the sandbox began (the cgroup is not mounted inside).
    cgroup: context.sandbox.bubblewrap ? undefined : cgroup,
    ...(context.sandbox.allowedPackages && { allowedPackages: context.sandbox.allowedPackages }),
    ...(context.sandbox.courseModules && { courseModules: context.sandbox.courseModules }),
    ...(context.sandbox.names && { names: context.sandbox.names }),
    ...(context.sandbox.formerNames && { formerNames: context.sandbox.formerNames }),
    ...(context.sandbox.sitePaths && { sitePaths: context.sandbox.sitePaths }),
    // The doubles' paths as the student's process sees them: inside the sandbox, or on the host.
    doubles: (context.sandbox.doubles ?? []).map((file) => (context.sandbox.bubblewrap ? doublesInside(file) : file)),
    outputChars: limits.outputChars,
    limits: {
      memoryBytes: limits.memoryMb * 1024 * 1024,
      fileBytes: limits.fileSizeMb * 1024 * 1024,
      processes: limits.processes,
      cpuSeconds: Math.ceil(limits.submissionMs / 1000) + 5,
      coreBytes: 0,
    },
  };
}

/**
 * The environment a student's process sees: its workspace as home and temp folder, and nothing of ours. On Windows
 * also the system's folder (SYSTEMROOT), without which Python cannot load the system's libraries: its random numbers
 * (CryptGenRandom, which `import random` needs) and its sockets fail to start.
 */
export function studentEnv(workdir: string, platform: NodeJS.Platform = process.platform): Record<string, string> {
  return {
    PATH: '/usr/local/bin:/usr/bin:/bin',
    HOME: workdir,
    TMPDIR: workdir,
    LANG: 'C.UTF-8',
    PYTHONIOENCODING: 'utf-8',
    PYTHONDONTWRITEBYTECODE: '1',
    PYTHONHASHSEED: '0',
    ...(platform === 'win32' && { SYSTEMROOT: process.env['SYSTEMROOT'] ?? 'C:\\Windows' }),
  };
}

/**
 * The command line of a student process running the harness in `mode`: inside bubblewrap where the machine has it
 * (joining the process-count cgroup first), else behind the namespace wrapper.
 */
export function studentCommand(
  sandbox: SandboxEnvironment,
  place: { readonly workdir: string; readonly cgroup: string | undefined },
  harnessArgs: readonly string[],
): [string, string[]] {
  const fixed = sandbox.fixedAddresses ?? [];
  // Without site where the probe found its folders: the harness puts them back (SandboxEnvironment.sitePaths).
  const flags = sandbox.sitePaths ? ['-I', '-S', '-B'] : ['-I', '-B'];
  const full = sandbox.bubblewrap
    ? inCgroup(place.cgroup, [
        ...fixed,
        'bwrap',
        ...bubblewrapArgs(sandbox.bubblewrap, place.workdir, sandbox.doubles, compiledBeside(sandbox.doubles ?? [])),
        sandbox.python,
        ...flags,
        `${HARNESS_INSIDE}/harness.py`,
        ...harnessArgs,
      ])
    : [...fixed, ...sandbox.wrapper, sandbox.python, ...flags, HARNESS_SCRIPT, ...harnessArgs];
  return [full[0]!, full.slice(1)];
}

/** The part of a running child this file uses. */
export interface ChildHandle {
  readonly pid?: number | undefined;
  readonly stdout: Readable | null;
  readonly stderr: Readable | null;
  then: Promise<{ exitCode?: number | undefined; signal?: string | undefined }>['then'];
}

export class HarnessSession {
  notes: readonly string[] = [];
  private readonly process: ChildHandle;
  private readonly channel: Duplex;
  private readonly removeCgroup: () => void;
  private buffer = '';
  private nextId = 1;
  private waiting: ((line: string) => void) | undefined;
  private readonly pendingLines: string[] = [];
  private exited: { exitCode: number | undefined; signal: string | undefined } | undefined;
  private onExit: (() => void) | undefined;
  private stray = '';
  /** Set the moment a kill is sent: the exit arrives later, but the session is unusable from now on. */
  private killed = false;
  /**
   * Whether a watchdog times each request (after a `fork` the harness honoured): it answers for a request that
   * overruns, and this side only waits a margin beyond. Until then this side's own timer is the limit.
   */
  private watched = false;

  private constructor(process: ChildHandle, channel: Duplex, removeCgroup: () => void) {
    this.process = process;
    this.channel = channel;
    this.removeCgroup = removeCgroup;
  }

  /** Starts a harness in `context.workdir`; fails with the interpreter's own words if it does not come up. */
  static async start(context: SessionContext): Promise<{ session: HarnessSession } | { error: string }> {
    const execa = await loadExeca();
    await readyToKillTrees();
    const cgroup = createPidsCgroup(context.sandbox.pidsCgroupRoot, context.limits.processes);
    const config = { ...pythonConfig(context, cgroup.path), channelFd: 3, ...(context.scriptedSearch && { scriptedSearch: true }) };
    const [command, args] = studentCommand(context.sandbox, { workdir: context.workdir, cgroup: cgroup.path }, [
      'serve',
      JSON.stringify(config),
    ]);
    const child = execa(command, args, {
      cwd: context.workdir,
      env: studentEnv(context.workdir),
      extendEnv: false,
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
      detached: true,
      reject: false,
      buffer: false,
      encoding: 'utf8',
    });
    const session = new HarnessSession(child, child.stdio[3] as unknown as Duplex, cgroup.remove);
    session.listen();
    live.add(session);
    const first = await session.readLine(context.limits.importMs);
    let ready: unknown;
    try {
      ready = first === undefined ? undefined : JSON.parse(first);
    } catch {
      ready = undefined;
    }
    if (!isReady(ready) || ready.version !== PROTOCOL_VERSION) {
      const reason =
        first !== undefined
          ? `its first line was not the expected greeting: ${first.slice(0, 200)}`
          : session.exited
            ? `it exited (${describeExit(session.exited)}): ${session.tail()}`
            : `no answer within ${context.limits.importMs} ms`;
      await session.close();
      return { error: `the Python harness did not start: ${reason}` };
    }
    session.notes = ready.notes;
    return { session };
  }

  private listen(): void {
    const keep = (chunk: Buffer | string) => {
      if (this.stray.length < STRAY_OUTPUT_CAP) this.stray += String(chunk).slice(0, STRAY_OUTPUT_CAP - this.stray.length);
    };
    this.process.stdout?.on('data', keep);
    this.process.stderr?.on('data', keep);
    this.channel.setEncoding('utf8');
    this.channel.on('data', (chunk: string) => this.receive(chunk));
    this.channel.on('error', () => {
      /* the process died; the exit handler reports it */
    });
    void this.process.then((result) => {
      this.exited = { exitCode: result.exitCode, signal: result.signal };
      this.removeCgroup();
      live.delete(this);
      this.onExit?.();
    });
  }

  private receive(chunk: string): void {
    // Only the new chunk can hold a line end (every line is taken out of the buffer as it comes): a reply of megabytes
    // comes in many chunks, and searching the whole buffer again for each made reading it quadratic.
    const held = this.buffer.length;
    this.buffer += chunk;
    const inChunk = chunk.indexOf('\n');
    let newline = inChunk < 0 ? -1 : held + inChunk;
    while (newline >= 0) {
      const line = this.buffer.slice(0, newline);
      this.buffer = this.buffer.slice(newline + 1);
      if (this.waiting) {
        const resolve = this.waiting;
        this.waiting = undefined;
        resolve(line);
      } else {
        this.pendingLines.push(line);
      }
      newline = this.buffer.indexOf('\n');
    }
  }

  /** The next line from the harness, or undefined when it exits or the time runs out. */
  private readLine(timeoutMs: number): Promise<string | undefined> {
    const queued = this.pendingLines.shift();
    if (queued !== undefined) return Promise.resolve(queued);
    if (this.exited) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      const timer = setTimeout(() => finish(undefined), timeoutMs);
      const finish = (line: string | undefined) => {
        clearTimeout(timer);
        this.waiting = undefined;
        this.onExit = undefined;
        resolve(line);
      };
      this.waiting = finish;
      this.onExit = () => finish(undefined);
    });
  }

  get isAlive(): boolean {
    return this.exited === undefined && !this.killed;
  }

  /** Sends one request and waits for its reply; a timeout kills the whole process group. */
  async send(request: HarnessRequest, timeoutMs: number): Promise<RequestOutcome> {
    const exited = this.exited;
    if (exited) return { kind: 'crashed', exitCode: exited.exitCode, signal: exited.signal, stderr: this.tail() };
    const id = this.nextId++;
    const started = performance.now();
    this.channel.write(`${JSON.stringify({ id, ...wireRequest(request), limitMs: timeoutMs })}\n`);
    const outcome = await this.awaitReply(id, timeoutMs, started);
    // A harness that cannot fork says so in its reply ("tests are not isolated"), and times nothing itself.
    if (request.op === 'fork' && outcome.kind === 'reply' && outcome.reply.ok && !('note' in outcome.reply)) this.watched = true;
    return outcome;
  }

  /** The reply to request `id`; a timeout kills the whole process group. */
  private async awaitReply(id: number, timeoutMs: number, started: number): Promise<RequestOutcome> {
    for (;;) {
      const next = await this.nextReply(timeoutMs, started);
      if ('kind' in next) return next;
      // A reply to an older request (one that timed out is never answered: the process is killed) is skipped.
      if (next.id === id) return next.outcome;
    }
  }

  /** The next reply the harness sends, whichever request it answers, or how the wait for it ended. */
  private async nextReply(timeoutMs: number, started: number): Promise<RequestOutcome | { id: number; outcome: RequestOutcome }> {
    for (;;) {
      // A test's child is timed by the harness, which answers for it; the margin is for the harness itself. Without
      // a watchdog (before the fork, or no fork at all) nothing else times the request: the limit is this side's.
      const line = await this.readLine(this.watched ? timeoutMs + RELAY_MARGIN_MS : timeoutMs);
      if (line === undefined) {
        const gone = this.exited;
        if (gone) return { kind: 'crashed', exitCode: gone.exitCode, signal: gone.signal, stderr: this.tail() };
        this.kill();
        return { kind: 'timeout', limitMs: timeoutMs };
      }
      // An empty line is the harness ending whatever half line a killed test's child left (grade_harness/server.py, Watchdog).
      if (line === '') continue;
      const parsed = parseReply(line);
      if ('error' in parsed) {
        this.kill();
        return { kind: 'reply', reply: { ok: false, internal: parsed.error }, wallMs: performance.now() - started };
      }
      const reply = withTypedValue(parsed.reply);
      if ('timedOut' in reply) return { id: parsed.id, outcome: { kind: 'timeout', limitMs: timeoutMs } };
      if ('crashed' in reply) {
        const signal = reply.crashed.signal === undefined ? undefined : (signalName(reply.crashed.signal) ?? String(reply.crashed.signal));
        return { id: parsed.id, outcome: { kind: 'crashed', exitCode: reply.crashed.exitCode, signal, stderr: this.tail() } };
      }
      return { id: parsed.id, outcome: { kind: 'reply', reply, wallMs: performance.now() - started } };
    }
  }

  /**
   * Sends several requests in one line and reads their replies as they come, each with its own time limit; the
   * harness stops at the first that fails, and so does this. Same outcomes as sending them one by one, with one
   * round trip instead of one per request.
   */
  async sendBatch(requests: readonly PipelinedRequest[]): Promise<RequestOutcome[]> {
    const exited = this.exited;
    if (exited) return [{ kind: 'crashed', exitCode: exited.exitCode, signal: exited.signal, stderr: this.tail() }];
    const ids = requests.map(() => this.nextId++);
    this.channel.write(
      `${JSON.stringify({ op: 'batch', requests: requests.map(({ request, timeoutMs }, i) => ({ id: ids[i], ...wireRequest(request), limitMs: timeoutMs })) })}\n`,
    );
    return (await this.readCase(ids, requests)) as RequestOutcome[];
  }

  /**
   * One case's replies, in order, up to the first that fails; the harness being gone or silent ends it with that
   * outcome. `closing`: the pipeline's id, whose closing line before the case's first reply means it never ran.
   */
  private async readCase(
    ids: readonly number[],
    requests: readonly PipelinedRequest[],
    closing?: number,
  ): Promise<RequestOutcome[] | 'not run'> {
    const outcomes: RequestOutcome[] = [];
    for (let j = 0; j < requests.length;) {
      const next = await this.nextReply(requests[j]!.timeoutMs, performance.now());
      if ('kind' in next) return [...outcomes, next];
      if (next.id === closing) return 'not run';
      // A reply to an older request (one that timed out is never answered: the process is killed) is skipped.
      if (next.id !== ids[j]) continue;
      outcomes.push(next.outcome);
      j++;
      if (next.outcome.kind !== 'reply' || !next.outcome.reply.ok) break;
    }
    return outcomes;
  }

  /**
   * Sends a test's cases in one line (each case's requests as `sendBatch` sends them) and hands each case's outcomes
   * to `onCase` as they come, so the runner judges one case while the harness runs the next. A case the harness did
   * not run (the budget ran out, an earlier case raised one of `stopOn`, or an earlier case timed out or killed its
   * child, which held the line) is handed `undefined`. Nothing else may be sent until this resolves.
   */
  async sendPipeline(
    cases: readonly (readonly PipelinedRequest[])[],
    options: { readonly budgetMs: number; readonly stopOn: readonly string[] },
    onCase: (index: number, outcomes: RequestOutcome[] | undefined) => void,
  ): Promise<void> {
    let index = 0;
    const rest = () => {
      for (; index < cases.length; index++) onCase(index, undefined);
    };
    if (this.exited) return rest();
    const id = this.nextId++;
    const ids = cases.map((requests) => requests.map(() => this.nextId++));
    const line = {
      id,
      op: 'pipeline',
      budgetMs: Math.max(0, Math.round(options.budgetMs)),
      stopOn: options.stopOn,
      cases: cases.map((requests, i) =>
        requests.map(({ request, timeoutMs }, j) => ({ id: ids[i]![j], ...wireRequest(request), limitMs: timeoutMs })),
      ),
    };
    this.channel.write(`${JSON.stringify(line)}\n`);
    for (; index < cases.length; index++) {
      const outcomes = await this.readCase(ids[index]!, cases[index]!, id);
      // The harness ended the pipeline before this case.
      if (outcomes === 'not run') return rest();
      onCase(index, outcomes);
      // A case that timed out or died took its child, and the line with it, or the harness itself is gone: the
      // cases after it never run.
      if (outcomes.at(-1)!.kind !== 'reply') {
        index++;
        return rest();
      }
    }
    // Every case ran: the harness's closing line follows, written the moment the last case's reply is, but a busy
    // machine may deschedule the harness between the two. Without a watchdog (no fork) the wait is this side's own:
    // it must not be nothing, or a late line would kill a harness that is only slow.
    for (;;) {
      const next = await this.nextReply(this.watched ? 0 : RELAY_MARGIN_MS, performance.now());
      if ('kind' in next || next.id === id) return;
    }
  }

  private tail(): string {
    return this.stray.trim().slice(-800);
  }

  /** Kills the harness and everything it started: its process group, or its tree where there are none (Windows). */
  kill(): void {
    this.killed = true;
    const pid = this.process.pid;
    if (pid !== undefined && this.exited === undefined) killProcessTree(pid);
  }

  async close(): Promise<void> {
    this.channel.end();
    this.kill();
    await new Promise<void>((resolve) => {
      void this.process.then(
        () => resolve(),
        () => resolve(),
      );
    });
  }
}

/** How long the harness has beyond a request's own limit to say that a test's child ran out of time. */
const RELAY_MARGIN_MS = 2_000;

/** One request of a pipelined case, with its own time limit. */
export interface PipelinedRequest {
  readonly request: HarnessRequest;
  readonly timeoutMs: number;
}

const signalName = (signal: number) => Object.entries(constants.signals).find(([, n]) => n === signal)?.[0];

export function describeExit(exit: { exitCode: number | undefined; signal: string | undefined }): string {
  if (exit.signal) return `killed by ${exit.signal}`;
  return `exit code ${exit.exitCode ?? '?'}`;
}

/** A reply as the runner reads it: a value sent in its short form, in the typed form (runner/harness/plain-values.ts). */
function withTypedValue<R extends object>(reply: R): R {
  return 'value' in reply && reply.value !== undefined ? { ...reply, value: fromWire(reply.value) } : reply;
}
