/**
 * A returned value against a fixture's expectation: one exact value, one of several (random tie-breaks), or an
 * alternative the document leaves open (`lenient`), accepted with a note that says which reading it matched.
 */
import { formatPy, type PyValue } from './py-value.js';
import type { Expected, Leniency } from '../fixtures/fixture-types.js';
import type { ObservedValue } from '../harness/protocol.js';
import { article, describeTypeDifference, formatObserved, isSameValue, isSameByValue } from './values.js';
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
export function checkReturned(what: string, expected: Expected, lenient: Leniency | undefined, observed: ObservedValue, options: { strictTypes?: boolean; typesTest?: string } = {}): CaseVerdict {
  const accepted = acceptedValues(expected);
  if (accepted.some((value) => isSameValue(value, observed))) return pass();
  const alternative = lenient?.alsoAccepted.find((value) => isSameValue(value, observed));
  if (alternative !== undefined) return pass(`accepted under another reading the document allows (${lenient!.reason})`);
  if (!options.strictTypes) {
    const byValue = [...accepted, ...(lenient?.alsoAccepted ?? [])].find((value) => isSameByValue(value, observed));
    if (byValue !== undefined) {
      const slip = describeTypeDifference(byValue, observed) ?? 'the number types differ';
      return pass(`right by value; ${slip.replace(/^the values match but the types do not: /, '')}${options.typesTest ? ` (the types are graded by ${options.typesTest})` : ''}`);
    }
  }
  const want = accepted.length === 1 ? formatPy(accepted[0]!) : `one of ${accepted.map(formatPy).join(', ')}`;
  const got = formatObserved(observed);
  if (lenient?.open) return pass(`not scored, as the document is silent here (${lenient.reason}): ${what} returned ${got}; the readings give ${[...accepted, ...lenient.alsoAccepted].map(formatPy).join(' or ')}`);
  const typeNote = accepted.map((value) => describeTypeDifference(value, observed)).find(Boolean);
  const noneNote = observed.type === 'none' && accepted.some((v) => v.type !== 'none') ? ' (None: is a return statement missing?)' : '';
  const also = lenient ? ` (also accepted: ${lenient.alsoAccepted.map(formatPy).join(', ')})` : '';
  return fail(`${what} returned ${got}${noneNote}; expected ${want}${also}${typeNote ? `: ${typeNote}` : ''}`, want, got);
}

/**
 * Only the types the document fixes (ints or floats, tuples or lists), whatever the values: a type test must not
 * charge a wrong answer a second time. Numbers are compared by position, or with the expected list's first item
 * where the lengths differ.
 */
export function checkTypes(what: string, expected: Expected, observed: ObservedValue): CaseVerdict {
  const accepted = acceptedValues(expected);
  const want = accepted[0];
  if (want === undefined) return pass();
  const slip = typeSlip(want, observed);
  if (slip) return fail(`${what} returned ${formatObserved(observed)}: ${slip}`, formatPy(want), formatObserved(observed));
  return accepted.some((value) => isSameValue(value, observed)) ? pass() : pass('the types are right; the values are graded by the other tests');
}

function typeSlip(want: PyValue, got: ObservedValue): string | undefined {
  const isNumber = (t: string) => t === 'int' || t === 'float';
  if (isNumber(want.type) && isNumber(got.type)) return want.type === got.type ? undefined : `expected ${article(want.type)}, got ${article(got.type)} (${formatObserved(got)})`;
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

