/**
 * CS111's `connect_four` games as programs for the pseudo-terminal: the call to make once the modules are imported,
 * the prompt to wait for, and the columns to type.
 */
import type { FixtureCase } from '../fixtures/fixture-types.js';

type PlayerInput = { readonly kind: 'human' | 'random'; readonly checker: string } | { readonly kind: 'ai'; readonly checker: string; readonly tiebreak: string; readonly lookahead: number };

export interface ProgramPlan {
  /** A call tree in plain JSON for the harness's program mode. */
  readonly call: unknown;
  readonly prompt: string;
  readonly answers: readonly string[];
  readonly reproduce: string;
}

export const CS111_PROMPT = 'Enter a column: ';

function playerNode(player: PlayerInput): { call: string; args: unknown[] } {
  if (player.kind === 'ai') return { call: 'AIPlayer', args: [player.checker, player.tiebreak, player.lookahead] };
  return { call: player.kind === 'random' ? 'RandomPlayer' : 'Player', args: [player.checker] };
}

function playerPython(player: PlayerInput): string {
  if (player.kind === 'ai') return `AIPlayer('${player.checker}', '${player.tiebreak}', ${player.lookahead})`;
  return `${player.kind === 'random' ? 'RandomPlayer' : 'Player'}('${player.checker}')`;
}

export function cs111Program(testCase: FixtureCase): ProgramPlan {
  const input = testCase.input as { player1: PlayerInput; player2: PlayerInput; inputs: string[] };
  const typed = input.inputs.length > 0 ? `   # type: ${input.inputs.join(', ')}` : '';
  return {
    call: { call: 'connect_four', args: [playerNode(input.player1), playerNode(input.player2)] },
    prompt: CS111_PROMPT,
    answers: input.inputs,
    reproduce: `connect_four(${playerPython(input.player1)}, ${playerPython(input.player2)})${typed}`,
  };
}
