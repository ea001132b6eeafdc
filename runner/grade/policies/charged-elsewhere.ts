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
import type { Decision, RuleMeta } from './policy.js';

export const CHARGED_ELSEWHERE: RuleMeta = {
  name: 'charged-elsewhere',
  rule: "a failure another test charges passes here, when the other reading answers right or the crash's frames show it, and that test does not pass",
  messages: { elsewhere: '{note}' },
};


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
    if (read && !answers.has(read)) return [{ key: read, test: facts.test, testCase: place.testCase! }];
    if (read && !answers.get(read)!.passed) return [];
    const chargedCase = place.readingIsProof ? undefined : place.chargedCase ?? place.testCase;
    if (!chargedCase || answers.has(charged(i))) return [];
    return [{ key: charged(i), test: place.chargedBy, testCase: chargedCase }];
  });
}

export function judgeElsewhere(facts: ElsewhereFacts, answers: ReadonlyMap<string, Answer>): Decision | undefined {
  if (facts.excuse) return facts.notPassed(facts.excuse.chargedBy) ? { status: 'pass', messageId: 'elsewhere', data: { note: facts.excuse.note } } : undefined;
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
