/** The names the manchester-connect4 spec may link to its code by (the Assignment's `links`): checked when a spec or pack loads. */
import type { SpecLinks } from '../../plan/assignment.js';
import { replayedTests } from '../../plan/game-replay.js';
import { FUNCTIONS, SCRIPTED_PLAY } from './plan.js';

export const MANCHESTER_LINKS: SpecLinks = {
  checks: ['board', 'game-dict', 'load', 'printed-board', 'round-trip', 'save', 'suggest', 'valid-moves', 'value'],
  programChecks: ['play-computer', 'play-replay', 'play-robust'],
  properties: [
    'manchester-docstrings',
    'manchester-vs-minimax2',
    'manchester-vs-minimax4',
    'manchester-vs-random',
    'manchester-vs-suggestMove1',
  ],
  targets: [
    'docstrings',
    'files',
    'getValidMoves',
    'hasWon',
    'import',
    'loadGame',
    'makeMove',
    'newGame',
    'play',
    'printBoard',
    'saveGame',
    'suggestMove1',
    'suggestMove2',
  ],
  named: [...replayedTests(FUNCTIONS), ...SCRIPTED_PLAY],
};
