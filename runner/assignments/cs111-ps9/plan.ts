/**
 * How CS 111 Problem Set 9 (document 000) is graded, free of the reference: its steps, properties, programs and
 * checks, and the names each kind of test needs. The grader (index.ts) and the student's kit (kit.ts) share it.
 */
import type { StepFailure } from '../../checks/observation.js';
import { checkProgram } from '../../checks/programs.js';
import type { FixtureCase } from '../../model/fixture-types.js';
import type { ResolvedTest } from '../../model/spec-types.js';
import type { AssignmentPlan, ChargedElsewhere, Excuse, LookaheadCases } from '../../plan/assignment.js';
import { positionFromRows } from '../../plan/lookahead-cases.js';
import { checkCs111Case } from './checks.js';
import { CS111_CHARGES_FIRST, cs111GameReplay, cs111Program } from './programs.js';
import { cs111Property } from './properties.js';
import { cs111Input, cs111Interaction } from './steps.js';

const PLAYER_CLASSES: Record<string, string> = { human: 'Player', random: 'RandomPlayer', ai: 'AIPlayer' };

function neededNames(test: ResolvedTest): string[] {
  const root = test.target.split('.')[0]!;
  if (test.kind === 'program') {
    const kinds = test.fixtureCases.flatMap((c) => {
      const input = cs111Input(c);
      return [input.player1, input.player2, input.player].flatMap((p) => p?.kind ?? []);
    });
    return [root, ...(root === 'process_move' ? ['Board'] : []), ...new Set(kinds.map((k) => PLAYER_CLASSES[k] ?? 'Player'))];
  }
  if (test.kind === 'property' && test.property?.startsWith('cs111-random')) return ['RandomPlayer'];
  return [root];
}

/**
 * is_win_for's directions: the name of each direction's test, how the document names its helper (is_horizontal_win,
 * is_up_diagonal_win, …), and its step down the rows and across the columns.
 */
const DIRECTIONS = [
  ['horizontal', /horizontal/iu, 0, 1],
  ['vertical', /vertical/iu, 1, 0],
  ['down-diagonal', /down/iu, 1, 1],
  ['up-diagonal', /up(?!date)/iu, -1, 1],
] as const;

/** The direction a function of the student's is the helper of, by its name (`is_up_diagonal_win`), if any. */
function helperDirection(name: string): string | undefined {
  if (!/win|diag|row|column|line|check/iu.test(name)) return undefined;
  return DIRECTIONS.find(([, pattern]) => pattern.test(name))?.[0];
}

/**
 * The failures a CS111 test leaves to another test, each charged once: is_win_for's crash in one direction's helper
 * is that direction's test's (its other tests, the document's examples and the random boards pass the case with a
 * note), and a Board repr that crashes only on a board wider than ten columns is the generated repr test's, which
 * grades the labels past 9.
 */
function excuseCs111Failure(test: ResolvedTest, testCase: FixtureCase, failure: StepFailure): Excuse | undefined {
  if (failure.kind !== 'exception') return undefined;
  if (test.target === 'Board.is_win_for') {
    const own = DIRECTIONS.find(([direction]) => test.id === `board.is_win_for.${direction}`)?.[0];
    const frame = [...failure.exception.frames].reverse().find((f) => helperDirection(f.function) !== undefined);
    const direction = frame && helperDirection(frame.function);
    if (!frame || !direction || direction === own) return undefined;
    return {
      chargedBy: `board.is_win_for.${direction}`,
      note: `${failure.exception.type} was raised in ${frame.function} (line ${frame.line}), the helper for ${direction} wins: charged by board.is_win_for.${direction}`,
    };
  }
  const { board } = cs111Input(testCase);
  if (test.check === 'board-repr-frame' && (board?.width ?? 0) > 10) {
    return {
      chargedBy: 'board.repr.generated',
      note: `${failure.exception.type} was raised drawing a board ${board!.width} columns wide: the labels of columns 10 and up are graded by board.repr.generated`,
    };
  }
  return undefined;
}

/** The runs of four of one checker on a board, with the direction each runs in (the direction tests' names). */
function foursOf(rows: readonly string[], checker: string): { direction: string; cells: string }[] {
  const at = (r: number, c: number) => rows[r]?.[c];
  const fours: { direction: string; cells: string }[] = [];
  rows.forEach((row, r) =>
    [...row].forEach((_, c) => {
      for (const [direction, , dr, dc] of DIRECTIONS) {
        const cells = [0, 1, 2, 3].map((k) => [r + k * dr, c + k * dc] as const);
        if (cells.every(([rr, cc]) => at(rr, cc) === checker)) fours.push({ direction, cells: cellsKey(cells) });
      }
    }),
  );
  return fours;
}

const cellsKey = (cells: readonly (readonly [number, number])[]) =>
  cells
    .map(([r, c]) => `${r},${c}`)
    .sort()
    .join(' ');

/** The filled cells of a board's rows. */
const filledCells = (rows: readonly string[]) =>
  cellsKey(rows.flatMap((row, r) => [...row].flatMap((cell, c) => (cell === ' ' ? [] : [[r, c] as const]))));

/**
 * A four missed on the document's board is its direction's, charged by that direction's test on its own case with
 * the same four alone on the board: the document's example passes with a note when the student misses that one too.
 */
function missedFourElsewhere(test: ResolvedTest, testCase: FixtureCase, tests: readonly ResolvedTest[]): ChargedElsewhere | undefined {
  if (test.id !== 'board.is_win_for.document') return undefined;
  const { board, checker } = cs111Input(testCase);
  if (!board || !checker) return undefined;
  const fours = foursOf(board.rows, checker);
  const directions = new Set(fours.map((f) => f.direction));
  if (directions.size !== 1) return undefined;
  const [direction] = directions;
  const chargedBy = tests.find((t) => t.id === `board.is_win_for.${direction}`);
  const chargedCase = chargedBy?.fixtureCases.find((c) => {
    const own = cs111Input(c).board;
    return (
      own !== undefined &&
      'value' in c.expected &&
      c.expected.value?.type === 'bool' &&
      c.expected.value.value &&
      fours.some((f) => f.cells === filledCells(own.rows))
    );
  });
  if (!chargedBy || !chargedCase) return undefined;
  return {
    chargedBy,
    chargedCase,
    note: `the ${direction} four on the document's board is missed, as it is alone on a board (${chargedCase.id}): charged by ${chargedBy.id}`,
  };
}

const CS111_LOOKAHEAD: LookaheadCases = {
  positionOf: (c) => positionFromRows(cs111Input(c).board?.rows, cs111Input(c).checker, cs111Input(c).lookahead),
  // Either reading of a board filled within the look-ahead, as the fixtures accept (reference/core/lookahead.ts).
  rules: ['tie-50', 'complement'],
};

/** The plan both the grader and the student's kit run; only the stand-ins they run it with differ. */
export const CS111_PLAN: AssignmentPlan = {
  // A strength test measures the student's whole AIPlayer: no method is swapped for the document's.
  interaction: (test, testCase) => cs111Interaction(test.target, testCase, { whole: test.kind === 'strength' }),
  property: cs111Property,
  program: cs111Program,
  check: checkCs111Case,
  checkProgram,
  neededNames,
  gameReplay: cs111GameReplay,
  // The document gives connect_four whole: one that cannot start is charged once, by the human games' test.
  chargesStartOnce: ['connect_four'],
  chargesFirst: CS111_CHARGES_FIRST,
  excuseFailure: excuseCs111Failure,
  readingElsewhere: missedFourElsewhere,
  // scores_for's value tests: a failure may be named as one look-ahead mistake (runner/plan/lookahead-diagnosis.ts).
  lookahead: (test) =>
    test.target === 'AIPlayer.scores_for' && (test.check === 'value' || test.check === 'game-over') ? CS111_LOOKAHEAD : undefined,
  // A crash in scores_for or next_move is graded by their value tests, not again by these one-rule tests (the
  // prompts next_move prints among them).
  judgesOnly: (rule) =>
    ['restored', 'num-moves', 'types', 'cs111-board-reset-rows', 'output'].includes(rule)
      ? { note: 'this test judges one rule only; the crash is graded by the value tests' }
      : undefined,
};
