/**
 * A property of the submission that no one fixture case shows (independent rows, a random spread, a game against a
 * baseline): fixed steps with a check of what they saw, or a case driven reply by reply.
 */
import { withStandIns, type Interaction, type OwnPart } from '../../plan/interaction.js';
import { blockedBy } from '../blocked.js';
import { harnessCase, runAll, withOwnParts, type RunnableCase } from '../run-cases.js';
import { caseSeed, failedSoFar, finisher, type TestKindRunner } from '../test-context.js';

export const runProperty: TestKindRunner = async (test, context) => {
  const finish = finisher(test);
  const blocked = await blockedBy(test, context);
  if (blocked) return finish('error', { message: blocked });
  await context.session.isolate(test.group);
  const cases = context.assignment.property(test.property!).map((p): RunnableCase => {
    if ('interaction' in p) return harnessCase(test, context, p.id, p.interaction, p.check);
    let asked = 0;
    let refereed = 0;
    const own = new Map<string, OwnPart>();
    const notes = new Set<string>();
    const ask = (planned: Interaction, options?: { readonly referee?: boolean }) => {
      const ran = withStandIns(planned, context.options.standIns);
      for (const part of ran.left.own) own.set(part.name, part);
      for (const note of ran.left.notes) notes.add(note);
      return context.session.run(ran.interaction, caseSeed(context.options.seed, options?.referee ? `${p.id}#referee${refereed++}` : `${p.id}#${asked++}`), test.limits.callMs);
    };
    return { id: p.id, reproduce: p.reproduce, run: async () => withOwnParts({ own: [...own.values()], notes: [...notes] }, await p.drive(ask), failedSoFar(context)) };
  });
  return runAll(test, context, cases, finish);
};
