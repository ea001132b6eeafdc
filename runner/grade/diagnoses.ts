/**
 * A look-ahead mistake named from every case its function's tests ran (runner/plan/lookahead-cases.ts): the cases'
 * positions, what the student answered and whether each passed as charged, read from the ledger once every test has
 * been charged; where the mistakes' answers come from the student's own process (a choice family asked again, Conniption's
 * search), a failing function's cases are asked once more. Each failing look-ahead test gets the name and its line.
 */
import type { AssignmentPlan, LookaheadCases } from '../plan/assignment.js';
import type { CaseObservation } from '../checks/observation.js';
import type { FixtureCase } from '../model/fixture-types.js';
import { withStandIns, type Interaction } from '../plan/interaction.js';
import type { ResolvedTest } from '../model/spec-types.js';
import type { ChargedUnit } from './policies/policy.js';
import type { TestRecord } from './ledger.js';
import { textOf } from '../model/words.js';
import { diagnosisLine, fittingChoices, someChoiceFits, type DiagnoseLookahead, type SeenCase } from '../plan/lookahead-cases.js';
import type { Diagnosis, TestResult } from '../model/results.js';

export interface DiagnosisRuns {
  readonly plan: AssignmentPlan;
  readonly standIns: 'document' | 'own';
  readonly diagnose: DiagnoseLookahead;
  ask(test: ResolvedTest, interaction: Interaction, seedId: string): Promise<CaseObservation>;
}

/** A look-ahead function's cases, from every test of it that ran. */
interface Pool {
  readonly lookahead: LookaheadCases;
  readonly cases: SeenCase[];
  readonly testCases: Map<string, FixtureCase>;
  readonly tests: Map<string, ResolvedTest>;
}

/** Each look-ahead target's cases, in the order of the tests' ids and the cases' (the spec's order never matters). */
function poolsOf(
  records: readonly TestRecord[],
  charged: ReadonlyMap<string, readonly ChargedUnit[]>,
  plan: AssignmentPlan,
): Map<string, Pool> {
  const pools = new Map<string, Pool>();
  for (const record of [...records].sort((a, b) => a.test.id.localeCompare(b.test.id))) {
    const lookahead = plan.lookahead?.(record.test);
    if (!lookahead) continue;
    const pool: Pool = pools.get(record.test.target) ?? { lookahead, cases: [], testCases: new Map(), tests: new Map() };
    pools.set(record.test.target, pool);
    const verdicts = new Map((charged.get(record.test.id) ?? []).map((u) => [u.id, u.verdict]));
    for (const unit of record.units) {
      const c = unit.testCase;
      const position = c && lookahead.positionOf(c);
      const expected = c && (lookahead.expectedOf ? lookahead.expectedOf(c) : expectedScores(c));
      const verdict = verdicts.get(unit.id);
      if (!c || !position || !expected || !verdict) continue;
      const answer = unit.observation ? answerIn(lookahead, unit.observation, c) : {};
      pool.cases.push({
        id: c.id,
        test: record.test.id,
        position,
        expected,
        passed: verdict.status === 'pass',
        ...answer,
        ...(unit.raw.status === 'timeout' && { hung: true }),
      });
      pool.testCases.set(c.id, c);
      pool.tests.set(c.id, record.test);
    }
  }
  return pools;
}

/** The tests' results with the mistake each failing look-ahead test's function shows, when exactly one does. */
export async function withDiagnoses(
  results: readonly TestResult[],
  records: readonly TestRecord[],
  charged: ReadonlyMap<string, readonly ChargedUnit[]>,
  runs: DiagnosisRuns,
): Promise<TestResult[]> {
  const named = new Map<string, { diagnosis: Diagnosis; tests: Set<string> }>();
  for (const [target, pool] of poolsOf(records, charged, runs.plan)) {
    if (pool.lookahead.followUp) await askMistakes(pool, pool.lookahead.followUp, runs);
    const diagnosis = runs.diagnose(pool.cases, pool.lookahead.rules, pool.lookahead.family ?? 'scores');
    if (diagnosis) named.set(target, { diagnosis, tests: new Set(pool.cases.map((c) => c.test!)) });
  }
  return results.map((t) => {
    const found = named.get(t.target);
    if (!found || t.status !== 'fail' || !found.tests.has(t.id)) return t;
    const said = [
      ...(t.said ?? []),
      { by: 'diagnosis', id: 'likely-mistake', data: { variant: found.diagnosis.variant }, text: diagnosisLine(found.diagnosis) },
    ];
    return { ...t, diagnosis: found.diagnosis, said, message: textOf(said) };
  });
}

function expectedScores(c: FixtureCase): number[] | undefined {
  const value = 'value' in c.expected ? (c.expected.value as { type: string; items?: { type: string; value?: unknown }[] }) : undefined;
  if (value?.type !== 'list' || !value.items?.every((v) => typeof v.value === 'number')) return undefined;
  return value.items.map((v) => v.value as number);
}

/** The answer a case returned: by the test's own reading, else its list of scores when it returned one. */
function answerIn(lookahead: LookaheadCases, o: CaseObservation, testCase: FixtureCase): Pick<SeenCase, 'actual' | 'answers'> {
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

/**
 * Once a case of the function has failed, its cases are asked again for the rest of the mistakes' answers: the failing
 * cases first, the shallowest first (ties by id), and the asking stops as soon as no mistake chooses the student's move
 * on every case asked, since nothing can be named then. A function that passes pays nothing.
 */
async function askMistakes(pool: Pool, followUp: NonNullable<LookaheadCases['followUp']>, runs: DiagnosisRuns): Promise<void> {
  if (runs.standIns !== 'document' || pool.cases.every((c) => c.passed)) return;
  const order = [...pool.cases.keys()].sort(
    (a, b) =>
      Number(pool.cases[a]!.passed) - Number(pool.cases[b]!.passed) ||
      pool.cases[a]!.position.lookahead - pool.cases[b]!.position.lookahead ||
      pool.cases[a]!.id.localeCompare(pool.cases[b]!.id),
  );
  const asked = new Set<string>();
  for (const i of order) {
    const done = pool.cases.filter((c) => asked.has(c.id));
    if (!someChoiceFits(done, pool.lookahead.rules)) return;
    const seen = pool.cases[i]!;
    const testCase = pool.testCases.get(seen.id);
    if (!seen.actual || !testCase) continue;
    asked.add(seen.id);
    // Only the mistakes that fit every case asked so far: the others cannot be named, and a deep one costs.
    const wanted = done.length === 0 ? followUp.mistakes : fittingChoices(followUp.mistakes, done, pool.lookahead.rules);
    if (wanted.length === 0) continue;
    const { interaction } = withStandIns(followUp.interaction(testCase, wanted), runs.standIns);
    const observation = await runs.ask(pool.tests.get(seen.id)!, interaction, `${seen.id}#mistakes`);
    pool.cases[i] = { ...seen, answers: { ...seen.answers, ...followUp.mistakesOf(observation, testCase) } };
  }
}
