/**
 * The instructor's adjustments and hand-graded points (`adjustments.csv` beside the submissions, or
 * `--adjustments <file>`): a header row, then one row per change:
 *
 *   student,test,change,reason,by
 *   ada,board.repr.document,+2,"regrade request: the dashes are right",TA Kim
 *   ada,total,-5,late,
 *   bob,problem-0,=4,reading response,TA Kim        ← the points a spec reserves for grading by hand
 *
 * `test` is a test id, a group id that has hand-graded points, or `total`; `change` is `+n`, `-n` or `=n`. The
 * automatic score stays in results.json beside the adjusted one, with every row applied. Parsing and checking are
 * pure; a bad row is an error that names the file, the line and what is wrong.
 */
import { createHash } from 'node:crypto';
import type { AdjustmentRow, Lateness, RunResults, SubmissionResult } from '../model/results.js';
import { counted } from '../counted.js';
import { didYouMean, matchName } from './names.js';

export const ADJUSTMENTS_FILE = 'adjustments.csv';

export class AdjustmentsError extends Error {}

export interface ParsedRow extends AdjustmentRow {
  readonly student: string;
}

/** What a row may name: the tests of the spec, its groups with hand-graded points, and the students graded. */
export interface AdjustmentTargets {
  readonly tests: ReadonlyMap<string, { readonly maxScore: number }>;
  readonly manual: ReadonlyMap<string, { readonly name: string; readonly points: number }>;
  readonly students: ReadonlySet<string>;
  /** Tests an earlier run of this class graded that the spec no longer has: their rows are reported, not applied. */
  readonly retired?: ReadonlySet<string>;
}

/** RFC 4180 records: quoted fields may hold commas, quotes ("") and line breaks. Each record keeps its first line. */
export function csvRecords(text: string): { line: number; fields: string[] }[] {
  const records: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  const body = text.replace(/^\uFEFF/u, '');
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n') line++;
        field += ch;
      }
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      fields.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && body[i + 1] === '\n') i++;
      fields.push(field);
      if (fields.some((f) => f.trim() !== '')) records.push({ line: start, fields });
      fields = [];
      field = '';
      line++;
      start = line;
    } else field += ch;
  }
  if (quoted) throw new AdjustmentsError(`line ${start}: a quoted field is never closed`);
  fields.push(field);
  if (fields.some((f) => f.trim() !== '')) records.push({ line: start, fields });
  return records;
}

const HEADER = ['student', 'test', 'change', 'reason', 'by'];

/** The rows of an adjustments file, checked against what they may name; the first problem stops with its line. */
export function parseAdjustments(text: string, file: string, targets: AdjustmentTargets): ParsedRow[] {
  const problem = (line: number, what: string) => new AdjustmentsError(`${file}, line ${line}: ${what}`);
  let records;
  try {
    records = csvRecords(text);
  } catch (error) {
    throw new AdjustmentsError(`${file}, ${(error as Error).message}`);
  }
  const [header, ...rows] = records;
  if (!header) throw new AdjustmentsError(`${file} is empty: its first row must be ${HEADER.join(',')}`);
  const names = header.fields.map((f) => f.trim().toLowerCase());
  if (names.slice(0, 3).join(',') !== HEADER.slice(0, 3).join(',') || names.some((n, i) => n !== HEADER[i])) {
    throw problem(
      header.line,
      `the first row must be the header ${HEADER.join(',')} (reason and by may be left out), not ${header.fields.join(',')}`,
    );
  }
  const seen = new Map<string, number>();
  const students = new Map<string, string>([...targets.students].map((id) => [id, id]));
  const targetIds = new Map<string, string>(
    [...targets.tests.keys(), ...targets.manual.keys(), ...(targets.retired ?? [])].map((id) => [id, id]),
  );
  return rows.map(({ line, fields }) => {
    if (fields.length > HEADER.length)
      throw problem(line, `${fields.length} fields; a row has at most ${HEADER.length} (quote a reason that holds a comma)`);
    const [given = '', named = '', change = '', reason = '', by = ''] = fields.map((f) => f.trim());
    // Names are matched without regard to case (ADA is ada), and one that matches nothing offers the nearest.
    const who = matchName(given, students);
    if ('ambiguous' in who)
      throw problem(line, `'${given}' is ${who.ambiguous.join(' and ')}, which differ only by case: write the one you mean exactly`);
    if ('missing' in who)
      throw problem(
        line,
        `no submission '${given}' was graded${given === '' ? ' (the student column is empty)' : didYouMean(given, students.keys())}`,
      );
    const student = who.found;
    const what = named.toLowerCase() === 'total' ? { found: 'total' } : matchName(named, targetIds);
    const test = 'found' in what ? what.found : named;
    const kind =
      test === 'total'
        ? 'total'
        : targets.tests.has(test)
          ? 'test'
          : targets.manual.has(test)
            ? 'manual'
            : targets.retired?.has(test)
              ? 'retired'
              : undefined;
    if (!kind)
      throw problem(
        line,
        `'${named}' is neither a test id, a group graded by hand (${[...targets.manual.keys()].join(', ') || 'none in this spec'}) nor total${didYouMean(named, targetIds.keys())}`,
      );
    const m = /^([+\-=])\s*(\d+(?:\.\d+)?)$/u.exec(change);
    if (!m) throw problem(line, `the change '${change}' is not +n, -n or =n (for example +2, -1.5, =4)`);
    const op = m[1] as '+' | '-' | '=';
    const amount = Number(m[2]);
    if (kind === 'manual' && amount > targets.manual.get(test)!.points)
      throw problem(line, `${test} is graded by hand out of ${counted(targets.manual.get(test)!.points, 'point')}, not ${amount}`);
    if (kind === 'test' && op === '=' && amount > targets.tests.get(test)!.maxScore)
      throw problem(line, `${test} is worth ${counted(targets.tests.get(test)!.maxScore, 'point')}, not ${amount}`);
    if (kind !== 'manual' && kind !== 'retired' && reason === '')
      throw problem(line, 'give a reason: the student sees it beside the change');
    const key = `${student}\u0000${test}`;
    const earlier = seen.get(key);
    if (earlier !== undefined)
      throw problem(line, `a second row for ${student} and ${test} (the first is line ${earlier}): put both changes in one row`);
    seen.set(key, line);
    return {
      line,
      student,
      test,
      kind,
      op,
      amount,
      reason,
      ...(by && { by }),
      ...(kind === 'manual' && { group: targets.manual.get(test)!.name }),
    };
  });
}

/**
 * The run with every row applied. A test's score moves within 0 and its points; hand-graded points are added, and
 * once any are entered every submission's maximum grows by the spec's hand-graded points; `=n` on total sets the
 * final score. Rows for tests the spec no longer has are kept in the run, marked not applied.
 */
export function applyAdjustments(run: RunResults, rows: readonly ParsedRow[], file: string | undefined, manualPoints: number): RunResults {
  const byHand = rows.some((r) => r.kind === 'manual') ? manualPoints : 0;
  const submissions = run.submissions.map((s) =>
    adjustOne(
      s,
      rows.filter((r) => r.student === s.id),
      byHand,
    ),
  );
  const unapplied = rows
    .filter((r) => r.kind === 'retired')
    .map((r) => ({ line: r.line, student: r.student, test: r.test, why: `${r.test} is no longer a test of the spec` }));
  // Once any hand-graded points are entered, every maximum counts them all: whoever has none entered is named.
  const notEntered =
    byHand === 0
      ? []
      : (run.settings?.groups ?? [])
          .filter((g) => (g.manualPoints ?? 0) > 0)
          .flatMap((g) => {
            const entered = new Set(rows.filter((r) => r.kind === 'manual' && r.test === g.id).map((r) => r.student));
            const missing = run.submissions.filter((s) => !entered.has(s.id)).map((s) => s.id);
            return missing.length > 0 ? [{ group: g.id, name: g.name, points: g.manualPoints!, students: missing }] : [];
          });
  // Without a file, only the late policy's penalties were applied: there is no file to report on.
  const hash = createHash('sha256')
    .update(JSON.stringify(rows.map(({ line: _line, ...row }) => row)))
    .digest('hex')
    .slice(0, 12);
  return {
    ...run,
    submissions,
    ...(file !== undefined && {
      adjustments: { file, rows: rows.length, hash, manualPoints: byHand, unapplied, ...(notEntered.length > 0 && { notEntered }) },
    }),
  };
}

/** The late policy's penalty as a row: made from the submission's own `late`, so a merge or a rerun makes it again. */
function lateRow(late: Lateness, base: number): AdjustmentRow {
  const amount = round((late.percent / 100) * base);
  return { line: 0, test: 'total', kind: 'late', op: '-', amount, reason: late.reason };
}

function adjustOne(submission: SubmissionResult, rows: readonly ParsedRow[], manualMax: number): SubmissionResult {
  const live = rows.filter((r) => r.kind !== 'retired');
  const late = submission.late && submission.late.percent > 0 ? submission.late : undefined;
  if (live.length === 0 && manualMax === 0 && !late) return submission;
  const maxScore = round(submission.maxScore + manualMax);
  let score = submission.score;
  const applied: AdjustmentRow[] = [];
  for (const row of live.filter((r) => r.kind !== 'total')) {
    const test = submission.tests.find((t) => t.id === row.test);
    let moved: number;
    let clamped: string | undefined;
    if (row.kind === 'test' && test) {
      const asked = row.op === '=' ? row.amount : test.score + (row.op === '+' ? row.amount : -row.amount);
      moved = Math.min(test.maxScore, Math.max(0, asked)) - test.score;
      if (round(moved) === 0 && row.op !== '=')
        clamped =
          row.op === '+'
            ? `changes nothing: ${row.test} already has all its ${counted(test.maxScore, 'point')}`
            : `changes nothing: ${row.test} already has 0 points`;
      else if (round(moved) === 0) clamped = `changes nothing: ${row.test} already has ${counted(test.score, 'point')}`;
      else if (asked !== test.score + moved)
        clamped = `moved ${signed(moved)}, not ${row.op}${row.amount}: ${row.test} stays within 0 and its ${counted(test.maxScore, 'point')}`;
    } else {
      // Hand-graded points start at 0: `=n` and `+n` give n, `-n` takes n away.
      moved = row.op === '-' ? -row.amount : row.amount;
    }
    score += moved;
    applied.push({ ...strip(row), applied: round(moved), ...(clamped && { clamped }), ...(test && { group: test.group }) });
  }
  if (late) {
    // After the tests and hand-graded points, before the total's rows: an instructor's override is the last word.
    const row = lateRow(late, late.of === 'max' ? maxScore : score);
    const before = score;
    score = Math.max(0, score - row.amount);
    applied.push({ ...row, applied: round(score - before) });
  }
  for (const row of live.filter((r) => r.kind === 'total')) {
    const before = score;
    const asked = row.op === '=' ? row.amount : score + (row.op === '+' ? row.amount : -row.amount);
    // The total stays within 0 and the maximum: a grade above it is extra credit, which a course enters in its gradebook.
    score = Math.min(maxScore, Math.max(0, asked));
    const moved = round(score - before);
    const clamped =
      score !== asked
        ? `${row.op === '=' ? `set to ${round(score)}, not ${row.amount}` : `moved ${signed(moved)}, not ${row.op}${row.amount}`}: the total stays within 0 and ${maxScore}`
        : moved === 0
          ? `changes nothing: the total is already ${round(before)}`
          : undefined;
    applied.push({ ...strip(row), applied: moved, ...(clamped && { clamped }) });
  }
  return { ...submission, adjusted: { score: round(Math.max(0, score)), maxScore, rows: applied } };
}

/** A change of points as a row shows it: `+2`, `-1.5`, `+0`. */
export const signed = (n: number) => `${n >= 0 ? '+' : ''}${round(n)}`;
const strip = ({ student: _student, ...row }: ParsedRow): AdjustmentRow => row;
const round = (n: number) => Math.round(n * 1000) / 1000;
