/** Manchester's Connect Four (document 003): the game functions through the harness, play() on the terminal, suggestMove2 in tournaments. */
import { checkDocstrings, checkManchesterCase } from './checks.js';
import { checkManchesterPlay } from './play-checks.js';
import type { Assignment, GameReplay } from '../assignment.js';
import { functionReplay, type ReplayParts } from '../game-replay.js';
import { DOCSTRINGS_INTERACTION, manchesterInteraction, manchesterProgram } from './steps.js';
import { strategyCase, type Baseline } from './strategy.js';
import type { PropertyCase } from '../../plan/property.js';

function manchesterProperty(name: string): readonly PropertyCase[] {
  if (name === 'manchester-docstrings') return [{ id: 'docstrings', interaction: DOCSTRINGS_INTERACTION, check: checkDocstrings }];
  const vs = /^manchester-vs-(random|suggestMove1|minimax2|minimax4)$/.exec(name);
  if (vs) return [strategyCase(vs[1] as Baseline)];
  throw new Error(`internal: unknown Manchester property '${name}'`);
}

/** The game functions the document's versions stand in for in a replayed play(), by the tests that grade each. */
const FUNCTIONS: ReplayParts = [
  ['newGame', /^newGame\./u],
  ['printBoard', /^printBoard\./u],
  ['getValidMoves', /^getValidMoves\./u],
  ['makeMove', /^makeMove\./u],
  ['hasWon', /^hasWon\./u],
  ['suggestMove1', /^suggestMove1\.(document|generated)$/u],
  ['loadGame', /^(loadGame\.|saveGame\.round-trip$)/u],
  ['saveGame', /^(saveGame\.)/u],
];

/**
 * play() replayed with the document's version of each function whose own tests failed (the student's play() and
 * suggestMove2 kept): a loadGame that crashes on a malformed file is charged by loadGame's tests, not again by
 * every game that loads one. What only play() does (its input handling, its messages, not crashing) stays its own.
 */
function manchesterGameReplay(failed: ReadonlySet<string>): GameReplay | undefined {
  return functionReplay('manchester-document', FUNCTIONS, failed);
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
  gameReplay: manchesterGameReplay,
  neededNames: (test) => {
    if (test.kind === 'program') return ['play'];
    if (test.property === 'manchester-docstrings') return [];
    if (test.property?.startsWith('manchester-vs-')) return ['suggestMove2'];
    return test.check === 'round-trip' ? ['saveGame', 'loadGame'] : [test.target];
  },
};
