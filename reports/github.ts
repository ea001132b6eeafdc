/**
 * What `grade check --ci` gives GitHub Actions: an error annotation on the student's file and line wherever a
 * failure's traceback ends there (`failure.place`) (otherwise on the test alone), a Markdown job summary for $GITHUB_STEP_SUMMARY,
 * and GitHub Classroom's points line (the "Autograding complete" notice its reporter reads: `Points 23/40`).
 */
import type { SubmissionResult, TestResult } from '../runner/model/results.js';

/** Workflow-command escaping: data loses %, CR and LF; properties also `:` and `,`. */
const escapeData = (text: string) => text.replace(/%/gu, '%25').replace(/\r/gu, '%0D').replace(/\n/gu, '%0A');
const escapeProperty = (text: string) => escapeData(text).replace(/:/gu, '%3A').replace(/,/gu, '%2C');

export interface AnnotationOptions {
  /** Where the submission's files are, relative to the repository root (GitHub's paths are from there). */
  readonly folder: string;
}

export function annotations(submission: SubmissionResult, options: AnnotationOptions): string[] {
  return submission.tests
    .filter((test) => test.status !== 'pass' && test.status !== 'skipped')
    .map((test) => {
      // The line the failure's traceback ends in, as the run recorded it (results.json `failure.place`).
      const place = test.failure?.place;
      const file = place
        ? options.folder && options.folder !== '.'
          ? `${options.folder.replace(/\/+$/u, '')}/${place.file}`
          : place.file
        : undefined;
      const props = [
        ...(file ? [`file=${escapeProperty(file)}`, `line=${place!.line}`] : []),
        `title=${escapeProperty(`${test.name} (${test.score}/${test.maxScore})`)}`,
      ];
      return `::error ${props.join(',')}::${escapeData(annotationText(test))}`;
    });
}

function annotationText(test: TestResult): string {
  const lines = test.message.split('\n');
  const body = lines.length > 12 ? [...lines.slice(0, 12), '…'] : lines;
  return `${test.id}: ${body.join('\n')}`;
}

/** GitHub Classroom's autograding reporter reads the total from this notice. */
export function classroomPoints(submission: SubmissionResult): string {
  return `::notice title=Autograding complete::Points ${submission.score}/${submission.maxScore}`;
}

const cell = (text: string) => text.replace(/\|/gu, '\\|').replace(/\n/gu, ' ');

/** A Markdown summary for $GITHUB_STEP_SUMMARY: score, points per problem, and each failure with its snippet. */
/** `later`: what the check does not grade (hidden tests, points by hand), said under the score. */
export function jobSummary(title: string, submission: SubmissionResult, later?: string): string {
  const groups = [...new Set(submission.tests.map((t) => t.group))];
  const lines = [
    `## ${title}`,
    '',
    `**${submission.score}/${submission.maxScore}** points on the visible tests`,
    ...(later ? ['', later] : []),
    '',
    '| problem | points | failing |',
    '| --- | ---: | ---: |',
  ];
  for (const group of groups) {
    const tests = submission.tests.filter((t) => t.group === group);
    const score = tests.reduce((n, t) => n + t.score, 0);
    const max = tests.reduce((n, t) => n + t.maxScore, 0);
    const failing = tests.filter((t) => t.status !== 'pass' && t.status !== 'skipped').length;
    lines.push(`| ${cell(group)} | ${Math.round(score * 1000) / 1000}/${max} | ${failing ? `❌ ${failing}` : '✅'} |`);
  }
  const failures = submission.tests.filter((t) => t.status !== 'pass' && t.status !== 'skipped');
  for (const test of failures) {
    lines.push(
      '',
      `<details><summary>❌ ${cell(test.name)} (${test.status === 'fail' ? 'wrong answer' : test.status === 'timeout' ? 'timed out' : 'crashed'})</summary>`,
      '',
      fence(test.message),
    );
    if (test.reproduce) lines.push('', 'To see it yourself, in Python:', '', fence(test.reproduce, 'python'));
    lines.push('', '</details>');
  }
  return `${lines.join('\n')}\n`;
}

/** A code fence longer than any run of backticks in the text, so student text cannot close it. */
function fence(text: string, language = 'text'): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/gu)].map((m) => m[0].length));
  const ticks = '`'.repeat(longest + 1);
  return `${ticks}${language}\n${text}\n${ticks}`;
}
