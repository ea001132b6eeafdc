/** The names the cs111-ps9 spec may link to its code by (the Assignment's `links`): checked when a spec or pack loads. */
import type { SpecLinks } from '../../plan/assignment.js';
import { replayedTests } from '../../plan/game-replay.js';
import { AI_METHODS, BOARD_TESTS, CS111_CHARGES_FIRST, PLAYER_METHODS, PROCESS_MOVE } from './programs.js';

export const CS111_LINKS: SpecLinks = {
  checks: ['board', 'board-repr-cells', 'board-repr-frame', 'false-wins', 'game-over', 'num-moves', 'output', 'process-messages', 'process-result', 'repr', 'restored', 'types', 'value'],
  programChecks: ['program-output', 'program-result'],
  properties: ['cs111-board-init', 'cs111-board-reset-rows', 'cs111-player-init', 'cs111-random-player-columns', 'cs111-random-player-counts', 'cs111-random-player-inherits'],
  targets: ['AIPlayer.__repr__', 'AIPlayer.max_score_column', 'AIPlayer.next_move', 'AIPlayer.scores_for', 'Board.__init__', 'Board.__repr__', 'Board.add_checker', 'Board.can_add_to', 'Board.is_full', 'Board.is_win_for', 'Board.remove_checker', 'Board.reset', 'Player.__init__', 'Player.__repr__', 'Player.next_move', 'Player.opponent_checker', 'RandomPlayer', 'RandomPlayer.next_move', 'connect_four', 'files', 'import', 'process_move', 'ps9pr0.txt'],
  named: [...replayedTests(PLAYER_METHODS, AI_METHODS, PROCESS_MOVE), ...BOARD_TESTS, ...CS111_CHARGES_FIRST],
};
