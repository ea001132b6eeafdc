/** The conniption samples' pinned verdicts, read by the sample suite (samples.test.ts) and the kit's (kit-verdicts.test.ts). */
import { error, fail, timeout, type SamplePins } from '../../helpers/sample-suite.js';

export const PINS: SamplePins = {
  correct: ['correct-classic', 'correct-naive', 'correct-plain', 'correct-single-file'],
  expected: {
    'bad-command-crashes': { ...error('repl.bad-commands') },
    'correct-classic': {},
    'correct-naive': {},
    'correct-plain': {},
    'correct-single-file': {},
    'defaults-three-flips': { ...fail('Conniption.defaults', 'repl.moves', 'repl.illegal-moves', 'repl.undo', 'repl.bad-commands') },
    'eval-flip-sign': { ...fail('Conniption.betterEval.generated') },
    'eval-no-flippable-bonus': { ...fail('Conniption.betterEval.document', 'Conniption.betterEval.generated') },
    'game-ignores-your-four': { ...fail('repl.moves') },
    'flips-spent-by-ai': { ...fail('Conniption.genChildStates.start', 'Conniption.genChildStates.generated', 'repl.moves') },
    'help-without-undo': { ...fail('repl.help-display') },
    'hostile-answers-from-kit': { ...fail('Conniption.betterEval.generated') },
    'hostile-kills-interpreter': { ...error('Conniption.isWin.document', 'Conniption.isWin.generated') },
    'hostile-reads-fixtures': { ...fail('Conniption.betterEval.document', 'Conniption.betterEval.generated') },
    'hostile-repl-at-import': {},
    'hostile-search-loops': { ...timeout('alpha_beta_search.shallow', 'alpha_beta_search.deep') },
    // The REPL cannot start: repl.setup charges the crash, and the other REPL tests, crashing the same way, do not.
    'hostile-syntax-error-in-search': { ...error('import.modules', 'alpha_beta_search.shallow', 'alpha_beta_search.deep', 'repl.setup') },
    'is-win-ai-only': { ...fail('Conniption.isWin.document', 'Conniption.isWin.generated') },
    'no-dual-flip': { ...fail('Conniption.genChildStates.start', 'Conniption.genChildStates.generated', 'repl.moves') },
    'post-flip-stays-flippable': { ...fail('Conniption.genChildStates.start', 'Conniption.genChildStates.flips-left', 'Conniption.genChildStates.generated', 'alpha_beta_search.shallow', 'repl.moves', 'repl.illegal-moves') },
    'search-min-maximises': { ...fail('alpha_beta_search.shallow', 'alpha_beta_search.deep') },
    'trivia-imports-tqdm': {},
    'trivia-returns-children': {},
    'undo-does-nothing': { ...fail('repl.undo') },
  },
};

/** Failing generated cases shown again on a smaller board (runner/grade/shrink.ts): checkers before and after. */
export const SMALLEST: Readonly<Record<string, Readonly<Record<string, readonly [number, number]>>>> = {
  'no-dual-flip': { 'Conniption.genChildStates.generated': [7, 1] },
  // The same pair of answers, (True, True) expected and (True, False) given, on the smaller position.
  'is-win-ai-only': { 'Conniption.isWin.generated': [28, 12] },
};
