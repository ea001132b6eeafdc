/**
 * Games between computer players are played with players that cost little (the document's look-ahead in the
 * student's classes: ProgramPlan.fastPlayers), since their look-ahead has tests of its own. A game that goes wrong
 * with them is played once more with the student's own look-ahead: if it plays right, it is right.
 */
import type { Decision, RuleMeta } from './policy.js';

export const OWN_LOOKAHEAD: RuleMeta = {
  name: 'own-lookahead',
  rule: "a game that goes wrong only with the document's quick look-ahead in place passes",
  messages: {
    own: "{passed}, played with your own look-ahead: with the document's, which keeps the games short, {failed} of {of} went wrong (the first, {first}), through a difference nothing the document fixes",
  },
};

export const judgeOwnLookahead = (passed: string, failed: number, of: number, first: string): Decision => ({ status: 'pass', messageId: 'own', data: { passed, failed, of, first } });
