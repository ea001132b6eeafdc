/**
 * The units a test is made of (fixture cases, property cases, terminal sessions), each run and judged, and the one
 * loop that runs a test's units: until one hangs, with the first failure reported beside a count.
 */
import { verdictForFailure } from '../checks/outcome.js';
import type { CaseObservation, StepFailure } from '../checks/observation.js';
import { joinNames } from '../checks/text.js';
import { pass, type CaseVerdict } from '../checks/verdict.js';
import { reproduceOf, withStandIns, type Interaction, type LeftOut } from '../plan/interaction.js';
import type { ResolvedTest } from '../spec/spec-types.js';
import type { TestResult } from './results.js';
import { caseGroups } from './case-groups.js';
import type { CaseAsk } from './submission-session.js';
import { caseSeed, failedSoFar, playsSideBySide, type Finish, type TestContext } from './test-context.js';

/** One unit of a test: a fixture case, a property case or a terminal session, run and judged. */
export interface RunnableCase {
  readonly id: string;
  readonly reproduce: string;
  /** A program's lines typed by the test, so a report marks exactly those in the transcript. */
  readonly typed?: readonly string[];
  /** One of the document's own examples: its cost is counted apart, as what no grader of the document can save. */
  readonly document?: boolean;
  readonly run: () => Promise<CaseVerdict>;
  /** The harness run the case starts with, which the test may send ahead (SubmissionSession.prefetch). */
  readonly ask?: CaseAsk;
  /** The work the case asks of a plain solution, in boards, where its fixture says: a heavy test's cases are split by it. */
  readonly cost?: number;
}

/** How a harness case is judged beyond its check. */
export interface CaseJudging {
  /** It expects an exception: the student's is handed to its check instead of being called a crash. */
  readonly expectsRaise?: boolean;
  /** What the document is silent about, where a crash costs nothing. */
  readonly open?: string;
  /** A failure another test charges (a crash in another direction's helper): passed with the note it gives. */
  readonly excuse?: (failure: StepFailure) => CaseVerdict | undefined;
  /** What the call asks of a plain solution (the boards a plain look-ahead tries), said when it runs out of time. */
  readonly work?: string;
  /** Where the failure may be charged instead (AssignmentPlan.readingElsewhere), tried in turn. */
  readonly elsewhere?: readonly Elsewhere[];
}

/** One place a failure may be charged instead: the other reading, if any, must pass. */
export interface Elsewhere {
  readonly reading?: { readonly interaction: Interaction; readonly check: (o: CaseObservation) => CaseVerdict };
  readonly note: string;
  /** The test that must have failed already for the case to be excused (its charging case is not its own). */
  readonly onceFailed?: string;
  /** The test said to charge the failure instead, with this case as it runs there: it must fail it too. */
  readonly chargedBy?: { readonly test: ResolvedTest; readonly interaction: Interaction; readonly check: (o: CaseObservation) => CaseVerdict };
  /** Or a mistake no test grades, charged by the first test it fails (ChargedElsewhere.once). */
  readonly once?: { readonly cause: string; readonly why: string };
}

/** A case that asks the harness: its interaction run from a fresh namespace, then judged. */
export function harnessCase(test: ResolvedTest, context: TestContext, id: string, planned: Interaction, check: (o: CaseObservation) => CaseVerdict, judging: CaseJudging = {}): RunnableCase {
  const { interaction, left } = withStandIns(planned, context.options.standIns);
  return {
    id,
    reproduce: reproduceOf(interaction),
    ask: { interaction, seed: caseSeed(context.options.seed, id), callMs: callLimit(test, context) },
    run: async () => {
      const judged = await judgeCase(test, context, id, interaction, check, judging);
      let verdict = judged;
      for (const place of verdict.status === 'fail' || verdict.status === 'error' ? judging.elsewhere ?? [] : []) {
        const elsewhere = await chargedElsewhere(test, context, id, verdict, judging, place);
        if (elsewhere?.status === 'pass') return elsewhere;
        verdict = elsewhere ?? verdict;
      }
      const own = verdict.status === 'pass' ? undefined : await onOwnParts(test, context, id, planned, check, judging);
      return own ?? withOwnParts(left, verdict, failedSoFar(context));
    },
  };
}

/** In TestContext.chargedOnce: the cause was tried on a failure and did not explain it. */
const RULED_OUT = '';

/**
 * A failed case's verdict where another test charges its mistake (a pass with the note), or where this test is the
 * first to meet a mistake no test grades (the failure, saying why); undefined when the mistake is this test's.
 */
async function chargedElsewhere(test: ResolvedTest, context: TestContext, id: string, verdict: CaseVerdict, judging: CaseJudging, place: Elsewhere): Promise<CaseVerdict | undefined> {
  const { reading, chargedBy, onceFailed, once, note } = place;
  if (onceFailed && !failedSoFar(context).has(onceFailed)) return undefined;
  // A cause already ruled out is not tried again: each try runs the student's code once more.
  if (once && context.chargedOnce.get(once.cause) === RULED_OUT) return undefined;
  const there = reading && (await judgeCase(test, context, `${id}#elsewhere`, withStandIns(reading.interaction, context.options.standIns).interaction, reading.check, { ...judging, elsewhere: undefined }));
  if (there && there.status !== 'pass') {
    // The first failure the cause does not explain rules it out for the submission; once it has been charged, a
    // case it does not explain is simply this test's.
    if (once && !context.chargedOnce.has(once.cause)) context.chargedOnce.set(once.cause, RULED_OUT);
    return undefined;
  }
  if (once) {
    const first = context.chargedOnce.get(once.cause);
    if (first && first !== test.id) return pass(`${note}; ${first} charges it`);
    context.chargedOnce.set(once.cause, test.id);
    return { ...verdict, message: `${verdict.message}\n${once.why}` };
  }
  // The reading put the document's version of the charging test's function in place, and it failed already.
  if (!chargedBy) return reading && onceFailed ? pass(note) : undefined;
  const charged = await judgeCase(chargedBy.test, context, `${id}#charged`, withStandIns(chargedBy.interaction, context.options.standIns).interaction, chargedBy.check, {});
  return charged.status !== 'pass' ? pass(note) : undefined;
}

/**
 * A one-rule test that fails with the document's versions of the parts around the one it judges, run once more on
 * the student's own: where the rule holds there, it holds in their code as a whole (a move counted inside their own
 * scores_for, which the document's does not do), and the case passes with a note saying so.
 */
async function onOwnParts(test: ResolvedTest, context: TestContext, id: string, planned: Interaction, check: (o: CaseObservation) => CaseVerdict, judging: CaseJudging): Promise<CaseVerdict | undefined> {
  if (context.options.standIns !== 'document' || !judgesOneRule(test, context)) return undefined;
  const own = withStandIns(planned, 'own');
  if (own.left.own.length === 0) return undefined;
  const verdict = await judgeCase(test, context, `${id}#own`, own.interaction, check, judging);
  if (verdict.status !== 'pass') return undefined;
  const parts = joinNames(own.left.own.map((p) => p.name));
  return pass(`with the document's ${parts} this does not hold, but with your own ${parts} it does: the rule is kept by your code as a whole`);
}

async function judgeCase(test: ResolvedTest, context: TestContext, id: string, interaction: Interaction, check: (o: CaseObservation) => CaseVerdict, { expectsRaise = false, open, excuse, work }: CaseJudging): Promise<CaseVerdict> {
  const observation = await context.session.run(interaction, caseSeed(context.options.seed, id), callLimit(test, context));
  const { failure } = observation;
  const only = judgesOneRule(test, context);
  if (only && failure?.kind === 'exception' && failure.exception.type !== only.exception) return pass(`${failure.exception.type} was raised: ${only.note}`);
  // A hang is the answer's to charge too: this test judges the cases that return.
  if (only && failure?.kind === 'timeout') return { ...pass(`it did not finish within ${failure.limitMs} ms: this test judges one rule only, on the cases that return; the hang is graded by the tests of the answer`), hung: true };
  if (open && failure?.kind === 'exception') return pass(`not scored, as the document is silent here (${open}): it raised ${failure.exception.type}`);
  const excused = failure && excuse?.(failure);
  if (excused) return excused;
  if (failure && !(expectsRaise && failure.kind === 'exception' && failure.observe)) {
    const verdict = verdictForFailure(failure, context.assignment.explainException);
    return failure.kind === 'timeout' && work ? { ...verdict, message: `${verdict.message}. ${work}` } : verdict;
  }
  return check(observation);
}

/**
 * A verdict of a case that ran on parts of the student's own the grader would have replaced by the document's (the
 * student's kit has none): a failure names the parts among them whose own tests failed, as where to look first, and
 * blames none that pass theirs.
 */
export function withOwnParts(left: LeftOut, verdict: CaseVerdict, failed: ReadonlySet<string>): CaseVerdict {
  if ((left.own.length === 0 && left.notes.length === 0) || verdict.status === 'pass') return verdict;
  return { ...verdict, message: [verdict.message, ...ownPartsNote(left.own, failed), ...left.notes].join('\n') };
}

function ownPartsNote(own: LeftOut['own'], failed: ReadonlySet<string>): string[] {
  if (own.length === 0) return [];
  const ids = [...failed];
  const failing = own.map((part) => ({ part, tests: ids.filter((id) => id.startsWith(part.tests)) })).filter((f) => f.tests.length > 0);
  const all = joinNames(own.map((p) => p.name));
  if (failing.length === 0) return [`Here it ran with your own ${all}, where the grader uses the document's; they pass their visible tests, so this failure is most likely in the part this test grades.`];
  const names = joinNames(failing.map((f) => f.part.name));
  return [`Here it ran with your own ${names}, whose own tests fail (${failing.flatMap((f) => f.tests).join(', ')}): fix ${failing.length === 1 ? 'that' : 'those'} first, as this failure may come from there. After you submit, the grader runs this test with the document's ${names}, so a bug there costs only its own tests.`];
}

/** What a one-rule test judges (its rule, the exception it may raise), when it judges one rule only. */
const judgesOneRule = (test: ResolvedTest, context: TestContext) => {
  const rule = test.check ?? test.property;
  return rule ? context.assignment.judgesOnly?.(rule) : undefined;
};

/** The shortest call limit a one-rule test's cases get on a target already charged for hanging. */
const HUNG_TARGET_MIN_MS = 2_000;

/**
 * A case's call limit: the test's own, but for a one-rule test on a target an earlier test already charged for
 * hanging, a tenth of it (2 s at least). A hang costs such a test nothing, so the shorter wait decides as much (a rule
 * broken only in a call that takes longer goes unjudged, the target having lost the answer's test already); a
 * look-ahead that never ends cost each of them a whole minute.
 */
function callLimit(test: ResolvedTest, context: TestContext): number {
  if (!context.hung.has(test.target) || !judgesOneRule(test, context)) return test.limits.callMs;
  return Math.min(test.limits.callMs, Math.max(HUNG_TARGET_MIN_MS, Math.round(test.limits.callMs / 10)));
}

/** How many hung calls a one-rule test sits through before it leaves its other cases to the tests of the answer. */
const HUNG_CALLS_JUDGED = 2;

/**
 * Runs the cases until one hangs (one time limit is enough to know), and reports the first failure with a count, and
 * the student's own time in the document's examples (`documentMs`).
 */
export async function runAll(test: ResolvedTest, context: TestContext, cases: readonly RunnableCase[], finish: Finish): Promise<TestResult> {
  const spent = { documentMs: 0, examples: 0 };
  // The cases' harness runs go ahead in one line, but where the test stops at its first failure (grade mutants); a
  // heavy test's in two, each in a child of its own, where each test has its own (fork).
  if (!context.options.firstFailure) {
    const sent = cases.filter((c) => c.ask);
    const groups = context.sandbox.noFork ? undefined : caseGroups(sent.map((c) => c.cost));
    await context.session.prefetch(sent.map((c) => c.ask!), context.deadline - performance.now(), groups && { groups, sideBySide: playsSideBySide(context) });
  }
  let result: TestResult;
  try {
    result = await runUnits(test, context, cases, finish, spent);
  } finally {
    await context.session.settlePrefetched();
  }
  return spent.examples > 0 ? { ...result, documentMs: Math.round(spent.documentMs) } : result;
}

async function runUnits(test: ResolvedTest, context: TestContext, cases: readonly RunnableCase[], finish: Finish, spent: { documentMs: number; examples: number }): Promise<TestResult> {
  const unit = test.kind === 'program' ? 'terminal session' : 'case';
  const count = (n: number) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  let failed = 0;
  let ran = 0;
  let first: { verdict: CaseVerdict; reproduce: string; id: string; typed?: readonly string[] } | undefined;
  let stopped: { id: string; at: NonNullable<CaseVerdict['stoppedAt']> } | undefined;
  let hung = 0;
  // A target an earlier test already charged for hanging: one more hang here tells this test nothing new.
  const hungCalls = context.hung.has(test.target) ? 1 : HUNG_CALLS_JUDGED;
  const notes = new Set<string>();
  for (const c of cases) {
    if (performance.now() > context.deadline) break;
    const before = context.session.studentMs;
    const verdict = await c.run();
    if (c.document) {
      spent.documentMs += context.session.studentMs - before;
      spent.examples++;
    }
    ran++;
    if (verdict.status === 'pass') {
      if (verdict.note) notes.add(verdict.note);
      // Each hung call costs a whole time limit and tells this test nothing: after a few, the rest are left to the
      // tests that charge the hang.
      if (verdict.hung && ++hung >= hungCalls) break;
      continue;
    }
    failed++;
    first ??= { verdict, reproduce: c.reproduce, id: c.id, ...(c.typed && { typed: c.typed }) };
    if (verdict.stoppedAt) stopped = { id: c.id, at: verdict.stoppedAt };
    if (verdict.status === 'timeout' || verdict.stoppedAt || context.options.firstFailure) break;
  }
  if (!first) {
    if (hung >= hungCalls && ran < cases.length) return finish('pass', { message: `${count(ran)} run, ${hung === ran ? (ran === 1 ? 'and it never ended' : 'none of which ended') : `${hung} of them never ended`}; the other ${cases.length - ran} were not run, as a call that hangs costs this test nothing and each costs a whole time limit (${[...notes].join('; ')})` });
    if (ran < cases.length) return finish('timeout', { message: `the submission's time budget ran out after ${ran} of ${count(cases.length)}` });
    const note = notes.size > 0 ? ` (${[...notes].join('; ')})` : '';
    return finish('pass', { message: `${count(cases.length)} passed${note}` });
  }
  const left = cases.length - ran;
  const prefix = first.verdict.status === 'timeout' || cases.length === 1 ? ''
    : context.options.firstFailure ? `stopped at the first failing of ${count(cases.length)} (${first.id}):\n`
    : stopped && left > 0 ? `${stopped.id} ${stopped.at === 'time' ? 'never ended' : stopped.at === 'memory' ? 'ran out of memory' : 'printed past the output limit'}, so the last ${left === 1 ? 'one was' : `${left} were`} not run (${failed} of the ${count(ran)} run failed${failed === 1 ? '' : `; the first, ${first.id}`}):\n`
    : `${failed} of ${count(cases.length)} failed; the first (${first.id}):\n`;
  return finish(first.verdict.status, { ...first.verdict, message: `${prefix}${first.verdict.message}` }, first.reproduce, true, first.typed);
}
