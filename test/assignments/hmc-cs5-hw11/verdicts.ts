/** The hmc-cs5-hw11 samples' pinned verdicts, read by the sample suite (samples.test.ts) and the kit's (kit-verdicts.test.ts). */
import { error, fail, timeout, type SamplePins } from '../../helpers/sample-suite.js';

export const PINS: SamplePins = {
  correct: ['correct-classic', 'correct-columns', 'correct-compact', 'correct-copies', 'correct-naive', 'correct-plain'],
  expected: {
    // Its Board's delMove takes the lowest checker: charged once, by the first scoresFor test it spoils.
    'board-delmove-takes-bottom': { ...fail('player.scoresFor.document') },
    'board-height-first': {
      ...fail(
        'board.setup',
        'player.scoreBoard.generated',
        'player.scoresFor.document',
        'player.scoresFor.already-won',
        'player.scoresFor.ply-2-3',
        'player.scoresFor.ply-4-5',
        'player.nextMove.document',
        'player.nextMove.generated',
        'board.playGame.document',
        'board.playGame.generated',
      ),
      ...error('player.scoresFor.ply-0-1'),
    },
    'correct-classic': {},
    'correct-columns': {},
    'correct-compact': {},
    'correct-copies': {},
    'correct-naive': {},
    'correct-plain': {},
    'hostile-answers-from-kit': {
      ...fail('player.scoresFor.ply-0-1', 'player.scoresFor.ply-2-3', 'player.scoresFor.ply-4-5', 'player.scoresFor.already-won'),
    },
    'hostile-exit-at-import': { ...error('import.hw11pr2') },
    'hostile-infinite-loop': {
      ...timeout(
        'player.scoresFor.document',
        'player.scoresFor.already-won',
        'player.scoresFor.ply-0-1',
        'player.scoresFor.ply-2-3',
        'player.scoresFor.ply-4-5',
        'board.playGame.document',
        'board.playGame.generated',
      ),
      ...timeout('player.nextMove.strength'),
    },
    'hostile-input-at-import': { ...fail('import.hw11pr2') },
    'hostile-kills-interpreter': { ...error('player.oppCh', 'player.nextMove.strength') },
    // Its top level loops after every definition: stopped at the CPU limit, it costs the import test, and the rest is graded on what it defined.
    'hostile-loop-at-import': { ...fail('import.hw11pr2') },
    'hostile-megabytes': { ...fail('player.repr') },
    // Its RANDOM tie-breaks hog memory where LEFT does on the same scores: charged by left-right, not again by random.
    'hostile-memory-hog': { ...error('player.tiebreakMove.left-right', 'player.tiebreakMove.random-spread', 'player.nextMove.strength') },
    'trivia-board-player-files': { ...fail('files.named') },
    'trivia-misnamed-file': { ...fail('files.named') },
    'hostile-prints-at-import': { ...fail('import.hw11pr2') },
    'hostile-reads-fixtures': { ...fail('player.scoreBoard.generated') },
    'hostile-syntax-error': {
      ...error(
        'board.setup',
        'import.hw11pr2',
        'player.repr',
        'player.oppCh',
        'player.scoreBoard.document',
        'player.scoreBoard.generated',
        'player.tiebreakMove.left-right',
        'player.tiebreakMove.random',
        'player.tiebreakMove.random-spread',
        'player.scoresFor.document',
        'player.scoresFor.already-won',
        'player.scoresFor.float-scores',
        'player.scoresFor.ply-0-1',
        'player.scoresFor.ply-2-3',
        'player.scoresFor.ply-4-5',
        'player.nextMove.document',
        'player.nextMove.generated',
        'player.nextMove.human',
        'board.playGame.document',
        'board.playGame.generated',
      ),
      ...error('player.nextMove.strength'),
    },
    'next-move-human-str': { ...fail('player.nextMove.human') },
    // Its games are replayed with the document's nextMove and pass: the move's choice is nextMove's to charge.
    'next-move-ignores-tiebreak': { ...fail('player.nextMove.document', 'player.nextMove.generated') },
    'opp-ch-zero': { ...fail('player.oppCh') },
    'play-game-checks-first-player': { ...fail('board.playGame.generated') },
    'play-game-no-tie-check': { ...error('board.playGame.generated') },
    'play-game-no-winner-message': { ...fail('board.playGame.document', 'board.playGame.generated') },
    'repr-no-ply': { ...fail('player.repr') },
    'repr-one-line': { ...fail('player.repr') },
    'score-board-ints': { ...fail('player.scoreBoard.generated') },
    // Its games no longer differ: only a game with a ply-3 player would show it (1,505 boards or more), and its own
    // three scoresFor tests charge the bug already.
    'scores-for-full-left-zero': { ...fail('player.scoresFor.ply-0-1', 'player.scoresFor.ply-2-3', 'player.scoresFor.ply-4-5') },
    'scores-for-no-delmove': {
      ...fail('player.scoresFor.document', 'player.scoresFor.ply-0-1', 'player.scoresFor.ply-2-3', 'player.scoresFor.ply-4-5'),
    },
    'scores-for-one-ply-deep': { ...fail('player.scoresFor.document', 'player.scoresFor.ply-0-1', 'player.scoresFor.ply-2-3') },
    'scores-for-one-ply-shallow': { ...fail('player.scoresFor.document', 'player.scoresFor.ply-0-1', 'player.scoresFor.ply-2-3') },
    'scores-for-reply-kept': {
      ...fail('player.scoresFor.document', 'player.scoresFor.ply-0-1', 'player.scoresFor.ply-2-3', 'player.scoresFor.ply-4-5'),
    },
    'scores-for-same-checker': {
      ...fail('player.scoresFor.document', 'player.scoresFor.ply-0-1', 'player.scoresFor.ply-2-3', 'player.scoresFor.ply-4-5'),
    },
    'scores-for-ignores-game-over': {
      ...fail('player.scoresFor.document', 'player.scoresFor.already-won', 'player.scoresFor.ply-2-3', 'player.scoresFor.ply-4-5'),
    },
    'scores-for-min': {
      ...fail('player.scoresFor.document', 'player.scoresFor.ply-0-1', 'player.scoresFor.ply-2-3', 'player.scoresFor.ply-4-5'),
    },
    'scores-for-no-full-check': {
      ...fail('player.scoresFor.document', 'player.scoresFor.ply-0-1', 'player.scoresFor.ply-2-3', 'player.scoresFor.ply-4-5'),
    },
    'scores-for-win-skips-delmove': {
      ...fail('player.scoresFor.document', 'player.scoresFor.ply-0-1', 'player.scoresFor.ply-2-3', 'player.scoresFor.ply-4-5'),
    },
    'tiebreak-max-from-zero': { ...error('player.tiebreakMove.left-right') },
    'tiebreak-random-first': { ...fail('player.tiebreakMove.random-spread') },
    'tiebreak-right-is-left': { ...fail('player.tiebreakMove.left-right') },
    'trivia-exit-after-game': {},
    'trivia-scores-as-tuple': { ...fail('player.scoresFor.float-scores') },
    'trivia-int-minus-one': {},
  },
  // A one-rule test of a scoresFor that loops: it passes on the call that never ends, which the answer's tests charge.
  hangsIn: { 'hostile-infinite-loop': ['player.scoresFor.float-scores'], 'hostile-loop-at-import': ['import.hw11pr2'] },
};

/**
 * The look-ahead mistake each sample's failing scoresFor tests are named with (runner/plan/lookahead-diagnosis.ts);
 * every other sample gets no name.
 */
export const DIAGNOSES: Readonly<Record<string, string>> = {
  'scores-for-full-left-zero': 'full-column-left-0',
  'scores-for-ignores-game-over': 'finished-game-searched',
  'scores-for-min': 'worst-reply',
  'scores-for-no-delmove': 'board-never-restored',
  'scores-for-one-ply-deep': 'one-level-deeper',
  'scores-for-one-ply-shallow': 'one-level-shallower',
  'scores-for-reply-kept': 'reply-not-turned',
  'scores-for-same-checker': 'replies-as-own-moves',
  'scores-for-win-skips-delmove': 'win-not-restored',
};

/** The samples added to pin a named look-ahead mistake alone (the kit names none, so its suite leaves them out). */
export const DIAGNOSIS_ONLY: readonly string[] = [
  'scores-for-full-left-zero',
  'scores-for-no-delmove',
  'scores-for-one-ply-deep',
  'scores-for-one-ply-shallow',
  'scores-for-reply-kept',
  'scores-for-same-checker',
];

/**
 * Failing generated cases shown again on a smaller board (runner/plan/shrink.ts): checkers on the board each came
 * from, and on the smaller one. Pinned where the search is cheap, far inside its time net on a busy machine.
 */
export const SMALLEST: Readonly<Record<string, Readonly<Record<string, readonly [number, number]>>>> = {
  'scores-for-no-delmove': { 'player.scoresFor.ply-0-1': [40, 0] },
  'scores-for-one-ply-shallow': { 'player.scoresFor.ply-0-1': [8, 6] },
  // Expected 6, answered 0 on the empty board: a tie the tiebreak decides.
  'next-move-ignores-tiebreak': { 'player.nextMove.generated': [16, 0] },
};
