/**
 * A test's first failing generated case (of those whose board can shrink) made smaller, on the student's code
 * (runner/plan/shrink.ts decides which boards to try): each smaller board is asked through the harness in the
 * test's own process and judged by the test's check against the reference's answer for it. The smallest found is asked once more, with another seed,
 * before it is shown.
 */
import type { AssignmentPlan } from '../plan/assignment.js';
import type { CaseObservation } from '../checks/observation.js';
import { verdictForFailure } from '../checks/outcome.js';
import { verdictText, type CaseVerdict } from '../checks/verdict.js';
import type { FixtureCase } from '../model/fixture-types.js';
import { reproduceOf, withStandIns, type Interaction } from '../plan/interaction.js';
import type { ResolvedTest } from '../model/spec-types.js';
import type { SmallestFailure } from '../model/results.js';
import { checkersOn, failsTheSameWay, shrinkCase, type CaseShrinker, type ShrinkBudget } from '../plan/shrink.js';
import { callLine } from './seeds.js';

/** What shrinking needs of the run: the plan, the stand-ins, and a way to ask one case (timed as the student's). */
export interface ShrinkRuns {
  readonly plan: AssignmentPlan;
  readonly standIns: 'document' | 'own';
  readonly shrinker: CaseShrinker;
  readonly budget: ShrinkBudget;
  /** Runs `interaction` with the seed named by `seedId`; its result and the student's own time in it. */
  ask(interaction: Interaction, seedId: string, callMs: number): Promise<{ observation: CaseObservation; studentMs: number }>;
}

/** The least time limit a smaller board's call gets, whatever the budget has left: a correct call is far inside it. */
const MIN_CALL_MS = 100;

/** The first of a test's wrong answers on generated cases (in the order they ran) whose board can shrink, made smaller. */
export async function smallestFailure(
  test: ResolvedTest,
  runs: ShrinkRuns,
  wrong: readonly { readonly testCase: FixtureCase; readonly verdict: CaseVerdict }[],
): Promise<SmallestFailure | undefined> {
  const { shrinker, budget } = runs;
  const first =
    test.check &&
    wrong.find((w) => w.testCase.source.kind === 'generated' && w.verdict.status === 'fail' && shrinker.rows(w.testCase) !== undefined);
  if (!first) return undefined;
  const { testCase: start, verdict } = first;
  const fromRows = shrinker.rows(start)!;
  const judge = async (c: FixtureCase, seedId = c.id, again = false): Promise<CaseVerdict | undefined> => {
    // The one call that checks a board found is made whatever is left, within the least limit.
    if (budget.ms <= 0 && !again) return undefined;
    const left = budget.ms;
    const { interaction } = withStandIns(runs.plan.interaction(test, c), runs.standIns);
    // A smaller board asks at most a few times the first board's work: a call that needs more than the budget left
    // is not waited for.
    const limit = Math.min(test.limits.callMs, Math.max(MIN_CALL_MS, left));
    const { observation, studentMs } = await runs.ask(interaction, seedId, limit);
    budget.ms -= studentMs;
    const failure = observation.failure;
    // A hang or a dead process ends the search: it says nothing of the first failure and costs a limit each time.
    if (failure && failure.kind !== 'exception') return undefined;
    if (failure) return verdictForFailure(failure, runs.plan.explainException);
    return runs.plan.check(test.check!, c, observation, callLine(interaction));
  };
  const shrunk = await shrinkCase(start, verdict, shrinker, judge, budget);
  if (!shrunk) return undefined;
  const again = await judge(shrunk.testCase, `${shrunk.testCase.id}#again`, true);
  if (!again || !failsTheSameWay(verdict, again, shrinker.sameAnswers)) return undefined;
  const board = shrinker.rows(shrunk.testCase)!;
  const { interaction } = withStandIns(runs.plan.interaction(test, shrunk.testCase), runs.standIns);
  return {
    case: start.id,
    board: [...board],
    original: [...fromRows],
    checkers: checkersOn(board),
    from: checkersOn(fromRows),
    message: verdictText(shrunk.verdict),
    ...(shrunk.verdict.expected !== undefined && { expected: shrunk.verdict.expected }),
    ...(shrunk.verdict.actual !== undefined && { actual: shrunk.verdict.actual }),
    reproduce: reproduceOf(interaction),
  };
}
