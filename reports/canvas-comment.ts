/**
 * What `grade push canvas` puts on a student's Canvas submission: a plain-text comment (Canvas shows comments
 * unformatted) with the score every export shows, each problem's points, what the instructor changed, and the notes
 * that reach the student (a note on a hidden test too, unless it waits for its test), and the student's page as
 * handed back (hidden tests reduced to name, points and pass/fail) to attach to it. Pure: results in, text out.
 */
import type { RunResults, SubmissionResult } from '../runner/model/results.js';
import { adjustmentLines, finalMax, finalScore } from './final-score.js';
import { forStudents } from './for-students.js';
import { renderSubmissionPage } from './html.js';
import { noteText } from './markdown.js';
import { pageName, problemsOf } from './model.js';

/** The first line of every comment the grader writes: how a later push finds its own. */
export const COMMENT_HEADING = 'Autograder';

export function canvasComment(run: RunResults, submission: SubmissionResult): string {
  const title = run.settings?.title ?? submission.assignment;
  const shown = forStudents(submission);
  const lines = [`${COMMENT_HEADING}: ${title}`, `Score: ${finalScore(submission)}/${finalMax(submission)}`];
  if (submission.adjusted || submission.keptHigher) {
    lines.push(
      `The tests gave ${submission.score}/${submission.maxScore}; your instructor's changes:`,
      ...adjustmentLines(submission).map((l) => `- ${l}`),
    );
  }
  const manual = run.settings?.manualPoints ?? 0;
  if (manual > 0 && !(submission.adjusted?.maxScore && submission.adjusted.maxScore > submission.maxScore))
    lines.push(`${manual} more points are graded by hand.`);
  lines.push(
    '',
    'Problems:',
    ...problemsOf(shown.tests, true).map(
      (p) => `- ${p.name}: ${p.score}/${p.maxScore}${p.failed > 0 ? ` (${p.failed} test${p.failed === 1 ? '' : 's'} not passed)` : ''}`,
    ),
  );
  const notes = shown.tests.flatMap((t) => (t.notes ?? []).map((n) => ({ test: t, text: noteText(n.markdown) })));
  if (notes.length > 0) {
    lines.push('', 'Notes from your instructor:');
    for (const n of notes)
      lines.push(`- On ${n.test.name}${n.test.visibility === 'visible' ? '' : ' (a hidden test)'}: ${n.text.replace(/\n/gu, '\n  ')}`);
  }
  if (submission.status === 'error') lines.push('', `Your submission could not be graded: ${shown.error ?? 'see the attached page'}`);
  lines.push(
    '',
    `Every test, with what was expected and what your code did, is in the attached page (${canvasPageName(submission)}): open it in a browser.`,
  );
  return lines.join('\n');
}

/** The attached page's file name. */
export const canvasPageName = (submission: SubmissionResult): string => `grade-${pageName(submission.id)}`;

/** The page to attach: the one handed back, as one self-contained HTML file. */
export function canvasPage(run: RunResults, submission: SubmissionResult): string {
  return renderSubmissionPage(run, forStudents(submission), { classLink: false, handedBack: true });
}
