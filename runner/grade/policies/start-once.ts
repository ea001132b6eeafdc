/**
 * A program the document gives whole (CS111's connect_four) that cannot start at all, every session of its charging
 * test failing before its first prompt, is charged by that test only (the assignment names it, AssignmentPlan
 * chargesStartOnce); the target's other program tests pass with a note.
 */
import type { ResolvedTest } from '../../model/spec-types.js';
import { isProgramTest } from '../ledger.js';
import { failed, type Decision, type RuleContext, type Rule } from './policy.js';

/** Whether a program test's sessions show the program cannot start: every session run ended before its first answer. */
export const cannotStart = (sessions: readonly { readonly answers: number; readonly answersSent: number }[]): boolean =>
  sessions.length > 0 && sessions.every((s) => s.answers > 0 && s.answersSent === 0);

export const judgeStartOnce = (target: string, charger: string, test: string): Decision | undefined =>
  charger !== test ? { status: 'pass', messageId: 'again', data: { target, charger } } : undefined;

/** The program tests of a target that ran, by precedence. */
export const programsOf = (context: Pick<RuleContext, 'spec' | 'ledger' | 'precedence'>, target: string): ResolvedTest[] =>
  context.precedence(
    context.spec.tests.filter(
      (t) => isProgramTest(t) && t.target === target && context.ledger.has(t.id) && !context.ledger.get(t.id)!.notRun,
    ),
  );

export const startOnce: Rule<'test'> = {
  meta: {
    name: 'start-once',
    rule: 'a given program that cannot start is charged by one test',
    scope: 'test',
    messages: { again: 'not charged again: {target} could not start, which {charger} charges' },
  },
  judge: async (context) => {
    const { test, composed } = context;
    if (!isProgramTest(test) || !failed(composed.status) || !context.plan.chargesStartOnce?.includes(test.target)) return undefined;
    const first = programsOf(context, test.target)[0];
    const firstRecord = first && context.ledger.get(first.id)!;
    const stuck =
      firstRecord &&
      cannotStart(firstRecord.units.map((u) => ({ answers: u.typed?.length ?? 0, answersSent: u.program?.answersSent ?? 0 })));
    if (!first || !stuck || first.id === test.id || !failed(await context.status(first.id))) return undefined;
    return judgeStartOnce(test.target, first.id, test.id);
  },
};
