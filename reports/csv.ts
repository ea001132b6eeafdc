/**
 * Gradebook CSVs: Canvas's import format (Student, ID, SIS User ID, SIS Login ID, Section, then the assignment as
 * `Title (assignment_id)`, then the points of each problem), and a plain `id,score,max`. Cells are quoted as RFC 4180
 * says, and a cell that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`) is kept as text.
 */
import type { RunComparison, RunResults, SubmissionResult } from '../runner/grade/results.js';
import { finalMax, finalScore } from './final-score.js';

export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/u.test(text)) text = `'${text}`;
  return /[",\r\n]/u.test(text) ? `"${text.replace(/"/gu, '""')}"` : text;
}

const row = (cells: readonly (string | number)[]) => cells.map(csvCell).join(',');

/** The problems in the order their first test appears, each with its points. */
function problems(run: RunResults): { name: string; max: number }[] {
  const names = [...new Set(run.submissions.flatMap((s) => s.tests.map((t) => t.group)))];
  const first = run.submissions.find((s) => s.status === 'graded') ?? run.submissions[0];
  return names.map((name) => ({ name, max: first ? round(first.tests.filter((t) => t.group === name).reduce((n, t) => n + t.maxScore, 0)) : 0 }));
}

const pointsIn = (submission: SubmissionResult, group: string) => round(submission.tests.filter((t) => t.group === group).reduce((n, t) => n + t.score, 0));

export interface CanvasOptions {
  /** Canvas's assignment id, so the import updates that assignment rather than creating a new column. */
  readonly assignmentId?: string;
}

export function canvasCsv(run: RunResults, options: CanvasOptions = {}): string {
  const title = run.settings?.title ?? run.submissions[0]?.assignment ?? 'Autograder';
  const column = options.assignmentId ? `${title} (${options.assignmentId})` : title;
  const groups = problems(run);
  const max = Math.max(0, ...run.submissions.map(finalMax));
  const lines = [
    row(['Student', 'ID', 'SIS User ID', 'SIS Login ID', 'Section', column, ...groups.map((g) => g.name)]),
    row(['    Points Possible', '', '', '', '', max, ...groups.map((g) => g.max)]),
    ...run.submissions.map((s) =>
      row([s.student?.name ?? s.id, s.student?.id ?? '', s.student?.sisId ?? '', s.student?.email ?? '', '', s.status === 'graded' ? finalScore(s) : '', ...groups.map((g) => pointsIn(s, g.name))]),
    ),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

export function scoresCsv(run: RunResults): string {
  const lines = [row(['id', 'score', 'max']), ...run.submissions.map((s) => row([s.id, s.status === 'graded' ? finalScore(s) : '', finalMax(s)]))];
  return `${lines.join('\r\n')}\r\n`;
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/**
 * `changes.csv` of `grade compare`: one row per student whose results changed, the largest drop first, with the
 * tests that went each way and why. `old`, `new` and `delta` are the automatic scores; the `exported_` columns are
 * what every export shows (the gradebook upload changes those), and `adjusted_` and `kept_` their parts, empty where
 * a run had none.
 */
export function changesCsv(comparison: RunComparison): string {
  const lines = [row(['student', 'name', 'old', 'new', 'delta', 'exported_old', 'exported_new', 'exported_delta', 'adjusted_old', 'adjusted_new', 'kept_old', 'kept_new', 'pass_to_fail', 'fail_to_pass', 'why'])];
  for (const s of comparison.students) {
    const e = s.exported ?? { old: s.old, new: s.new, delta: s.delta };
    lines.push(row([s.id, s.name ?? '', s.old, s.new, s.delta, e.old, e.new, e.delta, s.adjusted?.old ?? '', s.adjusted?.new ?? '', s.kept?.old ?? '', s.kept?.new ?? '', s.passToFail.join(' '), s.failToPass.join(' '), s.reasons.join('; ')]));
  }
  return `${lines.join('\r\n')}\r\n`;
}
