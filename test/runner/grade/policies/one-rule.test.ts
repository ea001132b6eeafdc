/** one-rule: a crash or a hang in a test that judges one rule passes; the rule's own exception and a wrong answer do not. */
import { describe, expect, it } from 'vitest';
import { judgeOneRule } from '../../../../runner/grade/policies/one-rule.js';
import { chargeLedger, crash, hang, plan, record, test, unit, wrong } from './ledgers.js';
import { oneRule } from '../../../../runner/grade/policies/one-rule.js';
import { ruleTester } from './rule-tester.js';

const rule = { note: 'this test judges one rule only' };

describe('one-rule', () => {
  it("passes a crash other than the rule's own, and a hang marked as one", () => {
    expect(judgeOneRule(crash('IndexError'), rule)).toMatchObject({ status: 'pass', messageId: 'crash' });
    expect(judgeOneRule(hang, rule)).toMatchObject({ status: 'pass', messageId: 'hang', hung: true });
  });

  it("leaves the rule's own exception, a dead process and a test of the answer alone", () => {
    expect(judgeOneRule(crash('AbstractionBarrierError'), { ...rule, exception: 'AbstractionBarrierError' })).toBeUndefined();
    expect(judgeOneRule({ kind: 'crashed', step: 'f()', detail: 'killed' }, rule)).toBeUndefined();
    expect(judgeOneRule(crash(), undefined)).toBeUndefined();
  });

  it('in a charge: the crash passes with the note, a wrong answer stays charged', async () => {
    const t = test('f.restores', { check: 'restored' });
    const charged = await chargeLedger(
      [record(t, [unit('a', { status: 'error', message: 'raised' }, { failure: crash() }), unit('b', wrong('the board changed'))])],
      { plan: plan({ judgesOnly: (c) => (c === 'restored' ? rule : undefined) }) },
    );
    expect(charged['f.restores']).toMatchObject({ status: 'fail', first: 'b' });
    expect(charged['f.restores']!.units[0]!.verdict).toMatchObject({
      status: 'pass',
      note: 'IndexError was raised: this test judges one rule only',
    });
  });
});

const judges = plan({
  judgesOnly: (c) => (c === 'restored' ? { note: 'this test judges one rule only', exception: 'AbstractionBarrierError' } : undefined),
});
const oneRuleTest = test('f.restores', { check: 'restored' });
const failing = (failure: Parameters<typeof unit>[2]) => [
  record(oneRuleTest, [unit('a', { status: 'error', message: 'raised' }, failure)]),
];

ruleTester(oneRule, {
  valid: [
    {
      name: 'a test of the answer',
      records: [record(test('f.value'), [unit('a', { status: 'error', message: 'raised' }, { failure: crash() })])],
      at: 'f.value',
      plan: judges,
    },
    { name: "the rule's own exception", records: failing({ failure: crash('AbstractionBarrierError') }), at: 'f.restores', plan: judges },
    { name: 'a wrong answer', records: failing({}), at: 'f.restores', plan: judges },
    {
      name: 'a dead process',
      records: failing({ failure: { kind: 'crashed', step: 'f()', detail: 'killed' } }),
      at: 'f.restores',
      plan: judges,
    },
  ],
  invalid: [
    {
      name: 'another crash',
      records: failing({ failure: crash('IndexError') }),
      at: 'f.restores',
      plan: judges,
      expected: { status: 'pass', messageId: 'crash', data: { type: 'IndexError', note: 'this test judges one rule only' } },
      text: 'IndexError was raised: this test judges one rule only',
    },
    {
      name: 'a hang',
      records: failing({ failure: hang }),
      at: 'f.restores',
      plan: judges,
      expected: { status: 'pass', messageId: 'hang', data: { limitMs: 5000 }, hung: true },
    },
  ],
});
