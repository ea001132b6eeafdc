/**
 * Comparing what a submission returned with what the reference expects, with Python's types kept: `50` is not
 * `50.0`, `[1, 2]` is not `(1, 2)`, `None` is not `False`. When only the type differs, the message says so.
 */
import { formatPy, formatPyFloat, formatPyStr, isSamePy, type PyValue } from '../model/py-value.js';
import type { ObservedValue } from '../harness/protocol.js';

/** Python's repr of an observed value (objects show their own repr). */
/** A column index from a reply: an int, or a numpy integer (`np.int64(3)`), which a board kept in numpy arrays hands back. */
export function intColumnOf(value: ObservedValue): number | undefined {
  if (value.type === 'int' && typeof value.value === 'number') return value.value;
  if (value.type === 'object' && /^u?int(8|16|32|64)?$/.test(value.class)) {
    const digits = /^(?:np\.u?int\d*\()?(-?\d+)\)?$/.exec(value.repr);
    return digits ? Number(digits[1]) : undefined;
  }
  return undefined;
}

export function formatObserved(value: ObservedValue): string {
  switch (value.type) {
    case 'int':
      return String(value.value);
    case 'float':
      return typeof value.value === 'string' ? `float('${value.value}')` : formatPyFloat(value.value);
    case 'bool':
      return value.value ? 'True' : 'False';
    case 'str':
      return formatPyStr(value.value) + (value.truncated ? ' (cut short)' : '');
    case 'none':
      return 'None';
    case 'list':
      return `[${value.items.map(formatObserved).join(', ')}${value.truncated ? ', …' : ''}]`;
    case 'tuple':
      return value.items.length === 1 ? `(${formatObserved(value.items[0]!)},)` : `(${value.items.map(formatObserved).join(', ')})`;
    case 'set':
      return value.items.length === 0 ? 'set()' : `{${value.items.map(formatObserved).join(', ')}}`;
    case 'dict':
      return `{${value.entries.map(([k, v]) => `${formatObserved(k)}: ${formatObserved(v)}`).join(', ')}}`;
    case 'object':
      return value.repr;
  }
}

/** The observed value as a plain Python value, when it is one (objects, sets, NaN and big ints are not). */
export function toPyValue(value: ObservedValue): PyValue | undefined {
  switch (value.type) {
    case 'int':
      return typeof value.value === 'number' ? { type: 'int', value: value.value } : undefined;
    case 'float':
      return typeof value.value === 'number' ? { type: 'float', value: value.value } : undefined;
    case 'bool':
    case 'none':
      return value;
    case 'str':
      return value.truncated ? undefined : { type: 'str', value: value.value };
    case 'list':
    case 'tuple': {
      if (value.truncated) return undefined;
      const items = value.items.map(toPyValue);
      return items.every((i) => i !== undefined) ? { type: value.type, items } : undefined;
    }
    case 'dict': {
      const entries: [PyValue, PyValue][] = [];
      for (const [k, v] of value.entries) {
        const key = toPyValue(k);
        const item = toPyValue(v);
        if (key === undefined || item === undefined) return undefined;
        entries.push([key, item]);
      }
      return { type: 'dict', entries };
    }
    default:
      return undefined;
  }
}

export function isSameValue(expected: PyValue, observed: ObservedValue): boolean {
  const plain = toPyValue(observed);
  return plain !== undefined && isSamePy(expected, plain);
}

/**
 * The same value when ints and floats are compared as numbers (`-1` and `-1.0`) and tuples and lists by their items;
 * every other type still counts.
 */
export function isSameByValue(expected: PyValue, observed: ObservedValue): boolean {
  const plain = toPyValue(observed);
  return plain !== undefined && isSameNumbers(expected, plain);
}

/** Two values the same when numbers are compared by value (`-1` and `-1.0`). */
export function isSameNumbers(a: PyValue, b: PyValue): boolean {
  const isNumber = (v: PyValue) => v.type === 'int' || v.type === 'float';
  if (isNumber(a) && isNumber(b)) return Number(a.value) === Number(b.value);
  // A tuple where a list is due (or the reverse) holds the same values: its type is the types test's to grade.
  if ((a.type === 'list' || a.type === 'tuple') && (b.type === 'list' || b.type === 'tuple')) {
    return a.items.length === b.items.length && a.items.every((item, i) => isSameNumbers(item, b.items[i]!));
  }
  if (a.type !== b.type) return false;
  if (a.type === 'dict' && b.type === 'dict') {
    return (
      a.entries.length === b.entries.length &&
      a.entries.every(([k, v]) => b.entries.some(([k2, v2]) => isSamePy(k, k2) && isSameNumbers(v, v2)))
    );
  }
  return isSamePy(a, b);
}

/** Same numbers and strings, but some type differs (an int where a float is due, a tuple for a list, None for False). */
export function describeTypeDifference(expected: PyValue, observed: ObservedValue): string | undefined {
  const slip = typeSlipOf(expected, observed);
  return slip && `the values match but the types do not: ${slip}`;
}

/** Where equal values differ in type, in words: `expected an int, got a float`; undefined when they do not. */
export function typeSlipOf(expected: PyValue, observed: ObservedValue): string | undefined {
  const loose = (v: PyValue | ObservedValue): string => {
    switch (v.type) {
      case 'int':
      case 'float':
        return `n${Number(v.value)}`;
      case 'bool':
        return `n${v.value ? 1 : 0}`;
      case 'list':
      case 'tuple':
        return `[${v.items.map((i) => loose(i)).join(',')}]`;
      default:
        return v.type === 'object' ? `o${v.repr}` : formatAny(v);
    }
  };
  if (loose(expected) !== loose(observed)) return undefined;
  const kinds = (v: PyValue | ObservedValue): string[] =>
    v.type === 'list' || v.type === 'tuple' ? [v.type, ...v.items.flatMap((i) => kinds(i))] : [v.type];
  const want = kinds(expected);
  const got = kinds(observed);
  const index = want.findIndex((kind, i) => kind !== got[i]);
  if (index < 0) return undefined;
  return `expected ${article(want[index]!)}, got ${article(got[index]!)}`;
}

function formatAny(v: PyValue | ObservedValue): string {
  return 'class' in v ? formatObserved(v) : formatPy(v as PyValue);
}

/** A type's name with its article, as messages say it: `an int`, `a tuple`. */
export function article(type: string): string {
  const names: Record<string, string> = {
    int: 'an int',
    float: 'a float',
    bool: 'a bool',
    str: 'a str',
    none: 'None',
    list: 'a list',
    tuple: 'a tuple',
    dict: 'a dict',
    set: 'a set',
    object: 'an object',
  };
  return names[type] ?? type;
}

/** A fixture's Python value as plain JSON (lists for lists and tuples, objects for dicts with string keys, null for
 * None), for expectations that are records rather than values a student returns. */
export function pyToPlain(v: PyValue): unknown {
  if (v.type === 'list' || v.type === 'tuple') return v.items.map(pyToPlain);
  if (v.type === 'dict') return Object.fromEntries(v.entries.map(([k, x]) => [String(pyToPlain(k)), pyToPlain(x)]));
  return v.type === 'none' ? null : v.value;
}
