/**
 * Verdicts on a course's own tests (a pack's `kind: calls` and `kind: session`), by the rules the built-in tests keep:
 * a call's value as the value checks compare it (numbers by value, a tuple for a list by its items, with a note; a
 * reading the reference also accepts; any order where the document allows one), its printed text as it can be seen
 * (trailing spaces and a final newline free); a session's ending as a program test's, then each line the course asks
 * for, in order, a line as printed or one a pattern matches, whatever the prompts said. Pure.
 */
import type { FixtureCase } from '../model/fixture-types.js';
import { editDistance } from '../model/edit-distance.js';
import type { ObservedValue } from '../harness/protocol.js';
import type { CourseCallInput, CourseSessionInput, ShownLine } from '../model/course-cases.js';
import type { ProgramResult } from '../pty/run-program.js';
import { formatException, replyFor, type CaseObservation } from './observation.js';
import { withoutAskMarkers } from './program-markers.js';
import { programEnding } from './programs.js';
import { formatPy, type PyValue } from '../model/py-value.js';
import { checkReturned } from './returns.js';
import { firstDifference, visibleText } from './text.js';
import { formatObserved } from './values.js';
import { fail, pass, type CaseVerdict } from './verdict.js';

/** A call of a course's `calls` test, judged on what its last statement gave (`call`, as written). */
export function checkCourseCall(testCase: FixtureCase, observation: CaseObservation, call: string): CaseVerdict {
  const expected = testCase.expected;
  if ('raises' in expected) return checkRaised(call, expected.raises, observation);
  const reply = replyFor(observation, 'result', testCase.id);
  if ('stdout' in expected) {
    const printed = checkPrinted(call, expected.stdout, reply.stdout);
    if (printed.status !== 'pass' || expected.value === undefined) return printed;
    const returned = checkReturned(call, { value: expected.value }, testCase.lenient, reply.value);
    return returned.status !== 'pass' ? returned : joined(printed, returned);
  }
  const input = testCase.input as unknown as CourseCallInput;
  const value = input.anyOrder && 'value' in expected ? inOrderOf(expected.value, reply.value) : undefined;
  const verdict = checkReturned(call, expected, testCase.lenient, value ?? reply.value, value ? { shown: reply.value } : {});
  return value && verdict.status === 'pass' ? joined(verdict, pass('in another order, which the document allows')) : verdict;
}

/** An exception due: its class or one it derives from (a ValueError subclass is a ValueError), raised by the call. */
function checkRaised(call: string, due: string, observation: CaseObservation): CaseVerdict {
  const failure = observation.failure;
  if (failure?.kind === 'exception') {
    const { type, bases } = failure.exception;
    if (type === due || bases?.includes(due)) return pass();
    return fail(`${call} raised ${formatException(failure.exception)}; expected ${due}`, due, formatException(failure.exception));
  }
  const reply = observation.replies['result'];
  return fail(
    `${call} raised nothing; expected ${due}${reply ? ` (it returned ${formatObserved(reply.value)})` : ''}`,
    due,
    reply ? `returned ${formatObserved(reply.value)}` : 'nothing raised',
  );
}

/** Printed text as it can be seen: the same lines, trailing spaces and a final newline aside. */
function checkPrinted(call: string, expected: string, printed: string): CaseVerdict {
  if (expected === printed) return pass();
  if (visibleText(expected) === visibleText(printed))
    return pass('accepted with invisible differences in what it printed (trailing spaces or a final newline)');
  return fail(`what ${call} printed differs: ${firstDifference(visibleText(expected), visibleText(printed))}`, expected, printed);
}

/** Both passes' notes, in order. */
const joined = (a: CaseVerdict, b: CaseVerdict): CaseVerdict => {
  const notes = [a.note, b.note].filter((n): n is string => n !== undefined);
  return notes.length === 0 ? pass() : pass(notes.join('; '));
};

/** The observed list put in the order of the expected one, where it holds the same items in another order (undefined otherwise). */
function inOrderOf(expected: PyValue, observed: ObservedValue): ObservedValue | undefined {
  if (expected.type !== 'list' || observed.type !== 'list' || observed.items.length !== expected.items.length) return undefined;
  const left = [...observed.items];
  const ordered: ObservedValue[] = [];
  for (const want of expected.items) {
    const at = left.findIndex((item) => formatObserved(item) === formatPy(want));
    if (at < 0) return undefined;
    ordered.push(left.splice(at, 1)[0]!);
  }
  return ordered.every((item, i) => item === observed.items[i]) ? undefined : { type: 'list', items: ordered };
}

/**
 * A course's session: how the program ended (a hang, a crash, more input wanted than the test types), as for every
 * program test; then each line the course asks for, in order, each after the line the one before it matched.
 */
export function checkCourseSession(testCase: FixtureCase, marked: ProgramResult): CaseVerdict {
  const result = withoutAskMarkers(marked);
  const ending = programEnding(result);
  if (ending) return ending;
  const { shows } = testCase.input as unknown as CourseSessionInput;
  const lines = result.transcript.split('\n');
  const wanted = shows.map((s) => ('line' in s ? s.line : `/${s.pattern}/`)).join('\n');
  let at = -1;
  let spaces = false;
  for (const [i, shown] of shows.entries()) {
    const found = lines.findIndex((line, n) => n > at && matches(shown, line));
    if (found < 0) return fail(missing(shows, i, lines, at), wanted, result.transcript);
    if ('line' in shown && lines[found] !== shown.line) spaces = true;
    at = found;
  }
  return spaces ? pass('accepted with invisible differences (trailing spaces)') : pass();
}

const matches = (shown: ShownLine, line: string): boolean =>
  'line' in shown ? line.trimEnd() === shown.line.trimEnd() : new RegExp(shown.pattern, 'u').test(line.trimEnd());

/** Why the transcript does not show the i-th line: shown too early, shown nowhere (with the nearest line printed), or never reached. */
function missing(shows: readonly ShownLine[], i: number, lines: readonly string[], at: number): string {
  const shown = shows[i]!;
  const which =
    shows.length === 1
      ? ''
      : ` (the ${ordinal(i + 1)} of the ${shows.length} lines the test looks for${i > 0 ? `, after ${describe(shows[i - 1]!)}` : ''})`;
  const what = 'line' in shown ? `the line ${JSON.stringify(shown.line)}` : `a line matching /${shown.pattern}/`;
  if (lines.some((line, n) => n <= at && matches(shown, line)))
    return `the transcript shows ${what} only before ${describe(shows[i - 1]!)}, which the test looks for first${which}`;
  const near = 'line' in shown ? nearestLine(shown.line, lines.slice(at + 1)) : undefined;
  return `the transcript does not show ${what}${which}${near !== undefined ? `; the nearest line it printed: ${JSON.stringify(near)}` : ''}`;
}

const describe = (shown: ShownLine): string => ('line' in shown ? JSON.stringify(shown.line) : `the line matching /${shown.pattern}/`);

const ordinal = (n: number): string =>
  `${n}${n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd' : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th'}`;

/** The printed line nearest to `want` (a slip of a few characters), if one is near enough to be the one meant. */
function nearestLine(want: string, lines: readonly string[]): string | undefined {
  let best: { line: string; distance: number } | undefined;
  for (const line of lines.map((l) => l.trimEnd()).filter((l) => l !== '')) {
    const distance = editDistance(want.trimEnd(), line);
    if (!best || distance < best.distance) best = { line, distance };
  }
  return best && best.distance <= Math.max(2, Math.floor(want.length / 3)) ? best.line : undefined;
}
