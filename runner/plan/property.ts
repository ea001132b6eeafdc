/**
 * A property test's unit: fixed steps for the harness and a pure check of what they observed, or a driven case
 * whose next request depends on the last reply (a game against a baseline), given a way to ask and nothing else.
 */
import type { CaseObservation } from '../checks/observation.js';
import type { CaseVerdict } from '../checks/verdict.js';
import type { Interaction } from './interaction.js';

export interface FixedPropertyCase {
  readonly id: string;
  readonly interaction: Interaction;
  readonly check: (observation: CaseObservation) => CaseVerdict;
}

/**
 * Runs one interaction from a fresh namespace (seeded per call) and returns what it observed. A `referee` ask (the
 * kit's referee asking the student's own rules) draws its seeds apart, so the student's own calls get the seeds
 * they get in the grader, whose referee asks nothing.
 */
export type Ask = (interaction: Interaction, options?: { readonly referee?: boolean }) => Promise<CaseObservation>;

/**
 * Plays a driven case's independent parts (a tournament's games), each from a fresh process with seeds of its own,
 * and returns the results of the parts that count, in order: part i counts while `wanted` says the results before it
 * leave the verdict open. Where a core would otherwise idle (grade check), parts are played side by side in a second
 * harness, and one played there that turns out not to count is dropped: the results are the same either way.
 */
export type PlayParts = <T>(parts: readonly ((ask: Ask) => Promise<T>)[], wanted: (before: readonly T[]) => boolean) => Promise<T[]>;

export interface DrivenPropertyCase {
  readonly id: string;
  /** Python that replays what the case does, for the report. */
  readonly reproduce: string;
  readonly drive: (ask: Ask, play: PlayParts) => Promise<CaseVerdict>;
}

export type PropertyCase = FixedPropertyCase | DrivenPropertyCase;

/** A driven case with its parts played one after another through one way to ask (outside the runner: unit tests). */
export function driveInTurn(driven: DrivenPropertyCase, ask: Ask): Promise<CaseVerdict> {
  const play: PlayParts = async (parts, wanted) => {
    const done = [];
    for (let i = 0; i < parts.length && wanted(done); i++) done.push(await parts[i]!(ask));
    return done;
  };
  return driven.drive(ask, play);
}
