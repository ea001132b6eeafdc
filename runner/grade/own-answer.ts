/**
 * What the snippet under a failure gives when the student pastes it. The grader ran the case with the document's
 * versions of the parts around the one it grades (its Board under a look-ahead, say), so a bug there costs only their
 * own tests; the snippet runs on the student's own. Where those differ, the page says so and shows what the snippet
 * gives: the case is run once more on the student's own parts, and the answer there is added to the failure.
 */
import type { CaseVerdict } from '../checks/verdict.js';
import { joinNames } from '../checks/text.js';
import { withStandIns } from '../plan/interaction.js';
import type { Limits } from '../model/limits.js';
import type { UnitRecord } from './ledger.js';
import { HUNG_TARGET_MIN_MS } from './policies/hung-target.js';

/** The parts a unit ran with the document's versions of, that the snippet runs with the student's own. */
export function standInParts(unit: UnitRecord | undefined): string[] {
  return unit?.planned ? withStandIns(unit.planned, 'own').left.own.map((p) => p.name) : [];
}

/**
 * How long a run the rules make again of a failing unit waits on a call (the snippet's run on the student's own parts,
 * another reading of the case): the test's limit, but after a timeout the case is known to hang, so the shortest wait
 * a hung target's tests get (hung-target). The snippet's line then says it does not finish in that time either, which
 * is what the student sees when pasting it, and a hang costs one short wait more, not a whole limit.
 */
export function rerunWaitMs(unit: UnitRecord, limits: Limits): number {
  return unit.failure?.kind === 'timeout' ? Math.min(limits.callMs, HUNG_TARGET_MIN_MS) : limits.callMs;
}

/** The line that says how the page's answer was made and what the snippet gives on the student's own parts. */
export function ownAnswerLine(parts: readonly string[], shown: CaseVerdict, own: UnitRecord): string {
  const names = joinNames(parts);
  const exception = own.failure?.kind === 'exception' ? own.failure.exception : undefined;
  const gives = exception ? `raises ${exception.type}${exception.message ? `: ${exception.message}` : ''}`
    : own.failure?.kind === 'timeout' ? `does not finish within ${own.failure.limitMs} ms${shown.status === 'timeout' ? ' either' : ''}`
    : own.raw.status === 'pass' ? 'gives the expected answer'
    : own.raw.actual !== undefined && own.raw.actual === shown.actual ? 'gives the same answer'
    : own.raw.actual !== undefined ? `gives ${own.raw.actual}` : 'fails too';
  return `This case ran with the document's ${names}, so a mistake in yours costs only their own tests; the snippet below runs with your own ${names}, and there it ${gives}.`;
}
