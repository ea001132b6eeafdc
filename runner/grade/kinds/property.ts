/**
 * A property of the submission that no one fixture case shows (independent rows, a random spread, a game against a
 * baseline): fixed steps with a check of what they saw, or a case driven reply by reply.
 */
import { withStandIns, type OwnPart } from '../../plan/interaction.js';
import type { Ask, PlayParts } from '../../plan/property.js';
import { blockedBy } from '../blocked.js';
import { harnessCase, runAll, withOwnParts, type RunnableCase } from '../run-cases.js';
import { playParts, type Lane } from '../play-parts.js';
import type { SubmissionSession } from '../submission-session.js';
import { caseSeed, failedSoFar, finisher, playsSideBySide, type TestKindRunner } from '../test-context.js';

export const runProperty: TestKindRunner = async (test, context) => {
  const finish = finisher(test);
  const blocked = await blockedBy(test, context);
  if (blocked) return finish('error', { message: blocked }, undefined, false);
  await context.session.isolate(test.group);
  const cases = context.assignment.property(test.property!).map((p): RunnableCase => {
    if ('interaction' in p) return harnessCase(test, context, p.id, p.interaction, p.check);
    const own = new Map<string, OwnPart>();
    const notes = new Set<string>();
    // Each way to ask draws its seeds from its own prefix: the case's, or a part's (its games played in any order).
    const askOn = (session: SubmissionSession, prefix: string): Ask => {
      let asked = 0;
      let refereed = 0;
      return (planned, options) => {
        const ran = withStandIns(planned, context.options.standIns);
        for (const part of ran.left.own) own.set(part.name, part);
        for (const note of ran.left.notes) notes.add(note);
        return session.run(ran.interaction, caseSeed(context.options.seed, options?.referee ? `${prefix}#referee${refereed++}` : `${prefix}#${asked++}`), test.limits.callMs);
      };
    };
    const lane = (session: SubmissionSession): Lane => ({ fresh: () => session.isolate(test.group), ask: (index) => askOn(session, `${p.id}/${index}`) });
    const beside = (session: SubmissionSession): Lane => ({ ...lane(session), ready: async () => !('error' in (await session.ready())) });
    const play: PlayParts = (parts, wanted) => playParts(parts, wanted, playsSideBySide(context) ? [lane(context.session), beside(context.session.beside())] : [lane(context.session)]);
    return { id: p.id, reproduce: p.reproduce, run: async () => withOwnParts({ own: [...own.values()], notes: [...notes] }, await p.drive(askOn(context.session, p.id), play), failedSoFar(context)) };
  });
  return runAll(test, context, cases, finish);
};
