/**
 * How long the run waits on a target that already hung, and on a rule's run of a case that hung. A loop costs each
 * later test of its target a short wait, not a whole limit: the run records the shorter wait (TestRecord.hungBefore),
 * and the hung-target rule says what it cost. Every test's verdict stays its own, whatever order the tests ran in.
 */
import type { Limits } from '../model/limits.js';
import type { UnitRecord } from './ledger.js';

/** The shortest wait a call, prompt or program of a target that already hung gets. */
export const HUNG_TARGET_MIN_MS = 2_000;

const shorter = (ms: number) => Math.min(ms, Math.max(HUNG_TARGET_MIN_MS, Math.round(ms / 10)));

/** A test's limits on a target that already hung: its calls, prompts and programs a tenth as long (2 s at least). */
export const hungTargetLimits = (limits: Limits): Limits => ({
  ...limits,
  callMs: shorter(limits.callMs),
  promptMs: shorter(limits.promptMs),
  programMs: shorter(limits.programMs),
});

/**
 * How long a run the rules make again of a failing unit waits on a call (the snippet's run on the student's own parts,
 * another reading of the case): the test's limit, but after a timeout the case is known to hang, so the shortest wait
 * a hung target's tests get. The snippet's line then says it does not finish in that time either, which is what the
 * student sees when pasting it, and a hang costs one short wait more, not a whole limit.
 */
export function rerunWaitMs(unit: UnitRecord, limits: Limits): number {
  return unit.failure?.kind === 'timeout' ? Math.min(limits.callMs, HUNG_TARGET_MIN_MS) : limits.callMs;
}
