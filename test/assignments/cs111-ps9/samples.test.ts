/**
 * The CS111 samples graded end to end. Every sample's verdicts are pinned: a one-bug sample loses the tests of the
 * buggy function (each AIPlayer method is tested on the document's others); a game it changes is replayed with the
 * document's Board or AIPlayer methods and passes, so the games charge only what no unit test sees (a move not
 * counted, a message).
 */
import { describeSampleSuite } from '../../helpers/sample-suite.js';
import { DIAGNOSES, PINS, SMALLEST } from './verdicts.js';

describeSampleSuite({
  assignment: 'cs111-ps9',
  snoopedTarget: 'Board.is_win_for',
  ...PINS,
  diagnoses: DIAGNOSES,
  smallest: SMALLEST,
});
