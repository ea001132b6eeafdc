/** HMC's fixture case inputs: the shapes its case builders write, declared once for the builders, the plan and the checks. */
import type { FixtureCase } from '../../model/fixture-types.js';

export interface HmcBoardInput {
  readonly width: number;
  readonly height: number;
  readonly rows: readonly string[];
  /** The setBoard string that builds it, when the case has one; otherwise addMove calls from the bottom up. */
  readonly moves?: string;
}

export interface HmcPlayerInput {
  readonly ox: string;
  readonly tiebreak: string;
  readonly ply: number | 'HUMAN';
}

/**
 * An HMC fixture case's input, every field its case builders write (cases.ts, examples.ts): one declaration the
 * plan, the checks and the shrinker read.
 */
export interface HmcInput {
  readonly board?: HmcBoardInput;
  readonly player?: HmcPlayerInput;
  /** playGame's two players, and the columns a human types. */
  readonly player1?: HmcPlayerInput;
  readonly player2?: HmcPlayerInput;
  readonly inputs?: readonly string[];
  readonly moves?: string;
  /** tiebreakMove's scores. */
  readonly scores?: readonly number[];
  /** Who already has four on the board scoresFor is asked about (the spec's `where` splits the tests by it). */
  readonly won?: 'none' | 'self' | 'opponent' | 'both';
  /** Set by the plan: the student's Board with a delMove that takes back exactly the last move (plan.ts). */
  readonly boardUndo?: boolean;
}

/** A case's input as its builders wrote it (the fixtures are checked against the schema, and built by these builders). */
export const hmcInput = (testCase: FixtureCase): HmcInput => testCase.input;
