/**
 * A failure another test charges is passed here with a note, but only on a fact that shows it: the crash's own frames
 * name another test's helper and that test did not pass (CS111's is_win_for directions), the other reading of the
 * case answers right and the test said to charge it fails its case too (a four missed alone on a board, a board read
 * as columns), or the test whose mistake it is has failed (HMC's tie-break, Manchester's round trip). A mistake no
 * test grades (HMC's own Board) is left to charged-once.
 */
import type { StepFailure } from '../../checks/observation.js';
import type { ChargedElsewhere, Excuse } from '../../plan/assignment.js';
import type { FixtureCase } from '../../model/fixture-types.js';
import type { ResolvedTest } from '../../model/spec-types.js';
import { rerunWaitMs } from '../waits.js';
import { failed, type Decision, type Rule, type Status, type UnitContext } from './policy.js';

/** A run a rule asks for: one case with a check's judgement, from a fresh namespace. */
export interface CaseAsk {
  readonly key: string;
  /** The test whose check judges the answer (the test at hand, or the one said to charge it). */
  readonly test: ResolvedTest;
  readonly testCase: FixtureCase;
}

/** What an asked run answered: passed or not, and whether it crashed. */
export interface Answer {
  readonly passed: boolean;
}

export interface ElsewhereFacts {
  readonly test: ResolvedTest;
  readonly testCase: FixtureCase;
  readonly failure: StepFailure | undefined;
  readonly excuse: Excuse | undefined;
  readonly places: readonly ChargedElsewhere[];
  /** Whether a test did not pass (failed, or did not run where it could not be judged), by id. */
  readonly notPassed: (id: string) => boolean;
  readonly failed: (id: string) => boolean;
  /** The tests that run here (a test not run charges nothing: `grade check` runs the visible ones). */
  readonly runs: (id: string) => boolean;
}

const reading = (i: number): string => `reading${i}`;
const charged = (i: number): string => `charged${i}`;

/** The places worth asking about: those whose condition on another test holds. */
function open(facts: ElsewhereFacts): { place: ChargedElsewhere; i: number }[] {
  return facts.places.flatMap((place, i) => {
    if ('once' in place) return [];
    if (!facts.runs(place.chargedBy.id)) return [];
    // The test whose mistake it is must have failed already: its case is not this one (or there is none to run).
    if ((place.onceFailed || place.readingIsProof) && !facts.failed(place.chargedBy.id)) return [];
    return [{ place, i }];
  });
}

/** The runs needed next: each open place's reading, then (once a reading answered right) its charged case. */
export function elsewhereAsks(facts: ElsewhereFacts, answers: ReadonlyMap<string, Answer>): CaseAsk[] {
  if (facts.excuse) return [];
  return open(facts).flatMap(({ place, i }) => {
    if ('once' in place) return [];
    const read = place.testCase && reading(i);
    if (read && !answers.has(read)) return [{ key: read, test: facts.test, testCase: place.testCase }];
    if (read && !answers.get(read)!.passed) return [];
    const chargedCase = place.readingIsProof ? undefined : (place.chargedCase ?? place.testCase);
    if (!chargedCase || answers.has(charged(i))) return [];
    return [{ key: charged(i), test: place.chargedBy, testCase: chargedCase }];
  });
}

export function judgeElsewhere(facts: ElsewhereFacts, answers: ReadonlyMap<string, Answer>): Decision | undefined {
  if (facts.excuse)
    return facts.notPassed(facts.excuse.chargedBy)
      ? { status: 'pass', messageId: 'elsewhere', data: { note: facts.excuse.note } }
      : undefined;
  for (const { place, i } of open(facts)) {
    if ('once' in place) continue;
    const read = place.testCase && answers.get(reading(i));
    if (place.testCase && !read?.passed) continue;
    // The reading put the document's version of the charging test's function in place, and that test failed.
    if (place.readingIsProof) return { status: 'pass', messageId: 'elsewhere', data: { note: place.note } };
    const there = answers.get(charged(i));
    if (there && !there.passed) return { status: 'pass', messageId: 'elsewhere', data: { note: place.note } };
  }
  return undefined;
}

/** The places the assignment says a failing case may be charged instead (AssignmentPlan.readingElsewhere). */
export function placesOf(
  context: Pick<UnitContext, 'plan' | 'spec'>,
  test: ResolvedTest,
  testCase: FixtureCase,
): readonly ChargedElsewhere[] {
  const found = context.plan.readingElsewhere?.(test, testCase, context.spec.tests);
  return found === undefined ? [] : ([] as readonly ChargedElsewhere[]).concat(found);
}

/** The places a failing case may be charged instead, with the statuses of the tests they name. */
async function elsewhereFacts(context: UnitContext): Promise<ElsewhereFacts> {
  const { test, unit } = context;
  const places = placesOf(context, test, unit.testCase!);
  const excuse = unit.failure ? context.plan.excuseFailure?.(test, unit.testCase!, unit.failure) : undefined;
  const statuses = new Map<string, Status>();
  for (const id of new Set([...places.flatMap((p) => ('once' in p ? [] : [p.chargedBy.id])), ...(excuse ? [excuse.chargedBy] : [])]))
    statuses.set(id, await context.status(id));
  return {
    test,
    testCase: unit.testCase!,
    failure: unit.failure,
    excuse,
    places,
    notPassed: (id) => statuses.get(id) !== 'pass',
    failed: (id) => failed(statuses.get(id)),
    runs: (id) => statuses.get(id) !== undefined && statuses.get(id) !== 'skipped',
  };
}

export const chargedElsewhere: Rule<'unit'> = {
  meta: {
    name: 'charged-elsewhere',
    rule: "a failure another test charges passes here, when the other reading answers right or the crash's frames show it, and that test does not pass",
    scope: 'unit',
    messages: { elsewhere: '{note}' },
  },
  // Its runs are asked until it names none, then it decides.
  judge: async (context) => {
    const { unit, test } = context;
    if (!unit.testCase || test.kind !== 'cases') return undefined;
    const facts = await elsewhereFacts(context);
    const answers = new Map<string, Answer>();
    for (let asks = elsewhereAsks(facts, answers); asks.length > 0; asks = elsewhereAsks(facts, answers)) {
      for (const ask of asks)
        answers.set(ask.key, {
          passed:
            (await context.runs.reading(ask.test, `${unit.id}#${ask.key}`, ask.testCase, rerunWaitMs(unit, ask.test.limits))).raw.status ===
            'pass',
        });
    }
    return judgeElsewhere(facts, answers);
  },
};
