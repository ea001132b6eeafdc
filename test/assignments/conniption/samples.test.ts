/**
 * The Conniption samples graded end to end. The state class and the search are graded through the harness, the
 * search on the student's own genChildStates and betterEval, so a bug in betterEval does not cost the search; the
 * REPL runs with a scripted stand-in for the search, so the REPL tests see the student's rules and commands only.
 */
import { describeSampleSuite, error, fail, timeout } from '../../helpers/sample-suite.js';

describeSampleSuite({
  assignment: 'conniption',
  args: ['--assignment', 'conniption'],
  correct: ['correct-classic', 'correct-plain', 'correct-single-file'],
  snoopedTarget: 'Conniption.betterEval',
  expected: {
    'bad-command-crashes': { ...error('repl.bad-commands') },
    'correct-classic': {},
    'correct-plain': {},
    'correct-single-file': {},
    'defaults-three-flips': { ...fail('Conniption.defaults', 'repl.moves', 'repl.illegal-moves', 'repl.undo', 'repl.bad-commands') },
    'eval-flip-sign': { ...fail('Conniption.betterEval.generated') },
    'eval-no-flippable-bonus': { ...fail('Conniption.betterEval.document', 'Conniption.betterEval.generated') },
    'game-ignores-your-four': { ...fail('repl.moves') },
    'flips-spent-by-ai': { ...fail('Conniption.genChildStates.start', 'Conniption.genChildStates.generated', 'repl.moves') },
    'help-without-undo': { ...fail('repl.help-display') },
    'hostile-kills-interpreter': { ...error('Conniption.isWin.document', 'Conniption.isWin.generated') },
    'hostile-reads-fixtures': { ...fail('Conniption.betterEval.document', 'Conniption.betterEval.generated') },
    'hostile-repl-at-import': {},
    'hostile-search-loops': { ...timeout('alpha_beta_search.shallow', 'alpha_beta_search.deep') },
    'hostile-syntax-error-in-search': { ...error('import.modules', 'alpha_beta_search.shallow', 'alpha_beta_search.deep', 'repl.setup', 'repl.help-display', 'repl.moves', 'repl.illegal-moves', 'repl.undo', 'repl.bad-commands') },
    'is-win-ai-only': { ...fail('Conniption.isWin.document', 'Conniption.isWin.generated') },
    'no-dual-flip': { ...fail('Conniption.genChildStates.start', 'Conniption.genChildStates.generated', 'repl.moves') },
    'post-flip-stays-flippable': { ...fail('Conniption.genChildStates.start', 'Conniption.genChildStates.flips-left', 'Conniption.genChildStates.generated', 'alpha_beta_search.shallow', 'repl.moves', 'repl.illegal-moves') },
    'search-min-maximises': { ...fail('alpha_beta_search.shallow', 'alpha_beta_search.deep') },
    'trivia-imports-tqdm': {},
    'trivia-returns-children': {},
    'undo-does-nothing': { ...fail('repl.undo') },
  },
});
