/** precedence, hung-target, own-parts and kit-blame: the small rules, each on hand-written facts. */
import { describe, expect, it } from 'vitest';
import { hungTargetLimits } from '../../../../runner/grade/policies/hung-target.js';
import { DECIDED_LATER, judgeDecidedLater } from '../../../../runner/grade/policies/decided-later.js';
import { kitBlame, targetOfPart, testOfPart } from '../../../../runner/grade/policies/kit-blame.js';
import { say } from '../../../../runner/grade/policies/policy.js';
import { asksOwnParts, judgeOwnParts } from '../../../../runner/grade/policies/own-parts.js';
import { byPrecedence } from '../../../../runner/grade/policies/precedence.js';
import { DEFAULT_LIMITS } from '../../../../runner/model/limits.js';
import { fixtureCase, test } from './ledgers.js';

describe('precedence', () => {
  it('orders by the assignment\'s own list, then visible, the document\'s examples, the answer before one rule, then id; never by the order given', () => {
    const tests = [
      test('z.hidden'),
      test('y.one-rule', { visibility: 'visible', check: 'rule', fixtureCases: [fixtureCase('d', 'document')] }),
      test('x.generated', { visibility: 'visible' }),
      test('w.document', { visibility: 'visible', fixtureCases: [fixtureCase('d', 'document')] }),
      test('v.named'),
    ];
    const facts = { chargesFirst: ['v.named'], judgesOneRule: (t: (typeof tests)[number]) => t.check === 'rule' };
    const expected = ['v.named', 'w.document', 'y.one-rule', 'x.generated', 'z.hidden'];
    expect(byPrecedence(tests, facts).map((t) => t.id)).toEqual(expected);
    expect(byPrecedence([...tests].reverse(), facts).map((t) => t.id)).toEqual(expected);
  });
});

describe('hung-target', () => {
  it('waits a tenth as long on a target that already hung, two seconds at least, never longer than the limit', () => {
    expect(hungTargetLimits({ ...DEFAULT_LIMITS, callMs: 60_000, promptMs: 5_000, programMs: 500 })).toMatchObject({ callMs: 6_000, promptMs: 2_000, programMs: 500, importMs: DEFAULT_LIMITS.importMs });
  });
});

describe('own-parts', () => {
  it('asks only for a one-rule test graded with the document\'s parts, and passes only what holds on the student\'s own', () => {
    expect(asksOwnParts(true, 'document', ['scores_for'])).toBe(true);
    expect(asksOwnParts(true, 'own', ['scores_for'])).toBe(false);
    expect(asksOwnParts(false, 'document', ['scores_for'])).toBe(false);
    expect(judgeOwnParts(true, 'scores_for')).toMatchObject({ status: 'pass', data: { parts: 'scores_for' } });
    expect(judgeOwnParts(false, 'scores_for')).toBeUndefined();
  });
});

describe('decided-later', () => {
  const facts = { standIns: 'own' as const, passed: true, opponents: ['suggestMove1'], saw: ['won 2, drew 0, lost 0'], ran: 1 };
  it("leaves to the grader a pass the kit played against the student's own opponent, saying what it saw", () => {
    expect(judgeDecidedLater(facts)).toEqual({ messageId: 'opponent', data: { opponent: 'suggestMove1', saw: 'won 2, drew 0, lost 0' } });
    expect(say(DECIDED_LATER, judgeDecidedLater(facts)!)).toMatch(/^Decided after you submit: here the opponent was your own suggestMove1, where the grader plays the document's/u);
  });
  it("keeps a failure, the grader's verdicts, and a pass against an opponent of the kit's own", () => {
    expect(judgeDecidedLater({ ...facts, passed: false })).toBeUndefined();
    expect(judgeDecidedLater({ ...facts, standIns: 'document' })).toBeUndefined();
    expect(judgeDecidedLater({ ...facts, opponents: [] })).toBeUndefined();
  });
});

describe('kit-blame', () => {
  const board = { name: 'Board', tests: 'board.' };
  const facts = (failing: readonly string[], ran: boolean, later = false) => ({ failing: () => failing, ran: () => ran, later: () => later });
  it('names the student\'s own parts whose tests fail, and blames the tested part only when those pass and are not it', () => {
    expect(kitBlame([board], 'AIPlayer.scores_for', facts(['board.add'], true))).toContain('your own Board, whose own tests fail (board.add)');
    expect(kitBlame([board], 'AIPlayer.scores_for', facts([], true))).toContain('most likely in AIPlayer.scores_for');
    expect(kitBlame([board], 'Board', facts([], true))).toBeUndefined();
    expect(kitBlame([board], 'AIPlayer.scores_for', facts([], false))).toBeUndefined();
    expect(kitBlame([], 'f', facts([], true))).toBeUndefined();
  });
  it('does not blame the tested part where a part it ran on has tests graded after the student submits: it names both', () => {
    const player = { name: 'Player', tests: 'player.' };
    const note = kitBlame([board, player], 'process_move', { failing: () => [], ran: () => true, later: (p) => p.name === 'Player' });
    expect(note).toBe("Here it ran with your own Board and Player, where the grader uses the document's; they pass their visible tests, but more tests of Player are graded after you submit, so this failure may be in process_move or in Player.");
    expect(note).not.toContain('most likely');
  });
  it('counts a test named by the part\'s prefix itself as the part\'s (HMC\'s player.oppCh for the part player.oppCh.)', () => {
    const oppCh = { name: 'oppCh', tests: 'player.oppCh.' };
    expect([testOfPart('player.oppCh', oppCh), testOfPart('player.oppCh.document', oppCh), testOfPart('player.oppChX', oppCh)]).toEqual([true, true, false]);
    expect([targetOfPart('Player.oppCh', oppCh), targetOfPart('oppCh', oppCh), targetOfPart('Player.scoresFor', oppCh)]).toEqual([true, true, false]);
  });
});

describe('kit-blame in a charge', () => {
  it("counts a part's own test, whose id is its prefix without the dot (player.oppCh for player.oppCh.)", async () => {
    const { chargeLedger, record, test: makeTest, unit, wrong } = await import('./ledgers.js');
    const oppCh = makeTest('player.oppCh', { target: 'Player.oppCh', visibility: 'visible' });
    const scores = makeTest('player.scoresFor.document', { target: 'Player.scoresFor', visibility: 'visible' });
    const own = { own: [{ name: 'oppCh', tests: 'player.oppCh.' }], notes: [] };
    const charged = await chargeLedger([record(oppCh, [unit('o', wrong())]), record(scores, [unit('s', wrong(), { own })])], { standIns: 'own' });
    expect(charged['player.scoresFor.document']!.message).toContain('Here it ran with your own oppCh, whose own tests fail (player.oppCh)');
  });
});
