/**
 * HMC's failing generated cases made smaller (runner/plan/shrink.ts): scoresFor's and nextMove's boards, each
 * smaller board with the reference's answer, built as the fixtures build their cases. The grader's only: the
 * student's kit holds no reference.
 */
import { gridFromRows, XO_SPACE } from '../../../reference/core/grid.js';
import { lookaheadCost } from '../../../reference/core/lookahead.js';
import * as ref from '../../../reference/hmc-cs5-hw11.js';
import type { FixtureCase } from '../../model/fixture-types.js';
import { columnAnswer } from '../../plan/session-objects.js';
import type { CaseShrinker } from '../../plan/shrink.js';
import type { ResolvedTest } from '../../model/spec-types.js';
import { boardInput, boardSetup, scoresForCase } from './cases.js';
import { hmcInput } from './inputs.js';

const rowsOf = (c: FixtureCase) => hmcInput(c).board?.rows;
/** The player as the reference takes it (the generated cases' players search: their ply is a number). */
const playerOf = (c: FixtureCase) => hmcInput(c).player as ref.HmcPlayer | undefined;

/** The boards a plain look-ahead tries for a case's call on `rows`: a smaller board that asks more is not tried. */
const costOf = (c: FixtureCase, rows: readonly string[]): number | undefined => {
  const player = playerOf(c);
  return player ? lookaheadCost(gridFromRows(rows, XO_SPACE), ref.pieceOf(player.ox), player.ply as number).boards : undefined;
};

const SCORES_FOR: CaseShrinker = {
  rows: rowsOf,
  cost: costOf,
  withRows: (c, rows, id) => {
    const grid = gridFromRows(rows, XO_SPACE);
    const player = playerOf(c);
    if (!player) return undefined;
    const made = scoresForCase(id, c.source, boardInput(grid), grid, player);
    // A board no longer won (or newly so) belongs to another of scoresFor's tests.
    return hmcInput(made).won === hmcInput(c).won ? made : undefined;
  },
};

const NEXT_MOVE: CaseShrinker = {
  rows: rowsOf,
  cost: costOf,
  withRows: (c, rows, id) => {
    const player = playerOf(c);
    if (!player) return undefined;
    const grid = gridFromRows(rows, XO_SPACE);
    const board = boardInput(grid);
    const answer = ref.nextMove(grid, player);
    if (answer.length === 0) return undefined;
    return {
      id,
      source: c.source,
      input: { ...c.input, board },
      python: `${boardSetup(board, grid)}\n${ref.playerConstructor(player)}.nextMove(b)`,
      expected: columnAnswer(answer),
    };
  },
};

/** The shrinker of a test whose failing generated cases shrink, or undefined. */
export function hmcShrinker(test: ResolvedTest): CaseShrinker | undefined {
  if (test.target === 'Player.scoresFor' && (test.check === 'value' || test.check === 'game-over')) return SCORES_FOR;
  if (test.target === 'Player.nextMove' && test.check === 'value') return NEXT_MOVE;
  return undefined;
}
