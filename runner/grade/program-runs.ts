/**
 * Whole programs, however they run: the first of each target on a real pseudo-terminal (it proves the program works
 * there), the others forked from the submission's program server, and where there is no terminal, a fresh
 * interpreter on pipes answering input() from the script. A server that fails falls back to the terminal, so the
 * worst case is the slow one, never another verdict. A run two tests judge differently (a game's result, its
 * transcript) is made once; a target's first terminal session starts as soon as the modules import, beside the
 * function tests. Nothing here judges: a run's result is facts for the test's check.
 */
import { existsSync, lstatSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AssignmentPlan, ProgramPlan } from '../plan/assignment.js';
import { ASK_MARKER, STATE_MARKER } from '../checks/program-markers.js';
import type { FixtureCase } from '../model/fixture-types.js';
import { pythonConfig, studentCommand, studentEnv } from '../harness/session.js';
import { runProgram, type ProgramResult } from '../pty/run-program.js';
import { createPidsCgroup, type SandboxEnvironment } from '../sandbox/environment.js';
import type { Limits } from '../model/limits.js';
import type { ResolvedTest } from '../model/spec-types.js';
import type { SubmissionSession } from './submission-session.js';
import { caseSeed } from './seeds.js';

/** How programs run for one submission: `first` puts each target's first run on a terminal, `all` every run. */
export interface ProgramRunsConfig {
  readonly sandbox: SandboxEnvironment;
  readonly session: SubmissionSession;
  readonly workspaceDir: string;
  readonly seed: number;
  readonly terminal: 'first' | 'all';
  /** Start each target's terminal session when the modules import (a core would idle otherwise). */
  readonly early: boolean;
}

export class ProgramRuns {
  /** Targets that already had a run on the terminal. */
  private readonly onTerminal = new Set<string>();
  /** Runs by what decides them (the target, the case, the plan, the limits): two tests that judge one session share it. */
  private readonly made = new Map<string, Promise<ProgramResult>>();
  /** The runs started early that no test has awaited yet: the first to await one counts its time. */
  private readonly early = new Set<string>();
  private warmed = false;

  constructor(private readonly config: ProgramRunsConfig) {}

  /** Once the modules have imported: the program server starts, and each target's terminal session beside the tests. */
  warmUp(programs: readonly { readonly test: ResolvedTest; readonly plan: AssignmentPlan }[]): void {
    if (this.warmed) return;
    this.warmed = true;
    for (const { test, plan } of programs) {
      const first = test.fixtureCases[0];
      if (!first || this.onTerminal.has(test.target) || this.config.terminal === 'all' || !this.config.early) continue;
      const program = plan.program(first);
      if (program.files || program.collect || !program.anyPrompt) continue;
      this.onTerminal.add(test.target);
      const run = this.onTerminalRun(test.target, first, program, test.limits);
      run.catch(() => {
        /* awaited at its turn, or at the end */
      });
      const key = keyOf(test.target, first, program, test.limits);
      this.made.set(key, run);
      this.early.add(key);
      void this.config.session.programServer(program.aiMoves !== undefined);
    }
  }

  /**
   * One run of `program`, with the files it reads back; a run that reads or leaves files is made for each test. Its
   * time is the student's, counted once: by the test that made it, or (started early) the first that awaits it.
   */
  async run(target: string, testCase: FixtureCase, program: ProgramPlan, limits: Limits): Promise<ProgramResult> {
    const shared = program.files || program.collect ? undefined : keyOf(target, testCase, program, limits);
    const known = shared === undefined ? undefined : this.made.get(shared);
    const making = known ?? this.make(target, testCase, program, limits);
    if (!known && shared !== undefined) this.made.set(shared, making);
    const result = await making;
    if (!known || this.early.delete(shared!)) this.config.session.studentMs += result.durationMs;
    return program.collect
      ? { ...result, files: Object.fromEntries(program.collect.map((name) => [name, readWorkspaceFile(this.config.workspaceDir, name)])) }
      : result;
  }

  /** The early runs not yet awaited (their tests never ran): waited for before the workspace goes. */
  async settle(): Promise<void> {
    await Promise.allSettled(this.made.values());
  }

  private async make(target: string, testCase: FixtureCase, program: ProgramPlan, limits: Limits): Promise<ProgramResult> {
    for (const [name, text] of Object.entries(program.files ?? {})) setWorkspaceFile(this.config.workspaceDir, name, text);
    const forked =
      this.config.terminal !== 'all' && this.onTerminal.has(target) && program.anyPrompt
        ? await this.forked(testCase, program, limits)
        : undefined;
    this.onTerminal.add(target);
    return forked ?? this.onTerminalRun(target, testCase, program, limits);
  }

  private async forked(testCase: FixtureCase, program: ProgramPlan, limits: Limits): Promise<ProgramResult | undefined> {
    const server = await this.config.session.programServer(program.aiMoves !== undefined);
    if (!server) return undefined;
    return server.run({
      call: program.call,
      answers: program.answers,
      askMarker: ASK_MARKER,
      seed: caseSeed(this.config.seed, testCase.id),
      promptMs: limits.promptMs,
      programMs: limits.programMs,
      maxChars: limits.outputChars,
      ...(program.aiMoves && { aiMoves: program.aiMoves, stateMarker: STATE_MARKER }),
      ...(program.replace && { replace: program.replace }),
    });
  }

  /**
   * One program on the pseudo-terminal, in a fresh interpreter and its own cgroup; where there is no terminal, on
   * pipes, with the script's answers in the harness's config (it answers input() as a forked run does).
   */
  private async onTerminalRun(_target: string, testCase: FixtureCase, program: ProgramPlan, limits: Limits): Promise<ProgramResult> {
    const { sandbox, seed, workspaceDir } = this.config;
    const runSeed = caseSeed(seed, testCase.id);
    const marker = `\u0002grade-start-${runSeed}\u0003`;
    const endMarker = `\u0002grade-end-${runSeed}\u0003`;
    const cgroup = createPidsCgroup(sandbox.pidsCgroupRoot, limits.processes);
    const onPipes = sandbox.terminal === 'pipes';
    const config = {
      ...pythonConfig({ sandbox, workdir: workspaceDir, limits }, cgroup.path),
      modules: this.config.session.modulesForPrograms(),
      call: program.call,
      marker,
      endMarker,
      seed: runSeed,
      ...(program.anyPrompt && { askMarker: ASK_MARKER }),
      ...(onPipes && { answers: program.answers }),
      ...(program.aiMoves && { aiMoves: program.aiMoves, stateMarker: STATE_MARKER }),
      ...(program.replace && { replace: program.replace }),
    };
    const [command, args] = studentCommand(sandbox, { workdir: workspaceDir, cgroup: cgroup.path }, ['program', JSON.stringify(config)]);
    try {
      return await runProgram({
        command,
        args,
        cwd: workspaceDir,
        env: { ...studentEnv(workspaceDir), TERM: 'xterm' },
        prompt: program.anyPrompt ? ASK_MARKER : program.prompt,
        answers: program.answers,
        startMarker: marker,
        endMarker,
        promptMs: limits.promptMs,
        programMs: limits.programMs,
        maxChars: limits.outputChars,
        terminal: sandbox.terminal,
      });
    } finally {
      cgroup.remove();
    }
  }
}

const keyOf = (target: string, testCase: FixtureCase, program: ProgramPlan, limits: Limits) =>
  JSON.stringify([target, testCase.id, program, limits]);

/** A test's file in the workspace: written, or removed when `text` is null. Names are plain file names. */
function setWorkspaceFile(dir: string, name: string, text: string | null): void {
  if (name.includes('/') || name.includes('\\') || name.startsWith('.')) throw new Error(`internal: not a plain file name: ${name}`);
  const path = join(dir, name);
  rmSync(path, { force: true, recursive: true });
  if (text !== null) writeFileSync(path, text);
}

function readWorkspaceFile(dir: string, name: string): string | null {
  const path = join(dir, name);
  if (!existsSync(path) || !lstatSync(path).isFile()) return null;
  return readFileSync(path, 'utf8').slice(0, 1_000_000);
}
