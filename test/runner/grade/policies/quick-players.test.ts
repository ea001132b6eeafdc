/** quick-players: a game test says who played its games. */
import { quickPlayers } from '../../../../runner/grade/policies/quick-players.js';
import { record, session, test, wrong } from './ledgers.js';
import { ruleTester } from './rule-tester.js';

const game = test('games.ai', { kind: 'program', target: 'game', check: 'program-result' });
const good = { status: 'pass' as const, message: 'ok' };

ruleTester(quickPlayers, {
  valid: [
    { name: 'games with no players of the grader', records: [record(game, [session('g1', good, 'ok')])], at: 'games.ai' },
    {
      name: "the kit's own players, where the games passed",
      records: [record(game, [session('g1', good, 'ok')], { players: { own: 'your own players played' } })],
      at: 'games.ai',
    },
    {
      name: "games passed with the student's own look-ahead",
      records: [record(game, [session('g1', good, 'ok')], { players: { quick: 'quick players' } })],
      at: 'games.ai',
      composed: { status: 'pass', said: [], failed: 0, ran: 1, ownPlayers: true },
    },
  ],
  invalid: [
    {
      name: 'the quick players, pass or fail',
      records: [record(game, [session('g1', good, 'ok')], { players: { quick: 'played with the quick players' } })],
      at: 'games.ai',
      expected: { notes: [{ messageId: 'players', data: { note: 'played with the quick players' } }] },
    },
    {
      name: "the kit's own players, where a game failed",
      records: [record(game, [session('g1', wrong(), 'x')], { players: { own: 'your own players played' } })],
      at: 'games.ai',
      expected: { notes: [{ messageId: 'players', data: { note: 'your own players played' } }] },
    },
  ],
});
