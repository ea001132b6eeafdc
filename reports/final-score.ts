/**
 * The score every export shows: a previous run's higher score kept by `--keep-higher`, else the adjusted one where the
 * instructor changed it (adjustments.csv), else the automatic one.
 */
import type { SubmissionResult } from '../runner/model/results.js';

export const finalScore = (s: SubmissionResult): number => s.keptHigher?.score ?? s.adjusted?.score ?? s.score;
export const finalMax = (s: SubmissionResult): number => s.adjusted?.maxScore ?? s.maxScore;

/** The adjustment rows in words, for a student's page, Gradescope's output and JUnit: `+2 on board.repr (why; by)`. */
export function adjustmentLines(s: SubmissionResult): string[] {
  // The earlier run's folder is the instructor's: students see that a score was kept, not where it came from.
  const kept = s.keptHigher ? [`kept ${s.keptHigher.score}, the higher score of an earlier grading`] : [];
  return [
    ...(s.adjusted?.rows ?? []).map((r) => {
      if (r.kind === 'late') return `${r.applied ?? -r.amount} for late work: ${r.reason}`;
      const what = r.kind === 'total' ? 'the total' : r.kind === 'manual' ? `${r.test} (graded by hand)` : r.test;
      const moved = r.applied === undefined ? `${r.op}${r.amount}` : `${r.applied >= 0 ? '+' : ''}${r.applied}`;
      return `${moved} on ${what}${r.op === '=' ? ` (set to ${r.amount})` : ''}${r.reason ? `: ${r.reason}` : ''}${r.by ? ` (${r.by})` : ''}`;
    }),
    ...kept,
  ];
}
