/**
 * Gradescope's autograder results.json for one submission (https://gradescope-autograders.readthedocs.io, "Output
 * format"): the score, and per test its name, number, score, max_score, status, output and visibility. Hidden tests
 * stay hidden until the due date; students see the visible ones at once.
 */
import type { SubmissionResult, TestResult } from '../runner/grade/results.js';
import { adjustmentLines, finalMax, finalScore } from './final-score.js';

export interface GradescopeTest {
  readonly name: string;
  readonly number: string;
  readonly score: number;
  readonly max_score: number;
  readonly status: 'passed' | 'failed';
  readonly output: string;
  readonly output_format: 'text';
  readonly visibility: 'visible' | 'after_due_date';
  readonly tags: readonly string[];
}

export interface GradescopeResults {
  readonly score: number;
  readonly execution_time: number;
  readonly output: string;
  readonly output_format: 'text';
  readonly visibility: 'visible';
  readonly stdout_visibility: 'hidden';
  readonly tests: readonly GradescopeTest[];
}

function output(test: TestResult): string {
  if (test.status === 'pass') return test.message;
  const notes = (test.notes ?? []).map((n) => `A note from your instructor:\n${n.markdown}`);
  const parts = [`${test.status === 'fail' ? 'Wrong answer' : test.status === 'timeout' ? 'Timed out' : test.status === 'error' ? 'Crashed' : 'Not run'}: ${test.message}`];
  if (test.expected !== undefined) parts.push(`Expected:\n${test.expected}`);
  if (test.actual !== undefined) parts.push(`Yours:\n${test.actual}`);
  if (test.reproduce !== undefined) parts.push(`To see it yourself, in Python:\n${test.reproduce}`);
  const s = test.smallest;
  if (s) parts.push(`The same failure on a smaller board (${s.checkers} checker${s.checkers === 1 ? '' : 's'} instead of ${s.from}):\n${s.board.map((row) => `|${[...row].join('|')}|`).join('\n')}\nExpected: ${s.expected ?? '?'}\nYours: ${s.actual ?? '?'}\nTo see it on that board, in Python:\n${s.reproduce}`);
  return [...notes, ...parts].join('\n\n');
}

export function gradescopeResults(submission: SubmissionResult, options: { manualPoints?: number } = {}): GradescopeResults {
  const groups = [...new Set(submission.tests.map((t) => t.group))];
  const numberInGroup = new Map<string, number>();
  const tests = submission.tests.map((test): GradescopeTest => {
    const n = (numberInGroup.get(test.group) ?? 0) + 1;
    numberInGroup.set(test.group, n);
    return {
      name: test.name,
      number: `${groups.indexOf(test.group) + 1}.${n}`,
      score: test.score,
      max_score: test.maxScore,
      status: test.status === 'pass' ? 'passed' : 'failed',
      output: output(test),
      output_format: 'text',
      visibility: test.visibility === 'visible' ? 'visible' : 'after_due_date',
      tags: [test.group, test.target],
    };
  });
  const manual = options.manualPoints && !(submission.adjusted || submission.keptHigher) ? ` ${options.manualPoints} more points are graded by hand.` : '';
  const adjusted = (submission.adjusted || submission.keptHigher) ? `\nAdjusted by your instructor to ${finalScore(submission)}/${finalMax(submission)}:\n${adjustmentLines(submission).map((l) => `- ${l}`).join('\n')}` : '';
  const summary = submission.status === 'error'
    ? `This submission could not be graded: ${submission.error ?? 'unknown reason'}`
    : `${submission.score}/${submission.maxScore} points from the automatic tests.${manual}${adjusted}`;
  return {
    score: finalScore(submission),
    execution_time: Math.round(submission.durationMs / 1000),
    output: summary,
    output_format: 'text',
    visibility: 'visible',
    stdout_visibility: 'hidden',
    tests,
  };
}
