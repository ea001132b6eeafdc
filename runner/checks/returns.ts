/**
 * A returned value against a fixture's expectation: one exact value, one of several (random tie-breaks), or an
 * alternative the document leaves open (`lenient`), accepted with a note that says which reading it matched.
 */
import { formatPy, type PyValue } from '../model/py-value.js';
import type { Expected, Leniency } from '../model/fixture-types.js';
import type { ObservedValue } from '../harness/protocol.js';
import { article, describeTypeDifference, formatObserved, isSameByValue, isSameNumbers, isSameValue, typeSlipOf } from './values.js';
import { fail, pass, type CaseVerdict } from './verdict.js';

export function acceptedValues(expected: Expected): PyValue[] {
  if ('oneOf' in expected) return [...expected.oneOf];
  if ('value' in expected && expected.value !== undefined) return [expected.value];
  return [];
}

/**
 * Numbers are compared by value (`-1` equals `-1.0`): a type slip costs only the one test that grades types
 * (`strictTypes`), with a note everywhere else.
 */
export function checkReturned(
  what: string,
  expected: Expected,
  lenient: Leniency | undefined,
  observed: ObservedValue,
  /** `because`: why the expected answer is the answer (Manchester's winning or blocking column), said after a wrong one. */
  options: { strictTypes?: boolean; typesTest?: string; shown?: ObservedValue; because?: string } = {},
): CaseVerdict {
  const accepted = acceptedValues(expected);
  if (accepted.some((value) => isSameValue(value, observed))) return pass();
  const alternative = lenient?.alsoAccepted.find((value) => isSameValue(value, observed));
  if (alternative !== undefined) return pass(`accepted under another reading the document allows (${lenient!.reason})`);
  if (!options.strictTypes) {
    const byValue = [...accepted, ...(lenient?.alsoAccepted ?? [])].find((value) => isSameByValue(value, observed));
    if (byValue !== undefined) {
      const slip = typeSlipOf(byValue, observed) ?? 'the number types differ';
      return pass(`right by value; ${slip}${options.typesTest ? ` (the types are graded by ${options.typesTest})` : ''}`);
    }
  }
  const want = accepted.length === 1 ? formatPy(accepted[0]!) : `one of ${accepted.map(formatPy).join(', ')}`;
  // What a failure shows is the answer as returned (`shown`), where the check judged a part of it.
  const got = formatObserved(options.shown ?? observed);
  const because = options.because ? ` (${options.because})` : '';
  if (lenient?.open) {
    const readings = [...accepted, ...lenient.alsoAccepted];
    const fixed = fixedPositions(readings, observed);
    if (fixed === undefined)
      return pass(
        `not scored, as the document is silent here (${lenient.reason}): ${what} returned ${got}; the readings give ${readings.map(formatPy).join(' or ')}`,
      );
    // Only what the document is silent about is free: the columns every reading agrees on are checked as usual.
    const where = `column${fixed.free.length === 1 ? '' : 's'} ${fixed.free.join(', ')}`;
    if (fixed.wrong.length === 0)
      return pass(
        `${where} not scored, as the document is silent there (${lenient.reason}): ${what} returned ${got}; the readings give ${readings.map(formatPy).join(' or ')}; the other columns are right`,
      );
    return fail(
      `${what} returned ${got}; expected ${want} (the document is silent about ${where} only, where ${readings.map(formatPy).join(' or ')} differ), and column${fixed.wrong.length === 1 ? '' : 's'} ${fixed.wrong.join(', ')} ${fixed.wrong.length === 1 ? 'is' : 'are'} wrong${because}`,
      want,
      got,
    );
  }
  const typeNote = accepted.map((value) => describeTypeDifference(value, observed)).find(Boolean);
  const noneNote = observed.type === 'none' && accepted.some((v) => v.type !== 'none') ? ' (None: is a return statement missing?)' : '';
  const also = lenient ? ` (also accepted: ${lenient.alsoAccepted.map(formatPy).join(', ')})` : '';
  return fail(`${what} returned ${got}${noneNote}; expected ${want}${also}${typeNote ? `: ${typeNote}` : ''}${because}`, want, got);
}

/**
 * For an open case whose readings are lists of one length: the positions where they differ (free) and those where
 * they agree that the observed list gets wrong. Undefined when the readings or the answer are not such lists (then
 * the whole answer is free, as the document is silent about all of it).
 */
function fixedPositions(readings: readonly PyValue[], observed: ObservedValue): { free: number[]; wrong: number[] } | undefined {
  const lists = readings.flatMap((r) => (r.type === 'list' ? [r.items] : []));
  if (lists.length !== readings.length || lists.length === 0 || observed.type !== 'list') return undefined;
  const length = lists[0]!.length;
  if (lists.some((items) => items.length !== length) || observed.items.length !== length) return undefined;
  const free: number[] = [];
  const wrong: number[] = [];
  for (let i = 0; i < length; i++) {
    const options = lists.map((items) => items[i]!);
    if (options.some((v) => !isSameNumbers(options[0]!, v))) free.push(i);
    else if (!isSameByValue(options[0]!, observed.items[i]!)) wrong.push(i);
  }
  return { free, wrong };
}

/**
 * Only the types the document fixes (ints or floats, tuples or lists), whatever the values: a type test must not
 * charge a wrong answer a second time. Numbers are compared by position, or with the expected list's first item
 * where the lengths differ.
 */
export function checkTypes(what: string, expected: Expected, observed: ObservedValue, options: { bothWays?: BothWays } = {}): CaseVerdict {
  const accepted = acceptedValues(expected);
  const want = accepted[0];
  if (want === undefined) return pass();
  const { value: judged, eased } = options.bothWays ? easeBothWays(want, observed, options.bothWays) : { value: observed, eased: false };
  const slip = typeSlip(want, judged);
  if (slip) return fail(`${what} returned ${formatObserved(observed)}: ${slip}`, formatPy(want), formatObserved(observed));
  const note = eased ? `${options.bothWays!.written}, so either type passes` : undefined;
  if (accepted.some((value) => isSameValue(value, judged))) return pass(note);
  return pass(['the types are right; the values are graded by the other tests', ...(note ? [note] : [])].join('; '));
}

/** A number the document writes both as an int and as a float (HMC's -1 for a full column), and where it says so. */
export interface BothWays {
  readonly value: number;
  readonly written: string;
}

/** The observed value with the both-ways number given the type expected at its place, and whether any was. */
function easeBothWays(want: PyValue, got: ObservedValue, both: BothWays): { value: ObservedValue; eased: boolean } {
  if (
    (want.type === 'int' || want.type === 'float') &&
    (got.type === 'int' || got.type === 'float') &&
    want.type !== got.type &&
    Number(got.value) === both.value &&
    Number(want.value) === both.value
  ) {
    return { value: { type: want.type, value: both.value }, eased: true };
  }
  if ((want.type === 'list' || want.type === 'tuple') && (got.type === 'list' || got.type === 'tuple')) {
    const items = got.items.map((item, i) => easeBothWays(want.items[i] ?? want.items[0]!, item, both));
    return { value: { ...got, items: items.map((i) => i.value) }, eased: items.some((i) => i.eased) };
  }
  return { value: got, eased: false };
}

function typeSlip(want: PyValue, got: ObservedValue): string | undefined {
  const isNumber = (t: string) => t === 'int' || t === 'float';
  if (isNumber(want.type) && isNumber(got.type))
    return want.type === got.type ? undefined : `expected ${article(want.type)}, got ${article(got.type)} (${formatObserved(got)})`;
  if ((want.type === 'list' || want.type === 'tuple') && (got.type === 'list' || got.type === 'tuple')) {
    if (want.type !== got.type) return `expected ${article(want.type)}, got ${article(got.type)}`;
    for (const [i, item] of got.items.entries()) {
      const model = want.items[i] ?? want.items[0];
      const inner = model ? typeSlip(model, item) : undefined;
      if (inner) return inner;
    }
  }
  return undefined;
}

/**
 * Scores on a board already won: the open columns' scores are the test's rule; a full column's -1 (the number types
 * aside) is the look-ahead tests' (a search that never checks for full columns is charged there, not again here).
 * `where` names those tests in the note.
 */
export function checkOpenColumns(
  call: string,
  testCase: { readonly expected: Expected; readonly lenient?: Leniency },
  got: ObservedValue,
  where: string,
  options: { typesTest?: string } = {},
): CaseVerdict {
  const expected = 'value' in testCase.expected ? testCase.expected.value : undefined;
  if (expected?.type !== 'list' || got.type !== 'list' || got.items.length !== expected.items.length)
    return checkReturned(call, testCase.expected, testCase.lenient, got, options);
  const full = expected.items.flatMap((item, i) => ((item.type === 'float' || item.type === 'int') && item.value === -1 ? [i] : []));
  const judged: ObservedValue = { ...got, items: got.items.map((item, i) => (full.includes(i) ? expected.items[i]! : item)) };
  // A failure shows the answer as returned, not as judged.
  const verdict = checkReturned(call, testCase.expected, testCase.lenient, judged, { ...options, shown: got });
  if (verdict.status !== 'pass') return verdict;
  if (full.every((i) => isSameByValue(expected.items[i]!, got.items[i]!))) return verdict;
  return pass(
    `the open columns are right; full column${full.length === 1 ? '' : 's'} ${full.join(', ')} (-1) ${full.length === 1 ? 'is' : 'are'} graded by ${where}`,
  );
}
