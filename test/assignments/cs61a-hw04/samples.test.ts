/**
 * The CS61A samples graded end to end. Each function is graded with the grader's versions of the others, so a bug
 * costs its own function's tests (and its abstraction-barrier test) and nothing else.
 */
import { describeSampleSuite } from '../../helpers/sample-suite.js';
import { PINS } from './verdicts.js';

describeSampleSuite({
  assignment: 'cs61a-hw04',
  snoopedTarget: 'check_win',
  ...PINS,
});
