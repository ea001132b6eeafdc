/** Fixture cases through the harness: each case's steps, then the spec's check on what they observed. */
import { blockedBy } from '../blocked.js';
import { harnessCase, runAll } from '../run-cases.js';
import { callLine, finisher, type TestKindRunner } from '../test-context.js';

export const runCases: TestKindRunner = async (test, context) => {
  const finish = finisher(test);
  const blocked = await blockedBy(test, context);
  if (blocked) return finish('error', { message: blocked });
  await context.session.isolate(test.group);
  const { assignment } = context;
  const cases = test.fixtureCases.map((c) => {
    const interaction = assignment.interaction(test, c);
    const unit = harnessCase(test, context, c.id, interaction, (o) => assignment.check(test.check!, c, o, callLine(interaction)), 'raises' in c.expected, c.lenient?.open ? c.lenient.reason : undefined);
    return { ...unit, document: c.source.kind === 'document' };
  });
  return runAll(test, context, cases, finish);
};
