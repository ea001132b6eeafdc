/**
 * The Manchester samples graded end to end. The game functions are graded one call at a time, so a function's bug
 * costs its own tests plus those of the functions that call it (suggestMove1 calls getValidMoves, makeMove and
 * hasWon); play() is whole-program, so a bug that changes a game costs the games it changes. Each ripple is pinned.
 */
import { describeSampleSuite } from '../../helpers/sample-suite.js';
import { DIAGNOSES, PINS, SMALLEST } from './verdicts.js';

describeSampleSuite({
  assignment: 'manchester-connect4',
  snoopedTarget: 'hasWon',
  ...PINS,
  smallest: SMALLEST,
  diagnoses: DIAGNOSES,
});
