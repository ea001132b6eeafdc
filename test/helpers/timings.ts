/**
 * Results without what changes from one run of the same class to the next: when it ran, and how long each part
 * took (a test's wall and student time, its share in the document's examples, a submission's floor, the run's cost).
 */
import type { RunResults, SubmissionResult, TestResult } from '../../runner/model/results.js';

export function withoutTestTimings<T extends Partial<TestResult>>(test: T): Omit<T, 'durationMs' | 'studentMs' | 'documentMs'> {
  const { durationMs: _d, studentMs: _s, documentMs: _e, ...rest } = test;
  return rest;
}

export function withoutSubmissionTimings(submission: SubmissionResult) {
  const { durationMs: _d, studentMs: _s, floorMs: _f, importMs: _i, ...rest } = submission;
  return { ...rest, tests: submission.tests.map(withoutTestTimings) };
}

export function withoutRunTimings(run: RunResults) {
  const { generatedAt: _g, cost: _c, ...rest } = run;
  return { ...rest, submissions: run.submissions.map(withoutSubmissionTimings) };
}
