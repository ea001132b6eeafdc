/**
 * How HMC CS5 Homework 11 (document 001) is graded, free of the reference: the Player's methods through the harness,
 * playGame through the terminal, their checks and the names each test needs. The grader (index.ts) and the student's
 * kit (kit.ts) share it.
 */
import type { FixtureCase } from '../../model/fixture-types.js';
import type { ResolvedTest } from '../../model/spec-types.js';
import type { AssignmentPlan, ChargedElsewhere, GameReplay, LookaheadCases } from '../../plan/assignment.js';
import { positionFromRows } from '../../plan/lookahead-cases.js';
import { classReplay, type ReplayParts } from '../../plan/game-replay.js';
import { checkHmcCase, checkHmcGame } from './checks.js';
import { hmcProperty } from './properties.js';
import { hmcInput, type HmcInput } from './inputs.js';
import { hmcInteraction, hmcProgram } from './steps.js';

/** The Player methods the document's Player double stands in for, by the tests that grade each. */
export const METHODS: ReplayParts = [
  ['oppCh', ['player.oppCh']],
  ['scoreBoard', ['player.scoreBoard.document', 'player.scoreBoard.generated']],
  ['tiebreakMove', ['player.tiebreakMove.left-right', 'player.tiebreakMove.random', 'player.tiebreakMove.random-spread']],
  [
    'scoresFor',
    [
      'player.scoresFor.document',
      'player.scoresFor.float-scores',
      'player.scoresFor.ply-0-1',
      'player.scoresFor.ply-2-3',
      'player.scoresFor.ply-4-5',
      'player.scoresFor.already-won',
    ],
  ],
  // A computer player's move; a 'HUMAN' player's dialogue stays the student's in a replay (doubles.py).
  ['nextMove', ['player.nextMove.document', 'player.nextMove.generated']],
];

/**
 * playGame replayed with the document's versions of the Player methods whose tests failed (the student's Board
 * kept): a scoring or move-choosing bug that changes the game is then charged by those methods' tests alone.
 */
function hmcGameReplay(failed: ReadonlySet<string>): GameReplay | undefined {
  return classReplay('hmc-player', 'Player', METHODS, failed);
}

/**
 * A RANDOM tie-break that fails where LEFT fails on the same scores (a best score searched from `max = 0`, which
 * never finds a -1.0) is the search for the best score, charged by the LEFT/RIGHT test once it has failed; the RANDOM
 * test charges the choice among the tied columns.
 */
function sharedTiebreakMistake(test: ResolvedTest, testCase: FixtureCase, tests: readonly ResolvedTest[]): ChargedElsewhere | undefined {
  if (test.id !== 'player.tiebreakMove.random') return undefined;
  const chargedBy = tests.find((t) => t.id === 'player.tiebreakMove.left-right');
  const input = hmcInput(testCase);
  const scores = input.scores ?? [];
  if (!chargedBy || input.player?.tiebreak !== 'RANDOM' || scores.length === 0) return undefined;
  const left = scores.indexOf(Math.max(...scores));
  const chargedCase: FixtureCase = {
    ...testCase,
    id: `${testCase.id}.left`,
    input: { ...input, player: { ...input.player, tiebreak: 'LEFT' } } satisfies HmcInput,
    expected: { value: { type: 'int', value: left } },
  };
  return {
    chargedBy,
    chargedCase,
    onceFailed: true,
    note: `with 'LEFT' these scores fail too: finding the best score is charged by ${chargedBy.id}; this test grades the choice among the tied columns`,
  };
}

/**
 * A look-ahead that answers right once its Board's delMove takes back exactly the last move is right: the Board is
 * the previous part's, which no test here grades, so its delMove is charged once, by the first scoresFor test that
 * meets it, and the others pass those boards with a note.
 */
function boardUndoElsewhere(test: ResolvedTest, testCase: FixtureCase): ChargedElsewhere | undefined {
  if (test.target !== 'Player.scoresFor' || !['value', 'game-over'].includes(test.check ?? '')) return undefined;
  return {
    testCase: { ...testCase, input: { ...hmcInput(testCase), boardUndo: true } satisfies HmcInput },
    note: "with a delMove that takes back exactly the last move, your scoresFor answers right: your Board's delMove is what goes wrong",
    once: {
      cause: 'Board.delMove',
      why: "With your Board's delMove replaced by one that takes back exactly the last move, your scoresFor answers right: your Board's delMove (the previous part's) is what goes wrong. It is charged here once; the other scoresFor tests pass the boards it spoils.",
    },
  };
}

/** The Player methods whose tests never build a Board. */
const BOARDLESS = ['Player.__repr__', 'Player.oppCh', 'Player.tiebreakMove'];

const HMC_LOOKAHEAD: LookaheadCases = {
  positionOf: (c) => {
    const { board, player } = hmcInput(c);
    return positionFromRows(board?.rows, player?.ox, player?.ply);
  },
  // Either reading of a board filled within the look-ahead, as the fixtures accept (reference/core/lookahead.ts).
  rules: ['tie-50', 'complement'],
};

/** The plan both the grader and the student's kit run; only the stand-ins they run it with differ. */
export const HMC_PLAN: AssignmentPlan = {
  // A strength test measures the student's whole Player: no method is swapped for the document's.
  interaction: (test, testCase) => hmcInteraction(test.target, testCase, { whole: test.kind === 'strength' }),
  property: hmcProperty,
  program: hmcProgram,
  check: checkHmcCase,
  gameReplay: hmcGameReplay,
  readingElsewhere: (test, testCase, tests) => sharedTiebreakMistake(test, testCase, tests) ?? boardUndoElsewhere(test, testCase),
  // scoresFor's value tests: a failure may be named as one look-ahead mistake (runner/plan/lookahead-diagnosis.ts).
  lookahead: (test) =>
    test.target === 'Player.scoresFor' && (test.check === 'value' || test.check === 'game-over') ? HMC_LOOKAHEAD : undefined,
  checkProgram: (check, testCase, result) => {
    if (check !== 'hmc-game') throw new Error(`internal: unknown HMC program check '${check}'`);
    return checkHmcGame(testCase, result);
  },
  // The Board tests and the Player methods that are given a board need the student's Board; the others (the repr,
  // oppCh, tiebreakMove) only their Player, so a file without the previous part's Board still has those graded.
  neededNames: (test) => {
    if (test.target.startsWith('Board')) return ['Board', ...(test.kind === 'program' ? ['Player'] : [])];
    return BOARDLESS.includes(test.target) && test.kind !== 'strength' ? ['Player'] : ['Board', 'Player'];
  },
  // The types test judges the scores' type only: a crash is graded by the value tests.
  judgesOnly: (check) =>
    check === 'types' ? { note: "this test judges the scores' type only; the crash is graded by the value tests" } : undefined,
};
