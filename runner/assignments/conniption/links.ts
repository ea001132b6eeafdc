/** The names the conniption spec may link to its code by (the Assignment's `links`): checked when a spec or pack loads. */
import type { SpecLinks } from '../../plan/assignment.js';
import { CONNIPTION_CHARGES_FIRST } from './plan.js';

export const CONNIPTION_LINKS: SpecLinks = {
  checks: ['children', 'eval', 'pair', 'search'],
  programChecks: ['repl'],
  properties: ['conniption-defaults'],
  targets: ['Conniption', 'Conniption.betterEval', 'Conniption.genChildStates', 'Conniption.isWin', 'REPL', 'alpha_beta_search', 'import'],
  named: CONNIPTION_CHARGES_FIRST,
};
