/**
 * Grades one submission against a resolved spec: copies it into a throw-away workspace, runs every test through the
 * harness or the pseudo-terminal, and asks the checks for verdicts. Whatever the student's code does, this returns
 * a SubmissionResult with every test of the spec in it.
 */
import { existsSync, lstatSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { verdictForFailure } from '../checks/outcome.js';
import type { CaseObservation } from '../checks/observation.js';
import { checkImport } from '../checks/imports.js';
import { pass, type CaseVerdict } from '../checks/verdict.js';
import { pythonConfig, studentCommand, studentEnv } from '../harness/session.js';
import { planFor, type AssignmentPlan, type ProgramPlan } from '../plan/assignment-plan.js';
import type { FixtureCase } from '../fixtures/fixture-types.js';
import { reproduceOf, type Interaction } from '../plan/interaction.js';
import { ASK_MARKER, STATE_MARKER } from '../checks/program-markers.js';
import { FIRST_PROMPT_PHASE, runProgram, type ProgramResult } from '../pty/run-program.js';
import { createPidsCgroup, type SandboxEnvironment } from '../sandbox/environment.js';
import { createWorkspace } from '../sandbox/workspace.js';
import type { ResolvedSpec, ResolvedTest } from '../spec/spec-types.js';
import type { SubmissionResult, TestResult, TestStatus } from './results.js';
import { columnOf, judgeStrength, type PositionAnswer, type StrengthPosition } from './ai-strength.js';
import { formatObserved } from '../checks/values.js';
import type { SolverLabels } from '../fixtures/fixture-types.js';
import { namePattern, type Submission } from './layout.js';
import { SubmissionSession, type ModuleFile } from './submission-session.js';

export interface GradeOptions {
  readonly spec: ResolvedSpec;
  readonly sandbox: SandboxEnvironment;
  readonly seed: number;
  /** Only tests whose id matches run; the others are reported as skipped, naming the pattern. */
  readonly only?: { readonly pattern: string; readonly regex: RegExp };
  readonly visibleOnly?: boolean;
  readonly onTest?: (test: TestResult) => void;
  /**
   * Which program runs use a real pseudo-terminal: the first of each target (the default; the others run forked
   * from a warm interpreter, which is much faster and judged the same), or all of them.
   */
  readonly terminal?: 'first' | 'all';
}

interface Located {
  readonly role: string;
  /** The file found (the first, for a role of many files). */
  readonly file: string | undefined;
  /** Every file found: one, or all a `many` role's names match. */
  readonly files: readonly string[];
  readonly looked: readonly string[];
  readonly kind: 'module' | 'text';
}

export async function gradeSubmission(submission: Submission, options: GradeOptions): Promise<SubmissionResult> {
  const started = performance.now();
  const { spec } = options;
  const plan = planFor(spec.assignment);
  const workspace = createWorkspace(submission.files);
  const skipped = new Map(workspace.skipped.map((f) => [f.name, f.reason]));
  const located = locateFiles(spec, submission.files.map((f) => f.name).filter((name) => !skipped.has(name)));
  const modules: ModuleFile[] = located.flatMap((l) => (l.kind !== 'module' ? [] : l.files.map((file) => ({ role: moduleRole(l, file), module: file.replace(/\.py$/, ''), file }))));
  const session = new SubmissionSession(options.sandbox, workspace.dir, spec.limits, modules);
  const deadline = started + spec.limits.submissionMs;
  const tests: TestResult[] = [];
  const claimed = new Set(located.flatMap((l) => l.files));
  const unclaimed = submission.files.map((f) => f.name).filter((name) => !claimed.has(name) && /\.(py|txt)$/i.test(name));
  const context: TestContext = { options, plan, session, located, skipped, unclaimed, workspaceDir: workspace.dir, deadline, hung: new Map(), onTerminal: new Set(), early: new Map(), warmed: { done: false } };
  try {
    for (const test of spec.tests) {
      if (options.visibleOnly && test.visibility !== 'visible') continue;
      const result = await runTest(test, context);
      if (result.status === 'timeout' && marksHung(test, result) && !context.hung.has(test.target)) context.hung.set(test.target, test.id);
      tests.push(result);
      options.onTest?.(result);
    }
  } finally {
    // Terminal sessions started early for tests that never ran (a hung target, the time budget) end before the
    // workspace goes.
    await Promise.allSettled(context.early.values());
    await session.close();
    workspace.remove();
  }
  const score = tests.reduce((total, t) => total + t.score, 0);
  return {
    id: submission.id,
    path: submission.path,
    assignment: spec.assignment,
    ...(submission.student && { student: submission.student }),
    status: 'graded',
    score: round(score),
    maxScore: round(tests.reduce((total, t) => total + t.maxScore, 0)),
    durationMs: Math.round(performance.now() - started),
    studentMs: Math.round(session.studentMs),
    tests,
  };
}

interface TestContext {
  readonly options: GradeOptions;
  readonly plan: AssignmentPlan;
  readonly session: SubmissionSession;
  readonly located: readonly Located[];
  /** Submission files left out of the workspace, with why. */
  readonly skipped: ReadonlyMap<string, string>;
  /** Python and text files no role of the spec claims: a misnamed file is usually among them. */
  readonly unclaimed: readonly string[];
  readonly workspaceDir: string;
  readonly deadline: number;
  /** Targets that already hung, with the test that found it: their other tests are not run again. */
  readonly hung: Map<string, string>;
  /** Targets that already had a program run on a real pseudo-terminal. */
  readonly onTerminal: Set<string>;
  /** Terminal sessions started as soon as the modules imported, by test and case id: they run beside the other tests. */
  readonly early: Map<string, Promise<ProgramResult>>;
  readonly warmed: { done: boolean };
}

async function runTest(test: ResolvedTest, context: TestContext): Promise<TestResult> {
  const base = { id: test.id, name: test.name, group: test.group, target: test.target, maxScore: test.points, visibility: test.visibility };
  const finish = (status: TestStatus, verdict: Omit<CaseVerdict, 'status'>, reproduce?: string, hint = true, typed?: readonly string[]): TestResult => ({
    ...base,
    status,
    score: status === 'pass' ? test.points : 0,
    message: status === 'fail' && hint ? withHint(verdict.message, test.hint) : verdict.message,
    ...(verdict.expected !== undefined && { expected: verdict.expected }),
    ...(verdict.actual !== undefined && { actual: verdict.actual }),
    ...(reproduce && { reproduce }),
    ...(typed && verdict.actual !== undefined && { typed: [...typed] }),
  });
  const only = context.options.only;
  if (only && !only.regex.test(test.id)) return finish('skipped', { message: `not run: --only ${only.pattern}` });
  const blocker = context.hung.get(test.target);
  if (blocker) return finish('timeout', { message: `not run: ${test.target} already timed out in ${blocker}` });
  if (performance.now() > context.deadline) {
    return finish('timeout', { message: `the submission's time budget (${Math.round(test.limits.submissionMs / 1000)} s for all tests) ran out before this test` });
  }
  try {
    switch (test.kind) {
      case 'file-present':
        return finishVerdict(finish, checkFilePresent(context.located.find((l) => l.role === test.file)!, context));
      case 'import': {
        const where = context.located.find((l) => l.role === test.file)!;
        if (!where.file) return finish('fail', { message: missingFile(where, context) }, undefined, false);
        if (!('error' in (await context.session.ready()))) warmUp(context);
        const verdicts = where.files.map((file) => checkImport(file, context.session.imports.get(moduleRole(where, file)), file.toLowerCase() === test.programEntry?.toLowerCase()));
        const failed = verdicts.find((v) => v.status !== 'pass');
        if (failed || verdicts.length === 1) return finishVerdict(finish, failed ?? verdicts[0]!);
        return finish('pass', { message: `${verdicts.length} files import cleanly (${where.files.join(', ')})` });
      }
      case 'cases':
      case 'property':
      case 'program': {
        const blocked = await blockedBy(test, context);
        if (blocked) return finish('error', { message: blocked });
        if (test.kind !== 'program') await context.session.isolate();
        return await runAll(test, context, runnableCases(test, context), finish);
      }
      case 'strength': {
        const blocked = await blockedBy(test, context);
        if (blocked) return finish('error', { message: blocked });
        await context.session.isolate();
        return await runStrength(test, context, finish);
      }
    }
  } catch (error) {
    return finish('error', { message: `internal error in the grader: ${(error as Error).message} (not your fault; please report it)` });
  }
}

/** One unit of a test: a fixture case, a property case or a terminal session, run and judged. */
interface RunnableCase {
  readonly id: string;
  readonly reproduce: string;
  /** A program's lines typed by the test, so a report marks exactly those in the transcript. */
  readonly typed?: readonly string[];
  readonly run: () => Promise<CaseVerdict>;
}

type Finish = (status: TestStatus, verdict: Omit<CaseVerdict, 'status'>, reproduce?: string, hint?: boolean, typed?: readonly string[]) => TestResult;

function finishVerdict(finish: Finish, verdict: CaseVerdict): TestResult {
  return finish(verdict.status, verdict);
}

function runnableCases(test: ResolvedTest, context: TestContext): RunnableCase[] {
  const { plan, options } = context;
  // A case that expects an exception hands the student's exception to its check instead of calling it a crash.
  const harnessCase = (id: string, interaction: Interaction, check: (o: CaseObservation) => CaseVerdict, expectsRaise = false, open?: string): RunnableCase => ({
    id,
    reproduce: reproduceOf(interaction),
    run: async () => {
      const observation = await context.session.run(interaction, caseSeed(options.seed, id), test.limits.callMs);
      const { failure } = observation;
      const rule = test.check ?? test.property;
      const only = rule ? plan.judgesOnly?.(rule) : undefined;
      if (only && failure?.kind === 'exception' && failure.exception.type !== only.exception) return pass(`${failure.exception.type} was raised: ${only.note}`);
      if (open && failure?.kind === 'exception') return pass(`not scored, as the document is silent here (${open}): it raised ${failure.exception.type}`);
      if (failure && !(expectsRaise && failure.kind === 'exception' && failure.observe)) return verdictForFailure(failure);
      return check(observation);
    },
  });
  switch (test.kind) {
    case 'property':
      return plan.property(test.property!).map((p) => {
        if ('interaction' in p) return harnessCase(p.id, p.interaction, p.check);
        let asked = 0;
        const ask = (interaction: Interaction) => context.session.run(interaction, caseSeed(options.seed, `${p.id}#${asked++}`), test.limits.callMs);
        return { id: p.id, reproduce: p.reproduce, run: () => p.drive(ask) };
      });
    case 'program':
      return test.fixtureCases.map((c) => {
        const program = plan.program(c);
        return { id: c.id, reproduce: program.reproduce, typed: program.answers, run: () => runTerminal(test, context, c, program) };
      });
    default:
      return test.fixtureCases.map((c) => {
        const interaction = plan.interaction(test, c);
        return harnessCase(c.id, interaction, (o) => plan.check(test.check!, c, o, callLine(interaction)), 'raises' in c.expected, c.lenient?.open ? c.lenient.reason : undefined);
      });
  }
}

/** Runs the cases until one hangs (one time limit is enough to know), and reports the first failure with a count. */
async function runAll(test: ResolvedTest, context: TestContext, cases: readonly RunnableCase[], finish: Finish): Promise<TestResult> {
  const unit = test.kind === 'program' ? 'terminal session' : 'case';
  const count = (n: number) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  let failed = 0;
  let ran = 0;
  let first: { verdict: CaseVerdict; reproduce: string; id: string; typed?: readonly string[] } | undefined;
  const notes = new Set<string>();
  for (const c of cases) {
    if (performance.now() > context.deadline) break;
    const verdict = await c.run();
    ran++;
    if (verdict.status === 'pass') {
      if (verdict.note) notes.add(verdict.note);
      continue;
    }
    failed++;
    first ??= { verdict, reproduce: c.reproduce, id: c.id, ...(c.typed && { typed: c.typed }) };
    if (verdict.status === 'timeout') break;
  }
  if (!first) {
    if (ran < cases.length) return finish('timeout', { message: `the submission's time budget ran out after ${ran} of ${count(cases.length)}` });
    const note = notes.size > 0 ? ` (${[...notes].join('; ')})` : '';
    return finish('pass', { message: `${count(cases.length)} passed${note}` });
  }
  const prefix = first.verdict.status === 'timeout' || cases.length === 1 ? '' : `${failed} of ${count(cases.length)} failed; the first (${first.id}):\n`;
  return finish(first.verdict.status, { ...first.verdict, message: `${prefix}${first.verdict.message}` }, first.reproduce, true, first.typed);
}

/**
 * A strength test: the AI asked for its move on every solver-labelled position, each from a fresh start, and the
 * moves counted against perfect play. A hang stops the asking (the next positions would hang too); a crash costs
 * only its position.
 */
async function runStrength(test: ResolvedTest, context: TestContext, finish: Finish): Promise<TestResult> {
  const positions: StrengthPosition[] = test.fixtureCases.map((c) => ({ id: c.id, labels: c.input['solver'] as SolverLabels, python: c.python }));
  const answers: PositionAnswer[] = [];
  for (const c of test.fixtureCases) {
    if (performance.now() > context.deadline) break;
    const observation = await context.session.run(context.plan.interaction(test, c), caseSeed(context.options.seed, c.id), test.limits.callMs);
    if (observation.failure) {
      const missing = verdictForFailure(observation.failure);
      answers.push({ missing });
      if (missing.status === 'timeout') break;
      continue;
    }
    const reply = observation.replies['result'];
    const column = reply ? columnOf(reply.value) : undefined;
    answers.push(column !== undefined ? { column } : { missing: { status: 'fail', message: `it returned ${reply ? formatObserved(reply.value) : 'nothing'}, not a column number` } });
  }
  const judged = judgeStrength(positions, answers, test);
  return { ...finish(judged.verdict.status, judged.verdict, judged.reproduce, false), strength: judged.strength };
}

/**
 * One program, judged by the test's check: the first of each target on a real pseudo-terminal (it proves the
 * program works there), the others forked from the submission's program server. A server that fails falls back to
 * the terminal, so the worst case is the slow one, never a different verdict.
 */
async function runTerminal(test: ResolvedTest, context: TestContext, testCase: FixtureCase, program: ProgramPlan): Promise<CaseVerdict> {
  const key = `${test.id}\u0000${testCase.id}`;
  const early = context.early.get(key);
  context.early.delete(key);
  let result = early && (await early);
  if (!result) {
    for (const [name, text] of Object.entries(program.files ?? {})) setWorkspaceFile(context.workspaceDir, name, text);
    const forked = context.options.terminal !== 'all' && context.onTerminal.has(test.target) && program.anyPrompt ? await runForked(test, context, testCase, program) : undefined;
    context.onTerminal.add(test.target);
    result = forked ?? (await runOnTerminal(test, context, testCase, program));
  }
  context.session.studentMs += result.durationMs;
  const files = program.collect ? Object.fromEntries(program.collect.map((name) => [name, readWorkspaceFile(context.workspaceDir, name)])) : undefined;
  // The transcript keeps the harness's marker after every prompt: the check knows where each answer went, and
  // takes the markers out before it shows the transcript.
  return context.plan.checkProgram(test.check!, testCase, { ...result, ...(files && { files }) });
}

/**
 * Once the modules have imported: the program server starts, and each target's terminal session (the one that
 * proves the program works on a real terminal) starts too, beside the function tests, when its program needs no
 * file of the workspace. A student's check waits for neither at its turn.
 */
function warmUp(context: TestContext): void {
  if (context.warmed.done) return;
  context.warmed.done = true;
  const { options, plan } = context;
  const programs = options.spec.tests.filter((t) => t.kind === 'program' && (!options.visibleOnly || t.visibility === 'visible') && (!options.only || options.only.regex.test(t.id)));
  if (programs.length === 0) return;
  for (const test of programs) {
    if (context.onTerminal.has(test.target) || options.terminal === 'all') continue;
    const first = test.fixtureCases[0];
    if (!first) continue;
    const program = plan.program(first);
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
  });
}

/** One program on the pseudo-terminal, in a fresh interpreter and its own cgroup. */
async function runOnTerminal(test: ResolvedTest, context: TestContext, testCase: FixtureCase, program: ProgramPlan): Promise<ProgramResult> {
  const { sandbox, seed } = context.options;
  const marker = `\u0002grade-start-${caseSeed(seed, testCase.id)}\u0003`;
  const endMarker = `\u0002grade-end-${caseSeed(seed, testCase.id)}\u0003`;
  const cgroup = createPidsCgroup(sandbox.pidsCgroupRoot, test.limits.processes);
  const config = {
    ...pythonConfig({ sandbox, workdir: context.workspaceDir, limits: test.limits }, cgroup.path),
    modules: context.session.modulesForPrograms(), call: program.call, marker, endMarker, seed: caseSeed(seed, testCase.id),
    ...(program.anyPrompt && { askMarker: ASK_MARKER }),
    ...(program.aiMoves && { aiMoves: program.aiMoves, stateMarker: STATE_MARKER }),
  };
  const [command, args] = studentCommand(sandbox, { workdir: context.workspaceDir, cgroup: cgroup.path }, ['program', JSON.stringify(config)]);
  try {
    return await runProgram({
      command, args, cwd: context.workspaceDir, env: { ...studentEnv(context.workspaceDir), TERM: 'xterm' },
      prompt: program.anyPrompt ? ASK_MARKER : program.prompt, answers: program.answers, startMarker: marker, endMarker,
      promptMs: test.limits.promptMs, programMs: test.limits.programMs, maxChars: test.limits.outputChars,
    });
  } finally {
    cgroup.remove();
  }
}

/**
 * A test whose class or function no module defines is an `error` (DESIGN.md: a submission that cannot be imported
 * still gets every test, each an error with the reason), naming the import tests that explain why.
 */
async function blockedBy(test: ResolvedTest, context: TestContext): Promise<string | undefined> {
  const { session } = context;
  const ready = await session.ready();
  if ('error' in ready) return `could not run: ${ready.error}`;
  warmUp(context);
  const needed = context.plan.neededNames(test);
  const missing = needed.filter((name) => !session.names.has(name));
  if (missing.length === 0) return undefined;
  const absent = context.located.filter((l) => l.kind === 'module' && !l.file).map((l) => `import.${l.role}`);
  const failedImports = [...session.imports.entries()].filter(([, o]) => o.kind !== 'ok').map(([role]) => `import.${role.split('/')[0]}`);
  const blockers = [...new Set([...absent, ...failedImports])];
  const because = blockers.length > 0 ? ` (blocked by ${blockers.join(', ')})` : '';
  return `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not defined in any of the submission's files${because}`;
}

export function locateFiles(spec: ResolvedSpec, names: readonly string[]): Located[] {
  const lower = new Map(names.map((n) => [n.toLowerCase(), n]));
  const sorted = [...names].sort();
  const find = (pattern: string) => (pattern.includes('*') ? sorted.filter((n) => namePattern(pattern).test(n)) : [lower.get(pattern.toLowerCase())].filter((n) => n !== undefined));
  return spec.files.map((role) => {
    const found = role.names.flatMap(find);
    const files = role.many ? [...new Set(found)] : found.slice(0, 1);
    return { role: role.role, kind: role.kind, looked: role.names, file: files[0], files };
  }).filter((l) => l.file !== undefined || !spec.files.find((f) => f.role === l.role)?.optional);
}

/** A module's role for the import bookkeeping: the spec's role, or `role/file` for each file of a `many` role. */
const moduleRole = (located: Located, file: string) => (located.files.length > 1 ? `${located.role}/${file}` : located.role);

function missingFile(where: Located, context: Pick<TestContext, 'skipped' | 'unclaimed'>): string {
  // A pattern (`connect4_*.py`) is shown as the document writes it: connect4_<name>.py.
  const named = (n: string) => n.replace('*', '<name>');
  const left = where.looked.find((name) => context.skipped.has(name));
  if (left) return `${left} was left out of the workspace: ${context.skipped.get(left)}`;
  const others = context.unclaimed.filter((name) => name.toLowerCase().endsWith(where.looked[0]!.slice(where.looked[0]!.lastIndexOf('.')).toLowerCase()));
  const seen = others.length > 0 ? `; the submission has ${others.slice(0, 4).join(', ')}: if one of these is it, rename it ${named(where.looked[0]!)}` : '';
  return `${named(where.looked[0]!)} is missing (looked for ${where.looked.map(named).join(', ')})${seen}`;
}

function checkFilePresent(where: Located, context: Pick<TestContext, 'skipped' | 'unclaimed' | 'workspaceDir'>): CaseVerdict {
  if (!where.file) return { status: 'fail', message: missingFile(where, context) };
  const path = join(context.workspaceDir, where.file);
  if (!existsSync(path) || statSync(path).size === 0 || readFileSync(path, 'utf8').trim() === '') {
    return { status: 'fail', message: `${where.file} is empty` };
  }
  return { status: 'pass', message: `${where.file} is there` };
}

/**
 * Whether a timeout means the target hangs, so its other tests are not run. A program that got going and then
 * stalled (a slow computer move in one game) says nothing about the program's other sessions.
 */
function marksHung(test: ResolvedTest, result: TestResult): boolean {
  if (test.kind === 'import') return false;
  return test.kind !== 'program' || result.message.includes(FIRST_PROMPT_PHASE);
}

const withHint = (message: string, hint: string | undefined) => (hint ? `${message}\nHint: ${hint}` : message);
const round = (n: number) => Math.round(n * 1000) / 1000;
/** The observed call as the student would type it, without the `# type: …` comment. */
const callLine = (interaction: Interaction) =>
  (interaction.steps.filter((s) => s.observe).map((s) => s.python).at(0) ?? reproduceOf(interaction).split('\n').at(-1) ?? '').replace(/\s+#.*$/, '').replace(/^[a-z_]\w* = (?=\w+\()/u, '');

/** A per-case seed from the run's seed and the case id, so one case's randomness does not depend on the others. */
export function caseSeed(seed: number, id: string): number {
  let hash = seed >>> 0;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 16777619) >>> 0;
  return hash;
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
