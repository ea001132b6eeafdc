/**
 * A mistake no test grades (HMC's Board, the previous part's), shown by another reading of a failing case answering
 * right (a delMove that takes back exactly the last move), is charged once: by the test of highest precedence
 * (precedence.ts) among those it explains a failure of, which says why; the failures it explains elsewhere pass with
 * a note naming that test. A failure it does not explain stays the test's own.
 */
import type { Decision, RuleMeta } from './policy.js';

export const CHARGED_ONCE: RuleMeta = {
  name: 'charged-once',
  rule: 'a mistake no test grades, shown by another reading of the case, is charged by one test only',
  messages: {
    elsewhere: '{note}; {charger} charges it',
    here: '{why}',
  },
};

/** A mistake outside the tests (ChargedElsewhere.once): what it is, and what the charging test says. */
export interface OnceCause {
  readonly cause: string;
  readonly note: string;
  readonly why: string;
}

/** The decision on one failing unit the cause explains: charged here (the failure stands, saying why) or passed. */
export function judgeOnce(cause: OnceCause, charger: string, test: string): Decision {
  if (charger === test) return { status: 'fail', messageId: 'here', data: { why: cause.why }, after: true };
  return { status: 'pass', messageId: 'elsewhere', data: { note: cause.note, charger } };
}
