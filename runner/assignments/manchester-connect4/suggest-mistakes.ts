/**
 * The easy AI's mistakes a failing suggestMove1 test may be named as (Task 6: "first check if … there is a move
 * which leads to an immediate win …; if there is no winning move … try to prevent the other player from winning …;
 * otherwise … a valid move"). Each mistake is the columns that AI may choose on a case's position, from the
 * reference's own win checks; a student's move explains a case when it is one of them (runner/grade/
 * lookahead-cases.ts, nameMistake). The grader's only: the kit carries these columns for its visible cases.
 */
import { getValidMoves, winningMoves, type BoardRows } from '../../../reference/manchester-connect4.js';
import type { LookaheadPosition, PositionChoiceMistake } from '../../plan/lookahead-cases.js';

type Side = 1 | 2;

const other = (who: Side): Side => (who === 1 ? 2 : 1);
/** The first non-empty list of columns, else every valid move. */
const firstOf = (board: BoardRows, ...lists: number[][]): number[] => lists.find((l) => l.length > 0) ?? getValidMoves(board);
/**
 * What an AI that skips a check may play where that check would have decided: any column but the ones it would have
 * chosen, or the first valid one (the document's "for example, the first one"), which it may pick by chance. A
 * student whose check works on some boards and not others chose those columns where it worked, so no mistake of this
 * kind explains them.
 */
const without = (board: BoardRows, skipped: number[]): number[] => getValidMoves(board).filter((c, i) => i === 0 || !skipped.includes(c));

/** The board and side a position holds ('X' is player 1, 'O' player 2, as the plan writes them). */
export function boardOfPosition(position: LookaheadPosition): { board: BoardRows; who: Side } {
  return {
    board: position.rows.map((row) => [...row].map((cell) => (cell === 'X' ? 1 : cell === 'O' ? 2 : 0))),
    who: position.me === 'X' ? 1 : 2,
  };
}

/** A mistake made from the columns its AI may choose on a board for the side to move. */
const mistake = (id: string, sentence: string, choices: (board: BoardRows, who: Side) => number[]): PositionChoiceMistake => ({
  id,
  sentence,
  choices: (position) => {
    const { board, who } = boardOfPosition(position);
    return choices(board, who);
  },
});

export const SUGGEST_MISTAKES: readonly PositionChoiceMistake[] = [
  mistake(
    'blocks-before-winning',
    "those of an AI that blocks the other player's four before it takes its own: where both could win at once, yours blocked; look for your own winning move first",
    (board, who) => firstOf(board, winningMoves(board, other(who)), winningMoves(board, who)),
  ),
  mistake(
    'win-or-block-in-one-pass',
    'those of an AI that tries each column once for a win or a block and takes the first that does either: where both could win at once, a block in an earlier column came before your win; look through every column for your own win first, then again for a block',
    (board, who) => {
      const either = [...winningMoves(board, who), ...winningMoves(board, other(who))];
      return firstOf(
        board,
        getValidMoves(board)
          .filter((c) => either.includes(c))
          .slice(0, 1),
      );
    },
  ),
  mistake(
    'never-blocks',
    "those of an AI that never blocks: where the other player could win at once and you could not, your move left that column open; after looking for your own win, look for the other player's",
    (board, who) => {
      const wins = winningMoves(board, who);
      const blocks = winningMoves(board, other(who));
      return wins.length > 0 ? wins : blocks.length > 0 ? without(board, blocks) : getValidMoves(board);
    },
  ),
  mistake(
    'never-wins',
    'those of an AI that never takes its own win: where you could win at once, your move did not; look for your own winning move first',
    (board, who) => {
      const wins = winningMoves(board, who);
      const blocks = winningMoves(board, other(who));
      return blocks.length > 0 ? blocks : wins.length > 0 ? without(board, wins) : getValidMoves(board);
    },
  ),
];
