/**
 * Games between computer players are played with players that cost little (the document's look-ahead in the
 * student's classes: ProgramPlan.fastPlayers), since their look-ahead has tests of its own. A game that goes wrong
 * with them is played once more with the student's own look-ahead: if it plays right, it is right. A hang is not
 * played again: the time is better spent on the tests still to run.
 */
import { passedCount } from '../finish.js';
import type { Decision, Rule } from './policy.js';

export const judgeOwnLookahead = (passed: string, failed: number, of: number, first: string): Decision => ({
  status: 'pass',
  messageId: 'own',
  data: { passed, failed, of, first },
  ownPlayers: true,
});

export const ownLookahead: Rule<'test'> = {
  meta: {
    name: 'own-lookahead',
    rule: "a game that goes wrong only with the document's quick look-ahead in place passes",
    scope: 'test',
    messages: {
      own: "{passed}, played with your own look-ahead: with the document's, which keeps the games short, {failed} of {of} went wrong (the first, {first}), through a difference nothing the document fixes",
    },
  },
  judge: async (context) => {
    const { record, composed, test } = context;
    if ((composed.status !== 'fail' && composed.status !== 'error') || !record.players || !('quick' in record.players)) return undefined;
    const own = await context.replayed(await context.runs.programs(test, { fast: false }));
    return own.status === 'pass'
      ? judgeOwnLookahead(passedCount(record, own.ran), composed.failed, composed.ran, composed.first!)
      : undefined;
  },
};
