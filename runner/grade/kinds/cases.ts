/** Fixture cases through the harness: each case's steps, then the spec's check on what they observed. */
import type { CaseObservation } from '../../checks/observation.js';
import type { CaseVerdict } from '../../checks/verdict.js';
import { smallestFailure } from '../smallest-failure.js';
import { blockedBy } from '../blocked.js';
import type { FixtureCase } from '../../fixtures/fixture-types.js';
import type { ResolvedTest } from '../../spec/spec-types.js';
import type { AssignmentPlan, ChargedElsewhere, LookaheadCases } from '../../assignments/assignment.js';
import { fittingChoices, someChoiceFits, type MistakeAnswers } from '../lookahead-cases.js';
import { harnessCase, runAll, type CaseJudging, type Elsewhere } from '../run-cases.js';
import { callLine, caseSeed, failedSoFar, finisher, type LookaheadPool, type TestContext, type TestKindRunner } from '../test-context.js';
import { withStandIns, type Interaction } from '../../plan/interaction.js';

/** Thousands grouped as in English; one formatter, since toLocaleString makes one per call (per case, per submission). */
const grouped = new Intl.NumberFormat('en');

/** A look-ahead's size, as a timeout says it: the limit is for a loop, and a plain search of this size is far inside it. */
const workOf = (boards: number) => `A plain look-ahead, trying every move at every level as the document describes, tries ${grouped.format(boards)} board${boards === 1 ? '' : 's'} for this call: well within the limit, so this one probably loops (or copies and scans far more than it needs)`;

export const runCases: TestKindRunner = async (test, context) => {
  const finish = finisher(test);
  const blocked = await blockedBy(test, context);
  if (blocked) return finish('error', { message: blocked }, undefined, false);
  await context.session.isolate(test.group);
  const { assignment } = context;
  // A look-ahead test keeps each case's scores and verdict, to name the mistake if it fails.
  // Only where a name will be given: the grader's runs (and the kit's), not grade mutants' first-failure runs.
  const lookahead = context.options.diagnose && !context.options.firstFailure ? assignment.lookahead?.(test) : undefined;
  const seen = new Map<string, Seen>();
  // The wrong answers on generated cases, in order: the first whose board can shrink is shown again on the smallest
  // board that still gets it wrong.
  const wrong: { testCase: FixtureCase; verdict: CaseVerdict }[] = [];
  const cases = test.fixtureCases.map((c) => {
    const interaction = interactionOf(assignment, test, c);
    const elsewhere = elsewhereJudging(test, c, context);
    const boards = typeof c.facts?.['boards'] === 'number' ? c.facts['boards'] : undefined;
    const check = (o: CaseObservation) => {
      if (lookahead) seen.set(c.id, { ...seen.get(c.id), ...answerIn(lookahead, o, c) });
      return assignment.check(test.check!, c, o, callLine(interaction));
    };
    const unit = harnessCase(test, context, c.id, interaction, check, {
      ...(elsewhere && { elsewhere }),
      expectsRaise: 'raises' in c.expected,
      ...(c.lenient?.open && { open: c.lenient.reason }),
      excuse: (failure) => assignment.excuseFailure?.(test, c, failure, failedSoFar(context)),
      ...(boards !== undefined && { work: workOf(boards) }),
    });
    const run = async () => {
      const verdict = await unit.run();
      if (lookahead) seen.set(c.id, { ...seen.get(c.id), passed: verdict.status === 'pass', ...(verdict.status === 'timeout' && { hung: true }) });
      if (verdict.status === 'fail' && c.source.kind === 'generated') wrong.push({ testCase: c, verdict });
      return verdict;
    };
    return { ...unit, run, document: c.source.kind === 'document', ...(boards !== undefined && { cost: boards }) };
  });
  const result = await runAll(test, context, cases, finish);
  if (lookahead) keepSeen(test, lookahead, seen, context);
  if (lookahead?.followUp) await askMistakes(test, lookahead.followUp, context);
  const smallest = result.status === 'fail' && wrong.length > 0 ? await smallestFailure(test, context, wrong) : undefined;
  return smallest ? { ...result, smallest } : result;
};

/**
 * A case's interaction, made once per run: a plan's interaction is the test's and the case's alone, and every
 * submission of a class asks for it, so its key and its wire form (made once per object) are made once too.
 */
const interactions = new WeakMap<AssignmentPlan, WeakMap<ResolvedTest, WeakMap<FixtureCase, Interaction>>>();
function interactionOf(plan: AssignmentPlan, test: ResolvedTest, testCase: FixtureCase): Interaction {
  let byTest = interactions.get(plan);
  if (!byTest) interactions.set(plan, (byTest = new WeakMap()));
  let byCase = byTest.get(test);
  if (!byCase) byTest.set(test, (byCase = new WeakMap()));
  let interaction = byCase.get(testCase);
  if (!interaction) byCase.set(testCase, (interaction = plan.interaction(test, testCase)));
  return interaction;
}

/** What a look-ahead test keeps of a case: the student's answer, the mistakes' its run reported, the verdict. */
interface Seen {
  readonly actual?: number[];
  readonly answers?: MistakeAnswers;
  readonly hung?: boolean;
  readonly passed?: boolean;
}

/** The answer a case returned: by the test's own reading, else its list of scores when it returned one. */
function answerIn(lookahead: LookaheadCases, o: CaseObservation, testCase: FixtureCase): Pick<Seen, 'actual' | 'answers'> {
  if (o.failure) return {};
  if (lookahead.answerOf) {
    const actual = lookahead.answerOf(o, testCase);
    const answers = lookahead.mistakesOf?.(o, testCase);
    return { ...(actual && { actual }), ...(answers && { answers }) };
  }
  const value = o.replies['result']?.value;
  if (value?.type !== 'list' || !value.items.every((v) => v.type === 'int' || v.type === 'float')) return {};
  return { actual: value.items.map((v) => (v as { value: number }).value) };
}

/** The cases a look-ahead test ran, kept with its function's others: the mistake is named once all have run. */
function keepSeen(test: ResolvedTest, lookahead: LookaheadCases, seen: ReadonlyMap<string, Seen>, context: TestContext): void {
  const pool: LookaheadPool = context.lookaheadSeen.get(test.target) ?? { family: lookahead.family ?? 'scores', rules: lookahead.rules, cases: [], testCases: new Map(), asked: new Set() };
  for (const c of test.fixtureCases) {
    const s = seen.get(c.id);
    const position = lookahead.positionOf(c);
    const expected = lookahead.expectedOf ? lookahead.expectedOf(c) : expectedScores(c);
    if (!s || s.passed === undefined || !position || !expected) continue;
    pool.cases.push({ id: c.id, test: test.id, position, expected, passed: s.passed, ...(s.actual && { actual: s.actual }), ...(s.answers && { answers: s.answers }), ...(s.hung && { hung: true }) });
    pool.testCases.set(c.id, c);
  }
  context.lookaheadSeen.set(test.target, pool);
}

function expectedScores(c: FixtureCase): number[] | undefined {
  const value = 'value' in c.expected ? (c.expected.value as { type: string; items?: { type: string; value?: unknown }[] }) : undefined;
  if (value?.type !== 'list' || !value.items?.every((v) => typeof v.value === 'number')) return undefined;
  return value.items.map((v) => v.value as number);
}

/** Where a failure of the case is charged instead (AssignmentPlan.readingElsewhere), as the case loop runs it. */
function elsewhereJudging(test: ResolvedTest, c: FixtureCase, context: TestContext): CaseJudging['elsewhere'] {
  const found = context.assignment.readingElsewhere?.(test, c, context.options.spec.tests);
  const each = (found === undefined ? [] : Array.isArray(found) ? found : [found]) as readonly ChargedElsewhere[];
  const judged = each.flatMap((other) => elsewhereOf(test, other, context) ?? []);
  return judged.length === 0 ? undefined : judged;
}

function elsewhereOf(test: ResolvedTest, other: ChargedElsewhere, context: TestContext): Elsewhere | undefined {
  const { assignment } = context;
  const judged = (by: ResolvedTest, testCase: FixtureCase) => {
    const interaction = assignment.interaction(by, testCase);
    return { interaction, check: (o: CaseObservation) => assignment.check(by.check!, testCase, o, callLine(interaction)) };
  };
  const reading = other.testCase && judged(test, other.testCase);
  if ('once' in other) return { reading: reading!, note: other.note, once: other.once };
  // A mistake is handed only to a test that runs: `grade check` runs the visible tests alone.
  const charging = context.options.spec.tests.find((t) => t.id === other.chargedBy.id);
  if (!charging || (context.options.visibleOnly && charging.visibility !== 'visible')) return undefined;
  // On the board as the other reading gives it: a function that crashes on the case as given shows there whether
  // it reads the board as the other test forbids.
  if (other.readingIsProof) return reading && { reading, note: other.note, onceFailed: other.chargedBy.id };
  const charged = other.chargedCase ?? other.testCase;
  if (!charged) return undefined;
  return {
    ...(reading && { reading }),
    note: other.note,
    ...(other.onceFailed && { onceFailed: other.chargedBy.id }),
    chargedBy: { test: other.chargedBy, ...judged(other.chargedBy, charged) },
  };
}

/**
 * Once a case of the function has failed, its cases are asked again for the rest of the mistakes' answers
 * (LookaheadCases.followUp, a choice family): a passing function pays nothing. The failing cases go first, the
 * shallowest first, and the asking stops as soon as no mistake chooses the student's move on every case asked, since
 * nothing can be named then: a search whose mistake is none of them pays for one case or two.
 */
async function askMistakes(test: ResolvedTest, followUp: NonNullable<LookaheadCases['followUp']>, context: TestContext): Promise<void> {
  const pool = context.lookaheadSeen.get(test.target);
  if (!pool || context.options.standIns !== 'document' || pool.cases.every((c) => c.passed)) return;
  const order = [...pool.cases.keys()].sort((a, b) => Number(pool.cases[a]!.passed) - Number(pool.cases[b]!.passed) || pool.cases[a]!.position.lookahead - pool.cases[b]!.position.lookahead);
  for (const i of order) {
    const asked = pool.cases.filter((c) => pool.asked.has(c.id));
    if (!someChoiceFits(asked, pool.rules)) return;
    const seen = pool.cases[i]!;
    const testCase = pool.testCases.get(seen.id);
    if (!seen.actual || !testCase) continue;
    // Only the mistakes that fit every case asked so far: the others cannot be named, and a deep one costs.
    const wanted = asked.length === 0 ? followUp.mistakes : fittingChoices(followUp.mistakes, asked, pool.rules);
    pool.testCases.delete(seen.id);
    pool.asked.add(seen.id);
    if (wanted.length === 0) continue;
    const { interaction } = withStandIns(followUp.interaction(testCase, wanted), context.options.standIns);
    const observation = await context.session.run(interaction, caseSeed(context.options.seed, `${seen.id}#mistakes`), test.limits.callMs);
    const answers = followUp.mistakesOf(observation, testCase);
    pool.cases[i] = { ...seen, answers: { ...seen.answers, ...answers } };
  }
}
