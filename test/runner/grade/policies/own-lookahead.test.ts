/** own-lookahead: a game that goes wrong only with the quick players in place is played with the student's own, and passes if it plays right. */
import { describe, expect, it } from 'vitest';
import { ownLookahead } from '../../../../runner/grade/policies/own-lookahead.js';
import { chargeLedger, record, runs, session, test, wrong } from './ledgers.js';
import { ruleTester } from './rule-tester.js';

const good = { status: 'pass' as const, message: 'ok' };
const bad = wrong('the game ended on a different board');
const game = test('games.ai', { kind: 'program', target: 'game', check: 'program-result' });
const quick = { players: { quick: 'quick players' } };

describe('own-lookahead', () => {
  it("passes games that go wrong only with the quick players, on the student's own", async () => {
    const table = runs({}, [session('g1', good, 'ok')]);
    const charged = await chargeLedger([record(game, [session('g1', bad, 'x')], { players: { quick: 'quick players' } })], { runs: table });
    expect(charged['games.ai']).toMatchObject({ status: 'pass', ownPlayers: true });
    expect(table.asked).toEqual(['programs games.ai own players']);
  });
});

ruleTester(ownLookahead, {
  valid: [
    {
      name: 'games the quick players did not play',
      records: [record(game, [session('g1', bad, 'x')])],
      at: 'games.ai',
      runs: runs({}, [session('g1', good, 'ok')]),
    },
    {
      name: 'games that still go wrong with their own players',
      records: [record(game, [session('g1', bad, 'x')], quick)],
      at: 'games.ai',
      runs: runs({}, [session('g1', bad, 'x')]),
    },
    {
      name: 'a game that hung',
      records: [record(game, [session('g1', { status: 'timeout', message: 'never ended' }, 'x')], quick)],
      at: 'games.ai',
      runs: runs({}, [session('g1', good, 'ok')]),
    },
  ],
  invalid: [
    {
      name: 'games that play right with their own look-ahead',
      records: [record(game, [session('g1', bad, 'x'), session('g2', good, 'ok')], quick)],
      at: 'games.ai',
      runs: runs({}, [session('g1', good, 'ok'), session('g2', good, 'ok')]),
      expected: {
        status: 'pass',
        messageId: 'own',
        data: { passed: '2 terminal sessions passed', failed: 1, of: 2, first: 'g1' },
        ownPlayers: true,
      },
    },
  ],
});
