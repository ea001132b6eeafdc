/**
 * Deadlines and late work: the due time (`--due`, or the pack's `due`), a grace period (`--grace`), the late policy
 * (`late.yml`: a percentage per day or hour late, a cap, late days each student may spend) and extensions
 * (`extensions.csv`: a student's own due time, or extra time). A submission's lateness is measured from its
 * student's own deadline; within the grace period it is on time, beyond it every started day (or hour) counts from
 * the deadline. The penalty is a row of the second pass (kind `late`), so it shows, with its reason, wherever an
 * adjustment does. Pure: texts and times in, decisions out.
 */
import { csvRecords } from './adjustments.js';
import type { Lateness } from '../model/results.js';
import { yamlFault } from '../pack/yaml-fault.js';
import { didYouMean, matchName } from './names.js';

export type { Lateness };

export class DeadlineError extends Error {}

export interface LatePolicy {
  readonly per: 'day' | 'hour';
  /** Percent taken per started day (or hour) late. */
  readonly percent: number;
  /** At most this many percent in all. */
  readonly cap: number;
  /** Percent of the points possible, or of the score the work earned. */
  readonly of: 'max' | 'score';
  /** Days late each student may spend without a penalty (per: day only). */
  readonly lateDays: number;
  /**
   * The late cutoff: work submitted after it is not graded. A time after each student's own deadline (`3d`), or one
   * instant for everyone (an ISO time with its zone); absent, late work is taken whenever it comes.
   */
  readonly cutoff?: { readonly afterMs: number; readonly text: string } | { readonly at: Date; readonly text: string };
}

/** With no late.yml: a late submission is marked, never penalized. */
export const NO_PENALTY: LatePolicy = { per: 'day', percent: 0, cap: 0, of: 'max', lateDays: 0 };

const UNIT_MS = { day: 86_400_000, hour: 3_600_000 } as const;

/** `90s`, `15m`, `2h`, `3d` (or `1d12h`) as milliseconds; anything else is refused with what is accepted. */
export function parseDuration(text: string, what: string): number {
  const parts = [...text.trim().matchAll(/(\d+(?:\.\d+)?)\s*([smhd])/gu)];
  const rebuilt = parts.map((p) => p[0].replace(/\s+/gu, '')).join('');
  if (parts.length === 0 || rebuilt !== text.trim().replace(/\s+/gu, ''))
    throw new DeadlineError(`${what}: '${text}' is not a duration; write it as 30m, 2h, 3d or 1d12h`);
  const scale = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
  return parts.reduce((ms, p) => ms + Number(p[1]) * scale[p[2] as keyof typeof scale], 0);
}

/** An ISO date and time with its zone (`2026-12-04T23:59:00-05:00`); a bare date or local time is refused: whose midnight? */
export function parseInstant(text: string, what: string): Date {
  const trimmed = text.trim();
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:?\d\d)$/u.test(trimmed))
    throw new DeadlineError(`${what}: '${text}' must be an ISO date and time with its zone, such as 2026-12-04T23:59:00-05:00`);
  const date = new Date(trimmed);
  if (Number.isNaN(date.getTime())) throw new DeadlineError(`${what}: '${text}' is not a date that exists`);
  return date;
}

/** The zone an ISO time was written in, as `-05:00` (`Z` for UTC): times are shown to its reader in it. */
export function zoneOf(text: string): string {
  const z = /(Z|[+-]\d\d:?\d\d)$/u.exec(text.trim())?.[1] ?? 'Z';
  return z === 'Z' || /^[+-]00:?00$/u.test(z) ? 'Z' : z.includes(':') ? z : `${z.slice(0, 3)}:${z.slice(3)}`;
}

/** late.yml, each key checked: per, penalty, cap, of, late_days, cutoff. */
export async function parseLatePolicy(text: string, file: string): Promise<LatePolicy> {
  const { parseDocument, LineCounter } = await import('yaml');
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  if (doc.errors.length > 0) {
    const fault = yamlFault(doc.errors[0]!, lines);
    throw new DeadlineError(`${file} is not YAML: ${fault.message} at line ${fault.line}, column ${fault.column}`);
  }
  const data: unknown = doc.toJS();
  if (data === null || typeof data !== 'object' || Array.isArray(data))
    throw new DeadlineError(`${file} must be a mapping: per (day or hour), penalty (percent), cap, of (max or score), late_days`);
  const d = data as Record<string, unknown>;
  const known = ['per', 'penalty', 'cap', 'of', 'late_days', 'cutoff'];
  const unknown = Object.keys(d).filter((k) => !known.includes(k));
  if (unknown.length > 0) throw new DeadlineError(`${file}: '${unknown[0]}' is not a key of a late policy (${known.join(', ')})`);
  const per = d['per'] ?? 'day';
  if (per !== 'day' && per !== 'hour') throw new DeadlineError(`${file}: per is day or hour, got ${JSON.stringify(per)}`);
  const number = (key: string, fallback: number, max: number) => {
    const value = d[key] ?? fallback;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > max)
      throw new DeadlineError(`${file}: ${key} is a number from 0 to ${max}, got ${JSON.stringify(value)}`);
    return value;
  };
  if (d['penalty'] === undefined)
    throw new DeadlineError(`${file}: give penalty, the percent taken per ${per} late (0 marks late work without a penalty)`);
  const percent = number('penalty', 0, 100);
  const cap = number('cap', 100, 100);
  const of = d['of'] ?? 'max';
  if (of !== 'max' && of !== 'score')
    throw new DeadlineError(`${file}: of is max (the points possible) or score (what the work earned), got ${JSON.stringify(of)}`);
  const lateDays = number('late_days', 0, 365);
  if (lateDays > 0 && per !== 'day') throw new DeadlineError(`${file}: late_days count days; use per: day with them`);
  if (!Number.isInteger(lateDays)) throw new DeadlineError(`${file}: late_days is a whole number of days, got ${lateDays}`);
  const given = d['cutoff'];
  let cutoff: LatePolicy['cutoff'];
  if (given !== undefined) {
    if (typeof given !== 'string' && !(given instanceof Date))
      throw new DeadlineError(
        `${file}: cutoff is a time after the deadline (3d, 72h) or an ISO time with its zone, got ${JSON.stringify(given)}`,
      );
    const text = given instanceof Date ? given.toISOString() : given;
    cutoff = /^\d{4}-/u.test(text)
      ? { at: parseInstant(text, `${file}: cutoff`), text }
      : { afterMs: parseDuration(text, `${file}: cutoff`), text };
  }
  return { per, percent, cap, of, lateDays, ...(cutoff && { cutoff }) };
}

export interface Extension {
  readonly line: number;
  /** The student's own due time (and the zone it was written in), or extra time after the class's. */
  readonly due?: Date;
  readonly zone?: string;
  readonly extraMs?: number;
  /** The student's late days left, in place of the policy's. */
  readonly lateDays?: number;
  readonly reason: string;
}

/**
 * extensions.csv: `student,due,reason[,late_days]`, `due` an ISO time or `+2d`. A student is named by the submission's
 * id or by an id the export gave (`students` maps each name to its submission); every one must be graded. Keyed by
 * submission.
 */
export function parseExtensions(text: string, file: string, students: ReadonlyMap<string, string>): Map<string, Extension> {
  const records = csvRecords(text);
  const [header, ...rows] = records;
  const names = header?.fields.map((f) => f.trim().toLowerCase()) ?? [];
  if (!header || names[0] !== 'student' || names[1] !== 'due')
    throw new DeadlineError(
      `${file}, line ${header?.line ?? 1}: the first row must be the header student,due,reason (late_days may follow)`,
    );
  const at = (key: string) => names.indexOf(key);
  const out = new Map<string, Extension>();
  for (const { line, fields } of rows) {
    const cell = (key: string) => (at(key) >= 0 ? (fields[at(key)] ?? '').trim() : '');
    const named = cell('student');
    const where = `${file}, line ${line}`;
    // Matched without regard to case (ADA is ada); a name that matches nothing offers the nearest.
    const who = matchName(named, students);
    if ('ambiguous' in who)
      throw new DeadlineError(
        `${where}: '${named}' is ${who.ambiguous.join(' and ')}, which differ only by case: write the one you mean exactly`,
      );
    if ('missing' in who) throw new DeadlineError(`${where}: no submission '${named}' was graded${didYouMean(named, students.keys())}`);
    const student = who.found;
    if (out.has(student)) throw new DeadlineError(`${where}: a second row for ${student} (the first is line ${out.get(student)!.line})`);
    const due = cell('due');
    const lateDays = cell('late_days');
    if (lateDays !== '' && !/^\d+$/u.test(lateDays))
      throw new DeadlineError(`${where}: late_days is a whole number of days, got '${lateDays}'`);
    const own =
      due === ''
        ? {}
        : due.startsWith('+')
          ? { extraMs: parseDuration(due.slice(1), where) }
          : { due: parseInstant(due, where), zone: zoneOf(due) };
    out.set(student, { line, ...own, ...(lateDays !== '' && { lateDays: Number(lateDays) }), reason: cell('reason') });
  }
  return out;
}

export interface Deadline {
  readonly due: Date;
  readonly graceMs: number;
  readonly extension?: Extension;
  /** The zone the deadline was written in (`Z` for UTC). */
  readonly zone?: string;
}

/** A student's own deadline: the class's, moved by their extension (in the zone their own due time was written in). */
export function deadlineOf(classDue: Date, graceMs: number, extension: Extension | undefined, zone = 'Z'): Deadline {
  const due = extension?.due ?? new Date(classDue.getTime() + (extension?.extraMs ?? 0));
  return { due, graceMs, ...(extension && { extension }), zone: extension?.zone ?? zone };
}

/** The time after which a student's work is not graded, when the policy has a cutoff. */
export function cutoffOf(deadline: Deadline, policy: LatePolicy): Date | undefined {
  const c = policy.cutoff;
  if (!c) return undefined;
  return 'at' in c ? c.at : new Date(deadline.due.getTime() + c.afterMs);
}

/** How late a submission is, and what the policy takes for it. Canvas's late mark without a time is reported, not guessed at. */
export function latenessOf(submittedAt: Date | undefined, source: Lateness['source'], deadline: Deadline, policy: LatePolicy): Lateness {
  const base = {
    due: deadline.due.toISOString(),
    source,
    per: policy.per,
    of: policy.of,
    ...(deadline.extension && { extension: deadline.extension.reason || 'an extension' }),
    ...(deadline.zone && deadline.zone !== 'Z' && { zone: deadline.zone }),
  };
  if (!submittedAt)
    return {
      ...base,
      lateBySeconds: 0,
      units: 0,
      lateDaysUsed: 0,
      percent: 0,
      reason: "late by Canvas's mark; the download holds no time, so no penalty was applied",
    };
  const lateMs = submittedAt.getTime() - deadline.due.getTime();
  const at = { ...base, submittedAt: submittedAt.toISOString() };
  if (lateMs <= 0) return { ...at, lateBySeconds: 0, units: 0, lateDaysUsed: 0, percent: 0, reason: 'on time' };
  if (lateMs <= deadline.graceMs)
    return {
      ...at,
      lateBySeconds: 0,
      units: 0,
      lateDaysUsed: 0,
      percent: 0,
      reason: `on time: ${spoken(lateMs)} after the deadline, within the ${spoken(deadline.graceMs)} of grace`,
    };
  const cutoff = cutoffOf(deadline, policy);
  if (cutoff && submittedAt.getTime() > cutoff.getTime()) {
    return {
      ...at,
      lateBySeconds: Math.round(lateMs / 1000),
      units: 0,
      lateDaysUsed: 0,
      percent: 0,
      cutoff: cutoff.toISOString(),
      reason: `${spoken(lateMs)} late, after the late cutoff (${policy.cutoff!.text}${'afterMs' in policy.cutoff! ? ' after the deadline' : ''}): not graded`,
    };
  }
  const units = Math.ceil(lateMs / UNIT_MS[policy.per]);
  const budget = deadline.extension?.lateDays ?? policy.lateDays;
  const lateDaysUsed = Math.min(budget, units);
  const charged = units - lateDaysUsed;
  const percent = Math.min(policy.cap, charged * policy.percent);
  const counted = `${units} ${policy.per}${units === 1 ? '' : 's'}`;
  const spent = lateDaysUsed > 0 ? `; ${lateDaysUsed} late day${lateDaysUsed === 1 ? '' : 's'} spent` : '';
  const rule =
    percent === 0
      ? policy.percent === 0
        ? '; no penalty in the policy'
        : ''
      : `; ${policy.percent} % a ${policy.per}${charged * policy.percent > policy.cap ? `, at most ${policy.cap} %` : ''}: -${round(percent)} % of ${policy.of === 'max' ? 'the points possible' : 'the score'}`;
  return {
    ...at,
    lateBySeconds: Math.round(lateMs / 1000),
    units,
    lateDaysUsed,
    percent: round(percent),
    reason: `${spoken(lateMs)} late (${counted} counted${spent})${rule}`,
  };
}

/** `3 h 5 min`, `26 h`, `1 min`, `40 s`: lateness as a person says it. */
export function spoken(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return `${Math.round(ms / 1000)} s`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h === 0 ? `${m} min` : m === 0 ? `${h} h` : `${h} h ${m} min`;
}

const round = (n: number) => Math.round(n * 1000) / 1000;
