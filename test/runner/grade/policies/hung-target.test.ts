/**
 * hung-target: once a target has hung, the run waits a tenth as long on its other tests' calls (waits.ts), and a
 * timeout there says why the wait was shorter.
 */
import { describe, expect, it } from 'vitest';
import { hungTarget } from '../../../../runner/grade/policies/hung-target.js';
import { hungTargetLimits } from '../../../../runner/grade/waits.js';
import { DEFAULT_LIMITS } from '../../../../runner/model/limits.js';
import { hang, record, test, unit } from './ledgers.js';
import { ruleTester } from './rule-tester.js';

describe('hung-target', () => {
  it('waits a tenth as long on a target that already hung, two seconds at least, never longer than the limit', () => {
    expect(hungTargetLimits({ ...DEFAULT_LIMITS, callMs: 60_000, promptMs: 5_000, programMs: 500 })).toMatchObject({
      callMs: 6_000,
      promptMs: 2_000,
      programMs: 500,
      importMs: DEFAULT_LIMITS.importMs,
    });
  });
});

const t = test('f.random', { target: 'f' });
const hungBefore = { hungBefore: { test: 'f.document', waitMs: 2000 } };
const timedOut = { status: 'timeout' as const, message: 'f(1) did not finish within 2000 ms' };

ruleTester(hungTarget, {
  valid: [
    { name: 'a timeout on the whole limit', records: [record(t, [unit('c1', timedOut, { failure: hang })])], at: 'f.random' },
    {
      name: 'a wrong answer after the target hung elsewhere',
      records: [record(t, [unit('c1', { status: 'fail', message: 'wrong' })], hungBefore)],
      at: 'f.random',
    },
  ],
  invalid: [
    {
      name: 'a timeout on the shorter wait',
      records: [record(t, [unit('c1', timedOut, { failure: hang })], hungBefore)],
      at: 'f.random',
      expected: { notes: [{ messageId: 'shorter', data: { target: 'f', test: 'f.document', waitMs: 2000 } }] },
      text: 'f already hung in f.document, so this test waited 2000 ms on each call, a tenth of its limit',
    },
  ],
});
