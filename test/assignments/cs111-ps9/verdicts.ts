/** The cs111-ps9 samples' pinned verdicts, read by the sample suite (samples.test.ts) and the kit's (kit-verdicts.test.ts). */
import { error, fail, timeout, type SamplePins } from '../../helpers/sample-suite.js';

export const PINS: SamplePins = {
  correct: ['correct-classic', 'correct-compact', 'correct-naive', 'correct-outcome', 'correct-plain', 'correct-split', 'correct-strings'],
  expected: {
    'add-checker-top-row': { ...fail('board.add_checker') },
    // A Board file Python cannot read: everything that needs it is blocked; the typo is charged once among the imports.
    // A Board file Python cannot read: everything that needs it is blocked; the typo is charged once among the imports.
    'board-file-syntax-error': { ...error('import.ps9pr1', 'board.init.attributes', 'board.repr.document', 'board.repr.generated', 'board.add_checker', 'board.reset', 'board.reset.independent-rows', 'board.can_add_to', 'board.is_full', 'board.remove_checker', 'board.is_win_for.document', 'board.is_win_for.horizontal', 'board.is_win_for.vertical', 'board.is_win_for.down-diagonal', 'board.is_win_for.up-diagonal', 'board.is_win_for.random', 'player.init', 'player.repr', 'player.opponent_checker', 'player.next_move.column', 'player.next_move.prompts', 'player.next_move.counts-moves', 'process_move.result', 'process_move.messages', 'process_move.terminal', 'connect_four.human-games', 'connect_four.human-transcript', 'random_player.inherits', 'random_player.next_move.document', 'random_player.next_move.uniform', 'random_player.next_move.counts-moves', 'aiplayer.repr', 'aiplayer.max_score_column.left-right', 'aiplayer.max_score_column.random', 'aiplayer.scores_for.document', 'aiplayer.scores_for.int-scores', 'aiplayer.scores_for.lookahead-0-1', 'aiplayer.scores_for.lookahead-2-3', 'aiplayer.scores_for.lookahead-4', 'aiplayer.scores_for.already-won', 'aiplayer.scores_for.restores-board', 'aiplayer.next_move.document', 'aiplayer.next_move.generated', 'aiplayer.next_move.counts-moves', 'connect_four.ai-games'), ...error('aiplayer.next_move.strength') },
    'ai-next-move-ignores-tiebreak': { ...fail('aiplayer.next_move.document', 'aiplayer.next_move.generated') },
    'ai-next-move-no-count': { ...fail('aiplayer.next_move.counts-moves') },
    'ai-repr-no-space': { ...fail('aiplayer.repr') },
    'can-add-to-index-error': { ...fail('board.can_add_to') },
    'connect-four-cannot-start': { ...error('connect_four.human-games') },
    'correct-classic': {},
    'correct-compact': {},
    'correct-naive': {},
    'correct-outcome': {},
    'correct-plain': {},
    'correct-split': {},
    'correct-strings': {},
    'empty-reading-response': { ...fail('reading.ps9pr0.present') },
    'horizontal-off-by-one': { ...fail('board.is_win_for.horizontal') },
    'hostile-answers-from-kit': { ...fail('aiplayer.scores_for.lookahead-0-1', 'aiplayer.scores_for.lookahead-2-3', 'aiplayer.scores_for.lookahead-4', 'aiplayer.scores_for.already-won') },
    'hostile-exit-at-import': { ...error('import.ps9pr2') },
    'hostile-hunts-files': {},
    'hostile-infinite-loop': { ...timeout('board.is_win_for.document', 'board.is_win_for.horizontal', 'board.is_win_for.vertical', 'board.is_win_for.down-diagonal', 'board.is_win_for.up-diagonal', 'board.is_win_for.random', 'process_move.terminal', 'connect_four.human-games', 'connect_four.human-transcript', 'connect_four.ai-games') },
    'hostile-input-at-import': { ...fail('import.ps9pr3') },
    'hostile-kills-interpreter': { ...error('board.remove_checker') },
    // Its top level loops after every definition: stopped at the CPU limit, it costs the import test, and the rest is graded on what it defined.
    'hostile-loop-at-import': { ...fail('import.ps9pr4') },
    // The games are played again with the document's process_move, which prints nothing stray: its own tests charge it.
    'hostile-megabytes': { ...fail('process_move.messages'), ...error('process_move.terminal') },
    'hostile-memory-hog': { ...error('board.is_full') },
    'hostile-missing-file': { ...fail('import.ps9pr2'), ...error('player.init', 'player.repr', 'player.opponent_checker', 'player.next_move.column', 'player.next_move.prompts', 'player.next_move.counts-moves', 'import.ps9pr3', 'process_move.result', 'process_move.messages', 'process_move.terminal', 'connect_four.human-games', 'connect_four.human-transcript', 'random_player.inherits', 'random_player.next_move.document', 'random_player.next_move.uniform', 'random_player.next_move.counts-moves', 'import.ps9pr4', 'aiplayer.repr', 'aiplayer.max_score_column.left-right', 'aiplayer.max_score_column.random', 'aiplayer.scores_for.document', 'aiplayer.scores_for.int-scores', 'aiplayer.scores_for.lookahead-0-1', 'aiplayer.scores_for.lookahead-2-3', 'aiplayer.scores_for.lookahead-4', 'aiplayer.scores_for.already-won', 'aiplayer.scores_for.restores-board', 'aiplayer.next_move.document', 'aiplayer.next_move.generated', 'aiplayer.next_move.counts-moves', 'connect_four.ai-games', 'aiplayer.next_move.strength') },
    'hostile-prints-at-import': { ...fail('import.ps9pr1') },
    'hostile-reads-fixtures': { ...fail('board.is_win_for.document', 'board.is_win_for.horizontal', 'board.is_win_for.vertical', 'board.is_win_for.down-diagonal', 'board.is_win_for.up-diagonal', 'board.is_win_for.random') },
    'hostile-reads-grader-process': {},
    'hostile-syntax-error': { ...error('import.ps9pr4', 'aiplayer.repr', 'aiplayer.max_score_column.left-right', 'aiplayer.max_score_column.random', 'aiplayer.scores_for.document', 'aiplayer.scores_for.int-scores', 'aiplayer.scores_for.lookahead-0-1', 'aiplayer.scores_for.lookahead-2-3', 'aiplayer.scores_for.lookahead-4', 'aiplayer.scores_for.already-won', 'aiplayer.scores_for.restores-board', 'aiplayer.next_move.document', 'aiplayer.next_move.generated', 'aiplayer.next_move.counts-moves', 'connect_four.ai-games', 'aiplayer.next_move.strength') },
    'hostile-writes-outside': {},
    'init-aliased-rows': { ...fail('board.init.attributes') },
    'is-full-returns-none': { ...fail('board.is_full') },
    'max-score-random-any-column': { ...fail('aiplayer.max_score_column.random') },
    'max-score-right-is-left': { ...fail('aiplayer.max_score_column.left-right') },
    'next-move-hangs-on-invalid': { ...timeout('player.next_move.column', 'connect_four.human-games', 'connect_four.human-transcript', 'connect_four.ai-games') },
    'next-move-ignores-full-columns': { ...fail('player.next_move.column') },
    'next-move-no-count': { ...fail('player.next_move.counts-moves') },
    'next-move-no-retry-loop': { ...fail('player.next_move.column') },
    'next-move-no-try-again': { ...fail('player.next_move.prompts') },
    'no-down-diagonal': { ...fail('board.is_win_for.down-diagonal') },
    'no-vertical': { ...fail('board.is_win_for.vertical') },
    'open-full-board-reading': {},
    'opponent-checker-zero': { ...fail('player.opponent_checker'), ...error('aiplayer.next_move.strength') },
    'player-init-moves-one': { ...fail('player.init') },
    'player-repr-lowercase': { ...fail('player.repr') },
    // Its AI games crash dropping `)` (add_checker refuses it): the spelling slip process_move.messages charges excuses nothing of that.
    'process-move-checker-from-repr': { ...fail('process_move.messages'), ...error('connect_four.ai-games') },
    'process-move-names-x': { ...fail('process_move.messages') },
    'process-move-prints-checker': { ...fail('process_move.messages') },
    'process-move-returns-none': { ...fail('process_move.result') },
    'random-player-any-column': { ...fail('random_player.next_move.document', 'random_player.next_move.uniform') },
    'random-player-first-column': { ...fail('random_player.next_move.uniform') },
    'random-player-no-count': { ...fail('random_player.next_move.counts-moves') },
    'random-player-own-repr': { ...fail('random_player.inherits') },
    'remove-checker-bottom': { ...fail('board.remove_checker') },
    'repr-labels-crash-past-9': { ...error('board.repr.generated') },
    'repr-labels-not-modulo': { ...fail('board.repr.generated') },
    'repr-short-dashes': { ...fail('board.repr.document') },
    'repr-rows-upside-down': { ...fail('board.repr.generated') },
    'reset-aliased-rows': { ...fail('board.reset.independent-rows') },
    'reset-does-nothing': { ...fail('board.reset', 'board.reset.independent-rows') },
    'scores-as-floats': { ...fail('aiplayer.scores_for.int-scores') },
    'scores-for-counts-moves': {},
    // A full column's score is the look-ahead tests' to charge; already-won judges the open columns of a won board.
    'scores-for-full-left-50': { ...fail('aiplayer.scores_for.document', 'aiplayer.scores_for.lookahead-0-1', 'aiplayer.scores_for.lookahead-2-3', 'aiplayer.scores_for.lookahead-4') },
    'scores-for-min-reply': { ...fail('aiplayer.scores_for.document', 'aiplayer.scores_for.lookahead-0-1', 'aiplayer.scores_for.lookahead-2-3', 'aiplayer.scores_for.lookahead-4') },
    'scores-for-one-level-deep': { ...fail('aiplayer.scores_for.document', 'aiplayer.scores_for.lookahead-0-1', 'aiplayer.scores_for.lookahead-2-3') },
    'scores-for-one-level-shallow': { ...fail('aiplayer.scores_for.document', 'aiplayer.scores_for.lookahead-0-1', 'aiplayer.scores_for.lookahead-2-3') },
    'scores-for-plays-on-won': { ...fail('aiplayer.scores_for.document', 'aiplayer.scores_for.lookahead-2-3', 'aiplayer.scores_for.lookahead-4', 'aiplayer.scores_for.already-won') },
    'scores-for-reply-kept': { ...fail('aiplayer.scores_for.document', 'aiplayer.scores_for.lookahead-0-1', 'aiplayer.scores_for.lookahead-2-3', 'aiplayer.scores_for.lookahead-4') },
    'scores-for-same-checker': { ...fail('aiplayer.scores_for.document', 'aiplayer.scores_for.lookahead-0-1', 'aiplayer.scores_for.lookahead-2-3', 'aiplayer.scores_for.lookahead-4') },
    'scores-for-win-not-undone': { ...fail('aiplayer.scores_for.document', 'aiplayer.scores_for.lookahead-0-1', 'aiplayer.scores_for.lookahead-2-3', 'aiplayer.scores_for.lookahead-4', 'aiplayer.scores_for.restores-board') },
    'scores-for-ignores-threats': { ...fail('aiplayer.scores_for.document', 'aiplayer.scores_for.lookahead-2-3', 'aiplayer.scores_for.lookahead-4') },
    'scores-for-restores-only-on-50': { ...fail('aiplayer.scores_for.document', 'aiplayer.scores_for.lookahead-0-1', 'aiplayer.scores_for.lookahead-2-3', 'aiplayer.scores_for.lookahead-4', 'aiplayer.scores_for.restores-board') },
    'scores-for-no-restore': { ...fail('aiplayer.scores_for.document', 'aiplayer.scores_for.lookahead-0-1', 'aiplayer.scores_for.lookahead-2-3', 'aiplayer.scores_for.lookahead-4', 'aiplayer.scores_for.restores-board') },
    'scores-for-opponent-first': { ...fail('aiplayer.scores_for.already-won') },
    // Last term's import names beside this term's files: files.named charges them once, and the files import.
    'stale-import-last-term': { ...fail('files.named') },
    'tie-message-typo': { ...fail('process_move.messages') },
    'trivia-other-semester-names': { ...fail('reading.ps9pr0.present') },
    'trivia-saved-as-txt': { ...fail('files.named') },
    'trivia-prompt-no-space': { ...fail('player.next_move.prompts') },
    'trivia-prompt-other-words': { ...fail('player.next_move.prompts') },
    'trivia-repr-invisible-differences': {},
    'trivia-turn-print-comma': { ...fail('process_move.messages') },
    'trivia-won-board-full-column': {},
    'trivia-win-no-period': { ...fail('process_move.messages') },
    'up-diagonal-helper-crashes': { ...error('board.is_win_for.up-diagonal') },
    // Its wrap finds fours where there are none, and on some boards its index runs off the edge and raises: the random
    // boards' test charges both (the up-diagonal test passes, so the crash is not its to charge).
    'up-diagonal-wraps': { ...error('board.is_win_for.random') },
  },
  // One-rule tests of a next_move that hangs: they pass on the call that never ends, which the column test charges.
  hangsIn: { 'next-move-hangs-on-invalid': ['player.next_move.prompts', 'player.next_move.counts-moves'], 'hostile-loop-at-import': ['import.ps9pr4'] },
};

/**
 * The look-ahead mistake each sample's failing scores_for tests are named with (runner/plan/lookahead-diagnosis.ts);
 * every other sample gets no name.
 */
export const DIAGNOSES: Readonly<Record<string, string>> = {
  'scores-for-full-left-50': 'full-column-left-50',
  'scores-for-ignores-threats': 'opponent-win-as-50',
  'scores-for-min-reply': 'worst-reply',
  'scores-for-no-restore': 'board-never-restored',
  'scores-for-one-level-deep': 'one-level-deeper',
  'scores-for-one-level-shallow': 'one-level-shallower',
  'scores-for-plays-on-won': 'finished-game-searched',
  'scores-for-reply-kept': 'reply-not-turned',
  'scores-for-restores-only-on-50': 'win-not-restored',
  'scores-for-same-checker': 'replies-as-own-moves',
  'scores-for-win-not-undone': 'win-not-restored',
};

/** The samples added to pin a named look-ahead mistake alone (the kit names none, so its suite leaves them out). */
export const DIAGNOSIS_ONLY: readonly string[] = ['scores-for-full-left-50', 'scores-for-min-reply', 'scores-for-one-level-deep', 'scores-for-one-level-shallow', 'scores-for-plays-on-won', 'scores-for-reply-kept', 'scores-for-same-checker', 'scores-for-win-not-undone'];

/**
 * Failing generated cases shown again on a smaller board (runner/plan/shrink.ts): checkers on the board each came
 * from, and on the smaller one. Pinned where the search is cheap, far inside its time net on a busy machine.
 */
export const SMALLEST: Readonly<Record<string, Readonly<Record<string, readonly [number, number]>>>> = {
  'scores-for-one-level-shallow': { 'aiplayer.scores_for.lookahead-0-1': [13, 5], 'aiplayer.scores_for.lookahead-2-3': [21, 5] },
  'scores-for-no-restore': { 'aiplayer.scores_for.lookahead-2-3': [21, 3] },
  'scores-for-plays-on-won': { 'aiplayer.scores_for.already-won': [34, 10] },
  // The same two columns on the smaller board: a tie between 0 and 6 the tiebreak decides.
  'ai-next-move-ignores-tiebreak': { 'aiplayer.next_move.generated': [26, 24] },
};
