/**
 * The Conniption samples graded end to end. The state class and the search are graded through the harness, the
 * search on the student's own genChildStates and betterEval, so a bug in betterEval does not cost the search; the
 * REPL runs with a scripted stand-in for the search, so the REPL tests see the student's rules and commands only.
 */
import { describeSampleSuite } from '../../helpers/sample-suite.js';
import { DIAGNOSES, PINS, SMALLEST } from './verdicts.js';

describeSampleSuite({
  assignment: 'conniption',
  args: ['--assignment', 'conniption'],
  snoopedTarget: 'Conniption.betterEval',
  ...PINS,
  smallest: SMALLEST,
  diagnoses: DIAGNOSES,
});
