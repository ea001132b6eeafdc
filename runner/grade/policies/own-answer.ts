/**
 * What the snippet under a failure gives when the student pastes it. The grader ran the case with the document's
 * versions of the parts around the one it grades (its Board under a look-ahead, say), so a bug there costs only their
 * own tests; the snippet runs on the student's own. Where those differ, the page says so and shows what the snippet
 * gives: the case is run once more on the student's own parts, and the answer there follows the failure.
 */
import { joinNames } from '../../checks/text.js';
import { withStandIns } from '../../plan/interaction.js';
import { isProgramTest, type UnitRecord } from '../ledger.js';
import { rerunWaitMs } from '../waits.js';
import { ranUnits, type Composed, type Rule, type Said } from './policy.js';

/** The parts a unit ran with the document's versions of, that the snippet runs with the student's own. */
export function standInParts(unit: UnitRecord | undefined): string[] {
  return unit?.planned ? withStandIns(unit.planned, 'own').left.own.map((p) => p.name) : [];
}

/** What the snippet gives on the student's own parts, as the words after the failure. */
export function ownAnswer(parts: readonly string[], shown: Pick<Composed, 'status' | 'actual'>, own: UnitRecord): Said {
  const exception = own.failure?.kind === 'exception' ? own.failure.exception : undefined;
  const gives = exception
    ? `raises ${exception.type}${exception.message ? `: ${exception.message}` : ''}`
    : own.failure?.kind === 'timeout'
      ? `does not finish within ${own.failure.limitMs} ms${shown.status === 'timeout' ? ' either' : ''}`
      : own.raw.status === 'pass'
        ? 'gives the expected answer'
        : own.raw.actual !== undefined && own.raw.actual === shown.actual
          ? 'gives the same answer'
          : own.raw.actual !== undefined
            ? `gives ${own.raw.actual}`
            : 'fails too';
  return { messageId: 'gives', data: { names: joinNames(parts), gives } };
}

export const ownAnswerRule: Rule<'test'> = {
  meta: {
    name: 'own-answer',
    rule: "a failure graded with the document's versions of other parts says what its snippet gives on the student's own",
    scope: 'test',
    messages: {
      gives:
        "This case ran with the document's {names}, so a mistake in yours costs only their own tests; the snippet below runs with your own {names}, and there it {gives}.",
    },
  },
  judge: async (context) => {
    const { record, composed } = context;
    if (composed.status === 'pass' || composed.status === 'skipped' || isProgramTest(record.test) || !ranUnits(record)) return undefined;
    const unit = record.units.find((u) => u.id === composed.first);
    const parts = context.standIns === 'document' && !context.firstFailure ? standInParts(unit) : [];
    if (!unit?.planned || !unit.check || parts.length === 0) return undefined;
    const own = await context.runs.harness(
      record.test,
      `${unit.id}#snippet`,
      unit.planned,
      unit.check,
      'own',
      rerunWaitMs(unit, record.test.limits),
    );
    return { notes: [ownAnswer(parts, composed, own)] };
  },
};
