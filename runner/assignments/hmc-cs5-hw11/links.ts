/** The names the hmc-cs5-hw11 spec may link to its code by (the Assignment's `links`): checked when a spec or pack loads. */
import type { SpecLinks } from '../../plan/assignment.js';
import { replayedTests } from '../../plan/game-replay.js';
import { METHODS } from './plan.js';

export const HMC_LINKS: SpecLinks = {
  checks: ['game-over', 'human', 'repr', 'types', 'value', 'value-types'],
  programChecks: ['hmc-game'],
  properties: ['hmc-board-setup', 'hmc-tiebreak-random'],
  targets: [
    'Board',
    'Board.playGame',
    'Player.__repr__',
    'Player.nextMove',
    'Player.oppCh',
    'Player.scoreBoard',
    'Player.scoresFor',
    'Player.tiebreakMove',
    'files',
    'import',
  ],
  named: replayedTests(METHODS),
};
