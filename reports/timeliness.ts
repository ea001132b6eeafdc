/** When a submission came in against its deadline, as its page says it: in the deadline's own zone, to the second. */
import type { SubmissionResult } from '../runner/model/results.js';

/**
 * An instant as a reader of the deadline's zone writes it, to the second (`2026-12-04T23:59:00-05:00`): the zone the
 * instructor gave the due time in, not UTC with milliseconds. (runner/cli/deadline-setup.ts words the terminal's alike.)
 */
export function inZone(iso: string, zone: string | undefined): string {
  const m = /^([+-])(\d\d):(\d\d)$/u.exec(zone ?? '');
  const offset = m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) * 60_000 : 0;
  const at = Date.parse(iso);
  return Number.isNaN(at) ? iso : `${new Date(at + offset).toISOString().slice(0, 19)}${m ? zone : 'Z'}`;
}

export function timeliness(late: NonNullable<SubmissionResult['late']>): string {
  const submitted = late.submittedAt
    ? `submitted ${inZone(late.submittedAt, late.zone)} (${late.source}${late.commit ? ` ${late.commit.slice(0, 12)}` : ''})`
    : 'no time known';
  return `${submitted}, due ${inZone(late.due, late.zone)}${late.extension ? ` (extended: ${late.extension})` : ''}: ${late.reason}`;
}
