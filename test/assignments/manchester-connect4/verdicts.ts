/** The manchester-connect4 samples' pinned verdicts, read by the sample suite (samples.test.ts) and the kit's (kit-verdicts.test.ts). */
import { error, fail, timeout, type SamplePins } from '../../helpers/sample-suite.js';

export const PINS: SamplePins = {
  correct: ['correct-classic', 'correct-compact', 'correct-naive', 'correct-negamax', 'correct-objects', 'correct-plain'],
  expected: {
    'column-input-crashes': { ...fail('play.invalid-columns') },
    'correct-classic': {},
    'correct-compact': {},
    'correct-naive': {},
    'correct-negamax': {},
    'correct-objects': {},
    'correct-plain': {},
    'docstring-todo': { ...fail('module.docstrings') },
    'eof-not-handled': { ...fail('play.end-of-input') },
    'has-won-no-anti-diagonal': { ...fail('hasWon.generated', 'suggestMove1.generated') },
    'hostile-answers-from-kit': { ...fail('suggestMove1.generated') },
    'hostile-exits-in-has-won': { ...error('hasWon.generated', 'suggestMove1.generated') },
    'hostile-imports-unlisted-package': { ...error('import.connect4') },
    'trivia-misnamed-file': { ...fail('files.named') },
    'hostile-plays-at-import': { ...fail('import.connect4') },
    'hostile-prints-megabytes': { ...fail('printBoard.document', 'printBoard.generated') },
    'hostile-python2': {
      ...error(
        'import.connect4',
        'module.docstrings',
        'newGame.document',
        'newGame.generated',
        'printBoard.document',
        'printBoard.generated',
        'getValidMoves.document',
        'getValidMoves.generated',
        'makeMove.document',
        'makeMove.generated',
        'hasWon.document',
        'hasWon.generated',
        'suggestMove1.document',
        'suggestMove1.generated',
        'loadGame.document',
        'loadGame.generated',
        'loadGame.malformed',
        'loadGame.missing',
        'saveGame.document',
        'saveGame.generated',
        'saveGame.round-trip',
        'play.two-humans',
        'play.names',
        'play.invalid-columns',
        'play.draw',
        'play.save',
        'play.load',
        'play.load-errors',
        'play.computer',
        'play.fuzz',
        'play.end-of-input',
        'suggestMove2.vs-random',
        'suggestMove2.vs-suggestMove1',
        'suggestMove2.vs-minimax2',
        'suggestMove2.vs-minimax4',
        'suggestMove2.nearly-full',
      ),
      ...error('suggestMove1.strength'),
      ...error('suggestMove2.strength'),
    },
    'hostile-reads-fixtures': { ...fail('hasWon.document', 'hasWon.generated', 'suggestMove1.document', 'suggestMove1.generated') },
    // Its loop costs the four tournaments; play()'s computer games play its own suggestMove1, so play() is judged alone.
    'hostile-suggest2-loops': {
      ...fail('suggestMove2.vs-random', 'suggestMove2.vs-suggestMove1', 'suggestMove2.vs-minimax2', 'suggestMove2.vs-minimax4'),
      ...timeout('suggestMove2.nearly-full', 'suggestMove2.strength'),
    },
    'hostile-writes-outside': {},
    'load-second-name-unchecked': { ...fail('loadGame.malformed') },
    'load-who-unchecked': { ...fail('loadGame.malformed') },
    'loaded-turn-ignored': { ...fail('play.load') },
    // A file name given .txt once more: the saveGame tests charge it; the round trip and play()'s save do not again.
    'save-game-adds-txt': { ...fail('saveGame.document', 'saveGame.generated') },
    'make-move-from-top': { ...fail('makeMove.document', 'makeMove.generated', 'suggestMove1.document', 'suggestMove1.generated') },
    'names-not-capitalised': { ...fail('play.names') },
    'new-game-aliased-rows': { ...fail('newGame.document', 'newGame.generated') },
    'new-game-extra-key': { ...fail('newGame.document', 'newGame.generated') },
    'print-board-no-header': { ...fail('printBoard.document', 'printBoard.generated') },
    'save-then-invalid-input': { ...fail('play.save') },
    'save-with-spaces': { ...fail('saveGame.document', 'saveGame.generated') },
    'strategy-is-suggest1': { ...fail('suggestMove2.vs-suggestMove1', 'suggestMove2.vs-minimax2', 'suggestMove2.vs-minimax4') },
    // Its search meets a full board two or three moves before a game's end; its games end sooner.
    'suggest2-crashes-near-full': { ...error('suggestMove2.nearly-full') },
    'suggest1-changes-board': { ...fail('suggestMove1.document', 'suggestMove1.generated') },
    'suggest1-blocks-first': { ...fail('suggestMove1.generated') },
    'suggest1-never-wins': { ...fail('suggestMove1.document', 'suggestMove1.generated') },
    'suggest1-no-block': { ...fail('suggestMove1.document', 'suggestMove1.generated') },
    'suggest1-one-pass': { ...fail('suggestMove1.generated') },
    // A row-only suggestMove1 that passes the document's example: suggestMove2 beats it, not the document's. The kit
    // plays the student's own as the opponent, so it leaves that test to the grader (never a pass the grade fails).
    'suggest1-rows-only': {
      ...fail('suggestMove1.generated', 'suggestMove2.vs-suggestMove1', 'suggestMove2.vs-minimax2', 'suggestMove2.vs-minimax4'),
    },
    'trivia-exit-after-win': {},
    'trivia-imports-numpy': {},
    'trivia-player1-as-O': { ...fail('printBoard.document', 'printBoard.generated') },
    'valid-moves-six-columns': { ...fail('getValidMoves.document', 'getValidMoves.generated', 'suggestMove1.generated') },
  },
  // Every move of its tournaments loops: each game is lost on a move out of time.
  hangsIn: {
    'hostile-suggest2-loops': [
      'suggestMove2.vs-random',
      'suggestMove2.vs-suggestMove1',
      'suggestMove2.vs-minimax2',
      'suggestMove2.vs-minimax4',
    ],
  },
};

/** Failing generated cases shown again on a smaller board (runner/plan/shrink.ts): checkers before and after. */
export const SMALLEST: Readonly<Record<string, Readonly<Record<string, readonly [number, number]>>>> = {
  'suggest1-no-block': { 'suggestMove1.generated': [10, 8] },
  // The first wrong hasWon answer on a position a game reaches (the line families are as small as they get).
  'has-won-no-anti-diagonal': { 'hasWon.generated': [30, 16] },
};

/** The easy AI's mistake each suggestMove1 sample is named with (runner/insight/suggest-move-mistakes.ts). */
export const DIAGNOSES: Readonly<Record<string, string>> = {
  'suggest1-blocks-first': 'blocks-before-winning',
  'suggest1-never-wins': 'never-wins',
  'suggest1-no-block': 'never-blocks',
  'suggest1-one-pass': 'win-or-block-in-one-pass',
};

/** Samples that exist to pin a named mistake: the kit suite leaves them out (it pins the kit's naming on suggest1-no-block). */
export const DIAGNOSIS_ONLY: readonly string[] = ['suggest1-blocks-first', 'suggest1-never-wins', 'suggest1-one-pass'];
