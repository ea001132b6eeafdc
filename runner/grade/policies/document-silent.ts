/**
 * Where the document is silent (a look-ahead whose move fills the board, both players with four), no points ride on
 * the answer: a case the fixtures mark open passes whatever the call does, a crash included, with a note.
 */
import type { StepFailure } from '../../checks/observation.js';
import type { Decision, Rule } from './policy.js';

export function judgeDocumentSilent(failure: StepFailure | undefined, open: string | undefined): Decision | undefined {
  if (open === undefined || failure?.kind !== 'exception') return undefined;
  return { status: 'pass', messageId: 'crash', data: { reason: open, type: failure.exception.type } };
}

export const documentSilent: Rule<'unit'> = {
  meta: {
    name: 'document-silent',
    rule: 'a crash on a case the document leaves open is not scored',
    scope: 'unit',
    messages: { crash: 'not scored, as the document is silent here ({reason}): it raised {type}' },
  },
  judge: ({ unit }) => judgeDocumentSilent(unit.failure, unit.testCase?.lenient?.open ? unit.testCase.lenient.reason : undefined),
};
