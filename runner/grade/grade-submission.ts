/**
 * Grades one submission against a resolved spec: copies it into a throw-away workspace, runs every test through the
 * harness or the pseudo-terminal, and asks the checks for verdicts. Whatever the student's code does, this returns
 * a SubmissionResult with every test of the spec in it.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { checkCs111Case } from '../checks/cs111-ps9.js';
import { checkProgram } from '../checks/programs.js';
import { verdictForFailure } from '../checks/outcome.js';
import { formatException, type CaseObservation } from '../checks/observation.js';
import type { CaseVerdict } from '../checks/verdict.js';
import { HARNESS_SCRIPT, pythonConfig, studentCommand, studentEnv } from '../harness/session.js';
import { cs111Interaction } from '../plan/cs111-ps9.js';
import { cs111Property } from '../plan/cs111-properties.js';
import { cs111Program } from '../plan/cs111-programs.js';
import { reproduceOf, type Interaction } from '../plan/interaction.js';
import { runProgram } from '../pty/run-program.js';
import { createPidsCgroup, type SandboxEnvironment } from '../sandbox/environment.js';
import { createWorkspace } from '../sandbox/workspace.js';
import type { ResolvedSpec, ResolvedTest } from '../spec/spec-types.js';
import type { SubmissionResult, TestResult, TestStatus } from './results.js';
import type { Submission } from './layout.js';
import { SubmissionSession, type ImportOutcome, type ModuleFile } from './submission-session.js';

export interface GradeOptions {
  readonly spec: ResolvedSpec;
  readonly sandbox: SandboxEnvironment;
  readonly seed: number;
  /** Only tests whose id matches run; the others are reported as skipped, naming the pattern. */
  readonly only?: { readonly pattern: string; readonly regex: RegExp };
  readonly visibleOnly?: boolean;
  readonly onTest?: (test: TestResult) => void;
}

interface Located {
  readonly role: string;
  readonly file: string | undefined;
  readonly looked: readonly string[];
  readonly kind: 'module' | 'text';
}

export async function gradeSubmission(submission: Submission, options: GradeOptions): Promise<SubmissionResult> {
  const started = performance.now();
  const { spec } = options;
  const workspace = createWorkspace(submission.files);
  const located = locateFiles(spec, submission.files.map((f) => f.name));
  const modules: ModuleFile[] = located.flatMap((l) => (l.kind === 'module' && l.file ? [{ role: l.role, module: l.file.replace(/\.py$/, ''), file: l.file }] : []));
  const session = new SubmissionSession(options.sandbox, workspace.dir, spec.limits, modules);
  const deadline = started + spec.limits.submissionMs;
  const tests: TestResult[] = [];
  /** Targets that already hung, with the test that found it: their other tests are not run again. */
  const hung = new Map<string, string>();
  try {
    for (const test of spec.tests) {
      if (options.visibleOnly && test.visibility !== 'visible') continue;
      const blocker = hung.get(test.target);
      const result = blocker
        ? { id: test.id, name: test.name, group: test.group, target: test.target, status: 'timeout' as const, score: 0, maxScore: test.points, visibility: test.visibility, message: `not run: ${test.target} already timed out in ${blocker}` }
        : await runTest(test, { options, session, located, workspaceDir: workspace.dir, modules, deadline });
      if (result.status === 'timeout' && !blocker && test.kind !== 'import') hung.set(test.target, test.id);
      tests.push(result);
      options.onTest?.(result);
    }
  } finally {
    await session.close();
    workspace.remove();
  }
  const score = tests.reduce((total, t) => total + t.score, 0);
  return {
    id: submission.id,
    path: submission.path,
    assignment: spec.assignment,
    status: 'graded',
    score: round(score),
    maxScore: round(tests.reduce((total, t) => total + t.maxScore, 0)),
    durationMs: Math.round(performance.now() - started),
    tests,
  };
}

interface TestContext {
  readonly options: GradeOptions;
  readonly session: SubmissionSession;
  readonly located: readonly Located[];
  readonly workspaceDir: string;
  readonly modules: readonly ModuleFile[];
  readonly deadline: number;
}

async function runTest(test: ResolvedTest, context: TestContext): Promise<TestResult> {
  const base = { id: test.id, name: test.name, group: test.group, target: test.target, maxScore: test.points, visibility: test.visibility };
  const finish = (status: TestStatus, verdict: Omit<CaseVerdict, 'status'>, reproduce?: string): TestResult => ({
    ...base,
    status,
    score: status === 'pass' ? test.points : 0,
    message: status === 'fail' ? withHint(verdict.message, test.hint) : verdict.message,
    ...(verdict.expected !== undefined && { expected: verdict.expected }),
    ...(verdict.actual !== undefined && { actual: verdict.actual }),
    ...(reproduce && { reproduce }),
  });
  const only = context.options.only;
  if (only && !only.regex.test(test.id)) return finish('skipped', { message: `not run: --only ${only.pattern}` });
  if (performance.now() > context.deadline) {
    return finish('timeout', { message: `the submission's time budget (${Math.round(test.limits.submissionMs / 1000)} s for all tests) ran out before this test` });
  }
  try {
    switch (test.kind) {
      case 'file-present':
        return finishVerdict(finish, checkFilePresent(context.located.find((l) => l.role === test.file)!, context.workspaceDir));
      case 'import': {
        const where = context.located.find((l) => l.role === test.file)!;
        if (!where.file) return finish('fail', { message: `${where.looked[0]} is missing (looked for ${where.looked.join(', ')})` });
        await context.session.ready();
        return finishVerdict(finish, checkImport(where.file, context.session.imports.get(where.role)));
      }
      case 'cases':
      case 'property': {
        const blocked = await blockedBy(test, context);
        if (blocked) return finish('error', { message: blocked });
        const cases: RunnableCase[] =
          test.kind === 'property'
            ? cs111Property(test.property!)
            : test.fixtureCases.map((c) => {
                const interaction = cs111Interaction(test.target, c);
                return { id: c.id, interaction, check: (o) => checkCs111Case(test.check!, c, o, callLine(interaction)) };
              });
        return await runCases(test, context, cases, finish);
      }
      case 'program':
        return await runPrograms(test, context, finish);
    }
  } catch (error) {
    return finish('error', { message: `internal error in the grader: ${(error as Error).message} (not your fault; please report it)` });
  }
}

interface RunnableCase {
  readonly id: string;
  readonly interaction: Interaction;
  readonly check: (observation: CaseObservation) => CaseVerdict;
}

type Finish = (status: TestStatus, verdict: Omit<CaseVerdict, 'status'>, reproduce?: string) => TestResult;

function finishVerdict(finish: Finish, verdict: CaseVerdict): TestResult {
  return finish(verdict.status, verdict);
}

async function runCases(
  test: ResolvedTest,
  context: TestContext,
  cases: readonly RunnableCase[],
  finish: Finish,
): Promise<TestResult> {
  let failed = 0;
  let first: { verdict: CaseVerdict; reproduce: string; id: string } | undefined;
  const notes = new Set<string>();
  let ran = 0;
  for (const c of cases) {
    if (performance.now() > context.deadline) break;
    const observation = await context.session.run(c.interaction, caseSeed(context.options.seed, c.id), test.limits.callMs);
    const verdict = observation.failure ? verdictForFailure(observation.failure) : c.check(observation);
    ran++;
    if (verdict.status === 'pass') {
      if (verdict.note) notes.add(verdict.note);
      continue;
    }
    failed++;
    first ??= { verdict, reproduce: reproduceOf(c.interaction), id: c.id };
    // A hang costs the time limit on every case after it: one is enough to know.
    if (verdict.status === 'timeout') break;
  }
  if (!first) {
    if (ran < cases.length) return finish('timeout', { message: `the submission's time budget ran out after ${ran} of ${cases.length} cases` });
    const note = notes.size > 0 ? ` (${[...notes].join('; ')})` : '';
    return finish('pass', { message: `${cases.length} case${cases.length === 1 ? '' : 's'} passed${note}` });
  }
  const count = first.verdict.status === 'timeout' ? '' : cases.length > 1 ? `${failed} of ${cases.length} cases failed; the first (${first.id}):\n` : '';
  return finish(first.verdict.status, { ...first.verdict, message: `${count}${first.verdict.message}` }, first.reproduce);
}

async function runPrograms(test: ResolvedTest, context: TestContext, finish: Finish): Promise<TestResult> {
  const blocked = await blockedBy(test, context);
  if (blocked) return finish('error', { message: blocked });
  let failed = 0;
  let first: { verdict: CaseVerdict; reproduce: string; id: string } | undefined;
  for (const c of test.fixtureCases) {
    if (performance.now() > context.deadline) break;
    const program = cs111Program(c);
    const marker = `\u0002grade-start-${caseSeed(context.options.seed, c.id)}\u0003`;
    const cgroup = createPidsCgroup(context.options.sandbox.pidsCgroupRoot, test.limits.processes);
    const config = { ...pythonConfig({ sandbox: context.options.sandbox, workdir: context.workspaceDir, limits: test.limits }, cgroup.path), modules: context.modules, call: program.call, marker, seed: caseSeed(context.options.seed, c.id) };
    const [command, args] = studentCommand(context.options.sandbox, [HARNESS_SCRIPT, 'program', JSON.stringify(config)]);
    const result = await runProgram({
      command, args, cwd: context.workspaceDir, env: { ...studentEnv(context.workspaceDir), TERM: 'xterm' },
      prompt: program.prompt, answers: program.answers, startMarker: marker,
      promptMs: test.limits.promptMs, programMs: test.limits.programMs, maxChars: test.limits.outputChars,
    });
    cgroup.remove();
    const verdict = checkProgram(test.check!, c, result);
    if (verdict.status === 'pass') continue;
    failed++;
    first ??= { verdict, reproduce: program.reproduce, id: c.id };
    if (verdict.status === 'timeout') break;
  }
  const runs = (n: number) => `${n} terminal session${n === 1 ? '' : 's'}`;
  if (!first) return finish('pass', { message: `${runs(test.fixtureCases.length)} as expected` });
  const count = test.fixtureCases.length > 1 && first.verdict.status !== 'timeout' ? `${failed} of ${runs(test.fixtureCases.length)} failed; the first (${first.id}):\n` : '';
  return finish(first.verdict.status, { ...first.verdict, message: `${count}${first.verdict.message}` }, first.reproduce);
}

/**
 * A test whose class or function no module defines is an `error` (DESIGN.md: a submission that cannot be imported
 * still gets every test, each an error with the reason), naming the import tests that explain why.
 */
async function blockedBy(test: ResolvedTest, context: TestContext): Promise<string | undefined> {
  const { session } = context;
  const ready = await session.ready();
  if ('error' in ready) return `could not run: ${ready.error}`;
  const needed = neededNames(test);
  const missing = needed.filter((name) => !session.names.has(name));
  if (missing.length === 0) return undefined;
  const absent = context.located.filter((l) => l.kind === 'module' && !l.file).map((l) => `import.${l.role}`);
  const failedImports = [...session.imports.entries()].filter(([, o]) => o.kind !== 'ok').map(([role]) => `import.${role}`);
  const blockers = [...absent, ...failedImports];
  const because = blockers.length > 0 ? ` (blocked by ${blockers.join(', ')})` : '';
  return `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not defined in any of the submission's files${because}`;
}

const PLAYER_CLASSES: Record<string, string> = { human: 'Player', random: 'RandomPlayer', ai: 'AIPlayer' };

function neededNames(test: ResolvedTest): string[] {
  const root = test.target.split('.')[0]!;
  if (test.kind === 'program') {
    const kinds = test.fixtureCases.flatMap((c) => ['player1', 'player2', 'player'].flatMap((p) => (c.input[p] as { kind: string } | undefined)?.kind ?? []));
    return [root, ...(root === 'process_move' ? ['Board'] : []), ...new Set(kinds.map((k) => PLAYER_CLASSES[k] ?? 'Player'))];
  }
  if (test.kind === 'property' && test.property?.startsWith('cs111-random')) return ['RandomPlayer'];
  return [root];
}

export function locateFiles(spec: ResolvedSpec, names: readonly string[]): Located[] {
  const lower = new Map(names.map((n) => [n.toLowerCase(), n]));
  return spec.files.map((role) => ({
    role: role.role,
    kind: role.kind,
    looked: role.names,
    file: role.names.map((n) => lower.get(n.toLowerCase())).find((n) => n !== undefined),
  })).filter((l) => l.file !== undefined || !spec.files.find((f) => f.role === l.role)?.optional);
}

function checkFilePresent(where: Located, dir: string): CaseVerdict {
  if (!where.file) return { status: 'fail', message: `${where.looked[0]} is missing (looked for ${where.looked.join(', ')})` };
  const path = join(dir, where.file);
  if (!existsSync(path) || statSync(path).size === 0 || readFileSync(path, 'utf8').trim() === '') {
    return { status: 'fail', message: `${where.file} is empty` };
  }
  return { status: 'pass', message: `${where.file} is there` };
}

/** Import must run nothing visible: no output, no input(), no exception. What it did is in the message. */
export function checkImport(file: string, outcome: ImportOutcome | undefined): CaseVerdict {
  if (!outcome) return { status: 'error', message: `${file} was never imported (an earlier module stopped the import)` };
  switch (outcome.kind) {
    case 'timeout':
      return { status: 'timeout', message: `importing ${file} did not finish within ${outcome.limitMs} ms: code at global scope runs forever (or waits); the other tests ran with the module empty` };
    case 'crashed':
      return { status: 'error', message: `importing ${file} killed the Python interpreter: ${outcome.detail}` };
    case 'exception': {
      if (outcome.prompts.length > 0) {
        const frame = outcome.exception.frames.at(-1);
        const where = frame ? ` (${frame.file}, line ${frame.line}, in ${frame.function})` : '';
        return { status: 'fail', message: `importing ${file} asked for input${where}: ${JSON.stringify(outcome.prompts[0])}. Code at global scope runs when the file is imported; the test typed nothing, so it stopped there. Tests of what the file defined before that line still ran.` };
      }
      return { status: 'error', message: `importing ${file} raised ${formatException(outcome.exception)}; tests of what it defined before that line still ran` };
    }
    case 'ok': {
      if (outcome.prompts.length > 0) return { status: 'fail', message: `importing ${file} asked for input: ${JSON.stringify(outcome.prompts[0])}` };
      if (outcome.stdout.trim() !== '') {
        const lines = outcome.stdout.trimEnd().split('\n');
        return { status: 'fail', message: `importing ${file} printed ${lines.length} line${lines.length === 1 ? '' : 's'}; the document asks for no test code at global scope. First line: ${JSON.stringify(lines[0]!.slice(0, 200))}`, actual: outcome.stdout.slice(0, 2000) };
      }
      return { status: 'pass', message: `${file} imports cleanly` };
    }
  }
}

const withHint = (message: string, hint: string | undefined) => (hint ? `${message}\nHint: ${hint}` : message);
const round = (n: number) => Math.round(n * 1000) / 1000;
/** The observed call as the student would type it, without the `# type: …` comment. */
const callLine = (interaction: Interaction) =>
  (interaction.steps.filter((s) => s.observe).map((s) => s.python).at(0) ?? reproduceOf(interaction).split('\n').at(-1) ?? '').replace(/\s+#.*$/, '');

/** A per-case seed from the run's seed and the case id, so one case's randomness does not depend on the others. */
export function caseSeed(seed: number, id: string): number {
  let hash = seed >>> 0;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 16777619) >>> 0;
  return hash;
}
