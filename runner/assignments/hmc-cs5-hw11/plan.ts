/**
 * How HMC CS5 Homework 11 (document 001) is graded, free of the reference: the Player's methods through the harness,
 * playGame through the terminal, their checks and the names each test needs. The grader (index.ts) and the student's
 * kit (kit.ts) share it.
 */
import type { AssignmentPlan, GameReplay } from '../assignment.js';
import { classReplay, type ReplayParts } from '../game-replay.js';
import { checkHmcCase, checkHmcGame } from './checks.js';
import { hmcProperty } from './properties.js';
import { hmcInteraction, hmcProgram } from './steps.js';

/** The Player methods the document's Player double stands in for, by the tests that grade each. */
export const METHODS: ReplayParts = [
  ['oppCh', ['player.oppCh']],
  ['scoreBoard', ['player.scoreBoard.document', 'player.scoreBoard.generated']],
  ['tiebreakMove', ['player.tiebreakMove.left-right', 'player.tiebreakMove.random', 'player.tiebreakMove.random-spread']],
  ['scoresFor', ['player.scoresFor.document', 'player.scoresFor.float-scores', 'player.scoresFor.ply-0-1', 'player.scoresFor.ply-2-3', 'player.scoresFor.ply-4-5', 'player.scoresFor.already-won']],
];

/**
 * playGame replayed with the document's versions of the Player methods whose tests failed (the student's nextMove
 * and Board kept): a scoring bug that changes the game is then charged by the scoring tests alone.
 */
function hmcGameReplay(failed: ReadonlySet<string>): GameReplay | undefined {
  return classReplay('hmc-player', 'Player', METHODS, failed, ['nextMove']);
}

/** The plan both the grader and the student's kit run; only the stand-ins they run it with differ. */
export const HMC_PLAN: AssignmentPlan = {
  // A strength test measures the student's whole Player: no method is swapped for the document's.
  interaction: (test, testCase) => hmcInteraction(test.target, testCase, { whole: test.kind === 'strength' }),
  property: hmcProperty,
  program: hmcProgram,
  check: checkHmcCase,
  gameReplay: hmcGameReplay,
  checkProgram: (check, testCase, result) => {
    if (check !== 'hmc-game') throw new Error(`internal: unknown HMC program check '${check}'`);
    return checkHmcGame(testCase, result);
  },
  // Every test builds the student's Board, and the Player tests their Player.
  neededNames: (test) => (test.target.startsWith('Board') ? ['Board', ...(test.kind === 'program' ? ['Player'] : [])] : ['Board', 'Player']),
  // The types test judges the scores' type only: a crash is graded by the value tests.
  judgesOnly: (check) => (check === 'types' ? { note: 'this test judges the scores\' type only; the crash is graded by the value tests' } : undefined),
};
