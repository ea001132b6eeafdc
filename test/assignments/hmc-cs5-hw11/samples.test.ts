/**
 * The HMC CS5 samples graded end to end. A test of one Player method gets the document's versions of the others,
 * so a method's bug costs its own tests; the whole games use everything the student wrote, so a bug that changes
 * how a game goes costs those too, and every test builds its boards with the student's own Board, as the document
 * does. Each such ripple is pinned here.
 */
import { describeSampleSuite } from '../../helpers/sample-suite.js';
import { DIAGNOSES, PINS, SMALLEST } from './verdicts.js';

describeSampleSuite({
  assignment: 'hmc-cs5-hw11',
  snoopedTarget: 'Player.scoreBoard',
  ...PINS,
  diagnoses: DIAGNOSES,
  smallest: SMALLEST,
});
