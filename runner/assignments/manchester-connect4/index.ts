/** Manchester's Connect Four (document 003): the game functions through the harness, play() on the terminal, suggestMove2 in tournaments. */
import { checkDocstrings, checkManchesterCase } from './checks.js';
import { checkManchesterPlay } from './play-checks.js';
import type { Assignment } from '../assignment.js';
import { DOCSTRINGS_INTERACTION, manchesterInteraction, manchesterProgram } from './steps.js';
import { strategyCase, type Baseline } from './strategy.js';
import type { PropertyCase } from '../../plan/property.js';

function manchesterProperty(name: string): readonly PropertyCase[] {
  if (name === 'manchester-docstrings') return [{ id: 'docstrings', interaction: DOCSTRINGS_INTERACTION, check: checkDocstrings }];
  const vs = /^manchester-vs-(random|suggestMove1|minimax2|minimax4)$/.exec(name);
  if (vs) return [strategyCase(vs[1] as Baseline)];
  throw new Error(`internal: unknown Manchester property '${name}'`);
}

export const MANCHESTER: Assignment = {
  id: 'manchester-connect4',
  title: 'Manchester MATH20621: game dictionary, save/load, play()',
  document: 'seeds/003_f751b792f218426d.txt',
  showcase: ['correct-classic', 'has-won-no-anti-diagonal', 'trivia-player1-as-O', 'hostile-plays-at-import'],
  loadCases: async () => (await import('./cases.js')).buildManchesterFixtures,
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
