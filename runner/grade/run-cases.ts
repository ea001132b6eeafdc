/**
 * The units a test is made of (fixture cases, property cases, terminal sessions), each run and judged, and the one
 * loop that runs a test's units: until one hangs, with the first failure reported beside a count.
 */
import { verdictForFailure } from '../checks/outcome.js';
import type { CaseObservation } from '../checks/observation.js';
import { joinNames } from '../checks/text.js';
import { pass, type CaseVerdict } from '../checks/verdict.js';
import { reproduceOf, withStandIns, type Interaction, type LeftOut } from '../plan/interaction.js';
import type { ResolvedTest } from '../spec/spec-types.js';
import type { TestResult } from './results.js';
import { caseSeed, type Finish, type TestContext } from './test-context.js';

/** One unit of a test: a fixture case, a property case or a terminal session, run and judged. */
export interface RunnableCase {
  readonly id: string;
  readonly reproduce: string;
  /** A program's lines typed by the test, so a report marks exactly those in the transcript. */
  readonly typed?: readonly string[];
  /** One of the document's own examples: its cost is counted apart, as what no grader of the document can save. */
  readonly document?: boolean;
  readonly run: () => Promise<CaseVerdict>;
}

/**
 * A case that asks the harness: its interaction run from a fresh namespace, then judged. A case that expects an
 * exception hands the student's exception to its check instead of calling it a crash; `open` names what the
 * document is silent about, where a crash costs nothing.
 */
export function harnessCase(test: ResolvedTest, context: TestContext, id: string, planned: Interaction, check: (o: CaseObservation) => CaseVerdict, expectsRaise = false, open?: string): RunnableCase {
  const { interaction, left } = withStandIns(planned, context.options.standIns);
  return {
    id,
    reproduce: reproduceOf(interaction),
    run: async () => withOwnParts(left, await judgeCase(test, context, id, interaction, check, expectsRaise, open)),
  };
}

async function judgeCase(test: ResolvedTest, context: TestContext, id: string, interaction: Interaction, check: (o: CaseObservation) => CaseVerdict, expectsRaise: boolean, open: string | undefined): Promise<CaseVerdict> {
  const observation = await context.session.run(interaction, caseSeed(context.options.seed, id), test.limits.callMs);
  const { failure } = observation;
  const rule = test.check ?? test.property;
  const only = rule ? context.assignment.judgesOnly?.(rule) : undefined;
  if (only && failure?.kind === 'exception' && failure.exception.type !== only.exception) return pass(`${failure.exception.type} was raised: ${only.note}`);
  if (open && failure?.kind === 'exception') return pass(`not scored, as the document is silent here (${open}): it raised ${failure.exception.type}`);
  if (failure && !(expectsRaise && failure.kind === 'exception' && failure.observe)) return verdictForFailure(failure, context.assignment.explainException);
  return check(observation);
}

/**
 * A verdict of a case that ran on parts of the student's own the grader would have replaced by the document's (the
 * student's kit has none): a failure says where else it may come from.
 */
export function withOwnParts(left: LeftOut, verdict: CaseVerdict): CaseVerdict {
  if ((left.own.length === 0 && left.notes.length === 0) || verdict.status === 'pass') return verdict;
  const parts = joinNames(left.own);
  const own = left.own.length === 0 ? [] : [`This check ran on your own ${parts} too (after you submit, the grader uses the document's ${parts} here, so a bug there costs only the tests of ${parts}): if one of them fails, fix that first.`];
  return { ...verdict, message: [verdict.message, ...own, ...left.notes].join('\n') };
}


/**
 * Runs the cases until one hangs (one time limit is enough to know), and reports the first failure with a count, and
 * the student's own time in the document's examples (`documentMs`).
 */
export async function runAll(test: ResolvedTest, context: TestContext, cases: readonly RunnableCase[], finish: Finish): Promise<TestResult> {
  const spent = { documentMs: 0, examples: 0 };
  const result = await runUnits(test, context, cases, finish, spent);
  return spent.examples > 0 ? { ...result, documentMs: Math.round(spent.documentMs) } : result;
}

async function runUnits(test: ResolvedTest, context: TestContext, cases: readonly RunnableCase[], finish: Finish, spent: { documentMs: number; examples: number }): Promise<TestResult> {
  const unit = test.kind === 'program' ? 'terminal session' : 'case';
  const count = (n: number) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  let failed = 0;
  let ran = 0;
  let first: { verdict: CaseVerdict; reproduce: string; id: string; typed?: readonly string[] } | undefined;
  let stopped: { id: string; at: 'time' | 'output' } | undefined;
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
      continue;
    }
    failed++;
    first ??= { verdict, reproduce: c.reproduce, id: c.id, ...(c.typed && { typed: c.typed }) };
    if (verdict.stoppedAt) stopped = { id: c.id, at: verdict.stoppedAt };
    if (verdict.status === 'timeout' || verdict.stoppedAt || context.options.firstFailure) break;
  }
  if (!first) {
    if (ran < cases.length) return finish('timeout', { message: `the submission's time budget ran out after ${ran} of ${count(cases.length)}` });
    const note = notes.size > 0 ? ` (${[...notes].join('; ')})` : '';
    return finish('pass', { message: `${count(cases.length)} passed${note}` });
  }
  const left = cases.length - ran;
  const prefix = first.verdict.status === 'timeout' || cases.length === 1 ? ''
    : context.options.firstFailure ? `stopped at the first failing of ${count(cases.length)} (${first.id}):\n`
    : stopped && left > 0 ? `${stopped.id} ${stopped.at === 'time' ? 'never ended' : 'printed past the output limit'}, so the last ${left === 1 ? 'one was' : `${left} were`} not run (${failed} of the ${count(ran)} run failed${failed === 1 ? '' : `; the first, ${first.id}`}):\n`
    : `${failed} of ${count(cases.length)} failed; the first (${first.id}):\n`;
  return finish(first.verdict.status, { ...first.verdict, message: `${prefix}${first.verdict.message}` }, first.reproduce, true, first.typed);
}
