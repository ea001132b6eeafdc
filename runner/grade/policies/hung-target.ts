/**
 * A target that hangs is charged by each test whose own calls hang. Once it has hung in one test, its other tests
 * still judge the calls that return, but the run waits a tenth as long on each (waits.ts, recorded as the test's
 * `hungBefore`): a timeout there is the test's own, and says the wait was shorter and why. (In the student's kit, a
 * test that would run on the student's own part whose own test hung is not run: decided-later.)
 */
import type { Rule } from './policy.js';

export const hungTarget: Rule<'test'> = {
  meta: {
    name: 'hung-target',
    rule: 'once a target has hung, its other tests wait a tenth as long on each call, and a timeout there says so',
    scope: 'test',
    messages: { shorter: '{target} already hung in {test}, so this test waited {waitMs} ms on each call, a tenth of its limit' },
  },
  judge: ({ record, test, composed }) =>
    record.hungBefore && composed.status === 'timeout'
      ? { notes: [{ messageId: 'shorter', data: { target: test.target, test: record.hungBefore.test, waitMs: record.hungBefore.waitMs } }] }
      : undefined,
};
