/**
 * A whole game that goes wrong is played again with the document's version of each part whose own tests failed
 * (AssignmentPlan.gameReplay names the parts and the tests that grade each): when it then plays right, the bug is
 * charged by those tests alone and the game passes, naming them. A part is swapped only for the tests that grade what
 * the game takes from it: what a message says is charged by messages-elsewhere, never by swapping the part that
 * prints it. A game that hangs is not replayed. The student's kit has no document's versions: it says which of the
 * parts the game used have failing tests.
 */
import type { Decision, RuleMeta, Said } from './policy.js';

export const GAME_REPLAY: RuleMeta = {
  name: 'game-replay',
  rule: "a game that plays right with the document's versions of the parts whose tests failed passes",
  messages: {
    replayed: "{passed} when played with the document's {parts}: the game goes wrong only through a bug already charged by {because} (as submitted, {failed} of {of} failed; the first, {first})",
    kit: "The game used your {parts}, whose own tests failed ({because}): after you submit, the game is played again with the document's versions, so fix those first; this failure may come from there.",
  },
};

export interface ReplayFacts {
  readonly passed: string;
  readonly parts: readonly string[];
  readonly because: readonly string[];
  readonly failed: number;
  readonly of: number;
  readonly first: string;
}

/**
 * The kit's note on a failed game through parts whose tests failed; none where every failing session crashed before
 * the student's own code ran (its entry missing): no part the game uses was reached, so none is blamed.
 */
export function kitReplayNote(f: { readonly parts: readonly string[]; readonly because: readonly string[]; readonly reachedOwnCode: boolean }): Said | undefined {
  if (!f.reachedOwnCode || f.parts.length === 0) return undefined;
  return { messageId: 'kit', data: { parts: f.parts.join(', '), because: f.because.join(', ') } };
}

export const judgeReplay = (f: ReplayFacts): Decision => ({
  status: 'pass',
  messageId: 'replayed',
  data: { passed: f.passed, parts: f.parts.join(' and '), because: f.because.join(', '), failed: f.failed, of: f.of, first: f.first },
});
