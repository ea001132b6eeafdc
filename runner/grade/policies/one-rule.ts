/**
 * A test that judges one rule (a board left alone, moves counted, a type, the abstraction barrier) judges the calls
 * that return: a call that crashes or never ends is the answer's to charge, by the value tests, so the case passes
 * here with a note. The rule's own exception (the barrier's) is this test's.
 */
import type { StepFailure } from '../../checks/observation.js';
import type { OneRule } from '../../plan/assignment.js';
import type { Decision, Rule } from './policy.js';

export function judgeOneRule(failure: StepFailure | undefined, rule: OneRule | undefined): Decision | undefined {
  if (!rule || !failure) return undefined;
  if (failure.kind === 'exception' && failure.exception.type !== rule.exception)
    return { status: 'pass', messageId: 'crash', data: { type: failure.exception.type, note: rule.note } };
  if (failure.kind === 'timeout') return { status: 'pass', messageId: 'hang', data: { limitMs: failure.limitMs }, hung: true };
  return undefined;
}

export const oneRule: Rule<'unit'> = {
  meta: {
    name: 'one-rule',
    rule: 'a crash or a hang in a test that judges one rule is passed: the value tests charge it',
    scope: 'unit',
    messages: {
      crash: '{type} was raised: {note}',
      hang: 'it did not finish within {limitMs} ms: this test judges one rule only, on the cases that return; the hang is graded by the tests of the answer',
    },
  },
  judge: (context) => judgeOneRule(context.unit.failure, context.oneRule(context.test)),
};
