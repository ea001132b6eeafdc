/**
 * Who rules the games the grader judges whole (suggestMove2's tournaments, play()'s games against the computer):
 * where a move leaves the board, who has four in a row, which columns are open, and the opponents a tournament
 * plays. The grader's referee is the reference (reference-referee.ts); the student's kit, which holds no working
 * version of a graded function, referees with the student's own functions, asked through the harness (kit-referee.ts).
 */
import type { Ask } from '../../plan/property.js';
import type { Rng } from '../../model/rng.js';
import type { Board, Side } from './board.js';
import { withSentence, type CaseVerdict } from '../../checks/verdict.js';

export type Baseline = 'random' | 'suggestMove1' | 'minimax2' | 'minimax4';

/** A move played: the board after it, whether its player now has four in a row, and the columns still open. */
export interface Played {
  readonly board: Board;
  readonly won: boolean;
  readonly open: readonly number[];
}

/** A tournament's opponent: what it is, in the table's words, and its move (`open`: the columns open, ascending). */
export interface Opponent {
  readonly label: string;
  /** The student's own part that plays this opponent (the kit's), where the grader plays the document's. */
  readonly own?: string;
  move(ask: Ask, board: Board, who: Side, rng: Rng, open: readonly number[]): Promise<number>;
}

/** Each ruling gets the case's way to ask the harness, which only a referee of the student's own functions uses. */
export interface Referee {
  /** The columns open on a board, ascending. */
  validMoves(ask: Ask, board: Board): Promise<number[]>;
  /** `who` drops a checker in `column` (one of the open ones). */
  play(ask: Ask, board: Board, column: number, who: Side): Promise<Played>;
  /** Whether each position's player has four in a row on its board, in order. */
  wins(ask: Ask, positions: readonly { readonly board: Board; readonly who: Side }[]): Promise<boolean[]>;
  /** The opponent a tournament plays; undefined where this referee has none (the kit plays no minimax). */
  opponent(baseline: Baseline): Opponent | undefined;
  /** Said after a failed verdict `parts` of this referee ruled on: whose functions they were, and what to fix first. */
  caveat?(parts: readonly string[]): string;
}

/** A ruling the referee could not give: the student's own function it asked raised, or answered nonsense. */
export class RefereeError extends Error {
  override readonly name = 'RefereeError';
}

/** What a case says when its referee could not rule on `parts`; anything else thrown is the grader's bug. */
export function refereeFailure(error: unknown, referee: Referee, parts: readonly string[]): { status: 'error'; message: string } {
  if (!(error instanceof RefereeError)) throw error;
  return { status: 'error', message: referee.caveat ? `${referee.caveat(parts)}. Here ${error.message}` : error.message };
}

/** A failed verdict `parts` of the referee ruled on, with the referee's caveat. */
export function withCaveat(verdict: CaseVerdict, referee: Referee, parts: readonly string[]): CaseVerdict {
  return verdict.status === 'pass' || !referee.caveat ? verdict : withSentence(verdict, 'referee-caveat', `${referee.caveat(parts)}.`);
}
