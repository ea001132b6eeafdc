/**
 * One submission's harness over its whole grading: starts it, imports the student's modules in the spec's order,
 * restarts it after a timeout or a crash, and runs interactions, turning each request's outcome into an
 * observation. A module that hangs at import is imported empty from then on, so the rest can still be graded.
 */
import { HarnessSession, describeExit, type PipelinedRequest, type RequestOutcome } from '../harness/session.js';
import { ProgramServer } from '../harness/program-server.js';
import type { CaseObservation, ImportOutcome, ObservedReply, StepFailure } from '../checks/observation.js';
import type { Interaction } from '../plan/interaction.js';
import type { SandboxEnvironment } from '../sandbox/environment.js';
import { importWallMs, type Limits } from '../model/limits.js';

export interface ModuleFile {
  readonly role: string;
  readonly module: string;
  readonly file: string;
}

export class SubmissionSession {
  /** How each module's first import went, by role. */
  readonly imports = new Map<string, ImportOutcome>();
  /** Every public name the imported modules define. */
  readonly names = new Set<string>();
  readonly notes = new Set<string>();
  /** Time spent in the student's own code (calls, imports, whole programs), in ms: what no grader can save. */
  studentMs = 0;
  /**
   * The first start of Python with the student's modules imported, in ms (the imports' own time is in studentMs
   * too): the least any grader pays for a submission, its share of the class's floor.
   */
  floorMs: number | undefined;
  /** The student's own time in their modules' first imports, in ms (within studentMs and floorMs). */
  importMs = 0;
  private session: HarnessSession | undefined;
  private readonly broken = new Set<string>();
  /** Modules whose top level ran out of CPU time at their first import: the line it stopped at, where later imports stop. */
  private readonly cutAt = new Map<string, number>();
  private startError: string | undefined;
  /** Observations by their requests and seed, for a case that a second test runs again. */
  private readonly observed = new Map<string, CaseObservation>();
  /** Program servers by whether they carry Conniption's search stand-in, started at the first program. */
  private readonly programServers = new Map<boolean, Promise<ProgramServer | undefined>>();
  private serverTurn: Promise<void> = Promise.resolve();
  /** Without fork: the interpreter the next group gets, started while this one runs, and the group now running. */
  private spare: Promise<HarnessSession | undefined> | undefined;
  private isolatedGroup: string | undefined;
  /** Without fork: the groups the tests will run in, in order (planGroups), and how far they have got. */
  private groupPlan: readonly string[] | undefined;
  private planAt = 0;
  /** The interpreter the modules were imported in, while it has run nothing else: as fresh as a spare. */
  private pristine: HarnessSession | undefined;
  /** A test's cases sent ahead (`prefetch`), by key, until each is read; undefined: the harness did not run it. */
  private readonly prefetched = new Map<string, Promise<Observed | undefined>>();
  /** The pipeline in flight: nothing else is sent to the harness until it ends. */
  private pipeline: Promise<void> = Promise.resolve();
  /** Set when the test that sent cases ahead has stopped reading them: a group not yet begun is not begun. */
  private lineStopped = false;
  /** A second harness for parts played side by side (`beside`), started at its first use. */
  private side: SubmissionSession | undefined;
  /** A test's cases ran in groups of their own: what it runs next starts in a fresh child too (`prefetch`). */
  private forkBeforeRun = false;

  constructor(
    private readonly sandbox: SandboxEnvironment,
    private readonly workdir: string,
    private readonly limits: Limits,
    private readonly modules: readonly ModuleFile[],
    /** Where a session beside another counts the student's time in its runs: the submission's own session. */
    private readonly countsFor?: SubmissionSession,
  ) {}

  /** A second harness beside this one, with the same modules, for a driven case's parts played side by side. */
  beside(): SubmissionSession {
    this.side ??= new SubmissionSession(this.sandbox, this.workdir, this.limits, this.modules, this);
    return this.side;
  }

  /** A live harness with every module imported, or why there cannot be one. */
  async ready(): Promise<HarnessSession | { error: string }> {
    if (this.startError) return { error: this.startError };
    for (let attempt = 0; attempt <= this.modules.length + 1; attempt++) {
      if (this.session?.isAlive) return this.session;
      const begun = performance.now();
      const started = await HarnessSession.start({ sandbox: this.sandbox, workdir: this.workdir, limits: this.limits });
      if ('error' in started) {
        this.startError = started.error;
        return { error: started.error };
      }
      this.session = started.session;
      for (const note of started.session.notes) this.notes.add(note);
      const imported = await this.importAll(started.session);
      this.floorMs ??= performance.now() - begun;
      if (imported && this.sandbox.noFork && this.isolatedGroup === undefined) this.pristine = started.session;
      if (imported) return started.session;
    }
    this.startError = 'the modules could not be imported after several fresh starts';
    return { error: this.startError };
  }

  private async importAll(session: HarnessSession): Promise<boolean> {
    for (const entry of this.modules) {
      const skip = this.broken.has(entry.role);
      const outcome = await session.send({ op: 'import', ...this.importOf(entry), ...(skip && { skip }) }, importWallMs(this.limits));
      if (outcome.kind === 'reply' && 'internal' in outcome.reply) {
        this.startError = `internal error while importing ${entry.file}: ${outcome.reply.internal}`;
        return false;
      }
      const first = !this.imports.has(entry.role);
      if (first) this.imports.set(entry.role, importOutcome(outcome));
      const ms =
        outcome.kind === 'reply' && 'durationMs' in outcome.reply
          ? outcome.reply.durationMs
          : outcome.kind === 'timeout'
            ? outcome.limitMs
            : 0;
      this.studentMs += ms;
      if (first) this.importMs += ms;
      if (outcome.kind !== 'reply') {
        this.broken.add(entry.role);
        return false;
      }
      for (const name of 'defined' in outcome.reply ? (outcome.reply.defined ?? []) : []) this.names.add(name);
      const line = first ? cutOffLine(outcome, entry.file) : undefined;
      if (line !== undefined) this.cutAt.set(entry.role, line);
    }
    return true;
  }

  /** How a module is imported: within its CPU time, or stopped at the line its first import ran out of it. */
  private importOf(entry: ModuleFile): { module: string; file: string; cpuMs: number; stopAt?: number } {
    const line = this.cutAt.get(entry.role);
    return { module: entry.module, file: entry.file, cpuMs: this.limits.importMs, ...(line !== undefined && { stopAt: line }) };
  }

  /**
   * Runs one interaction from a fresh namespace; the first step that fails stops it. Two tests that grade the same
   * case the same way (the document's scores, then their types) share one run: same requests, same seed, same
   * observation, so a slow look-ahead or a hang costs its time once.
   */
  async run(interaction: Interaction, seed: number, callMs: number): Promise<CaseObservation> {
    const key = keyOf(interaction, seed, callMs);
    const known = this.observed.get(key);
    if (known) return known;
    const sent = this.prefetched.get(key);
    this.prefetched.delete(key);
    let got = sent && (await sent);
    if (!got) {
      await this.pipeline; // never a request beside a pipeline in flight
      got = await this.runFresh(interaction, seed, callMs);
    }
    this.studentMs += got.ownMs;
    if (this.countsFor) this.countsFor.studentMs += got.ownMs;
    if (isSmall(got.observation)) this.observed.set(key, got.observation);
    return got.observation;
  }

  /**
   * Sends a test's cases to the harness at once, to be read by `run` as the test reaches each: the harness runs the
   * next case while the runner judges this one, and a case costs no round trip of its own. The harness runs none
   * after the submission's time budget, or after a case that ran out of memory (which stops the test), and a case
   * that hangs or kills its child ends the line; a case left unrun is run on its own if the test asks for it.
   *
   * `split`: a heavy test's cases in groups (case-groups.ts), each run in a fresh child of its own, on a second
   * harness at the same time where `sideBySide`, else one after another. Either way a case shares its child with its
   * own group only, and whatever the test runs after them starts in a fresh child too, so the two ways observe the same.
   */
  async prefetch(
    asks: readonly CaseAsk[],
    budgetMs: number,
    split?: { readonly groups: readonly (readonly number[])[]; readonly sideBySide: boolean },
  ): Promise<void> {
    await this.pipeline;
    this.lineStopped = false;
    const seen = new Set<string>();
    const groups = (split && split.groups.length > 1 ? split.groups : [asks.map((_, i) => i)])
      .map((group) =>
        group.flatMap((i) => {
          const ask = asks[i]!;
          const key = keyOf(ask.interaction, ask.seed, ask.callMs);
          if (this.observed.has(key) || this.prefetched.has(key) || seen.has(key)) return [];
          seen.add(key);
          return [{ key, ask }];
        }),
      )
      .filter((group) => group.length > 0);
    // One case gains nothing from a pipeline, unless it runs beside another group; none fits in no time.
    if (seen.size === 0 || (groups.length === 1 && seen.size < 2) || budgetMs <= 0) return;
    const session = await this.taken();
    if ('error' in session) return;
    const deadline = performance.now() + budgetMs;
    const settle = new Map<string, (got: Observed | undefined) => void>();
    for (const key of seen) this.prefetched.set(key, new Promise((resolve) => settle.set(key, resolve)));
    const [first, ...rest] = groups;
    const own = this.sendAhead(session, first!, deadline, settle);
    const others = rest.length === 0 ? undefined : this.sendGroups(session, own, rest, deadline, settle, split?.sideBySide === true);
    if (others) this.forkBeforeRun = true;
    // Whatever happens to the lines, every case sent ahead is settled (a case never answered runs on its own), and
    // the next request waits for nothing that cannot end.
    this.pipeline = Promise.all([own, others])
      .catch(() => undefined)
      .finally(() => {
        for (const done of settle.values()) done(undefined);
      })
      .then(() => undefined);
  }

  /** The groups after the first: on the second harness, each in a fresh child, or after the first on this one. */
  private async sendGroups(
    session: HarnessSession,
    first: Promise<void>,
    groups: readonly (readonly Sent[])[],
    deadline: number,
    settle: Settle,
    sideBySide: boolean,
  ): Promise<void> {
    const beside = sideBySide ? this.beside() : undefined;
    const side = await beside?.freshChild();
    if (beside && side) {
      const sending = (async () => {
        for (const [n, group] of groups.entries()) {
          if (this.lineStopped) return;
          if (n > 0) await side.send({ op: 'fork' }, this.limits.callMs);
          await this.sendAhead(side, group, deadline, settle);
        }
      })();
      // Nothing else goes to the second harness until its line ends.
      beside.pipeline = sending.catch(() => undefined);
      return sending;
    }
    await first;
    // One turn of the event loop: a test that stops at the case that ended the line (a hang) says so first.
    await new Promise((done) => setImmediate(done));
    for (const group of groups) {
      // The test stopped in an earlier group: the cases of this one would be run for nothing, and a look-ahead that
      // hangs would hang here too, a whole time limit more.
      if (this.lineStopped) return;
      await session.send({ op: 'fork' }, this.limits.callMs);
      await this.sendAhead(session, group, deadline, settle);
    }
  }

  /** One group's cases in one line on `session`, each case's observation handed to the test as it comes. */
  private async sendAhead(session: HarnessSession, group: readonly Sent[], deadline: number, settle: Settle): Promise<void> {
    let caseBegun = performance.now();
    await session.sendPipeline(
      group.map(({ ask }) => this.requestsOf(ask.interaction, ask.seed, ask.callMs)),
      { budgetMs: deadline - performance.now(), stopOn: ['MemoryError'] },
      (index, outcomes) => {
        const { key, ask } = group[index]!;
        settle.get(key)!(outcomes && this.observationOf(ask.interaction, ask.callMs, outcomes, caseBegun));
        caseBegun = performance.now();
      },
    );
  }

  /** This (second) harness in a fresh child of its own, once what it ran before has ended; undefined if it cannot start. */
  private async freshChild(): Promise<HarnessSession | undefined> {
    await this.settlePrefetched();
    const session = await this.taken();
    if ('error' in session) return undefined;
    const forked = await session.send({ op: 'fork' }, this.limits.callMs);
    return forked.kind === 'reply' && forked.reply.ok ? session : undefined;
  }

  /**
   * The cases sent ahead that the test did not read (it stopped early): waited for, their student time counted, and
   * forgotten, so the next test starts on an idle harness.
   */
  async settlePrefetched(): Promise<void> {
    this.lineStopped = true;
    await this.pipeline;
    const left = [...this.prefetched.values()];
    this.prefetched.clear();
    for (const got of await Promise.all(left)) this.studentMs += got?.ownMs ?? 0;
  }

  /** A case's requests as the harness gets them: a fresh namespace, then its steps. */
  private requestsOf(interaction: Interaction, seed: number, callMs: number): PipelinedRequest[] {
    // A value no check reads is not serialised: a student's object graph must never cost time.
    const steps = interaction.steps.map((step) => ({
      request: !step.observe && (step.request.op === 'call' || step.request.op === 'get') ? { ...step.request, quiet: true } : step.request,
      timeoutMs: callMs,
    }));
    return [{ request: { op: 'fresh', seed }, timeoutMs: this.limits.callMs }, ...steps];
  }

  private async runFresh(interaction: Interaction, seed: number, callMs: number): Promise<Observed> {
    const session = await this.taken();
    if ('error' in session)
      return { ownMs: 0, observation: { replies: {}, failure: { kind: 'crashed', step: 'starting Python', detail: session.error } } };
    if (this.forkBeforeRun) {
      this.forkBeforeRun = false;
      await session.send({ op: 'fork' }, this.limits.callMs);
    }
    const begun = performance.now();
    const outcomes = await session.sendBatch(this.requestsOf(interaction, seed, callMs));
    return this.observationOf(interaction, callMs, outcomes, begun);
  }

  /** What a case's outcomes (the fresh namespace's, then its steps') observed, and the student's time in them. */
  private observationOf(
    interaction: Interaction,
    callMs: number,
    [fresh, ...outcomes]: readonly RequestOutcome[],
    begun: number,
  ): Observed {
    const replies: Record<string, ObservedReply> = {};
    if (!fresh || fresh.kind !== 'reply' || !fresh.reply.ok)
      return {
        ownMs: 0,
        observation: {
          replies,
          failure: (fresh && stepFailure('preparing the test', fresh, undefined)) ?? {
            kind: 'internal',
            step: 'preparing the test',
            detail: 'no namespace',
          },
        },
      };
    let counted = 0;
    for (const [index, outcome] of outcomes.entries()) {
      const step = interaction.steps[index]!;
      // A call whose process died reports no time of its own: the time since the case began, less what the steps
      // before it reported, was the student's (a search that fills its memory dies after seconds of its own work).
      const own =
        outcome.kind === 'reply' && 'durationMs' in outcome.reply
          ? outcome.reply.durationMs
          : outcome.kind === 'timeout'
            ? callMs
            : outcome.kind === 'crashed'
              ? Math.max(0, performance.now() - begun - counted)
              : 0;
      counted += own;
      const failure = stepFailure(step.python || describeRequest(step.request), outcome, step.observe);
      if (failure) return { ownMs: counted, observation: { replies, failure } };
      if (step.observe && outcome.kind === 'reply' && outcome.reply.ok) {
        const { value, stdout, stdoutDropped, prompts, inputsLeft, durationMs } = outcome.reply;
        replies[step.observe] = { value, stdout, prompts, inputsLeft, durationMs, ...(stdoutDropped && { stdoutDropped }) };
      }
    }
    return { ownMs: counted, observation: { replies } };
  }

  /**
   * The next test runs in its own child of the harness, forked from the interpreter as it was after the imports:
   * what the test does to global state, a loop or an exit, ends with it, and no test starts Python again. Without
   * fork (Windows, CONNECT4_NO_FORK=1), each group of tests gets a fresh interpreter instead.
   */
  async isolate(group: string): Promise<void> {
    if (this.sandbox.noFork) {
      // No fork: each group of tests (one problem of the document) gets a fresh interpreter with the modules
      // imported, as a forked child would have them; one is started ahead, so the wait is mostly hidden. The first
      // group gets the interpreter the imports ran in, if it has run nothing since, and none is started after the last.
      if (group === this.isolatedGroup && this.session?.isAlive) return;
      this.isolatedGroup = group;
      const more = this.groupsAfter(group);
      const untouched = this.pristine;
      this.pristine = undefined;
      if (untouched && untouched === this.session && untouched.isAlive) {
        if (more) this.spare ??= this.startSpare();
        return;
      }
      const old = this.session;
      this.session = undefined;
      void old?.close();
      const spare = await this.spare;
      this.session = spare?.isAlive ? spare : undefined;
      this.spare = more ? this.startSpare() : undefined;
      return;
    }
    await this.settlePrefetched();
    const session = await this.taken();
    if ('error' in session) return;
    this.forkBeforeRun = false;
    await session.send({ op: 'fork' }, this.limits.callMs);
  }

  /**
   * The groups the tests will run in, in test order (a test not run at all is left out). Without it, every group is
   * taken to have another after it.
   */
  planGroups(groups: readonly string[]): void {
    this.groupPlan = groups.filter((group, i) => group !== groups[i - 1]);
    this.planAt = 0;
  }

  /** Whether another group is planned after `group`, now beginning (one not planned: taken to have more). */
  private groupsAfter(group: string): boolean {
    const at = this.groupPlan?.indexOf(group, this.planAt) ?? -1;
    if (at < 0) return true;
    this.planAt = at;
    return at < this.groupPlan!.length - 1;
  }

  /** A live harness to send to: one that has run anything but the imports is no longer as fresh as a spare. */
  private async taken(): Promise<HarnessSession | { error: string }> {
    const session = await this.ready();
    this.pristine = undefined;
    return session;
  }

  /** A fresh interpreter with the modules imported, for the next test without fork; undefined when one fails. */
  private async startSpare(): Promise<HarnessSession | undefined> {
    if (this.startError) return undefined;
    const started = await HarnessSession.start({ sandbox: this.sandbox, workdir: this.workdir, limits: this.limits });
    if ('error' in started) return undefined;
    if (await this.importAll(started.session)) return started.session;
    await started.session.close();
    return undefined;
  }

  /** The modules as a program run should import them: the ones that hung at import are registered empty. */
  modulesForPrograms(): (ModuleFile & { skip?: boolean; cpuMs: number; stopAt?: number })[] {
    return this.modules.map((m) => ({ ...m, ...this.importOf(m), ...(this.broken.has(m.role) && { skip: true }) }));
  }

  /**
   * A warm interpreter for whole programs, or undefined when none can be had (the terminal is used then). It is
   * started after this session's imports, so it knows which modules hang at import; a server killed by a run that
   * overran its limits is replaced at the next program.
   */
  programServer(scriptedSearch: boolean): Promise<ProgramServer | undefined> {
    // One at a time: two callers in the same moment must get the same server, never start two (one would leak).
    const turn = this.serverTurn.then(() => this.obtainProgramServer(scriptedSearch));
    this.serverTurn = turn.then(
      () => undefined,
      () => undefined,
    );
    return turn;
  }

  private async obtainProgramServer(scriptedSearch: boolean): Promise<ProgramServer | undefined> {
    // The program server forks each program from a warm interpreter: without fork, every program runs on the terminal.
    if (this.sandbox.noFork) return undefined;
    const ready = await this.ready();
    if ('error' in ready) return undefined;
    const current = await this.programServers.get(scriptedSearch);
    if (current?.isAlive) return current;
    const starting = ProgramServer.start(
      { sandbox: this.sandbox, workdir: this.workdir, limits: this.limits, scriptedSearch },
      this.modulesForPrograms(),
    );
    this.programServers.set(scriptedSearch, starting);
    return starting;
  }

  async close(): Promise<void> {
    await this.settlePrefetched();
    await this.serverTurn;
    const servers = await Promise.all(this.programServers.values());
    const spare = await this.spare;
    await Promise.all([this.session?.close(), spare?.close(), this.side?.close(), ...servers.map((s) => s?.close())]);
  }
}

/** A case a test sends ahead: its interaction, seed and time limit, as `run` will ask for it. */
export interface CaseAsk {
  readonly interaction: Interaction;
  readonly seed: number;
  readonly callMs: number;
}

/** A case sent ahead, by its key. */
interface Sent {
  readonly key: string;
  readonly ask: CaseAsk;
}

/** Hands a case sent ahead its observation, by key (undefined: it did not run). */
type Settle = ReadonlyMap<string, (got: Observed | undefined) => void>;

/** A case's observation, and the student's own time in it (counted when the case is read). */
interface Observed {
  readonly observation: CaseObservation;
  readonly ownMs: number;
}

/**
 * An interaction's steps as a short key, made once per interaction object (a run's cases are made once, and keyed as
 * each test sends them ahead and reads them): equal steps get the same number, so two tests that run the same case
 * share it, and no lookup hashes the steps' whole text again.
 */
const stepKeys = new WeakMap<Interaction, number>();
const stepNumbers = new Map<string, number>();
function keyOf(interaction: Interaction, seed: number, callMs: number): string {
  let steps = stepKeys.get(interaction);
  if (steps === undefined) {
    const text = JSON.stringify(interaction.steps.map((s) => [s.request, s.observe ?? null]));
    steps = stepNumbers.get(text);
    if (steps === undefined) stepNumbers.set(text, (steps = stepNumbers.size));
    stepKeys.set(interaction, steps);
  }
  return `${seed}|${callMs}|${steps}`;
}

/** Small enough to keep for the rest of the submission: a chatty call's megabytes are run again instead. */
const MEMO_STDOUT_CHARS = 16_384;
const isSmall = (observation: CaseObservation) => Object.values(observation.replies).every((r) => r.stdout.length <= MEMO_STDOUT_CHARS);

function describeRequest(request: Interaction['steps'][number]['request']): string {
  if (request.op !== 'double') return `a ${request.op} request`;
  return 'name' in request ? `preparing the ${request.name} double` : `putting the grader's ${request.names.join(', ')} in place`;
}

/** How the interpreter ended, with the last lines it wrote to stderr. */
function crashDetail(outcome: Extract<RequestOutcome, { kind: 'crashed' }>): string {
  return `${describeExit(outcome)}${outcome.stderr ? `: ${outcome.stderr.split('\n').slice(-3).join(' | ')}` : ''}`;
}

function stepFailure(step: string, outcome: RequestOutcome, observe: string | undefined): StepFailure | undefined {
  switch (outcome.kind) {
    case 'timeout':
      return { kind: 'timeout', step, limitMs: outcome.limitMs };
    case 'crashed':
      return {
        kind: 'crashed',
        step,
        detail: crashDetail(outcome),
        ...(/\bMemoryErrors?\b/u.test(outcome.stderr) && { outOfMemory: true }),
      };
    case 'reply':
      if (outcome.reply.ok) return undefined;
      if ('internal' in outcome.reply) return { kind: 'internal', step, detail: outcome.reply.internal };
      return { kind: 'exception', step, exception: outcome.reply.exception, stdout: outcome.reply.stdout, ...(observe && { observe }) };
  }
}

/** The line of a module's top level its import was stopped at for running out of CPU time, if it was. */
function cutOffLine(outcome: RequestOutcome, file: string): number | undefined {
  if (outcome.kind !== 'reply' || outcome.reply.ok || !('exception' in outcome.reply) || outcome.reply.exception.fact !== 'cpu-limit')
    return undefined;
  return outcome.reply.exception.frames.find((f) => f.function === '<module>' && f.file === file)?.line;
}

function importOutcome(outcome: RequestOutcome): ImportOutcome {
  switch (outcome.kind) {
    case 'timeout':
      return { kind: 'timeout', limitMs: outcome.limitMs };
    case 'crashed':
      return { kind: 'crashed', detail: crashDetail(outcome) };
    case 'reply': {
      const reply = outcome.reply;
      if ('internal' in reply) return { kind: 'crashed', detail: reply.internal };
      const former = reply.formerNames && reply.formerNames.length > 0 ? { formerNames: reply.formerNames } : {};
      if (!reply.ok) return { kind: 'exception', exception: reply.exception, stdout: reply.stdout, prompts: reply.prompts, ...former };
      return { kind: 'ok', stdout: reply.stdout, prompts: reply.prompts, durationMs: reply.durationMs, ...former };
    }
  }
}
