/** Fixture cases through the harness: each case's steps, then the spec's check on what they observed. */
import type { CaseObservation } from '../../checks/observation.js';
import { blockedBy } from '../blocked.js';
import { harnessCase, runAll } from '../run-cases.js';
import { callLine, failedSoFar, finisher, type TestKindRunner } from '../test-context.js';

/** A look-ahead's size, as a timeout says it: the limit is for a loop, and a plain search of this size is far inside it. */
const workOf = (boards: number) => `A plain look-ahead, trying every move at every level as the document describes, tries ${boards.toLocaleString('en')} board${boards === 1 ? '' : 's'} for this call: well within the limit, so this one probably loops (or copies and scans far more than it needs)`;

export const runCases: TestKindRunner = async (test, context) => {
  const finish = finisher(test);
  const blocked = await blockedBy(test, context);
  if (blocked) return finish('error', { message: blocked });
  await context.session.isolate(test.group);
  const { assignment } = context;
  const cases = test.fixtureCases.map((c) => {
    const interaction = assignment.interaction(test, c);
    const other = assignment.readingElsewhere?.(test, c, context.options.spec.tests);
    const reading = other?.testCase;
    const otherInteraction = reading && assignment.interaction(test, reading);
    // On the board as the other reading gives it: a function that crashes on the case as given shows there whether
    // it reads the board as the other test forbids.
    const charged = other && (other.chargedCase ?? reading);
    const chargedInteraction = other && charged && assignment.interaction(other.chargedBy, charged);
    const unit = harnessCase(test, context, c.id, interaction, (o) => assignment.check(test.check!, c, o, callLine(interaction)), {
      ...(other && charged && chargedInteraction && {
        elsewhere: {
          ...(reading && otherInteraction && { reading: { interaction: otherInteraction, check: (o: CaseObservation) => assignment.check(test.check!, reading, o, callLine(otherInteraction)) } }),
          note: other.note,
          chargedBy: { test: other.chargedBy, interaction: chargedInteraction, check: (o: CaseObservation) => assignment.check(other.chargedBy.check!, charged, o, callLine(chargedInteraction)) },
        },
      }),
      expectsRaise: 'raises' in c.expected,
      ...(c.lenient?.open && { open: c.lenient.reason }),
      excuse: (failure) => assignment.excuseFailure?.(test, c, failure, failedSoFar(context)),
      ...(typeof c.facts?.['boards'] === 'number' && { work: workOf(c.facts['boards']) }),
    });
    return { ...unit, document: c.source.kind === 'document' };
  });
  return runAll(test, context, cases, finish);
};
