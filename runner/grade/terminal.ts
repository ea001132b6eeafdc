/**
 * Whole programs for the program tests: the first of each target on a real pseudo-terminal (it proves the program
 * works there), the others forked from the submission's program server. A server that fails falls back to the
 * terminal, so the worst case is the slow one, never a different verdict. Without node-pty, "the terminal" is a
 * fresh interpreter on pipes (the sandbox's notes say so).
 */
import { existsSync, lstatSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ProgramPlan } from '../assignments/assignment.js';
import { ASK_MARKER, STATE_MARKER } from '../checks/program-markers.js';
import { askedTheSameAgain, crashKey, crashSite } from '../checks/crash-site.js';
import { pass, type CaseVerdict } from '../checks/verdict.js';
import type { FixtureCase } from '../fixtures/fixture-types.js';
import { withStandIns, type Interaction } from '../plan/interaction.js';
import { pythonConfig, studentCommand, studentEnv } from '../harness/session.js';
import { runProgram, type ProgramResult } from '../pty/run-program.js';
import { createPidsCgroup } from '../sandbox/environment.js';
import type { ResolvedTest } from '../spec/spec-types.js';
import { caseSeed, failedSoFar, type TestContext } from './test-context.js';

/** One program, judged by the test's check. */
export async function runTerminal(test: ResolvedTest, context: TestContext, testCase: FixtureCase, program: ProgramPlan): Promise<CaseVerdict> {
  const key = `${test.id}\u0000${testCase.id}`;
  const early = context.early.get(key);
  context.early.delete(key);
  // A program that reads or leaves files in the workspace is run for each test: the workspace may have changed since.
  const shared = program.files || program.collect ? undefined : JSON.stringify([test.target, testCase.id, program, test.limits]);
  const before = shared === undefined ? undefined : context.programs.get(shared);
  let result = (early && (await early)) ?? before;
  if (!result) {
    for (const [name, text] of Object.entries(program.files ?? {})) setWorkspaceFile(context.workspaceDir, name, text);
    const forked = context.options.terminal !== 'all' && context.onTerminal.has(test.target) && program.anyPrompt ? await runForked(test, context, testCase, program) : undefined;
    context.onTerminal.add(test.target);
    result = forked ?? (await runOnTerminal(test, context, testCase, program));
  }
  if (!before) {
    if (shared !== undefined) context.programs.set(shared, result);
    context.session.studentMs += result.durationMs;
  }
  const counted = context.sessions.get(test.id) ?? { run: 0, unstarted: 0 };
  context.sessions.set(test.id, { run: counted.run + 1, unstarted: counted.unstarted + (program.answers.length > 0 && result.answersSent === 0 ? 1 : 0) });
  const files = program.collect ? Object.fromEntries(program.collect.map((name) => [name, readWorkspaceFile(context.workspaceDir, name)])) : undefined;
  // The transcript keeps the harness's marker after every prompt: the check knows where each answer went, and
  // takes the markers out before it shows the transcript.
  let asked = 0;
  const ask = (planned: Interaction) => context.session.run(withStandIns(planned, context.options.standIns).interaction, caseSeed(context.options.seed, `${testCase.id}#check${asked++}`), test.limits.callMs);
  const messagesChargedBy = program.messagesGradedBy !== undefined && failedSoFar(context).has(program.messagesGradedBy) ? program.messagesGradedBy : undefined;
  const verdict = await context.assignment.checkProgram(test.check!, testCase, { ...result, ...(files && { files }) }, ask, messagesChargedBy ? { messagesChargedBy } : {});
  if (verdict.status === 'pass' || verdict.status === 'timeout') return verdict;
  // A crash an earlier program test of the target already charged (the same exception at the same line) is that
  // test's: a set-up that refuses the document's answer, a column read that crashes on junk.
  const crashed = crashSite(result.transcript);
  const site = crashed?.type === 'EOFError' && !askedTheSameAgain(result.transcript, ASK_MARKER) ? undefined : crashed;
  if (site) {
    const key = `${test.target}\u0000${crashKey(site)}`;
    const charged = context.crashes.get(key);
    if (charged && charged !== test.id) return pass(`it crashed as it did in ${charged}, which charges it (${crashKey(site)})`);
    context.crashesMet.set(test.id, (context.crashesMet.get(test.id) ?? new Set()).add(key));
  }
  return result.timedOut ? { ...verdict, stoppedAt: 'time' } : result.truncated ? { ...verdict, stoppedAt: 'output' } : verdict;
}

/**
 * Once the modules have imported: the program server starts, and each target's terminal session (the one that
 * proves the program works on a real terminal) starts too, beside the function tests, when its program needs no
 * file of the workspace. A student's check waits for neither at its turn.
 */
export function warmUp(context: TestContext): void {
  if (context.warmed.done) return;
  context.warmed.done = true;
  const { options, assignment } = context;
  const programs = options.spec.tests.filter((t) => t.kind === 'program' && (!options.visibleOnly || t.visibility === 'visible') && (!options.only || options.only.regex.test(t.id)));
  if (programs.length === 0) return;
  for (const test of programs) {
    if (context.onTerminal.has(test.target) || options.terminal === 'all' || options.warmPrograms === false) continue;
    const first = test.fixtureCases[0];
    if (!first) continue;
    const program = assignment.program(first);
    if (program.files || program.collect || !program.anyPrompt) continue;
    context.onTerminal.add(test.target);
    const run = runOnTerminal(test, context, first, program);
    run.catch(() => { /* awaited at its turn, or at the end */ });
    context.early.set(`${test.id}\u0000${first.id}`, run);
    void context.session.programServer(program.aiMoves !== undefined);
  }
}

async function runForked(test: ResolvedTest, context: TestContext, testCase: FixtureCase, program: ProgramPlan): Promise<ProgramResult | undefined> {
  const server = await context.session.programServer(program.aiMoves !== undefined);
  if (!server) return undefined;
  const { limits } = test;
  return server.run({
    call: program.call, answers: program.answers, askMarker: ASK_MARKER, seed: caseSeed(context.options.seed, testCase.id),
    promptMs: limits.promptMs, programMs: limits.programMs, maxChars: limits.outputChars,
    ...(program.aiMoves && { aiMoves: program.aiMoves, stateMarker: STATE_MARKER }),
    ...(program.replace && { replace: program.replace }),
  });
}

/**
 * One program on the pseudo-terminal, in a fresh interpreter and its own cgroup; where there is no terminal to be
 * had, on pipes, with the script's answers in the harness's config (it answers input() as a forked run does).
 */
async function runOnTerminal(test: ResolvedTest, context: TestContext, testCase: FixtureCase, program: ProgramPlan): Promise<ProgramResult> {
  const { sandbox } = context;
  const { seed } = context.options;
  const marker = `\u0002grade-start-${caseSeed(seed, testCase.id)}\u0003`;
  const endMarker = `\u0002grade-end-${caseSeed(seed, testCase.id)}\u0003`;
  const cgroup = createPidsCgroup(sandbox.pidsCgroupRoot, test.limits.processes);
  const onPipes = sandbox.terminal === 'pipes';
  const config = {
    ...pythonConfig({ sandbox, workdir: context.workspaceDir, limits: test.limits }, cgroup.path),
    modules: context.session.modulesForPrograms(), call: program.call, marker, endMarker, seed: caseSeed(seed, testCase.id),
    ...(program.anyPrompt && { askMarker: ASK_MARKER }),
    ...(onPipes && { answers: program.answers }),
    ...(program.aiMoves && { aiMoves: program.aiMoves, stateMarker: STATE_MARKER }),
    ...(program.replace && { replace: program.replace }),
  };
  const [command, args] = studentCommand(sandbox, { workdir: context.workspaceDir, cgroup: cgroup.path }, ['program', JSON.stringify(config)]);
  try {
    return await runProgram({
      command, args, cwd: context.workspaceDir, env: { ...studentEnv(context.workspaceDir), TERM: 'xterm' },
      prompt: program.anyPrompt ? ASK_MARKER : program.prompt, answers: program.answers, startMarker: marker, endMarker,
      promptMs: test.limits.promptMs, programMs: test.limits.programMs, maxChars: test.limits.outputChars, terminal: sandbox.terminal,
    });
  } finally {
    cgroup.remove();
  }
}

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
