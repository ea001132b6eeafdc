/**
 * Conniption's fixture case inputs: the shapes its case builders write (cases.ts, examples.ts), declared once for
 * the builders, the plan, the checks and the shrinker.
 */
import type { FixtureCase } from '../../model/fixture-types.js';

/** A state as the Conniption constructor takes it: columns bottom first, True for the first player's checkers. */
export interface StateInput {
  readonly board: readonly (readonly boolean[])[];
  readonly player1Turn: boolean;
  readonly flipsRem: readonly [number, number];
  readonly flippable: boolean;
}

/** A method case's input: the state, and the search's depth where the case asks for one. */
export interface ConniptionInput {
  readonly state: StateInput;
  readonly depth?: number;
}

/** A REPL session's input: the lines typed before and in the session, and the moves the AI's stand-in plays. */
export interface ReplInput {
  readonly setup: readonly string[];
  readonly lines: readonly string[];
  readonly aiMoves: readonly string[];
  readonly note: string;
}

/** A method case's input as its builders wrote it (the fixtures are checked against the schema). */
export const conniptionInput = (testCase: FixtureCase): ConniptionInput => testCase.input as unknown as ConniptionInput;

/** A REPL case's input as its builders wrote it. */
export const replInput = (testCase: FixtureCase): ReplInput => testCase.input as unknown as ReplInput;
