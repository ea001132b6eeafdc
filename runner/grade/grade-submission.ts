/**
 * Grades one submission against a resolved spec: copies it into a throw-away workspace, runs every test through
 * the module of its kind (runner/grade/kinds/), and returns a SubmissionResult with every test of the spec in it,
 * whatever the student's code does.
 */
import { diagnosisLine, type DiagnoseLookahead } from './lookahead-cases.js';
import { FIRST_PROMPT_PHASE } from '../pty/run-program.js';
import { ownPartsLimits } from '../sandbox/limits.js';
import { createWorkspace } from '../sandbox/workspace.js';
import type { ResolvedSpec, ResolvedTest, TestKind } from '../spec/spec-types.js';
import { runCases } from './kinds/cases.js';
import { runFileNames } from './kinds/file-names.js';
import { runFilePresent } from './kinds/file-present.js';
import { runImport } from './kinds/import.js';
import { runPrograms } from './kinds/program.js';
import { runProperty } from './kinds/property.js';
import { runStrength } from './kinds/strength.js';
import { runNamesUsed } from './kinds/names-used.js';
import type { Submission } from './layout.js';
import { locateByDefinitions, locateFiles, moduleRole, type Located } from './located-files.js';
import { inCourseNames, namesAsWritten, resultInCourseNames } from '../pack/course-names.js';
import type { FileRole, SubmissionResult, TestResult } from './results.js';
import { SubmissionSession, type ModuleFile } from './submission-session.js';
import { SHRINK_BUDGET } from './shrink.js';
import { finisher, type GradeOptions, type TestContext, type TestKindRunner } from './test-context.js';


export type { GradeOptions } from './test-context.js';

const KINDS: Readonly<Record<TestKind, TestKindRunner>> = {
  'file-present': runFilePresent,
  'file-names': runFileNames,
  import: runImport,
  cases: runCases,
  property: runProperty,
  program: runPrograms,
  strength: runStrength,
  'names-used': runNamesUsed,
};

export async function gradeSubmission(submission: Submission, given: GradeOptions): Promise<SubmissionResult> {
  const started = performance.now();
  // On the student's own parts (the kit), a limit stops a loop and does not judge speed: runner/sandbox/limits.ts.
  const options = given.standIns === 'own' ? { ...given, spec: withOwnPartsLimits(given.spec) } : given;
  const { spec } = options;
  const assignment = options.plan;
  // The harness loads the assignment's doubles and tools from files bound into the sandbox beside it.
  const sandbox = { ...options.sandbox, doubles: options.doubles };
  const workspace = createWorkspace(submission.files);
  const skipped = new Map(workspace.skipped.map((f) => [f.name, f.reason]));
  const present = submission.files.map((f) => f.name).filter((name) => !skipped.has(name));
  const located = locateByDefinitions(spec, locateFiles(spec, present), present, workspace.dir);
  const modules: ModuleFile[] = located.flatMap((l) => (l.kind !== 'module' ? [] : l.files.map((file) => ({ role: moduleRole(l, file), module: file.replace(/\.py$/, ''), file }))));
  const session = new SubmissionSession(sandbox, workspace.dir, spec.limits, modules);
  // Without fork each group of tests gets a fresh interpreter: the session starts none for after the last group.
  const graded = spec.tests.filter((t) => !options.visibleOnly || t.visibility === 'visible');
  session.planGroups(graded.filter((t) => ISOLATING.has(t.kind) && notRun(t, options) === undefined).map((t) => t.group));
  const tests: TestResult[] = [];
  const testIds = spec.tests.map((t) => t.id);
  const claimed = new Set(located.flatMap((l) => [...l.files, ...(l.byDefinitions?.sources ?? [])]));
  const unclaimed = submission.files.map((f) => f.name).filter((name) => !claimed.has(name) && /\.(py|txt)$/i.test(name));
  const context: TestContext = {
    options, assignment, sandbox, session, located, skipped, unclaimed, workspaceDir: workspace.dir, deadline: started + spec.limits.submissionMs,
    hung: new Map(), onTerminal: new Set(), early: new Map(), warmed: { done: false }, programs: new Map(), results: new Map(), sessions: new Map(), cannotStart: new Map(), chargedOnce: new Map(), crashes: new Map(), crashesMet: new Map(), lookaheadSeen: new Map(), shrinkBudget: { ...SHRINK_BUDGET },
  };
  try {
    for (const test of graded) {
      options.onTestStart?.({ id: test.id, name: inCourseNames(test.name, spec.names) });
      // What the student reads says the names their code uses, and each test id as it is.
      const result = withoutWorkspacePath(resultInCourseNames(await timed(test, context), spec.names, namesAsWritten(spec.names, session.names), testIds), workspace.dir);
      if (result.status === 'timeout' && marksHung(test, result) && !context.hung.has(test.target)) context.hung.set(test.target, test.id);
      tests.push(result);
      context.results.set(result.id, result);
      options.onTest?.(result);
    }
  } finally {
    // Terminal sessions started early for tests that never ran (a hung target, the time budget) end before the
    // workspace goes.
    await Promise.allSettled(context.early.values());
    await session.close();
    workspace.remove();
  }
  // A look-ahead mistake is named from every case its function's tests ran, and given to each of them that failed.
  // Not under --first-failure (grade mutants): each test stops at one case there, and no report shows a name.
  const diagnosed = options.diagnose && !options.firstFailure ? withDiagnoses(tests, context.lookaheadSeen, options.diagnose) : tests;
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
    ...(session.floorMs !== undefined && { floorMs: Math.round(session.floorMs), importMs: Math.round(session.importMs) }),
    ...(located.some((l) => l.byDefinitions) && { files: located.filter((l) => l.file).map(fileRole) }),
    tests: diagnosed,
  };
}

/**
 * A test with what it cost: the wall time and the time the student's code ran in it. A run two tests share (one
 * case run for both, a terminal session started early) is charged to the test that ran or awaited it.
 */
async function timed(test: ResolvedTest, context: TestContext): Promise<TestResult> {
  const started = performance.now();
  const studentBefore = context.session.studentMs;
  const result = await runTest(test, context);
  return { ...result, durationMs: Math.round(performance.now() - started), studentMs: Math.round(context.session.studentMs - studentBefore) };
}

/** One test: skipped, or not run after a hang or past the budget, or run by its kind; our own bug is an `error`. */
async function runTest(test: ResolvedTest, context: TestContext): Promise<TestResult> {
  const finish = finisher(test);
  const skipped = notRun(test, context.options);
  if (skipped) return finish('skipped', { message: skipped });
  const blocker = context.hung.get(test.target);
  // A one-rule test still judges a target that hung on some input: its cases that return are judged, the others
  // pass with a note (runner/grade/run-cases.ts), and a case that hung before is not run again (the session remembers).
  if (blocker && !judgesOneRule(test, context)) return finish('timeout', { message: `not run: ${test.target} already timed out in ${blocker}` });
  if (performance.now() > context.deadline) {
    return finish('timeout', { message: `the submission's time budget (${Math.round(test.limits.submissionMs / 1000)} s for all tests) ran out before this test` });
  }
  try {
    return await KINDS[test.kind](test, context);
  } catch (error) {
    return finish('error', { message: `internal error in the grader: ${(error as Error).message} (not your fault; please report it)` }, undefined, false);
  }
}

/** Why a test is skipped whatever the submission does (--only, a figure not asked for), or undefined. */
function notRun(test: ResolvedTest, options: GradeOptions): string | undefined {
  if (options.only && !options.only.regex.test(test.id)) return `not run: --only ${options.only.pattern}`;
  if (test.kind === 'strength' && test.points === 0 && !options.strength) return 'not run: a figure for information (0 points), measured when grade is given --strength';
  return undefined;
}

/** The kinds whose tests run in an interpreter of their group's (SubmissionSession.isolate). */
const ISOLATING: ReadonlySet<TestKind> = new Set(['cases', 'property', 'strength']);

const judgesOneRule = (test: ResolvedTest, context: TestContext): boolean => {
  const rule = test.check ?? test.property;
  return rule !== undefined && context.assignment.judgesOnly?.(rule) !== undefined;
};

/**
 * Whether a timeout means the target hangs, so its other tests are not run. A program that got going and then
 * stalled (a slow computer move in one game) says nothing about the program's other sessions.
 */
function marksHung(test: ResolvedTest, result: TestResult): boolean {
  if (test.kind === 'import') return false;
  return test.kind !== 'program' || result.message.includes(FIRST_PROMPT_PHASE);
}

/** Which file served a role, and how it was found, for the report. */
const fileRole = (l: Located): FileRole => ({
  role: l.role,
  files: l.byDefinitions?.sources ?? l.files,
  foundBy: l.byDefinitions ? 'definitions' : 'name',
  ...(l.byDefinitions && { defines: l.byDefinitions.names }),
});

const round = (n: number) => Math.round(n * 1000) / 1000;

/**
 * A result with the grading machine's throw-away folder taken out of what it says (Python names a module by its
 * path): `ps9pr1.py`, never `/tmp/grade-x1y2/work/ps9pr1.py`. A student's page shows no path of the grader's machine.
 */
function withoutWorkspacePath(result: TestResult, dir: string): TestResult {
  const clean = (text: string) => text.split(`${dir}/`).join('').split(dir).join('.');
  const fields = (['message', 'expected', 'actual', 'reproduce'] as const).filter((k) => typeof result[k] === 'string' && result[k]!.includes(dir));
  return fields.length === 0 ? result : { ...result, ...Object.fromEntries(fields.map((k) => [k, clean(result[k]!)])) };
}

const withOwnPartsLimits = (spec: ResolvedSpec): ResolvedSpec => ({ ...spec, limits: ownPartsLimits(spec.limits), tests: spec.tests.map((t) => (t.judgesTime ? t : { ...t, limits: ownPartsLimits(t.limits) })) });

/** The failed look-ahead tests with the mistake every case of their function shows, when exactly one does. */
function withDiagnoses(tests: readonly TestResult[], seen: TestContext['lookaheadSeen'], diagnoseLookahead: DiagnoseLookahead): TestResult[] {
  const named = new Map<string, NonNullable<TestResult['diagnosis']>>();
  for (const [target, { family, rules, cases }] of seen) {
    const diagnosis = diagnoseLookahead(cases, rules, family);
    if (diagnosis) named.set(target, diagnosis);
  }
  if (named.size === 0) return [...tests];
  const ran = new Map([...seen].map(([target, { cases }]) => [target, new Set(cases.map((c) => c.test))]));
  return tests.map((t) => {
    const diagnosis = named.get(t.target);
    if (!diagnosis || t.status !== 'fail' || !ran.get(t.target)?.has(t.id)) return t;
    return { ...t, diagnosis, message: `${t.message}\n${diagnosisLine(diagnosis)}` };
  });
}
