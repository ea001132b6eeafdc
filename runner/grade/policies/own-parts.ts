/**
 * A one-rule test that fails with the document's versions of the parts around the one it judges is run once more on
 * the student's own: where the rule holds there, it holds in their code as a whole (a move counted inside their own
 * scores_for, which the document's does not do), and the case passes with a note.
 */
import { joinNames } from '../../checks/text.js';
import { withStandIns } from '../../plan/interaction.js';
import type { Decision, Rule } from './policy.js';

/** Whether to ask: a failing case of a one-rule test, graded with the document's parts, that left some of the student's out. */
export const asksOwnParts = (oneRule: boolean, standIns: 'document' | 'own', replaced: readonly string[]): boolean =>
  oneRule && standIns === 'document' && replaced.length > 0;

export function judgeOwnParts(passedOnOwn: boolean, parts: string): Decision | undefined {
  return passedOnOwn ? { status: 'pass', messageId: 'holds', data: { parts } } : undefined;
}

export const ownParts: Rule<'unit'> = {
  meta: {
    name: 'own-parts',
    rule: "a one-rule test that fails with the document's other parts and holds with the student's own passes",
    scope: 'unit',
    messages: {
      holds: "with the document's {parts} this does not hold, but with your own {parts} it does: the rule is kept by your code as a whole",
    },
  },
  judge: async (context) => {
    const { unit, test } = context;
    if (!unit.planned || !unit.check || !context.oneRule(test)) return undefined;
    const parts = withStandIns(unit.planned, 'own').left.own.map((p) => p.name);
    if (!asksOwnParts(true, context.standIns, parts)) return undefined;
    const own = await context.runs.harness(test, `${unit.id}#own`, unit.planned, unit.check, 'own');
    return judgeOwnParts(own.raw.status === 'pass', joinNames(parts));
  },
};
