/**
 * Manchester's fixture case inputs: the shapes its case builders write (cases.ts, examples.ts), declared once for
 * the builders, the plan, the checks and the shrinker.
 */
import type { FixtureCase } from '../../model/fixture-types.js';
import type { Board, Side } from './board.js';

/** A game as the document's dictionary holds it (Task 1). */
export interface GameInput {
  readonly player1: string;
  readonly player2: string;
  readonly who: number;
  readonly board: Board;
}

/** A function case's input. */
export interface ManchesterInput {
  readonly board?: Board;
  readonly who?: Side;
  /** makeMove's column. */
  readonly move?: number;
  /** newGame's names. */
  readonly player1?: string;
  readonly player2?: string;
  /** loadGame's file, and what it holds (null: no such file), and why it is malformed when it is. */
  readonly filename?: string | null;
  readonly fileText?: string | null;
  readonly malformed?: string;
  /** saveGame's game. */
  readonly game?: GameInput;
  /** Set by the plan: the document's version of one of the round trip's pair (plan.ts). */
  readonly standIn?: 'saveGame' | 'loadGame';
}

/** A play() session's input: the lines typed, what kind of session, and the files around it. */
export interface PlayInput {
  readonly lines: readonly string[];
  readonly mode: 'replay' | 'computer' | 'fuzz' | 'eof';
  readonly note: string;
  readonly files?: Readonly<Record<string, string | null>>;
  readonly collect?: readonly string[];
}

/** A function case's input as its builders wrote it (the fixtures are checked against the schema). */
export const manchesterInput = (testCase: FixtureCase): ManchesterInput => testCase.input;

/** A play() case's input as its builders wrote it. */
export const playInput = (testCase: FixtureCase): PlayInput => testCase.input as unknown as PlayInput;
