/**
 * What a check decides about one case: the status (a wrong answer, a crash and a hang are kept apart), a message in
 * the student's terms, and both sides rendered as text. Pure data; the grader assembles tests from these.
 */
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
}

export const pass = (note?: string): CaseVerdict => (note === undefined ? { status: 'pass', message: 'ok' } : { status: 'pass', message: 'ok', note });

export function fail(message: string, expected?: string, actual?: string): CaseVerdict {
  return { status: 'fail', message, ...(expected !== undefined && { expected }), ...(actual !== undefined && { actual }) };
}
