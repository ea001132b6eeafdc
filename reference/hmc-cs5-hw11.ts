/**
 * HMC CS5 Homework 11, Problem 2 (document 001): `Board(width, height)` (width first, unlike CS111), `setBoard`,
 * `addMove`, and `Player(ox, tiebreak, ply)` with float scores. The search is CS111's; the API and types differ.
 */
import { type Grid, createGrid, hasRun } from './core/grid.js';
import { CONNECT, type FullBoardRule, type Tiebreak, scoreColumns, tiebreakColumns } from './core/lookahead.js';
import { type Checker, addChecker, addCheckers, boardRepr, opponentChecker, pieceOf } from './cs111-ps9.js';

/** The checkers and their pieces are CS111's: HMC's own callers take them from here. */
export { CHECKERS, type Checker, pieceOf } from './cs111-ps9.js';

export type Ply = number | 'HUMAN';

export interface HmcPlayer {
  readonly ox: Checker;
  readonly tiebreak: Tiebreak;
  readonly ply: Ply;
}

/** `Board(width, height)`. */
export function newBoard(width: number, height: number): Grid {
  return createGrid(height, width);
}

/**
 * The printed board. The document's own examples disagree on the dash line (`-----` under a 7-wide board) and the
 * label indent, so checks compare cells exactly and these two lines leniently; this is the canonical form
 * (CS111's, which the previous part's Board class prints).
 */
export const boardText = boardRepr;

export function addMove(grid: Grid, col: number, ox: Checker): void {
  addChecker(grid, ox, col);
}

/** `setBoard(moveString)`: CS111's `add_checkers` under another name (X first, off-board columns skipped). */
export function setBoard(grid: Grid, moveString: string): void {
  addCheckers(grid, moveString);
}

export function boardFromMoves(width: number, height: number, moveString: string): Grid {
  const grid = newBoard(width, height);
  setBoard(grid, moveString);
  return grid;
}

export function winsFor(grid: Grid, ox: Checker): boolean {
  return hasRun(grid, pieceOf(ox), CONNECT);
}

/** The three-line repr the document prints (`Player for X` / `with tiebreak: LEFT` / `and ply == 2`). */
export function playerRepr(player: HmcPlayer): string {
  return `Player for ${player.ox}\nwith tiebreak: ${player.tiebreak}\nand ply == ${player.ply}`;
}

export function playerConstructor(player: HmcPlayer): string {
  const ply = player.ply === 'HUMAN' ? "'HUMAN'" : String(player.ply);
  return `Player('${player.ox}', '${player.tiebreak}', ${ply})`;
}

export const oppCh = (player: HmcPlayer): Checker => opponentChecker(player.ox);

/**
 * `scoreBoard`: 100.0 win for self, 0.0 loss, 50.0 otherwise. A board where both have four is outside the
 * document; checking self first (the order the document lists) gives 100.0, the other order 0.0.
 */
export function scoreBoard(grid: Grid, player: HmcPlayer): { score: number; alternatives: number[] } {
  const mine = winsFor(grid, player.ox);
  const theirs = winsFor(grid, oppCh(player));
  if (mine && theirs) return { score: 100, alternatives: [100, 0] };
  return { score: mine ? 100 : theirs ? 0 : 50, alternatives: [] };
}

export function tiebreakMove(scores: readonly number[], tiebreak: Tiebreak): number[] {
  return tiebreakColumns(scores, tiebreak);
}

/** `scoresFor` (values are floats in Python); HMC's usual `100.0 - max(...)` is the default rule. */
export function scoresFor(grid: Grid, player: HmcPlayer, rule: FullBoardRule = 'complement'): number[] {
  if (player.ply === 'HUMAN') throw new RangeError('scoresFor has no meaning for a HUMAN player');
  return scoreColumns(grid, pieceOf(player.ox), player.ply, rule);
}

export const HUMAN_PROMPT = 'Where would you like to place a checker? ';

/** `nextMove` for a computer player: the acceptable columns. */
export function nextMove(grid: Grid, player: HmcPlayer, rule: FullBoardRule = 'complement'): number[] {
  return tiebreakMove(scoresFor(grid, player, rule), player.tiebreak);
}

export interface PlayGameRecord {
  readonly columns: readonly number[];
  readonly finalBoard: Grid;
  readonly winner: Checker | null;
  /** `X wins!` as the document prints it; null for a full board (the document shows no tie message). */
  readonly finalMessage: string | null;
}

/** `Board.playGame(p1, p2)` between computer players with LEFT or RIGHT tie-breaks, on the board given. */
export function playGame(start: Grid, p1: HmcPlayer, p2: HmcPlayer): PlayGameRecord {
  const grid = { rows: start.rows, cols: start.cols, cells: start.cells.slice() };
  const columns: number[] = [];
  for (let turn = 0; ; turn++) {
    const player = turn % 2 === 0 ? p1 : p2;
    if (player.ply === 'HUMAN' || player.tiebreak === 'RANDOM') {
      throw new RangeError(`playGame plays deterministic computer players only, got ${playerConstructor(player)}`);
    }
    const col = nextMove(grid, player)[0]!;
    if (grid.cells.every((c) => c !== 0)) return { columns, finalBoard: grid, winner: null, finalMessage: null };
    addMove(grid, col, player.ox);
    columns.push(col);
    if (winsFor(grid, player.ox)) return { columns, finalBoard: grid, winner: player.ox, finalMessage: `${player.ox} wins!` };
    if (grid.cells.every((c) => c !== 0)) return { columns, finalBoard: grid, winner: null, finalMessage: null };
  }
}
