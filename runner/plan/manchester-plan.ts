/** Manchester's plan: the game functions through the harness, play() on the terminal, suggestMove2 in tournaments. */
import { checkDocstrings, checkManchesterCase } from '../checks/manchester-connect4.js';
import { checkManchesterPlay } from '../checks/manchester-play.js';
import type { AssignmentPlan } from './assignment-plan.js';
import { DOCSTRINGS_INTERACTION, manchesterInteraction, manchesterProgram } from './manchester-connect4.js';
import { strategyCase, type Baseline } from './manchester-strategy.js';
import type { PropertyCase } from './property.js';

function manchesterProperty(name: string): readonly PropertyCase[] {
  if (name === 'manchester-docstrings') return [{ id: 'docstrings', interaction: DOCSTRINGS_INTERACTION, check: checkDocstrings }];
  const vs = /^manchester-vs-(random|suggestMove1|minimax2|minimax4)$/.exec(name);
  if (vs) return [strategyCase(vs[1] as Baseline)];
  throw new Error(`internal: unknown Manchester property '${name}'`);
}

export const MANCHESTER_PLAN: AssignmentPlan = {
  interaction: manchesterInteraction,
  property: manchesterProperty,
  program: manchesterProgram,
  check: checkManchesterCase,
  checkProgram: checkManchesterPlay,
  neededNames: (test) => {
    if (test.kind === 'program') return ['play'];
    if (test.property === 'manchester-docstrings') return [];
    if (test.property?.startsWith('manchester-vs-')) return ['suggestMove2'];
    return test.check === 'round-trip' ? ['saveGame', 'loadGame'] : [test.target];
  },
};
