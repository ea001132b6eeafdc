/**
 * kit-blame: in the kit, a failure that ran on the student's own other parts names those whose own tests fail, and
 * blames the tested part only when each was judged, passes, has nothing graded later, and is not it.
 */
import { describe, expect, it } from 'vitest';
import { blameOf, kitBlame } from '../../../../runner/grade/policies/kit-blame.js';
import { targetOfPart, testOfPart } from '../../../../runner/plan/interaction.js';
import { chargeLedger, record, test, unit, wrong } from './ledgers.js';
import { ruleTester, wordsOf } from './rule-tester.js';

describe('kit-blame', () => {
  const board = { name: 'Board', tests: 'board.' };
  const facts = (failing: readonly string[], ran: boolean, later = false) => ({
    failing: () => failing,
    ran: () => ran,
    later: () => later,
  });
  const text = (said: ReturnType<typeof blameOf>) => (said ? wordsOf(kitBlame, { notes: [said] })[0] : undefined);
  it("names the student's own parts whose tests fail, and blames the tested part only when those pass and are not it", () => {
    expect(text(blameOf([board], 'AIPlayer.scores_for', facts(['board.add'], true)))).toContain(
      'your own Board, whose own tests fail (board.add)',
    );
    expect(text(blameOf([board], 'AIPlayer.scores_for', facts([], true)))).toContain('most likely in AIPlayer.scores_for');
    expect(blameOf([board], 'Board', facts([], true))).toBeUndefined();
    expect(blameOf([board], 'AIPlayer.scores_for', facts([], false))).toBeUndefined();
    expect(blameOf([], 'f', facts([], true))).toBeUndefined();
  });
  it('does not blame the tested part where a part it ran on has tests graded after the student submits: it names both', () => {
    const player = { name: 'Player', tests: 'player.' };
    const note = text(blameOf([board, player], 'process_move', { failing: () => [], ran: () => true, later: (p) => p.name === 'Player' }));
    expect(note).toBe(
      "Here it ran with your own Board and Player, where the grader uses the document's; they pass their visible tests, but more tests of Player are graded after you submit, so this failure may be in process_move or in Player.",
    );
  });
  it("counts a test named by the part's prefix itself as the part's (HMC's player.oppCh for the part player.oppCh.)", () => {
    const oppCh = { name: 'oppCh', tests: 'player.oppCh.' };
    expect([testOfPart('player.oppCh', oppCh), testOfPart('player.oppCh.document', oppCh), testOfPart('player.oppChX', oppCh)]).toEqual([
      true,
      true,
      false,
    ]);
    expect([targetOfPart('Player.oppCh', oppCh), targetOfPart('oppCh', oppCh), targetOfPart('Player.scoresFor', oppCh)]).toEqual([
      true,
      true,
      false,
    ]);
  });
  it("in a charge: counts a part's own test, whose id is its prefix without the dot (player.oppCh for player.oppCh.)", async () => {
    const oppCh = test('player.oppCh', { target: 'Player.oppCh', visibility: 'visible' });
    const scores = test('player.scoresFor.document', { target: 'Player.scoresFor', visibility: 'visible' });
    const own = { own: [{ name: 'oppCh', tests: 'player.oppCh.' }], notes: [] };
    const charged = await chargeLedger([record(oppCh, [unit('o', wrong())]), record(scores, [unit('s', wrong(), { own })])], {
      standIns: 'own',
    });
    expect(charged['player.scoresFor.document']!.message).toContain('Here it ran with your own oppCh, whose own tests fail (player.oppCh)');
  });
});

const boardAdd = test('board.add', { target: 'Board.add_checker', visibility: 'visible' });
const scoresFor = test('aiplayer.scores_for', { target: 'AIPlayer.scores_for', visibility: 'visible' });
const onOwn = (board: 'pass' | 'fail', notes: readonly string[] = []) => [
  record(boardAdd, [unit('b', board === 'pass' ? { status: 'pass', message: 'ok' } : wrong())]),
  record(scoresFor, [unit('s', wrong(), { own: { own: [{ name: 'Board', tests: 'board.' }], notes } })]),
];

ruleTester(kitBlame, {
  valid: [
    {
      name: "a unit the grader ran on the document's parts",
      records: [record(scoresFor, [unit('s', wrong())])],
      at: 'aiplayer.scores_for',
      standIns: 'own',
    },
    {
      name: 'a part with no test of its own run here',
      records: [record(scoresFor, [unit('s', wrong(), { own: { own: [{ name: 'Board', tests: 'board.' }], notes: [] } })])],
      at: 'aiplayer.scores_for',
      standIns: 'own',
    },
  ],
  invalid: [
    {
      name: 'a part whose own test fails',
      records: onOwn('fail'),
      at: 'aiplayer.scores_for',
      standIns: 'own',
      expected: { notes: [{ messageId: 'parts', data: { names: 'Board', tests: 'board.add', those: 'that' } }] },
    },
    {
      name: 'parts that pass their tests',
      records: onOwn('pass'),
      at: 'aiplayer.scores_for',
      standIns: 'own',
      expected: { notes: [{ messageId: 'here', data: { names: 'Board', target: 'AIPlayer.scores_for' } }] },
    },
    {
      name: 'a part with tests graded later',
      records: onOwn('pass'),
      at: 'aiplayer.scores_for',
      standIns: 'own',
      laterTargets: ['Board.is_win_for'],
      expected: { notes: [{ messageId: 'later', data: { names: 'Board', untested: 'Board', target: 'AIPlayer.scores_for' } }] },
    },
    {
      name: "a stand-in's own note",
      records: onOwn('pass', ['your Board is used as it is']),
      at: 'aiplayer.scores_for',
      standIns: 'own',
      expected: { notes: [{ messageId: 'here' }, { messageId: 'standIn', data: { note: 'your Board is used as it is' } }] },
    },
  ],
});
