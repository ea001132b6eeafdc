/**
 * own-parts: a one-rule test that fails with the document's versions of the other parts is run on the student's own,
 * and passes where the rule holds there.
 */
import { describe, expect, it } from 'vitest';
import { asksOwnParts, judgeOwnParts, ownParts } from '../../../../runner/grade/policies/own-parts.js';
import type { Interaction } from '../../../../runner/plan/interaction.js';
import { pass, plan, record, runs, test, unit, wrong } from './ledgers.js';
import { ruleTester } from './rule-tester.js';

describe('own-parts', () => {
  it("asks only for a one-rule test graded with the document's parts, and passes only what holds on the student's own", () => {
    expect(asksOwnParts(true, 'document', ['scores_for'])).toBe(true);
    expect(asksOwnParts(true, 'own', ['scores_for'])).toBe(false);
    expect(asksOwnParts(false, 'document', ['scores_for'])).toBe(false);
    expect(judgeOwnParts(true, 'scores_for')).toMatchObject({ status: 'pass', data: { parts: 'scores_for' } });
    expect(judgeOwnParts(false, 'scores_for')).toBeUndefined();
  });
});

/** An interaction whose Board is the document's stand-in for the student's own. */
const withBoard = {
  steps: [{ request: { op: 'replace' }, python: '', only: 'document', parts: [{ name: 'Board', tests: 'board.' }] }],
} as unknown as Interaction;
const counts = test('next_move.counts-moves', { check: 'num-moves' });
const judges = plan({ judgesOnly: (c) => (c === 'num-moves' ? { note: 'one rule' } : undefined) });
const failing = (extra = {}) => [
  record(counts, [unit('c1', wrong('counted 0 moves'), { planned: withBoard, check: () => pass, ...extra })]),
];

ruleTester(ownParts, {
  valid: [
    {
      name: 'the rule does not hold on their own parts either',
      records: failing(),
      at: 'next_move.counts-moves',
      plan: judges,
      runs: runs({ 'c1#own': wrong() }),
    },
    { name: 'a test of the value', records: failing(), at: 'next_move.counts-moves', runs: runs({ 'c1#own': pass }) },
    {
      name: "the kit, which already runs on the student's own",
      records: failing(),
      at: 'next_move.counts-moves',
      plan: judges,
      standIns: 'own',
      runs: runs({ 'c1#own': pass }),
    },
  ],
  invalid: [
    {
      name: 'the rule holds on their own parts',
      records: failing(),
      at: 'next_move.counts-moves',
      plan: judges,
      runs: runs({ 'c1#own': pass }),
      expected: { status: 'pass', messageId: 'holds', data: { parts: 'Board' } },
    },
  ],
});
