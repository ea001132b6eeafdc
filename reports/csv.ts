/**
 * Gradebook CSVs: Canvas's import format (Student, ID, SIS User ID, SIS Login ID, Section, then the assignment as
 * `Title (assignment_id)`, then, when asked, the points of each problem), and a plain `id,score,max`. Cells are quoted as RFC 4180
 * says, and a cell that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`) is kept as text.
 */
import type { RunComparison, RunResults, SubmissionResult } from '../runner/model/results.js';
import { finalMax, finalScore } from './final-score.js';

export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/u.test(text)) text = `'${text}`;
  return /[",\r\n]/u.test(text) ? `"${text.replace(/"/gu, '""')}"` : text;
}

const row = (cells: readonly (string | number)[]) => cells.map(csvCell).join(',');

/** The problems in the spec's order (else as their first tests appear), each with the points it is out of. */
function problems(run: RunResults): { name: string; id?: string; max: number }[] {
  const names = [...new Set(run.submissions.flatMap((s) => s.tests.map((t) => t.group)))];
  const first = run.submissions.find((s) => s.status === 'graded') ?? run.submissions[0];
  const groups = new Map((run.settings?.groups ?? []).map((g) => [g.name, g]));
  // Hand-graded points count in their problem once the instructor has entered any (adjustments.csv).
  const byHand = (run.adjustments?.manualPoints ?? 0) > 0;
  return names.map((name) => {
    const group = groups.get(name);
    const automatic = first ? first.tests.filter((t) => t.group === name).reduce((n, t) => n + t.maxScore, 0) : 0;
    return { name, ...(group && { id: group.id }), max: round(automatic + (byHand ? (group?.manualPoints ?? 0) : 0)) };
  });
}

/** A problem's points as the student sees them: its tests' scores and the adjustment rows on its tests or hand-graded points. */
const pointsIn = (submission: SubmissionResult, group: string) =>
  round(
    submission.tests.filter((t) => t.group === group).reduce((n, t) => n + t.score, 0) +
      (submission.adjusted?.rows ?? []).filter((r) => r.group === group).reduce((n, r) => n + (r.applied ?? 0), 0),
  );

export interface CanvasOptions {
  /** Canvas's assignment id, so the import updates that assignment rather than creating a new column. */
  readonly assignmentId?: string;
  /**
   * A column per problem beside the total (each is an assignment of its own in Canvas), by problem id with its
   * Canvas assignment id where given. Left out by default: Canvas offers every column it does not know as new.
   */
  readonly problems?: { readonly ids: Readonly<Record<string, string>> };
}

/** The column named for what is left of the total beyond its problems: total adjustments and kept scores. */
export const TOTAL_ADJUSTMENTS_COLUMN = 'Adjustments to the total';

/** The gradebook's layout: its assignment columns' headers, each problem's points, and whether a remainder column is needed. */
function canvasLayout(run: RunResults, options: CanvasOptions) {
  const title = run.settings?.title ?? run.submissions[0]?.assignment ?? 'Autograder';
  const column = options.assignmentId ? `${title} (${options.assignmentId})` : title;
  const groups = options.problems ? problems(run) : [];
  const rest = (s: SubmissionResult) => round(finalScore(s) - groups.reduce((n, g) => n + pointsIn(s, g.name), 0));
  const graded = run.submissions.filter((s) => s.status === 'graded');
  const remainder = groups.length > 0 && graded.some((s) => rest(s) !== 0);
  const named = (name: string, id: string | undefined) => {
    const canvasId = id && options.problems?.ids[id];
    return canvasId ? `${name} (${canvasId})` : name;
  };
  const columns = [column, ...groups.map((g) => named(g.name, g.id)), ...(remainder ? [named(TOTAL_ADJUSTMENTS_COLUMN, 'total')] : [])];
  return { columns, groups, rest, remainder };
}

/**
 * Canvas's gradebook: the total every export shows, and with `problems`, the problems' points and what the second
 * pass added to the total beyond them, so each row's columns add up to its total.
 */
export function canvasCsv(run: RunResults, options: CanvasOptions = {}): string {
  const { columns, groups, rest, remainder } = canvasLayout(run, options);
  const max = Math.max(0, ...run.submissions.map(finalMax));
  const lines = [
    row(['Student', 'ID', 'SIS User ID', 'SIS Login ID', 'Section', ...columns]),
    row(['    Points Possible', '', '', '', '', max, ...groups.map((g) => g.max), ...(remainder ? [0] : [])]),
    ...run.submissions.map((s) => {
      const ok = s.status === 'graded';
      return row([
        s.student?.name ?? s.id,
        s.student?.id ?? '',
        s.student?.sisId ?? '',
        s.student?.email ?? '',
        s.student?.section ?? '',
        ok ? finalScore(s) : '',
        ...groups.map((g) => (ok ? pointsIn(s, g.name) : '')),
        ...(remainder ? [ok ? rest(s) : ''] : []),
      ]);
    }),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * The gradebook's columns Canvas would take as new assignments when imported (a column without an assignment id):
 * the total without `--canvas-assignment-id`, each problem column without its id, and the column of adjustments to
 * the total (0 points possible, negative values) without `total=<id>`; and the total beside its problems, which a
 * course total would count twice. One warning each, for the terminal.
 */
export function canvasColumnWarnings(run: RunResults, options: CanvasOptions = {}): string[] {
  const { columns } = canvasLayout(run, options);
  const [total, ...parts] = columns;
  const warnings = columns
    .filter((c) => !/\(\d+\)$/u.test(c))
    .map((c) => {
      const how =
        c === total
          ? 'give --canvas-assignment-id <id>, or --roster with its column'
          : c.startsWith(TOTAL_ADJUSTMENTS_COLUMN)
            ? 'give --canvas-problems …,total=<id> for it, or leave it out of the import'
            : 'give its id in --canvas-problems (problem=<id>), or leave it out of the import';
      return `gradebook.csv's column "${c}" has no Canvas assignment id: importing it creates a new assignment (${how})`;
    });
  if (parts.length > 0)
    warnings.push(
      `gradebook.csv holds the total and the problems it is made of: a Canvas course total that counts both counts those points twice; import one or the other, or weight one group 0`,
    );
  return warnings;
}

export function scoresCsv(run: RunResults): string {
  const lines = [
    row(['id', 'score', 'max']),
    ...run.submissions.map((s) => row([s.id, s.status === 'graded' ? finalScore(s) : '', finalMax(s)])),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/**
 * `changes.csv` of `grade compare`: one row per student whose results changed, the largest drop first, with the
 * tests that went each way and why. `old`, `new` and `delta` are the automatic scores; the `exported_` columns are
 * what every export shows (the gradebook upload changes those), and `adjusted_`, `kept_` and `late_` (the late
 * policy's penalty) their parts, empty where
 * a run had none. Students in one run only follow, each with the score it had.
 */
export function changesCsv(comparison: RunComparison): string {
  const lines = [
    row([
      'student',
      'name',
      'old',
      'new',
      'delta',
      'exported_old',
      'exported_new',
      'exported_delta',
      'adjusted_old',
      'adjusted_new',
      'kept_old',
      'kept_new',
      'late_old',
      'late_new',
      'pass_to_fail',
      'fail_to_pass',
      'why',
    ]),
  ];
  for (const s of comparison.students) {
    const e = s.exported ?? { old: s.old, new: s.new, delta: s.delta };
    lines.push(
      row([
        s.id,
        s.name ?? '',
        s.old,
        s.new,
        s.delta,
        e.old,
        e.new,
        e.delta,
        s.adjusted?.old ?? '',
        s.adjusted?.new ?? '',
        s.kept?.old ?? '',
        s.kept?.new ?? '',
        s.late?.old ?? '',
        s.late?.new ?? '',
        s.passToFail.join(' '),
        s.failToPass.join(' '),
        s.reasons.join('; '),
      ]),
    );
  }
  // A student in one run only is a change too: a new gradebook row, or one the new gradebook no longer holds.
  for (const s of comparison.addedStudents ?? [])
    lines.push(
      row([s.id, s.name ?? '', '', s.score, '', '', s.exported, '', '', '', '', '', '', '', '', '', 'new: not in the earlier run']),
    );
  for (const s of comparison.removedStudents ?? [])
    lines.push(
      row([
        s.id,
        s.name ?? '',
        s.score,
        '',
        '',
        s.exported,
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        'gone: not in this run (the new gradebook has no row for them; Canvas keeps the earlier grade)',
      ]),
    );
  return `${lines.join('\r\n')}\r\n`;
}
