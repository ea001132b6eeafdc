/**
 * The score a run exports for a submission: a previous run's higher score kept by `--keep-higher`, else the adjusted
 * one where the instructor changed it (adjustments.csv), else the automatic one. The reporters read the same fields of
 * results.json the same way (reports/final-score.ts); runner and reports share no code, only the contract.
 */
import type { SubmissionResult } from '../model/results.js';

/** The score before --keep-higher: the adjusted one, else the automatic one. */
export const adjustedScore = (s: SubmissionResult): number => s.adjusted?.score ?? s.score;

export const exportedScore = (s: SubmissionResult): number => s.keptHigher?.score ?? adjustedScore(s);
