/**
 * Python values as data, with their types kept.
 *
 * The assignments care about types the JSON number cannot tell apart: CS111 scores are ints (`50`), HMC's are
 * floats (`50.0`); `put_piece` returns a tuple, not a list; `check_win_row` must return `False`, not `None`.
 * Fixtures store expected values in this shape, the harness will report observed values in it, and checks compare
 * the two without losing any of that.
 */
export type PyValue =
  | { readonly type: 'int'; readonly value: number }
  | { readonly type: 'float'; readonly value: number }
  | { readonly type: 'bool'; readonly value: boolean }
  | { readonly type: 'str'; readonly value: string }
  | { readonly type: 'none' }
  | { readonly type: 'list'; readonly items: readonly PyValue[] }
  | { readonly type: 'tuple'; readonly items: readonly PyValue[] }
  | { readonly type: 'dict'; readonly entries: readonly (readonly [PyValue, PyValue])[] };

export const py = {
  int: (value: number): PyValue => {
    if (!Number.isSafeInteger(value)) throw new RangeError(`py.int needs a safe integer, got ${value}`);
    return { type: 'int', value };
  },
  float: (value: number): PyValue => ({ type: 'float', value }),
  bool: (value: boolean): PyValue => ({ type: 'bool', value }),
  str: (value: string): PyValue => ({ type: 'str', value }),
  none: (): PyValue => ({ type: 'none' }),
  list: (items: readonly PyValue[]): PyValue => ({ type: 'list', items }),
  tuple: (items: readonly PyValue[]): PyValue => ({ type: 'tuple', items }),
  dict: (entries: readonly (readonly [PyValue, PyValue])[]): PyValue => ({ type: 'dict', entries }),
  ints: (values: readonly number[]): PyValue => py.list(values.map(py.int)),
  floats: (values: readonly number[]): PyValue => py.list(values.map(py.float)),
  strs: (values: readonly string[]): PyValue => py.list(values.map(py.str)),
};

/** Renders a value exactly as Python's `repr` would, so messages and snippets read like the student's shell. */
export function formatPy(value: PyValue): string {
  switch (value.type) {
    case 'int':
      return String(value.value);
    case 'float':
      return formatPyFloat(value.value);
    case 'bool':
      return value.value ? 'True' : 'False';
    case 'str':
      return formatPyStr(value.value);
    case 'none':
      return 'None';
    case 'list':
      return `[${value.items.map(formatPy).join(', ')}]`;
    case 'tuple':
      return value.items.length === 1 ? `(${formatPy(value.items[0]!)},)` : `(${value.items.map(formatPy).join(', ')})`;
    case 'dict':
      return `{${value.entries.map(([k, v]) => `${formatPy(k)}: ${formatPy(v)}`).join(', ')}}`;
  }
}

/** Python's float repr: shortest round-trip digits, always with a '.0' or exponent, `inf`/`nan` spelled out. */
export function formatPyFloat(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (x === Infinity) return 'inf';
  if (x === -Infinity) return '-inf';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const abs = Math.abs(x);
  // Python switches to exponent notation at 1e16 and below 1e-4; JavaScript at 1e21 and below 1e-6.
  if (abs >= 1e16 || abs < 1e-4) {
    const [mantissa, exp] = x.toExponential().split('e') as [string, string];
    const sign = exp.startsWith('-') ? '-' : '+';
    const digits = exp.replace(/^[+-]/, '').padStart(2, '0');
    return `${mantissa}e${sign}${digits}`;
  }
  const s = String(x);
  return s.includes('.') ? s : `${s}.0`;
}

/** Python's str repr: single quotes unless the text has a single quote and no double quote. */
export function formatPyStr(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of s) {
    const code = ch.codePointAt(0)!;
    if (ch === '\\') out += '\\\\';
    else if (ch === quote) out += `\\${quote}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return out + quote;
}

/** Strict equality: same Python type and same value, all the way down (so `1 != 1.0 != True` here). */
export function isSamePy(a: PyValue, b: PyValue): boolean {
  if (a.type !== b.type) return false;
  switch (a.type) {
    case 'int':
    case 'float':
    case 'bool':
    case 'str':
      return Object.is(a.value, (b as typeof a).value) || a.value === (b as typeof a).value;
    case 'none':
      return true;
    case 'list':
    case 'tuple': {
      const bi = (b as typeof a).items;
      return a.items.length === bi.length && a.items.every((item, i) => isSamePy(item, bi[i]!));
    }
    case 'dict': {
      const be = (b as typeof a).entries;
      return a.entries.length === be.length && a.entries.every(([k, v]) => be.some(([k2, v2]) => isSamePy(k, k2) && isSamePy(v, v2)));
    }
  }
}
