import { BitBoard, MAX_BITBOARD_COLS } from './bitboard.js';
import { type Grid, type Piece, canDrop, dropPiece, hasRun, hasRunThrough, liftPiece, opponentOf } from './grid.js';

/**
 * Column scores with lookahead, as CS111's `scores_for` and HMC's `scoresFor` define them:
 *
 *   for each column:  full → -1;  board already a win for me → 100;  win for the opponent → 0;
 *                     lookahead 0 → 50;  else drop my checker, let an opponent with lookahead-1 score the board,
 *                     and turn its best score into mine.
 *
 * Both documents leave one case open: "the approach discussed in lecture" turns the opponent's best score into mine
 * but no example shows what happens when my move fills the board, so every opponent score is -1:
 *   - 'tie-50': 0 → 100, 100 → 0, anything else → 50 (a full board is a draw). CS111's lecture idiom.
 *   - 'complement': 100 - best, so a full board gives 101. HMC's usual `100.0 - max(scores)`.
 * The two differ only when some line of play fills the board within the lookahead; fixtures record both then.
 */
export type FullBoardRule = 'tie-50' | 'complement';
export const FULL_BOARD_RULES: readonly FullBoardRule[] = ['tie-50', 'complement'];

export const SCORE = { full: -1, loss: 0, neutral: 50, win: 100 } as const;

/** The document's win length for CS111 and HMC, whatever the board size. */
export const CONNECT = 4;

export function mapOpponentBest(best: number, rule: FullBoardRule): number {
  if (rule === 'complement') return SCORE.win - best;
  if (best === SCORE.loss) return SCORE.win;
  if (best === SCORE.win) return SCORE.loss;
  return SCORE.neutral;
}

/** Scores for `me` on `grid` (not changed: the search works on its own copy). */
export function scoreColumns(grid: Grid, me: Piece, lookahead: number, rule: FullBoardRule = 'tie-50'): number[] {
  if (!Number.isInteger(lookahead) || lookahead < 0) throw new RangeError(`lookahead must be a whole number ≥ 0, got ${lookahead}`);
  if (grid.cols <= MAX_BITBOARD_COLS) return scoreOnBitboard(BitBoard.fromGrid(grid), me, lookahead, rule);
  return scoreOnGrid(grid, me, lookahead, rule);
}

function scoreOnBitboard(board: BitBoard, me: Piece, lookahead: number, rule: FullBoardRule): number[] {
  const scores = new Array<number>(board.cols);
  const winMe = board.hasRun(me, CONNECT);
  const winOpp = !winMe && board.hasRun(opponentOf(me), CONNECT);
  for (let col = 0; col < board.cols; col++) {
    if (!board.canPlay(col)) scores[col] = SCORE.full;
    else if (winMe) scores[col] = SCORE.win;
    else if (winOpp) scores[col] = SCORE.loss;
    else if (lookahead === 0) scores[col] = SCORE.neutral;
    else {
      const row = board.play(col, me);
      const best = bestReply(board, opponentOf(me), lookahead - 1, rule, row, col);
      board.undo(col);
      scores[col] = mapOpponentBest(best, rule);
    }
  }
  return scores;
}

/**
 * The highest score `scoreOnBitboard` would give for `me`, right after the opponent dropped a checker at
 * (lastRow, lastCol) on a board where nobody had four: so only that checker can have made a run. All a parent
 * needs, with no list built.
 */
function bestReply(board: BitBoard, me: Piece, lookahead: number, rule: FullBoardRule, lastRow: number, lastCol: number): number {
  let open = false;
  for (let col = 0; col < board.cols && !open; col++) open = board.canPlay(col);
  if (!open) return SCORE.full;
  if (board.hasRunThrough(opponentOf(me), lastRow, lastCol, CONNECT)) return SCORE.loss;
  if (lookahead === 0) return SCORE.neutral;
  // No score can beat a reply to an all-full board (101 under 'complement') or a win (100 under 'tie-50').
  const ceiling = rule === 'complement' ? SCORE.win - SCORE.full : SCORE.win;
  let best = -Infinity;
  for (let col = 0; col < board.cols; col++) {
    if (!board.canPlay(col)) continue;
    const row = board.play(col, me);
    const score = mapOpponentBest(bestReply(board, opponentOf(me), lookahead - 1, rule, row, col), rule);
    board.undo(col);
    if (score > best) {
      best = score;
      if (best >= ceiling) break;
    }
  }
  return best;
}

/** The same recursion on the plain grid: the general path, and the one boards wider than a bitboard take. */
export function scoreOnGrid(grid: Grid, me: Piece, lookahead: number, rule: FullBoardRule): number[] {
  const work = { rows: grid.rows, cols: grid.cols, cells: grid.cells.slice() };
  const recurse = (player: Piece, depth: number): number[] => {
    const winMe = hasRun(work, player, CONNECT);
    const winOpp = hasRun(work, opponentOf(player), CONNECT);
    const scores: number[] = [];
    for (let col = 0; col < work.cols; col++) {
      if (!canDrop(work, col)) scores.push(SCORE.full);
      else if (winMe) scores.push(SCORE.win);
      else if (winOpp) scores.push(SCORE.loss);
      else if (depth === 0) scores.push(SCORE.neutral);
      else {
        dropPiece(work, col, player);
        const replies = recurse(opponentOf(player), depth - 1);
        liftPiece(work, col);
        scores.push(mapOpponentBest(maxOf(replies), rule));
      }
    }
    return scores;
  };
  return recurse(me, lookahead);
}

/** Every rule's scores, and whether they disagree (the case fixtures must mark as ambiguous). */
export function scoreColumnsEveryRule(
  grid: Grid,
  me: Piece,
  lookahead: number,
): { byRule: Record<FullBoardRule, number[]>; ambiguous: boolean } {
  const byRule = {
    'tie-50': scoreColumns(grid, me, lookahead, 'tie-50'),
    complement: scoreColumns(grid, me, lookahead, 'complement'),
  };
  const ambiguous = byRule['tie-50'].some((s, i) => s !== byRule.complement[i]);
  return { byRule, ambiguous };
}

export type Tiebreak = 'LEFT' | 'RIGHT' | 'RANDOM';
export const TIEBREAKS: readonly Tiebreak[] = ['LEFT', 'RIGHT', 'RANDOM'];

/** The columns a tie-break may answer: one for LEFT and RIGHT, every tied column for RANDOM. */
export function tiebreakColumns(scores: readonly number[], tiebreak: Tiebreak): number[] {
  if (scores.length === 0) throw new RangeError('a tie-break needs at least one score');
  const best = maxOf(scores);
  const tied = scores.flatMap((s, i) => (s === best ? [i] : []));
  if (tiebreak === 'LEFT') return [tied[0]!];
  if (tiebreak === 'RIGHT') return [tied[tied.length - 1]!];
  return tied;
}

export function maxOf(values: ArrayLike<number>): number {
  let best = -Infinity;
  for (let i = 0; i < values.length; i++) if (values[i]! > best) best = values[i]!;
  return best;
}

/**
 * What one `scores_for` / `scoresFor` call asks of a student's code written the documents' plain way: `boards` is
 * every trial move at every level (each one a board the student's code builds and checks for wins), and `depth` the
 * deepest level a line of play reaches without the game ending, so a case can be kept cheap while still reaching
 * the lookahead it names. Counting stops past `cap`, so a too-costly position is turned down quickly.
 */
export function lookaheadCost(grid: Grid, me: Piece, lookahead: number, cap = Infinity): { boards: number; depth: number } {
  const work = { rows: grid.rows, cols: grid.cols, cells: grid.cells.slice() };
  let boards = 0;
  let deepest = 0;
  // Visited only on a board where no one has four: below the root, a drop makes a run only through its own checker.
  const visit = (player: Piece, left: number, level: number): void => {
    deepest = Math.max(deepest, level);
    if (left === 0) return;
    for (let col = 0; col < work.cols && boards <= cap; col++) {
      if (!canDrop(work, col)) continue;
      boards++;
      const row = dropPiece(work, col, player);
      if (!hasRunThrough(work, row, col, player, CONNECT)) visit(opponentOf(player), left - 1, level + 1);
      liftPiece(work, col);
    }
  };
  if (!hasRun(work, me, CONNECT) && !hasRun(work, opponentOf(me), CONNECT)) visit(me, lookahead, 0);
  return { boards, depth: deepest };
}
