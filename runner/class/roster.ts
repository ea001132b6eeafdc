/**
 * The course's roster (`--roster roster.csv`): Canvas's gradebook export (Student, ID, SIS User ID, SIS Login ID,
 * Section, then one column per assignment), matched to the submissions whatever their layout, so the gradebook a
 * run writes carries the ids Canvas matches students by. A submission is matched by the strongest thing both sides
 * have: Canvas's user id (a Canvas download's file names), the SIS id, the login or e-mail (a Gradescope export),
 * then the folder's or the student's name against the login, its part before `@`, the ids, or the name in either
 * order. A name two roster rows share matches neither: it is listed, as are submissions the roster lacks and
 * roster students with no submission. Pure once the file is read.
 */
import { csvRecords } from './adjustments.js';
import type { RunResults, StudentIdentity, SubmissionResult } from '../model/results.js';

export class RosterError extends Error {}

export interface RosterStudent {
  readonly line: number;
  readonly name: string;
  readonly id: string;
  readonly sisId: string;
  readonly login: string;
  readonly section: string;
}

const COLUMNS = { name: 'student', id: 'id', sisId: 'sis user id', login: 'sis login id', section: 'section' } as const;

/** The students of a Canvas gradebook export; its points-possible rows and Canvas's test student left out. */
export function parseRoster(text: string, file: string): RosterStudent[] {
  let records;
  try {
    records = csvRecords(text);
  } catch (error) {
    throw new RosterError(`${file}, ${(error as Error).message}`);
  }
  const [header, ...rows] = records;
  if (!header) throw new RosterError(`${file} is empty: export the gradebook from Canvas (Grades, Export, CSV) and give that file`);
  const names = header.fields.map((f) => f.trim().toLowerCase());
  const at = Object.fromEntries(Object.entries(COLUMNS).map(([key, column]) => [key, names.indexOf(column)])) as Record<
    keyof typeof COLUMNS,
    number
  >;
  const missing = (['name', 'id'] as const).filter((key) => at[key] < 0).map((key) => COLUMNS[key]);
  if (missing.length > 0)
    throw new RosterError(
      `${file}, line ${header.line}: no ${missing.map((m) => `'${m}'`).join(' or ')} column; a Canvas gradebook export starts Student,ID,SIS User ID,SIS Login ID,Section`,
    );
  const cell = (fields: string[], key: keyof typeof COLUMNS) => (at[key] >= 0 ? (fields[at[key]] ?? '').trim() : '');
  const students: RosterStudent[] = [];
  for (const { line, fields } of rows) {
    const name = cell(fields, 'name');
    // Canvas's second and third rows: the points possible, and on newer exports whether grades post by hand.
    if (/^(points possible|manual posting)/iu.test(name) || (name === '' && cell(fields, 'id') === '')) continue;
    if (name === 'Student, Test') continue;
    const id = cell(fields, 'id');
    if (!/^\d+$/u.test(id))
      throw new RosterError(`${file}, line ${line}: ${name || 'a row'} has the ID '${id}'; Canvas's user ids are numbers`);
    students.push({ line, name, id, sisId: cell(fields, 'sisId'), login: cell(fields, 'login'), section: cell(fields, 'section') });
  }
  const seen = new Map<string, number>();
  for (const s of students) {
    if (seen.has(s.id)) throw new RosterError(`${file}, line ${s.line}: the ID ${s.id} is on line ${seen.get(s.id)} too`);
    seen.set(s.id, s.line);
  }
  return students;
}

/** Letters and digits only, lower case: `Lovelace, Ada`, `lovelaceada` and `LovelaceAda` are one name. */
const plain = (text: string | undefined) =>
  (text ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/gu, '');

/** `Lovelace, Ada` read both ways; a name without a comma as written. */
function nameForms(name: string): string[] {
  const [last, first] = name.split(',').map((p) => p.trim());
  return first === undefined ? [plain(name)] : [plain(`${last}${first}`), plain(`${first}${last}`)];
}

/** The keys a roster row offers, one list per tier, strongest first. */
const rosterKeys = (r: RosterStudent): string[][] => [
  [`user:${r.id}`],
  r.sisId ? [`sis:${plain(r.sisId)}`] : [],
  r.login ? [`login:${r.login.toLowerCase()}`] : [],
  [...new Set([plain(r.login), plain(r.login.split('@')[0]), plain(r.sisId), r.id, ...nameForms(r.name)].filter(Boolean))].map(
    (k) => `name:${k}`,
  ),
];

/** The keys a submission offers, tier by tier: it matches the rows of the first tier where any key matches. */
const SUBMISSION_KEYS: readonly ((s: SubmissionResult) => readonly string[])[] = [
  (s) => (s.student?.id ? [`user:${s.student.id}`] : []),
  (s) => (s.student?.sisId ? [`sis:${plain(s.student.sisId)}`] : []),
  (s) => (s.student?.email ? [`login:${s.student.email.toLowerCase()}`] : []),
  (s) =>
    [...new Set([plain(s.id), plain(s.student?.name), plain(s.student?.email?.split('@')[0])].filter(Boolean))].map((k) => `name:${k}`),
];

/** The run with each matched submission named as the roster names it (its ids and section), and what did not match. */
export function applyRoster(run: RunResults, roster: readonly RosterStudent[], file: string): RunResults {
  const index = SUBMISSION_KEYS.map((_, tier) => {
    const map = new Map<string, RosterStudent[]>();
    for (const r of roster) for (const key of rosterKeys(r)[tier]!) map.set(key, [...(map.get(key) ?? []), r]);
    return map;
  });
  const used = new Set<RosterStudent>();
  const ambiguous: { submission: string; candidates: string[] }[] = [];
  const notInRoster: string[] = [];
  const submissions = run.submissions.map((given) => {
    // Matched as the submission was before any roster: an earlier roster's match is not carried over to this one.
    const before = given.student?.fromRoster ? given.student.fromRoster.before : given.student;
    const { student: _earlier, ...bare } = given;
    const s: SubmissionResult = before ? { ...bare, student: before } : bare;
    for (const [tier, keysOf] of SUBMISSION_KEYS.entries()) {
      const found = [...new Set(keysOf(s).flatMap((k) => index[tier]!.get(k) ?? []))];
      if (found.length === 0) continue;
      if (found.length > 1) {
        ambiguous.push({ submission: s.id, candidates: found.map((r) => `${r.name} (${r.id})`) });
        return s;
      }
      const r = found[0]!;
      used.add(r);
      const student: StudentIdentity = {
        name: r.name,
        id: r.id,
        ...(r.sisId && { sisId: r.sisId }),
        ...(r.login && { email: r.login }),
        ...(r.section && { section: r.section }),
        ...(before?.late !== undefined && { late: before.late }),
        fromRoster: { file, ...(before && { before }) },
      };
      return { ...s, student };
    }
    notInRoster.push(s.id);
    return s;
  });
  const twice = roster.filter((r) => submissions.filter((s) => s.student?.id === r.id).length > 1).map((r) => r.name);
  if (twice.length > 0)
    throw new RosterError(`${file}: ${twice.join(', ')} would be given two submissions' grades; rename one folder, or leave one out`);
  return {
    ...run,
    submissions,
    roster: {
      file,
      matched: used.size,
      notInRoster,
      noSubmission: roster.filter((r) => !used.has(r)).map((r) => ({ name: r.name, id: r.id })),
      ambiguous,
    },
  };
}

/** The rosters of shards merged: a roster student has no submission only when no shard had one for them. */
export function mergeRosters(run: RunResults, parts: readonly RunResults[]): RunResults {
  const rosters = parts.flatMap((p) => (p.roster ? [p.roster] : []));
  if (rosters.length === 0) return run;
  const matched = new Set(run.submissions.flatMap((s) => (s.student?.id ? [s.student.id] : [])));
  const missing = new Map(
    rosters
      .flatMap((r) => r.noSubmission)
      .filter((s) => !matched.has(s.id))
      .map((s) => [s.id, s]),
  );
  return {
    ...run,
    roster: {
      file: rosters[0]!.file,
      matched: rosters.reduce((n, r) => n + r.matched, 0),
      notInRoster: rosters.flatMap((r) => r.notInRoster),
      noSubmission: [...missing.values()],
      ambiguous: rosters.flatMap((r) => r.ambiguous),
    },
  };
}

/**
 * What the terminal says of the roster: how many matched, and every student on one side only (a shard sees part of
 * the class, so it leaves out the roster's students it has no submission for).
 */
export function formatRoster(run: RunResults, part = false): string {
  const r = run.roster!;
  const lines = [
    `Roster ${r.file}: ${r.matched} of ${run.submissions.length} submission${run.submissions.length === 1 ? '' : 's'} matched`,
  ];
  if (r.notInRoster.length) lines.push(`  not in the roster (Canvas will not take their grades): ${r.notInRoster.join(', ')}`);
  for (const a of r.ambiguous)
    lines.push(`  ${a.submission} matches ${a.candidates.join(' and ')}: not matched; name the folder by the SIS Login ID`);
  if (r.noSubmission.length && !part) lines.push(`  in the roster with no submission: ${r.noSubmission.map((s) => s.name).join('; ')}`);
  return `${lines.join('\n')}\n`;
}

/** A warning when the Canvas gradebook would carry no id for anyone: Canvas would match no row of it. */
export function gradebookWithoutIds(run: RunResults): string | undefined {
  if (run.submissions.length === 0 || run.submissions.some((s) => s.student?.id || s.student?.sisId || s.student?.email)) return undefined;
  return 'The Canvas gradebook (gradebook.csv) has no student ids (these submissions are folders, not a Canvas download): Canvas will match nobody. Give --roster <the gradebook exported from Canvas> to fill them in.\n';
}

/** The roster's assignment columns as Canvas names them, `Homework 4 (9001)`: the name and the assignment's id. */
export function rosterAssignments(text: string): { name: string; id: string }[] {
  let header;
  try {
    header = csvRecords(text)[0];
  } catch {
    return [];
  }
  return (header?.fields ?? []).flatMap((field) => {
    const m = /^(.*\S)\s*\((\d+)\)$/u.exec(field.trim());
    return m ? [{ name: m[1]!, id: m[2]! }] : [];
  });
}

const words = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/u)
    .filter(Boolean);

/**
 * The roster's column of this assignment: the one whose name's words stand in a row in the run's title (`Homework 4`
 * in "CS 61A Homework 4: Connect N", not `Homework 40`), or the title's in the column's name. Undefined when none or
 * several do, with the columns it could be, so the instructor names it.
 */
export function assignmentColumn(
  columns: readonly { name: string; id: string }[],
  title: string,
): { name: string; id: string } | { candidates: { name: string; id: string }[] } {
  const contains = (outer: string[], inner: string[]) =>
    inner.length > 0 && outer.some((_, i) => inner.every((w, j) => outer[i + j] === w));
  const t = words(title);
  const matches = columns.filter((c) => contains(t, words(c.name)) || contains(words(c.name), t));
  return matches.length === 1 ? matches[0]! : { candidates: matches.length > 1 ? matches : [...columns] };
}
