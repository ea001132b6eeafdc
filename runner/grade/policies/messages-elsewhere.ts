/**
 * What a program's messages say (whose turn, who won) is graded by one test (CS111's process_move.messages). Once that
 * test has failed, a game's session is judged on its boards, its dialogue and how it ended, and a message that says
 * the wrong thing passes with a note naming that test: the check is made again on the recorded transcript with the
 * messages set aside.
 */
import type { RuleMeta } from './policy.js';

export const MESSAGES_ELSEWHERE: RuleMeta = {
  name: 'messages-elsewhere',
  rule: 'once the messages test has failed, a game is judged with what its messages say set aside',
  messages: {},
};

/** The test said to charge the messages, when it has failed: the session is judged again with that test named. */
export const messagesChargedBy = (gradedBy: string | undefined, failed: (id: string) => boolean): string | undefined =>
  gradedBy !== undefined && failed(gradedBy) ? gradedBy : undefined;
