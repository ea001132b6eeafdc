/**
 * Who played a test's games is said beside its verdict: the quick players (the document's look-ahead, which keeps the
 * games short) wherever they played and the student's own did not take over (own-lookahead), or, in the kit, the
 * student's own players where a game failed with them (the grader plays the document's).
 */
import type { Rule } from './policy.js';

export const quickPlayers: Rule<'test'> = {
  meta: {
    name: 'quick-players',
    rule: "a game test says who played its games: the quick players, or in the kit the student's own where a game failed",
    scope: 'test',
    messages: { players: '{note}' },
  },
  judge: ({ record, composed }) => {
    const players = record.players;
    if (!players) return undefined;
    if ('quick' in players) return composed.ownPlayers ? undefined : { notes: [{ messageId: 'players', data: { note: players.quick } }] };
    return composed.status === 'pass' ? undefined : { notes: [{ messageId: 'players', data: { note: players.own } }] };
  },
};
