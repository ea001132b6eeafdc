/**
 * A strength test: the AI asked for its move on every solver-labelled position, each from a fresh start, and the
 * moves counted against perfect play. A hang stops the asking (the next positions would hang too); a crash costs
 * only its position.
 */
import { verdictForFailure } from '../../checks/outcome.js';
import { formatObserved } from '../../checks/values.js';
import type { FixtureCase, SolverLabels } from '../../fixtures/fixture-types.js';
import { columnOf, judgeStrength, type PositionAnswer, type StrengthPosition } from '../ai-strength.js';
import { blockedBy } from '../blocked.js';
import { caseSeed, finisher, type TestKindRunner } from '../test-context.js';
import { withStandIns } from '../../plan/interaction.js';

export const runStrength: TestKindRunner = async (test, context) => {
  const finish = finisher(test);
  const blocked = await blockedBy(test, context);
  if (blocked) return finish('error', { message: blocked }, undefined, false);
  await context.session.isolate(test.group);
  const positions: StrengthPosition[] = test.fixtureCases.map((c) => ({ id: c.id, labels: solverLabels(c), python: c.python }));
  const answers: PositionAnswer[] = [];
  for (const c of test.fixtureCases) {
    if (performance.now() > context.deadline) break;
    const observation = await context.session.run(withStandIns(context.assignment.interaction(test, c), context.options.standIns).interaction, caseSeed(context.options.seed, c.id), test.limits.callMs);
    if (observation.failure) {
      const missing = verdictForFailure(observation.failure, context.assignment.explainException);
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
};

/**
 * A strength case's solver labels, as runner/fixtures/strength-cases.ts writes them beside the assignment's input
 * (read here, not there: the student's kit bundles this file and none of runner/fixtures/).
 */
const solverLabels = (testCase: FixtureCase): SolverLabels => (testCase.input as { solver: SolverLabels }).solver;
