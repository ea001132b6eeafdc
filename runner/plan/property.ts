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

export interface DrivenPropertyCase {
  readonly id: string;
  /** Python that replays what the case does, for the report. */
  readonly reproduce: string;
  readonly drive: (ask: Ask) => Promise<CaseVerdict>;
}

export type PropertyCase = FixedPropertyCase | DrivenPropertyCase;
