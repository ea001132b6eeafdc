/**
 * Manchester's plan (document 003): the game functions through the harness, play() on the terminal, suggestMove2
 * in tournaments. Reference-free: the games it judges whole are ruled by the referee it is built with (the
 * reference's for the grader, index.ts; the student's own functions in the kit, kit.ts).
 */
import { checkDocstrings, checkManchesterCase } from './checks.js';
import { manchesterInput, type ManchesterInput } from './inputs.js';
import { checkManchesterPlay } from './play-checks.js';
import type { FixtureCase } from '../../model/fixture-types.js';
import type { ResolvedTest } from '../../model/spec-types.js';
import type { AssignmentPlan, ChargedElsewhere, GameReplay, LookaheadCases } from '../../plan/assignment.js';
import { positionFromRows } from '../../plan/lookahead-cases.js';
import { functionReplay, type ReplayParts } from '../../plan/game-replay.js';
import type { Baseline, Referee } from './referee.js';
import { DOCSTRINGS_INTERACTION, manchesterInteraction, manchesterProgram } from './steps.js';
import { strategyCase } from './strategy.js';
import type { PropertyCase } from '../../plan/property.js';

/** The game functions the document's versions stand in for in a replayed play(), by the tests that grade each. */
export const FUNCTIONS: ReplayParts = [
  ['newGame', ['newGame.document', 'newGame.generated']],
  ['printBoard', ['printBoard.document', 'printBoard.generated']],
  ['getValidMoves', ['getValidMoves.document', 'getValidMoves.generated']],
  ['makeMove', ['makeMove.document', 'makeMove.generated']],
  ['hasWon', ['hasWon.document', 'hasWon.generated']],
  ['suggestMove1', ['suggestMove1.document', 'suggestMove1.generated']],
  // A round trip fails with either function; the document's pair replays it whole.
  ['loadGame', ['loadGame.document', 'loadGame.generated', 'loadGame.malformed', 'loadGame.missing', 'saveGame.round-trip']],
  ['saveGame', ['saveGame.document', 'saveGame.generated', 'saveGame.round-trip']],
];

/** The scripted play() sessions, in the document's order: they charge a crash before the tests that throw junk at it. */
export const SCRIPTED_PLAY: readonly string[] = [
  'play.two-humans',
  'play.names',
  'play.invalid-columns',
  'play.draw',
  'play.save',
  'play.load',
  'play.load-errors',
  'play.computer',
];

/**
 * play() replayed with the document's version of each function whose own tests failed (the student's play() and
 * suggestMove2 kept): a loadGame that crashes on a malformed file is charged by loadGame's tests, not again by
 * every game that loads one. What only play() does (its input handling, its messages, not crashing) stays its own.
 */
function manchesterGameReplay(failed: ReadonlySet<string>): GameReplay | undefined {
  return functionReplay('manchester-document', FUNCTIONS, failed);
}

/**
 * A round trip that fails with the student's saveGame and loadGame but passes with the document's version of one of
 * them is that one's mistake (a name given `.txt` once more, a loadGame that refuses every file), charged by its own
 * failed tests; the round trip charges a pair that disagree with each other.
 */
function roundTripElsewhere(test: ResolvedTest, testCase: FixtureCase, tests: readonly ResolvedTest[]): ChargedElsewhere[] | undefined {
  if (test.check !== 'round-trip') return undefined;
  return (['saveGame', 'loadGame'] as const).flatMap((fn) =>
    tests
      .filter((t) => t.target === fn && t.check !== 'round-trip')
      .map((chargedBy) => ({
        testCase: { ...testCase, input: { ...manchesterInput(testCase), standIn: fn } satisfies ManchesterInput },
        chargedBy,
        readingIsProof: true,
        note: `with the document's ${fn} the round trip is right: your ${fn}'s mistake, charged by ${chargedBy.id}`,
      })),
  );
}

/**
 * suggestMove1's value tests, whose failures may be named as one easy AI's mistake (suggest-mistakes.ts, the
 * grader's; the kit reads a table of their columns): each case's board and side as a position ('X' player 1), the
 * column returned, and the columns the document accepts.
 */
const SUGGEST_MOVE1: LookaheadCases = {
  family: 'choices',
  rules: ['document'],
  positionOf: (c) => {
    const { board, who } = manchesterInput(c);
    if (!board || (who !== 1 && who !== 2)) return undefined;
    return positionFromRows(
      board.map((row) => row.map((cell) => (cell === 1 ? 'X' : cell === 2 ? 'O' : ' ')).join('')),
      who === 1 ? 'X' : 'O',
      1,
    );
  },
  answerOf: (o) => {
    const value = o.replies['result']?.value;
    return value?.type === 'int' && typeof value.value === 'number' ? [value.value] : undefined;
  },
  expectedOf: (c) => ('oneOf' in c.expected ? c.expected.oneOf.flatMap((v) => (v.type === 'int' ? [v.value] : [])) : undefined),
};

/** The plan, its whole games ruled by `referee`. */
export function manchesterPlan(referee: Referee): AssignmentPlan {
  const property = (name: string): readonly PropertyCase[] => {
    if (name === 'manchester-docstrings') return [{ id: 'docstrings', interaction: DOCSTRINGS_INTERACTION, check: checkDocstrings }];
    const vs = /^manchester-vs-(random|suggestMove1|minimax2|minimax4)$/.exec(name);
    if (vs) return [strategyCase(vs[1] as Baseline, referee)];
    throw new Error(`internal: unknown Manchester property '${name}'`);
  };
  return {
    interaction: manchesterInteraction,
    property,
    program: manchesterProgram,
    check: checkManchesterCase,
    checkProgram: (check, testCase, result, ask) => checkManchesterPlay(check, testCase, result, referee, ask),
    gameReplay: manchesterGameReplay,
    // A crash several play() sessions meet is charged by the scripted session of the task that asks for that input,
    // in the document's order; the tests that throw junk at play() charge only the crashes no scripted session met.
    chargesFirst: SCRIPTED_PLAY,
    readingElsewhere: roundTripElsewhere,
    lookahead: (test) => (test.target === 'suggestMove1' && test.check === 'suggest' ? SUGGEST_MOVE1 : undefined),
    neededNames: (test) => {
      if (test.kind === 'program') return ['play'];
      if (test.property === 'manchester-docstrings') return [];
      if (test.property?.startsWith('manchester-vs-')) return ['suggestMove2'];
      return test.check === 'round-trip' ? ['saveGame', 'loadGame'] : [test.target];
    },
  };
}
