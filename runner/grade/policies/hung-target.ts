/**
 * A target that hangs is charged by each test whose own calls hang. Once it has hung in one test, its other tests
 * still judge the calls that return, but wait a tenth as long on each (two seconds at least): a loop costs each of
 * them a short wait, not a whole limit, and every test's verdict is its own, whatever order the tests ran in. (In the
 * student's kit, a test that would run on the student's own part whose own test hung is not run: decided-later.)
 */
import type { Limits } from '../../model/limits.js';
import type { RuleMeta } from './policy.js';

export const HUNG_TARGET: RuleMeta = {
  name: 'hung-target',
  rule: 'once a target has hung, its other tests wait a tenth as long on each call',
  messages: { shorter: '{target} already hung in {test}, so this test waited {waitMs} ms on each call, a tenth of its limit' },
};

/** The shortest wait a call, prompt or program of a target that already hung gets. */
export const HUNG_TARGET_MIN_MS = 2_000;

const shorter = (ms: number) => Math.min(ms, Math.max(HUNG_TARGET_MIN_MS, Math.round(ms / 10)));

/** A test's limits on a target that already hung: its calls, prompts and programs a tenth as long (2 s at least). */
export const hungTargetLimits = (limits: Limits): Limits => ({ ...limits, callMs: shorter(limits.callMs), promptMs: shorter(limits.promptMs), programMs: shorter(limits.programMs) });
