/**
 * What a check decides about one case: the status (a wrong answer, a crash and a hang are kept apart), a message in
 * the student's terms, and both sides rendered as text. Pure data; the grader assembles tests from these.
 */
import type { Words } from '../model/results.js';

export type CaseStatus = 'pass' | 'fail' | 'error' | 'timeout';

export interface CaseVerdict {
  readonly status: CaseStatus;
  readonly message: string;
  readonly expected?: string;
  readonly actual?: string;
  /** Set when the answer passed only under a reading the document leaves open. */
  readonly note?: string;
  /**
   * A failure of a run the grader stopped at a limit: it never ended, printed past the output cap, or filled its
   * memory until the process died. The test's other runs are not made, as one decides the verdict and the next would
   * likely cost the limit again.
   */
  readonly stoppedAt?: 'time' | 'output' | 'memory';
  /** A pass given to a call that never ended, in a test that judges one rule on the calls that return. */
  readonly hung?: true;
  /**
   * The student's own version of this part was the opponent the verdict was played against (the kit's, where the
   * grader plays the document's): a pass then says nothing of the grader's games (policies/decided-later.ts).
   */
  readonly ownOpponent?: string;
  /** The line of the student's file the failure's traceback ends in, where the check saw one (an import's exception). */
  readonly place?: { readonly file: string; readonly line: number };
  /** The rules' words that follow the check's message (a charge that says why it is charged here, where the kit ran). */
  readonly after?: readonly Words[];
}

export const pass = (note?: string): CaseVerdict =>
  note === undefined ? { status: 'pass', message: 'ok' } : { status: 'pass', message: 'ok', note };

export function fail(message: string, expected?: string, actual?: string): CaseVerdict {
  return { status: 'fail', message, ...(expected !== undefined && { expected }), ...(actual !== undefined && { actual }) };
}

/**
 * A verdict with one sentence more in the check's words, after its message (the message stays as the check made it;
 * the sentence is data beside it, and follows it where the verdict is shown).
 */
export const withSentence = (verdict: CaseVerdict, id: string, text: string): CaseVerdict => ({
  ...verdict,
  after: [...(verdict.after ?? []), { by: 'check', id, text }],
});

/** A verdict's words as one text, where a verdict is shown alone (a smaller board's): its message, then its sentences. */
export const verdictText = (verdict: CaseVerdict): string => [verdict.message, ...(verdict.after ?? []).map((w) => w.text)].join('\n');
