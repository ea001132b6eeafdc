/**
 * A whole game that goes wrong is played again with the document's version of each part whose own tests failed
 * (AssignmentPlan.gameReplay names the parts and the tests that grade each): when it then plays right, the bug is
 * charged by those tests alone and the game passes, naming them. A part is swapped only for the tests that grade what
 * the game takes from it: what a message says is charged by messages-elsewhere, never by swapping the part that
 * prints it. A game that hangs is not replayed. The student's kit has no document's versions: it says which of the
 * parts the game used have failing tests.
 */
import { crashedBeforeOwnCode } from '../../checks/crash-site.js';
import { joinNames } from '../../checks/text.js';
import { passedCount } from '../finish.js';
import { isProgramTest } from '../ledger.js';
import { failed, type Decision, type Rule, type Said } from './policy.js';

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
export function kitReplayNote(f: {
  readonly parts: readonly string[];
  readonly because: readonly string[];
  readonly reachedOwnCode: boolean;
}): Said | undefined {
  if (!f.reachedOwnCode || f.parts.length === 0) return undefined;
  return { messageId: 'kit', data: { parts: f.parts.join(', '), because: f.because.join(', ') } };
}

export const judgeReplay = (f: ReplayFacts): Decision => ({
  status: 'pass',
  messageId: 'replayed',
  data: { passed: f.passed, parts: f.parts.join(' and '), because: f.because.join(', '), failed: f.failed, of: f.of, first: f.first },
});

export const gameReplay: Rule<'test'> = {
  meta: {
    name: 'game-replay',
    rule: "a game that plays right with the document's versions of the parts whose tests failed passes",
    scope: 'test',
    messages: {
      replayed:
        "{passed} when played with the document's {parts}: the game goes wrong only through a bug already charged by {because} (as submitted, {failed} of {of} failed; the first, {first})",
      kit: "The game used your {parts}, whose own tests failed ({because}): after you submit, the game is played again with the document's versions, so fix those first; this failure may come from there.",
    },
  },
  judge: async (context) => {
    const { record, composed, test } = context;
    if (!isProgramTest(test) || (composed.status !== 'fail' && composed.status !== 'error')) return undefined;
    const failedTests = new Set<string>();
    for (const t of context.spec.tests)
      if (t.id !== test.id && !(isProgramTest(t) && t.target === test.target) && failed(await context.status(t.id))) failedTests.add(t.id);
    const replay = context.plan.gameReplay?.(failedTests, test);
    if (!replay) return undefined;
    if (context.standIns === 'own') {
      const reachedOwnCode = record.units.some(
        (u) => u.raw.status !== 'pass' && !(u.program && crashedBeforeOwnCode(u.program.transcript)),
      );
      const note = kitReplayNote({ parts: [joinNames(replay.parts)], because: replay.because, reachedOwnCode });
      return note ? { notes: [note] } : undefined;
    }
    const again = await context.replayed(await context.runs.programs(test, { replace: replay.replace, fast: true }));
    if (again.status !== 'pass') return undefined;
    return judgeReplay({
      passed: passedCount(record, again.ran),
      parts: replay.parts,
      because: replay.because,
      failed: composed.failed,
      of: composed.ran,
      first: composed.first!,
    });
  },
};
