/**
 * Gradescope's autograder results.json for one submission (https://gradescope-autograders.readthedocs.io, "Output
 * format"): the score, and per test its name, number, score, max_score, status, output and visibility. Students see
 * the visible tests at once and the after-due ones after the due date (`after_due_date`); a hidden test is never
 * shown (`hidden`), and its output holds no case either. A 0-point test that was not run (a figure asked for with
 * --strength) is no result, and is left out. The instructor's notes are rendered from their Markdown (the output is
 * then HTML, everything else in it escaped), and a note on a test students cannot see yet reaches them at once in the
 * submission's own output, as the note's visibility says (`after-due`: with its test).
 */
import type { SubmissionResult, TestResult } from '../runner/model/results.js';
import { adjustmentLines, finalMax, finalScore } from './final-score.js';
import { escapeHtml, noteHtml } from './markdown.js';

export interface GradescopeTest {
  readonly name: string;
  readonly number: string;
  readonly score: number;
  readonly max_score: number;
  readonly status: 'passed' | 'failed';
  readonly output: string;
  readonly output_format: 'text' | 'html';
  readonly visibility: 'visible' | 'after_due_date' | 'hidden';
  readonly tags: readonly string[];
}

export interface GradescopeResults {
  readonly score: number;
  readonly execution_time: number;
  readonly output: string;
  readonly output_format: 'text' | 'html';
  readonly visibility: 'visible';
  readonly stdout_visibility: 'hidden';
  readonly tests: readonly GradescopeTest[];
}

/** A note as Gradescope shows HTML: its Markdown rendered (raw HTML in it shown as text). */
const noteBlock = (markdown: string, heading: string) =>
  `<div class="note"><p><strong>${escapeHtml(heading)}</strong></p>\n${noteHtml(markdown)}</div>`;

const SAID: Record<TestResult['status'], string> = {
  pass: 'Passed',
  fail: 'Wrong answer',
  error: 'Crashed',
  timeout: 'Timed out',
  skipped: 'Not run',
};

/** A test's output, and its format: HTML when it carries a note (the rest of it escaped in a <pre>), text otherwise. */
function output(test: TestResult): { output: string; output_format: 'text' | 'html' } {
  // Never shown to students, and said without its cases all the same; its notes reach them in the submission's output.
  if (test.visibility === 'hidden')
    return { output: `${SAID[test.status]}. A hidden test: its cases are not shown.`, output_format: 'text' };
  if (test.status === 'pass') return { output: test.message, output_format: 'text' };
  // A test not run says so once ("Not run: --only board."): its message says it was not run, and why.
  const parts = [
    test.status === 'skipped' ? `${test.message.charAt(0).toUpperCase()}${test.message.slice(1)}` : `${SAID[test.status]}: ${test.message}`,
  ];
  if (test.expected !== undefined) parts.push(`Expected:\n${test.expected}`);
  if (test.actual !== undefined) parts.push(`Yours:\n${test.actual}`);
  if (test.reproduce !== undefined) parts.push(`To see it yourself, in Python:\n${test.reproduce}`);
  const s = test.smallest;
  if (s)
    parts.push(
      `The same failure on a smaller board (${s.checkers} checker${s.checkers === 1 ? '' : 's'} instead of ${s.from}):\n${s.board.map((row) => `|${[...row].join('|')}|`).join('\n')}\nExpected: ${s.expected ?? '?'}\nYours: ${s.actual ?? '?'}\nTo see it on that board, in Python:\n${s.reproduce}`,
    );
  const text = parts.join('\n\n');
  const notes = test.notes ?? [];
  if (notes.length === 0) return { output: text, output_format: 'text' };
  return {
    output: [...notes.map((n) => noteBlock(n.markdown, 'A note from your instructor')), `<pre>${escapeHtml(text)}</pre>`].join('\n'),
    output_format: 'html',
  };
}

/** The notes students see at once that their test does not show yet: on a hidden or after-due test, unless marked after-due. */
const earlyNotes = (submission: SubmissionResult) =>
  submission.tests
    .filter((t) => t.visibility !== 'visible')
    .flatMap((t) => (t.notes ?? []).filter((n) => n.visibility !== 'after-due').map((n) => ({ test: t, markdown: n.markdown })));

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
      ...output(test),
      visibility: test.visibility === 'visible' ? 'visible' : test.visibility === 'after-due' ? 'after_due_date' : 'hidden',
      tags: [test.group, test.target],
    };
  });
  const manual =
    options.manualPoints && !(submission.adjusted || submission.keptHigher)
      ? ` ${options.manualPoints} more point${options.manualPoints === 1 ? ' is' : 's are'} graded by hand.`
      : '';
  const adjusted =
    submission.adjusted || submission.keptHigher
      ? `\nAdjusted by your instructor to ${finalScore(submission)}/${finalMax(submission)}:\n${adjustmentLines(submission)
          .map((l) => `- ${l}`)
          .join('\n')}`
      : '';
  const summary =
    submission.status === 'error'
      ? `This submission could not be graded: ${submission.error ?? 'unknown reason'}`
      : `${submission.score}/${submission.maxScore} points from the automatic tests.${manual}${adjusted}`;
  const early = earlyNotes(submission);
  return {
    score: finalScore(submission),
    execution_time: Math.round(submission.durationMs / 1000),
    ...(early.length === 0
      ? { output: summary, output_format: 'text' as const }
      : {
          output: [
            `<pre>${escapeHtml(summary)}</pre>`,
            ...early.map((n) =>
              noteBlock(
                n.markdown,
                `A note from your instructor on ${n.test.name} (${n.test.visibility === 'hidden' ? 'a hidden test' : 'a test shown after the due date'}, not passed)`,
              ),
            ),
          ].join('\n'),
          output_format: 'html' as const,
        }),
    visibility: 'visible',
    stdout_visibility: 'hidden',
    tests,
  };
}
