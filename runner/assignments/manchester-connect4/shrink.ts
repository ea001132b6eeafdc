/**
 * Manchester's failing generated suggestMove1 and hasWon cases made smaller (runner/plan/shrink.ts): each smaller
 * board with the reference's answer (for suggestMove1, its acceptable columns for the same reason: a win, a block,
 * any move). The grader's only: the student's kit holds no reference.
 */
import * as ref from '../../../reference/manchester-connect4.js';
import { py } from '../../model/py-value.js';
import type { FixtureCase } from '../../model/fixture-types.js';
import type { CaseShrinker } from '../../plan/shrink.js';
import type { ResolvedTest } from '../../model/spec-types.js';
import { boardLiteral } from './cases.js';
import { manchesterInput } from './inputs.js';

const PIECES = [' ', 'X', 'O'];

/** The board as rows of ' ', 'X' (player 1) and 'O' (player 2), top first, as the shrinker reads boards. */
const rowsOf = (board: ref.BoardRows): string[] => board.map((row) => row.map((cell) => PIECES[cell] ?? '?').join(''));
const boardOf = (rows: readonly string[]): ref.BoardRows => rows.map((row) => [...row].map((cell) => PIECES.indexOf(cell)));

const SUGGEST_MOVE1: CaseShrinker = {
  rows: (c) => {
    const { board } = manchesterInput(c);
    return board && rowsOf(board);
  },
  withRows: (c, rows, id): FixtureCase | undefined => {
    const board = boardOf(rows);
    const { who } = manchesterInput(c);
    if (who === undefined) return undefined;
    const { columns, reason } = ref.suggestMove1Acceptable(board, who);
    // A board where the move is chosen for another reason is another kind of case.
    if (reason !== c.facts?.['reason'] || columns.length === 0) return undefined;
    return {
      id,
      source: c.source,
      input: { board, who },
      python: `suggestMove1(${boardLiteral(board)}, ${who})`,
      expected: { oneOf: columns.map(py.int) },
      facts: { reason },
    };
  },
};

/**
 * hasWon on a smaller board: the same two answers. Only the random family's boards are positions a game reaches; the
 * other families draw one line alone, already as small as it gets.
 */
const HAS_WON: CaseShrinker = {
  rows: (c) => {
    const { board } = manchesterInput(c);
    return c.source.kind === 'generated' && c.source.family === 'hasWon.random' && board ? rowsOf(board) : undefined;
  },
  sameAnswers: true,
  withRows: (c, rows, id): FixtureCase | undefined => {
    const board = boardOf(rows);
    const { who } = manchesterInput(c);
    if (who === undefined) return undefined;
    return {
      id,
      source: c.source,
      input: { board, who },
      python: `hasWon(${boardLiteral(board)}, ${who})`,
      expected: { value: py.bool(ref.hasWon(board, who)) },
    };
  },
};

/** The shrinker of a test whose failing generated cases shrink, or undefined. */
export function manchesterShrinker(test: ResolvedTest): CaseShrinker | undefined {
  if (test.target === 'suggestMove1' && test.check === 'suggest') return SUGGEST_MOVE1;
  if (test.target === 'hasWon' && test.check === 'value') return HAS_WON;
  return undefined;
}
