/**
 * A test's verdict composed from its record (how many units ran and failed, the first failure with both sides and its
 * snippet, why the run stopped early, the notes the rules gave the cases they passed, why a test did not run), and
 * its result in the results.json contract once the rules have charged it: points on a pass, the hint after a failure
 * it is about. Nothing downstream takes a message apart. Pure.
 */
import type { ResolvedTest } from '../model/spec-types.js';
import { isProgramTest, type NotRun, type TestRecord } from './ledger.js';
import { count, type ChargedUnit, type Composed } from './policies/policy.js';
import { textOf } from '../model/words.js';
import { checkSays, hintSays, testSays } from './words.js';
import { crashSite } from '../checks/crash-site.js';
import type { FirstFailure, TestResult } from '../model/results.js';

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
      return {
        status: 'pass',
        said: [testSays('hangs', { ran: count(ran, unit), ended, left: of - ran, notes: notes.join('; ') })],
        failed: 0,
        ran,
      };
    }
    if (ran < of) return { status: 'timeout', said: [testSays('budgetAfter', { ran, of: count(of, unit) })], failed: 0, ran };
    // Where a rule excused every unit, none was judged here: no count of cases passed, only why.
    if (ran > 0 && units.every((u) => u.excused))
      return {
        status: 'pass',
        said: [
          ran === 1
            ? testSays('oneNotJudged', { unit, notes: notes.join('; ') })
            : testSays('noneJudged', { ran: count(ran, unit), notes: notes.join('; ') }),
        ],
        failed: 0,
        ran,
      };
    return {
      status: 'pass',
      said: [
        notes.length > 0
          ? testSays('passedWithNotes', { passed: count(of, unit), notes: notes.join('; ') })
          : testSays('passed', { passed: count(of, unit) }),
      ],
      failed: 0,
      ran,
    };
  }
  const left = of - ran;
  const stop = record.stopped && record.stopped.by in STOPPED ? STOPPED[record.stopped.by as keyof typeof STOPPED] : undefined;
  const prefix =
    first.verdict.status === 'timeout' || of === 1
      ? []
      : firstFailureMode
        ? [testSays('stoppedFirst', { of: count(of, unit), first: first.id })]
        : stop && left > 0
          ? [
              testSays('stoppedEarly', {
                at: record.stopped!.at,
                stop,
                left: left === 1 ? 'one was' : `${left} were`,
                failed: failing.length,
                ran: count(ran, unit),
                firstNamed: failing.length === 1 ? '' : `; the first, ${first.id}`,
              }),
            ]
          : [testSays('failedFirst', { failed: failing.length, of: count(of, unit), first: first.id })];
  return {
    status: first.verdict.status,
    said: [...prefix, checkSays(first.verdict.message), ...(first.verdict.after ?? [])],
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
export const passedCount = (record: TestRecord, ran: number): string =>
  `${count(ran, isProgramTest(record.test) ? 'terminal session' : 'case')} passed`;

/** Why a test ran nothing, as its verdict. */
export function notRunVerdict(test: ResolvedTest, notRun: NotRun, only?: string): Composed {
  switch (notRun.kind) {
    case 'skipped':
      return {
        status: 'skipped',
        said: [notRun.why === 'only' ? testSays('notRunOnly', { only: only ?? '' }) : testSays('notRunStrength')],
        failed: 0,
        ran: 0,
      };
    case 'budget':
      return { status: 'timeout', said: [testSays('notRunBudget', { seconds: Math.round(notRun.limitMs / 1000) })], failed: 0, ran: 0 };
    case 'own-part-hung':
      // decided-later says why, in the kit's words.
      return {
        status: 'skipped',
        decidedLater: true,
        said: [testSays('notRunOwnPartHung', { part: notRun.part, test: notRun.test })],
        failed: 0,
        ran: 0,
      };
    case 'internal':
      return { status: 'error', said: [testSays('internal', { detail: notRun.detail })], failed: 0, ran: 0 };
    case 'blocked':
      return {
        status: 'error',
        said: [
          notRun.startError !== undefined
            ? testSays('couldNotRun', { why: notRun.startError })
            : testSays('blocked', { why: blockedMessage(notRun) }),
        ],
        failed: 0,
        ran: 0,
      };
  }
}

/** The names a test needs that no module defines, where each is written, and the import tests that explain it. */
function blockedMessage(notRun: Extract<NotRun, { kind: 'blocked' }>): string {
  const where = new Map<string, string[]>();
  for (const { name, definedIn } of notRun.missing.filter((m) => !m.unread))
    where.set(definedIn ?? '', [...(where.get(definedIn ?? '') ?? []), name]);
  const said = [...where].map(([file, names]) => {
    const are = names.length === 1 ? 'is' : 'are';
    return file === ''
      ? `${names.join(', ')} ${are} not defined in any of the submission's files`
      : `${names.join(', ')} ${are} defined in ${file}, which did not import`;
  });
  // Defined in a file the grader did not take for its role: say which file, and what would have made it that role's.
  for (const { name, unread } of notRun.missing.filter((m) => m.unread)) {
    said.push(
      `${name} is defined in ${unread!.file}, which is not read as one of the assignment's files: a file is taken for ${unread!.role} by that name, or by defining ${unread!.decidedBy}, and ${unread!.file} is neither`,
    );
  }
  // The files that explain it, in words, but those the names above are already said to be in.
  const named = new Set(notRun.missing.flatMap((m) => (m.definedIn ? [m.definedIn] : [])));
  const why = notRun.blockers
    .filter((b) => !named.has(b.file))
    .map((b) => (b.why === 'missing' ? `the submission has no ${b.file}` : `${b.file} did not import`));
  return `${said.join('; ')}${why.length > 0 ? ` (${[...new Set(why)].join('; ')})` : ''}`;
}

/** A test's first failure as facts: the unit it failed on and what it did there, or that it follows from another test. */
export function firstFailure(record: TestRecord, verdict: Composed, units: readonly ChargedUnit[] = []): FirstFailure | undefined {
  if (verdict.status === 'pass' || verdict.status === 'skipped') return undefined;
  if (record.notRun || (record.hungBefore && verdict.status === 'timeout'))
    return { kind: 'consequence', said: record.notRun?.kind ?? 'hung before' };
  const unit = verdict.first === undefined ? undefined : record.units.find((u) => u.id === verdict.first);
  const shown = verdict.first === undefined ? undefined : units.find((u) => u.id === verdict.first)?.verdict;
  const at = verdict.first === undefined ? {} : { case: verdict.first };
  const failure = unit?.failure;
  const site = unit?.program && crashSite(unit.program.transcript);
  const last = failure?.kind === 'exception' ? failure.exception.frames.at(-1) : undefined;
  // Where the traceback ends in the student's file: an exception's innermost frame, a program's, an import's.
  const where = last ? { file: last.file, line: last.line } : site ? site.innermost : (shown?.place ?? record.direct?.place);
  const place = where && { place: { file: where.file, line: where.line } };
  if (failure?.kind === 'exception')
    return {
      ...at,
      kind: failure.exception.fact === 'cpu-limit' ? 'limit' : 'crash',
      said: `${failure.exception.type}: ${failure.exception.message}`,
      ...place,
    };
  if (failure?.kind === 'timeout' || unit?.program?.timedOut || verdict.status === 'timeout')
    return { ...at, kind: 'hang', said: 'never ended', ...place };
  if (failure?.kind === 'crashed' || unit?.program?.truncated || shown?.stoppedAt)
    return { ...at, kind: 'limit', said: failure?.kind === 'crashed' ? 'the process died' : 'a limit stopped it', ...place };
  if (site) return { ...at, kind: 'crash', said: site.type, ...place };
  const direct = record.direct;
  if (direct) return { kind: direct.status === 'error' ? 'crash' : 'answer', said: direct.actual ?? direct.message, ...place };
  return {
    ...at,
    kind: verdict.status === 'error' ? 'crash' : 'answer',
    said: shown?.actual ?? verdict.actual ?? textOf(verdict.said),
    ...place,
  };
}

/** The result: points on a pass, the hint after a failure. */
export function finishTest(test: ResolvedTest, record: TestRecord, verdict: Composed, units: readonly ChargedUnit[] = []): TestResult {
  // A hint follows a wrong answer and a crash of the student's code, not a test that could not run.
  const hint =
    (verdict.status === 'fail' || verdict.status === 'error') && test.hint && !record.notRun && record.direct?.hint !== false
      ? [hintSays(test.hint)]
      : [];
  const said = [...verdict.said, ...hint];
  const reproduce = verdict.reproduce ?? record.direct?.reproduce;
  const failure = firstFailure(record, verdict, units);
  return {
    id: test.id,
    name: test.name,
    group: test.group,
    target: test.target,
    maxScore: test.points,
    visibility: test.visibility,
    status: verdict.status,
    score: verdict.status === 'pass' ? test.points : 0,
    message: textOf(said),
    said,
    ...(verdict.expected !== undefined && { expected: verdict.expected }),
    ...(verdict.actual !== undefined && { actual: verdict.actual }),
    ...(reproduce && { reproduce }),
    ...(verdict.typed && verdict.actual !== undefined && { typed: [...verdict.typed] }),
    ...(record.strength && { strength: record.strength }),
    ...(record.documentMs !== undefined && { documentMs: Math.round(record.documentMs) }),
    ...(failure && { failure }),
    ...(verdict.decidedLater && { decidedLater: true }),
  };
}
