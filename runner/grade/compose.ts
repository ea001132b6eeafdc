/**
 * A test's result from its units' charged verdicts, in words made once from the facts: how many ran and failed, the
 * first failure with both sides and its snippet, why the run stopped early, and the notes the rules gave the cases
 * they passed. The one place a test's message is written; nothing downstream takes it apart.
 */
import type { CaseStatus, CaseVerdict } from '../checks/verdict.js';
import type { TestStatus } from './results.js';
import { isProgramTest, type TestRecord } from './ledger.js';
import { count } from './policies/policy.js';

/** A unit as charged: its record's place and the verdict the rules gave it. */
export interface ChargedUnit {
  readonly id: string;
  readonly reproduce: string;
  readonly typed?: readonly string[];
  readonly verdict: CaseVerdict;
  /** A pass given to a call that never ended (a one-rule test's). */
  readonly hung?: boolean;
}

/** A test's verdict before it is a result: status, words, both sides, the snippet of its first failure. */
export interface Composed extends Omit<CaseVerdict, 'status'> {
  readonly status: TestStatus;
  readonly reproduce?: string;
  readonly typed?: readonly string[];
  /** The first failing unit, and how many failed of how many ran: what a later rule's words cite. */
  readonly first?: string;
  readonly failed: number;
  readonly ran: number;
  /** The games passed with the student's own players: the note on the quick ones does not apply. */
  readonly ownPlayers?: true;
}

const STOPPED = { time: 'never ended', memory: 'ran out of memory', output: 'printed past the output limit' } as const;

/** The verdict of a test whose units were charged, as one message. */
export function composeUnits(record: TestRecord, units: readonly ChargedUnit[], firstFailureMode: boolean): Composed {
  const unit = isProgramTest(record.test) ? 'terminal session' : 'case';
  const of = record.of;
  const failing = units.filter((u) => u.verdict.status !== 'pass');
  const notes = [...new Set(units.flatMap((u) => (u.verdict.status === 'pass' && u.verdict.note ? [u.verdict.note] : [])))];
  const ran = units.length;
  const first = failing[0];
  if (!first) {
    const hung = units.filter((u) => u.hung).length;
    if (record.stopped?.by === 'hangs' && ran < of) {
      const ended = hung === ran ? (ran === 1 ? 'and it never ended' : 'none of which ended') : `${hung} of them never ended`;
      return { status: 'pass', message: `${count(ran, unit)} run, ${ended}; the other ${of - ran} were not run, as a call that hangs costs this test nothing and each costs a whole time limit (${notes.join('; ')})`, failed: 0, ran };
    }
    if (ran < of) return { status: 'timeout', message: `the submission's time budget ran out after ${ran} of ${count(of, unit)}`, failed: 0, ran };
    return { status: 'pass', message: `${count(of, unit)} passed${notes.length > 0 ? ` (${notes.join('; ')})` : ''}`, failed: 0, ran };
  }
  const left = of - ran;
  const stop = record.stopped && record.stopped.by in STOPPED ? STOPPED[record.stopped.by as keyof typeof STOPPED] : undefined;
  const prefix = first.verdict.status === 'timeout' || of === 1 ? ''
    : firstFailureMode ? `stopped at the first failing of ${count(of, unit)} (${first.id}):\n`
    : stop && left > 0 ? `${record.stopped!.at} ${stop}, so the last ${left === 1 ? 'one was' : `${left} were`} not run (${failing.length} of the ${count(ran, unit)} run failed${failing.length === 1 ? '' : `; the first, ${first.id}`}):\n`
    : `${failing.length} of ${count(of, unit)} failed; the first (${first.id}):\n`;
  return {
    status: first.verdict.status,
    message: `${prefix}${first.verdict.message}`,
    ...(first.verdict.expected !== undefined && { expected: first.verdict.expected }),
    ...(first.verdict.actual !== undefined && { actual: first.verdict.actual }),
    reproduce: first.reproduce,
    ...(first.typed && { typed: first.typed }),
    first: first.id,
    failed: failing.length,
    ran,
  };
}

/** The words of a passing count, as a later rule cites it: `9 terminal sessions passed`. */
export const passedCount = (record: TestRecord, ran: number): string => `${count(ran, isProgramTest(record.test) ? 'terminal session' : 'case')} passed`;

/** A status other than a pass: what a result's status is when a rule keeps a failure. */
export const failing = (status: CaseStatus): boolean => status !== 'pass';
