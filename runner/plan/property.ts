/** A property test's unit: steps for the harness and a pure check of what they observed. */
import type { CaseObservation } from '../checks/observation.js';
import type { CaseVerdict } from '../checks/verdict.js';
import type { Interaction } from './interaction.js';

export interface PropertyCase {
  readonly id: string;
  readonly interaction: Interaction;
  readonly check: (observation: CaseObservation) => CaseVerdict;
}
