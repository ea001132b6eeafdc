/**
 * CS111's failing generated cases made smaller (runner/plan/shrink.ts): scores_for's and the AI's next_move's
 * boards, each smaller board with the reference's answer, built as the fixtures build their cases. The grader's
 * only: the student's kit holds no reference.
 */
import { gridFromRows, XO_SPACE } from '../../../reference/core/grid.js';
import { lookaheadCost, type Tiebreak } from '../../../reference/core/lookahead.js';
import * as ref from '../../../reference/cs111-ps9.js';
import type { FixtureCase } from '../../model/fixture-types.js';
import { columnAnswer } from '../../plan/session-objects.js';
import type { CaseShrinker } from '../../plan/shrink.js';
import type { ResolvedTest } from '../../model/spec-types.js';
import { boardInput, boardSetup } from './board-cases.js';
import { scoresForCase } from './cases.js';
import { cs111Input } from './steps.js';

const rowsOf = (c: FixtureCase) => cs111Input(c).board?.rows;

/** The boards a plain look-ahead tries for a case's call on `rows`: a smaller board that asks more is not tried. */
const costOf = (c: FixtureCase, rows: readonly string[]): number | undefined => {
  const { player, checker: scoredFor, lookahead: given } = cs111Input(c);
  const ai = player?.kind === 'ai' ? player : undefined;
  const checker = (scoredFor ?? ai?.checker) as ref.Checker | undefined;
  const lookahead = given ?? ai?.lookahead;
  return checker && lookahead !== undefined
    ? lookaheadCost(gridFromRows(rows, XO_SPACE), ref.pieceOf(checker), lookahead).boards
    : undefined;
};

const SCORES_FOR: CaseShrinker = {
  rows: rowsOf,
  cost: costOf,
  withRows: (c, rows, id) => {
    const grid = gridFromRows(rows, XO_SPACE);
    const { checker, lookahead, won } = cs111Input(c);
    const made = scoresForCase(id, c.source, boardInput(grid), grid, checker as ref.Checker, lookahead!);
    // A board no longer won (or newly so) belongs to another of scores_for's tests.
    return cs111Input(made).won === won ? made : undefined;
  },
};

const NEXT_MOVE: CaseShrinker = {
  rows: rowsOf,
  cost: costOf,
  withRows: (c, rows, id) => {
    const player = cs111Input(c).player;
    if (player?.kind !== 'ai') return undefined;
    const grid = gridFromRows(rows, XO_SPACE);
    const board = boardInput(grid);
    const answer = ref.aiNextMove(grid, player.checker as ref.Checker, player.tiebreak as Tiebreak, player.lookahead);
    if (answer.length === 0) return undefined;
    return {
      id,
      source: c.source,
      input: { ...c.input, board },
      python: `${boardSetup(board)}\np = AIPlayer('${player.checker}', '${player.tiebreak}', ${player.lookahead})\np.next_move(b)`,
      expected: columnAnswer(answer),
    };
  },
};

/** The shrinker of a test whose failing generated cases shrink, or undefined. */
export function cs111Shrinker(test: ResolvedTest): CaseShrinker | undefined {
  if (test.check !== 'value' && test.check !== 'game-over') return undefined;
  if (test.target === 'AIPlayer.scores_for') return SCORES_FOR;
  if (test.target === 'AIPlayer.next_move') return NEXT_MOVE;
  return undefined;
}
