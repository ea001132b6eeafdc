/**
 * Pairs of submissions whose AIs make the same unusual choices: on a strength test's positions, a move is unusual
 * when most of the class chose another. Correct AIs with a fixed tie-break all choose alike, so agreement on the
 * usual moves says nothing; two AIs that keep choosing the same moves nobody else chooses share something: code, or
 * the same mistake (the class summary says both). Read from the results alone, so a merged run gets it too. It
 * never changes a score.
 */
import type { AiAgreementPair, SubmissionResult } from '../model/results.js';

/** A pair is listed when it shares at least this many unusual choices… */
export const MIN_SAME = 3;
/** …and these are at least this share of the positions where either of the two chose an unusual move. */
export const MIN_AGREEMENT = 0.8;
/** Below this many measured submissions, "most of the class" means little. */
const MIN_CLASS = 4;

export function aiAgreement(submissions: readonly SubmissionResult[]): AiAgreementPair[] {
  const byTest = new Map<string, { id: string; moves: readonly (number | null)[] }[]>();
  for (const submission of submissions) {
    for (const test of submission.tests) {
      if (!test.strength || test.strength.answered === 0) continue;
      byTest.set(test.id, [...(byTest.get(test.id) ?? []), { id: submission.id, moves: test.strength.moves }]);
    }
  }
  const pairs: AiAgreementPair[] = [];
  for (const [test, members] of byTest) {
    if (members.length < MIN_CLASS) continue;
    const positions = Math.max(...members.map((m) => m.moves.length));
    // How many submissions chose each move at each position.
    const counts = Array.from({ length: positions }, (_, p) => {
      const tally = new Map<number, number>();
      for (const m of members) {
        const move = m.moves[p];
        if (move !== null && move !== undefined) tally.set(move, (tally.get(move) ?? 0) + 1);
      }
      return tally;
    });
    const unusual = (p: number, move: number | null | undefined) =>
      move !== null && move !== undefined && (counts[p]!.get(move) ?? 0) * 2 < members.length;
    for (let i = 0; i < members.length; i++) {
      for (let j = i + 1; j < members.length; j++) {
        const a = members[i]!;
        const b = members[j]!;
        let same = 0;
        let of = 0;
        for (let p = 0; p < positions; p++) {
          const ua = unusual(p, a.moves[p]);
          const ub = unusual(p, b.moves[p]);
          if (!ua && !ub) continue;
          of++;
          if (ua && a.moves[p] === b.moves[p]) same++;
        }
        if (same >= MIN_SAME && same / of >= MIN_AGREEMENT) pairs.push({ test, a: a.id, b: b.id, same, of });
      }
    }
  }
  return pairs.sort(
    (x, y) =>
      y.same / y.of - x.same / x.of || y.same - x.same || x.test.localeCompare(y.test) || x.a.localeCompare(y.a) || x.b.localeCompare(y.b),
  );
}
