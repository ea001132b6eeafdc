/**
 * The look-ahead of CS111's `scores_for` and HMC's `scoresFor` (reference/core/lookahead.ts) with one plausible
 * student mistake each: what the grader compares a failing student's scores with, to name the mistake. Written as
 * the plain recursion a student writes, on a copy of the board, so each mistake is one switch; slow, and meant for
 * the few boards a failing test shows.
 */
import { CONNECT, mapOpponentBest, SCORE, type FullBoardRule } from './lookahead.js';
import { canDrop, dropPiece, hasRun, liftPiece, opponentOf, type Grid, type Piece } from './grid.js';

export interface LookaheadMistake {
  /** Searches this many levels more (or fewer) than asked. */
  readonly depth?: -1 | 1;
  /** The opponent's replies scored for the same player: no level for the opponent. */
  readonly samePlayer?: boolean;
  /** The opponent's worst reply taken for its best (a min where a max belongs). */
  readonly worstReply?: boolean;
  /** The opponent's best score taken as one's own, not turned around. */
  readonly noFlip?: boolean;
  /** A reply that wins for the opponent scored 50, not 0. */
  readonly opponentWinAs50?: boolean;
  /** Checkers left on the board after a trial: never taken back, only when the column scored 50, or not after a win. */
  readonly restore?: 'never' | 'only-50' | 'not-after-win';
  /** A board already won searched on instead of being scored. */
  readonly playsOnFinished?: boolean;
  /** A full column left at the score the list starts with (50, or 0), instead of -1, at every level. */
  readonly fullLeftAt?: number;
}

/** Scores for `me` on a copy of `grid` with the mistake made. */
export function scoreColumnsWith(grid: Grid, me: Piece, lookahead: number, mistake: LookaheadMistake, rule: FullBoardRule): number[] {
  // One level shallower than 0 is still 0: the search cannot go below scoring the board as it is.
  const depth = Math.max(0, lookahead + (mistake.depth ?? 0));
  const board: Grid = { rows: grid.rows, cols: grid.cols, cells: new Uint8Array(grid.cells) };
  return scoreLevel(board, me, depth, mistake, rule);
}

function scoreLevel(board: Grid, me: Piece, lookahead: number, mistake: LookaheadMistake, rule: FullBoardRule): number[] {
  const scores: number[] = [];
  // Who has won is read once a level, unless a trial may leave its checker behind and change the board.
  const changing = mistake.restore !== undefined;
  let winMe = hasRun(board, me, CONNECT);
  let winOpp = !winMe && hasRun(board, opponentOf(me), CONNECT);
  for (let col = 0; col < board.cols; col++) {
    if (!canDrop(board, col)) {
      scores.push(mistake.fullLeftAt ?? SCORE.full);
      continue;
    }
    if (changing && col > 0) {
      winMe = hasRun(board, me, CONNECT);
      winOpp = !winMe && hasRun(board, opponentOf(me), CONNECT);
    }
    if (lookahead === 0 || !mistake.playsOnFinished) {
      if (winMe) {
        scores.push(SCORE.win);
        continue;
      }
      if (winOpp) {
        scores.push(SCORE.loss);
        continue;
      }
    }
    if (lookahead === 0) {
      scores.push(SCORE.neutral);
      continue;
    }
    dropPiece(board, col, me);
    const won = mistake.restore === 'not-after-win' && hasRun(board, me, CONNECT);
    const replies = scoreLevel(board, mistake.samePlayer ? me : opponentOf(me), lookahead - 1, mistake, rule);
    const best = mistake.worstReply ? Math.min(...replies) : Math.max(...replies);
    const score = mistake.noFlip ? best : mistake.opponentWinAs50 && best === SCORE.win ? SCORE.neutral : mapOpponentBest(best, rule);
    const keep = mistake.restore === 'never' || (mistake.restore === 'only-50' && score !== SCORE.neutral) || won;
    if (!keep) liftPiece(board, col);
    scores.push(score);
  }
  return scores;
}
