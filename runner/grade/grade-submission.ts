/**
 * Grades one submission against a resolved spec, in two phases: run every test and record what happened in the
 * ledger (run-test.ts), then charge every test from the whole ledger through the named rules (charge.ts), the runs a
 * rule asks for made through one door. Returns a SubmissionResult with every test of the spec in it, whatever the
 * student's code does; the verdicts do not depend on the order of the spec's tests.
 */
import type { AssignmentPlan } from '../plan/assignment.js';
import { testOfPart, withStandIns, type StandIns } from '../plan/interaction.js';
import { inCourseNames, namesAsWritten, namesKept, ownTestInNamesKept, resultInCourseNames } from '../pack/course-names.js';
import { ownPartsLimits } from '../model/limits.js';
import { calibrate } from '../sandbox/calibrate.js';
import type { SandboxEnvironment } from '../sandbox/environment.js';
import { createWorkspace } from '../sandbox/workspace.js';
import type { ResolvedSpec, ResolvedTest, TestKind } from '../model/spec-types.js';
import { createCharger, type Charged } from './charge.js';
import { isCourseTest } from './course-units.js';
import type { ChargedUnit } from './policies/policy.js';
import { withDiagnoses } from './diagnoses.js';
import { finishTest } from './finish.js';
import { rewordedWith } from '../model/words.js';
import type { Submission } from '../layout/layout.js';
import type { Ledger, NotRun, TestRecord } from './ledger.js';
import { formerNames, locateByDefinitions, locateFiles, moduleRole, type Located } from '../layout/located-files.js';
import type { DiagnoseLookahead } from '../plan/lookahead-cases.js';
import { hungTargetLimits } from './waits.js';
import { ProgramRuns } from './program-runs.js';
import type { FileRole, SubmissionResult, TestResult } from '../model/results.js';
import { interactionOf, marksHung, type RunContext } from './run-units.js';
import { runTest } from './run-test.js';
import { RuleRuns } from './rule-runs.js';
import type { CaseShrinker } from '../plan/shrink.js';
import { SHRINK_BUDGET } from '../plan/shrink.js';
import { smallestFailure } from './smallest-failure.js';
import { submissionFacts, type SubmissionFacts } from './submission-facts.js';
import { SubmissionSession, type ModuleFile } from './submission-session.js';

export interface GradeOptions {
  readonly spec: ResolvedSpec;
  /** How the spec's tests run and are judged: the registry's assignment, or the student's kit's own plan. */
  readonly plan: AssignmentPlan;
  /** The Python files of the assignment's doubles and tools the harness loads (the kit has its tools only). */
  readonly doubles: readonly string[];
  /** A test of one part runs with the document's versions of the others, or (the kit) with the student's own. */
  readonly standIns: StandIns;
  readonly sandbox: SandboxEnvironment;
  readonly seed: number;
  /** Only tests whose id matches run; the others are reported as skipped, naming the pattern. */
  readonly only?: { readonly pattern: string; readonly regex: RegExp };
  readonly visibleOnly?: boolean;
  /** Run the 0-point AI strength tests too (`grade --strength`); without it they are reported as not run. */
  readonly strength?: boolean;
  /** A test begins to run, and has run (its name in the course's names): the check's progress line. */
  readonly onTestStart?: (test: { readonly id: string; readonly name: string }) => void;
  readonly onTestRan?: (test: { readonly id: string; readonly name: string }) => void;
  /** A test's result, once every test has run and been charged. */
  readonly onTest?: (test: TestResult) => void;
  /** Which program runs use a real pseudo-terminal: the first of each target (the default), or all of them. */
  readonly terminal?: 'first' | 'all';
  /** Start each program target's terminal session as soon as the modules import (the default; a class run turns it off). */
  readonly warmPrograms?: boolean;
  /** Play a driven case's parts and a heavy test's groups side by side in a second harness (a core would idle otherwise). */
  readonly sideBySide?: boolean;
  /** A test stops at its first failing case (`grade mutants`: one is enough to kill a mutant). */
  readonly firstFailure?: boolean;
  /** Names a look-ahead mistake from the cases its tests ran: the grader's search, or the kit's table of answers. */
  readonly diagnose?: DiagnoseLookahead;
  /** Makes a failing generated case smaller with the reference's answers (the grader's only; runner/plan/shrink.ts). */
  readonly shrink?: () => Promise<(test: ResolvedTest) => CaseShrinker | undefined>;
}

/** The kinds whose tests run in an interpreter of their group's (SubmissionSession.isolate). */
const ISOLATING: ReadonlySet<TestKind> = new Set(['cases', 'property', 'strength', 'calls']);

export async function gradeSubmission(submission: Submission, given: GradeOptions): Promise<SubmissionResult> {
  const started = performance.now();
  // On the student's own parts (the kit), a limit stops a loop and does not judge speed: runner/model/limits.ts.
  // The kit's limits: the grader's times a factor calibrated on this machine (runner/sandbox/calibrate.ts).
  const options =
    given.standIns === 'own' ? { ...given, spec: withOwnPartsLimits(given.spec, (await calibrate(given.sandbox.python)).factor) } : given;
  const { spec, plan } = options;
  const workspace = createWorkspace(submission.files);
  const skipped = new Map(workspace.skipped.map((f) => [f.name, f.reason]));
  const present = submission.files.map((f) => f.name).filter((name) => !skipped.has(name));
  const located = locateByDefinitions(spec, locateFiles(spec, present), present, workspace.dir);
  // The harness loads the assignment's doubles and tools, and answers a role's other names with its file's module.
  const aliases = formerNames(spec, located);
  const sandbox = { ...options.sandbox, doubles: options.doubles, ...(Object.keys(aliases).length > 0 && { formerNames: aliases }) };
  const modules: ModuleFile[] = located.flatMap((l) =>
    l.kind !== 'module' ? [] : l.files.map((file) => ({ role: moduleRole(l, file), module: file.replace(/\.py$/, ''), file })),
  );
  const session = new SubmissionSession(sandbox, workspace.dir, spec.limits, modules);
  const graded = spec.tests.filter((t) => !options.visibleOnly || t.visibility === 'visible');
  session.planGroups(graded.filter((t) => ISOLATING.has(t.kind) && skippedWhy(t, options) === undefined).map((t) => t.group));
  const claimed = new Set(located.flatMap((l) => [...l.files, ...(l.byDefinitions?.sources ?? [])]));
  const unclaimed = submission.files.map((f) => f.name).filter((name) => !claimed.has(name) && /\.(py|txt)$/i.test(name));
  const facts = submissionFacts(
    { located, skipped, unclaimed, workspaceDir: workspace.dir, imports: session.imports },
    spec.names,
    spec.files,
  );
  const programs = new ProgramRuns({
    sandbox,
    session,
    workspaceDir: workspace.dir,
    seed: options.seed,
    terminal: options.terminal ?? 'first',
    early: options.warmPrograms !== false,
  });
  const toRun = graded.filter((t) => t.kind === 'program' && skippedWhy(t, options) === undefined);
  const context: RunContext = {
    plan,
    session,
    programs,
    standIns: options.standIns,
    seed: options.seed,
    deadline: started + spec.limits.submissionMs,
    sideBySide: options.sideBySide === true,
    noFork: sandbox.noFork === true,
    firstFailure: options.firstFailure === true,
    warmUp: () => programs.warmUp(toRun.map((test) => ({ test, plan }))),
  };
  let tests: TestResult[];
  try {
    const ledger = await runAll(graded, context, facts, options);
    tests = await chargeAll(graded, ledger, context, facts, options);
  } finally {
    // Terminal sessions started early for tests that never ran end before the workspace goes.
    await programs.settle();
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
    ...(session.floorMs !== undefined && { floorMs: Math.round(session.floorMs), importMs: Math.round(session.importMs) }),
    ...(located.some((l) => l.byDefinitions) && { files: located.filter((l) => l.file).map(fileRole) }),
    tests,
  };
}

/** The run phase: each test in the spec's order, its record appended; a target that hung makes its later tests wait less. */
async function runAll(
  graded: readonly ResolvedTest[],
  context: RunContext,
  facts: SubmissionFacts,
  options: GradeOptions,
): Promise<Map<string, TestRecord>> {
  const ledger = new Map<string, TestRecord>();
  const hungIn = new Map<string, string>();
  for (const test of graded) {
    const why = skippedWhy(test, options);
    const hung = hungIn.get(test.target);
    const limits = hung ? hungTargetLimits(test.limits) : test.limits;
    // In the kit, a test that would run on the student's own part whose own test never ended is left to the grader.
    const ownHung = !why && !hung && context.standIns === 'own' ? hungOwnPart(test, context, hungIn) : undefined;
    const rule = test.check ?? test.property;
    const oneRule = rule ? context.plan.judgesOnly?.(rule) : undefined;
    const named = { id: test.id, name: inCourseNames(test.name, options.spec.names) };
    if (!why) options.onTestStart?.(named);
    const began = performance.now();
    const studentBefore = context.session.studentMs;
    const record: TestRecord = {
      ...(await runTest(
        {
          test,
          limits,
          ...(why && { notRun: why }),
          ...(ownHung && { notRun: { kind: 'own-part-hung', ...ownHung } }),
          ...(hung && { hungBefore: { test: hung, waitMs: limits.callMs } }),
          ...(oneRule && { oneRule: true }),
        },
        context,
        facts,
      )),
      durationMs: performance.now() - began,
      studentMs: context.session.studentMs - studentBefore,
    };
    ledger.set(test.id, record);
    if (!hungIn.has(test.target) && marksHung(record, oneRule !== undefined)) hungIn.set(test.target, test.id);
    if (!why) options.onTestRan?.(named);
  }
  return ledger;
}

/** The student's own part a kit test runs on whose own test already hung (its first case says which parts it runs on). */
function hungOwnPart(
  test: ResolvedTest,
  context: RunContext,
  hungIn: ReadonlyMap<string, string>,
): { test: string; part: string } | undefined {
  const first = test.kind === 'cases' ? test.fixtureCases[0] : undefined;
  if (!first) return undefined;
  const hungTests = [...hungIn.values()];
  for (const part of withStandIns(interactionOf(context.plan, test, first), 'own').left.own) {
    const hung = hungTests.find((id) => testOfPart(id, part));
    if (hung) return { test: hung, part: part.name };
  }
  return undefined;
}

/** The charge phase: every test's verdict, then the look-ahead mistakes named and the failing boards made smaller. */
async function chargeAll(
  graded: readonly ResolvedTest[],
  ledger: Ledger,
  context: RunContext,
  facts: SubmissionFacts,
  options: GradeOptions,
): Promise<TestResult[]> {
  const runs = new RuleRuns(context, options);
  const charge = createCharger({
    spec: options.spec,
    plan: context.plan,
    ledger,
    facts,
    standIns: options.standIns,
    firstFailure: context.firstFailure,
    runs,
    ...(options.only && { only: options.only.pattern }),
  });
  const charged = new Map<string, Charged>();
  const results: TestResult[] = [];
  for (const test of graded) {
    const made = await charge(test.id);
    charged.set(test.id, made);
    results.push(finishTest(test, made.record, made, made.units));
  }
  const units = new Map([...charged].map(([id, c]) => [id, c.units] as const));
  // The records as charged: a test resumed after a stop a rule passed has its later units too.
  const records = [...ledger.values()].map((r) => charged.get(r.test.id)?.record ?? r);
  const diagnosed =
    options.diagnose && !context.firstFailure
      ? await withDiagnoses(results, records, units, {
          plan: context.plan,
          standIns: options.standIns,
          diagnose: options.diagnose,
          ask: (test, interaction, seedId) => runs.observe(test, interaction, seedId, test.limits.callMs),
        })
      : results;
  const written = namesAsWritten(options.spec.names, context.session.names);
  // A course's own test says the course's names; where the submission kept the document's, those (harness: names.py).
  const kept = options.spec.names ? namesKept(options.spec.names, context.session.names) : [];
  const testIds = options.spec.tests.map((t) => t.id);
  const smaller = await withSmallest(diagnosed, new Map(records.map((r) => [r.test.id, r])), units, runs, options);
  return smaller.map((result) => {
    const record = ledger.get(result.id)!;
    const spent = runs.spentOn(result.id);
    // What the student reads says the names their code uses, and each test id as it is.
    const named = resultInCourseNames(
      { ...result, durationMs: Math.round(record.durationMs + spent.ms), studentMs: Math.round(record.studentMs + spent.studentMs) },
      options.spec.names,
      written,
      testIds,
    );
    const final = withoutWorkspacePath(isCourseTest(record.test) ? ownTestInNamesKept(named, kept) : named, facts.workspaceDir);
    options.onTest?.(final);
    return final;
  });
}

/** The first failing generated case of each failed test made smaller, the tests taken by id so the budget is spent the same way whatever the order. */
async function withSmallest(
  results: readonly TestResult[],
  ledger: Ledger,
  units: ReadonlyMap<string, readonly ChargedUnit[]>,
  runs: RuleRuns,
  options: GradeOptions,
): Promise<TestResult[]> {
  if (!options.shrink || options.firstFailure) return [...results];
  const shrinkers = await options.shrink();
  const budget = { ...SHRINK_BUDGET };
  const found = new Map<string, TestResult['smallest']>();
  for (const result of [...results].filter((r) => r.status === 'fail').sort((a, b) => a.id.localeCompare(b.id))) {
    const record = ledger.get(result.id)!;
    const shrinker = record.test.check ? shrinkers(record.test) : undefined;
    if (!shrinker || record.test.kind !== 'cases') continue;
    const verdicts = new Map((units.get(result.id) ?? []).map((u) => [u.id, u.verdict]));
    const wrong = record.units.flatMap((u) =>
      u.testCase && verdicts.get(u.id)?.status === 'fail' ? [{ testCase: u.testCase, verdict: verdicts.get(u.id)! }] : [],
    );
    const smallest = await smallestFailure(
      record.test,
      {
        plan: options.plan,
        standIns: options.standIns,
        shrinker,
        budget,
        ask: async (interaction, seedId, callMs) => runs.timed(record.test, interaction, seedId, callMs),
      },
      wrong,
    );
    if (smallest) found.set(result.id, smallest);
  }
  return results.map((r) => (found.has(r.id) ? { ...r, smallest: found.get(r.id)! } : r));
}

/** Why a test is not run whatever the submission does (--only, a figure not asked for), or undefined. */
function skippedWhy(test: ResolvedTest, options: GradeOptions): NotRun | undefined {
  if (options.only && !options.only.regex.test(test.id)) return { kind: 'skipped', why: 'only' };
  if (test.kind === 'strength' && test.points === 0 && !options.strength) return { kind: 'skipped', why: 'strength' };
  return undefined;
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
  const clean = (text: string) => text.replaceAll(`${dir}/`, '').replaceAll(dir, '.');
  const fields = (['message', 'expected', 'actual', 'reproduce'] as const).filter(
    (k) => typeof result[k] === 'string' && result[k].includes(dir),
  );
  if (fields.length === 0) return result;
  return {
    ...result,
    ...Object.fromEntries(fields.map((k) => [k, clean(result[k]!)])),
    ...(result.said && { said: rewordedWith(result.said, clean) }),
  };
}

const withOwnPartsLimits = (spec: ResolvedSpec, factor: number): ResolvedSpec => ({
  ...spec,
  limits: ownPartsLimits(spec.limits, factor),
  tests: spec.tests.map((t) => (t.judgesTime ? t : { ...t, limits: ownPartsLimits(t.limits, factor) })),
});
