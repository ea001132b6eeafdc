/**
 * Gradescope's autograder results.json for one submission (https://gradescope-autograders.readthedocs.io, "Output
 * format"): the score, and per test its name, number, score, max_score, status, output and visibility. Students see
 * the visible tests at once and the after-due ones after the due date (`after_due_date`); a hidden test is never
 * shown (`hidden`), and its output holds no case either. A 0-point test that was not run (a figure asked for with
 * --strength) is no result, and is left out.
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
  readonly visibility: 'visible' | 'after_due_date' | 'hidden';
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

const SAID: Record<TestResult['status'], string> = { pass: 'Passed', fail: 'Wrong answer', error: 'Crashed', timeout: 'Timed out', skipped: 'Not run' };

function output(test: TestResult): string {
  const notes = (test.notes ?? []).map((n) => `A note from your instructor:\n${n.markdown}`);
  // Never shown to students, and said without its cases all the same: what it asked is in the instructor's reports.
  if (test.visibility === 'hidden') return [...(test.status === 'pass' ? [] : notes), `${SAID[test.status]}. A hidden test: its cases are not shown.`].join('\n\n');
  if (test.status === 'pass') return test.message;
  // A test not run says so once ("not run: --only board."), not "Not run: not run: …".
  const parts = [test.status === 'skipped' && /^not run\b/iu.test(test.message) ? `N${test.message.slice(1)}` : `${SAID[test.status]}: ${test.message}`];
  if (test.expected !== undefined) parts.push(`Expected:\n${test.expected}`);
  if (test.actual !== undefined) parts.push(`Yours:\n${test.actual}`);
  if (test.reproduce !== undefined) parts.push(`To see it yourself, in Python:\n${test.reproduce}`);
  const s = test.smallest;
  if (s) parts.push(`The same failure on a smaller board (${s.checkers} checker${s.checkers === 1 ? '' : 's'} instead of ${s.from}):\n${s.board.map((row) => `|${[...row].join('|')}|`).join('\n')}\nExpected: ${s.expected ?? '?'}\nYours: ${s.actual ?? '?'}\nTo see it on that board, in Python:\n${s.reproduce}`);
  return [...notes, ...parts].join('\n\n');
}

export function gradescopeResults(submission: SubmissionResult, options: { manualPoints?: number } = {}): GradescopeResults {
  const shown = submission.tests.filter((test) => !(test.status === 'skipped' && test.maxScore === 0));
  const groups = [...new Set(shown.map((t) => t.group))];
  const numberInGroup = new Map<string, number>();
  const tests = shown.map((test): GradescopeTest => {
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
      visibility: test.visibility === 'visible' ? 'visible' : test.visibility === 'after-due' ? 'after_due_date' : 'hidden',
      tags: [test.group, test.target],
    };
  });
  const manual = options.manualPoints && !(submission.adjusted || submission.keptHigher) ? ` ${options.manualPoints} more point${options.manualPoints === 1 ? ' is' : 's are'} graded by hand.` : '';
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
