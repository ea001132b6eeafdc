/**
 * A program the document gives whole (CS111's connect_four) that cannot start at all, every session of its charging
 * test failing before its first prompt, is charged by that test only (the assignment names it, AssignmentPlan
 * chargesStartOnce); the target's other program tests pass with a note.
 */
import type { Decision, RuleMeta } from './policy.js';

export const START_ONCE: RuleMeta = {
  name: 'start-once',
  rule: 'a given program that cannot start is charged by one test',
  messages: { again: 'not charged again: {target} could not start, which {charger} charges' },
};

/** Whether a program test's sessions show the program cannot start: every session run ended before its first answer. */
export const cannotStart = (sessions: readonly { readonly answers: number; readonly answersSent: number }[]): boolean =>
  sessions.length > 0 && sessions.every((s) => s.answers > 0 && s.answersSent === 0);

export const judgeStartOnce = (target: string, charger: string, test: string): Decision | undefined =>
  charger !== test ? { status: 'pass', messageId: 'again', data: { target, charger } } : undefined;
