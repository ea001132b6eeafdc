import { describe, expect, it } from 'vitest';
import { formatPy, formatPyFloat, formatPyStr, isSamePy, py } from '../../../runner/model/py-value.js';

describe('Python reprs', () => {
  it.each([
    [0, '0.0'],
    [-0, '-0.0'],
    [50, '50.0'],
    [-1, '-1.0'],
    [0.1, '0.1'],
    [1e16, '1e+16'],
    [1.5e-5, '1.5e-05'],
    [0.0001, '0.0001'],
    [Infinity, 'inf'],
    [NaN, 'nan'],
  ])('float %s is %s', (x, shown) => expect(formatPyFloat(x)).toBe(shown));

  it('quotes strings as Python does', () => {
    expect(formatPyStr('O')).toBe("'O'");
    expect(formatPyStr("It's")).toBe('"It\'s"');
    expect(formatPyStr('a\nb\\')).toBe("'a\\nb\\\\'");
  });

  it('writes one-element tuples with a comma, dicts and None', () => {
    expect(formatPy(py.tuple([py.int(1)]))).toBe('(1,)');
    expect(formatPy(py.tuple([py.int(-1), py.list([])]))).toBe('(-1, [])');
    expect(formatPy(py.dict([[py.str('who'), py.int(1)]]))).toBe("{'who': 1}");
    expect(formatPy(py.none())).toBe('None');
  });

  it('keeps 50, 50.0 and True apart', () => {
    expect(isSamePy(py.int(50), py.float(50))).toBe(false);
    expect(isSamePy(py.int(1), py.bool(true))).toBe(false);
    expect(isSamePy(py.list([py.int(1)]), py.tuple([py.int(1)]))).toBe(false);
    expect(isSamePy(py.ints([1, 2]), py.ints([1, 2]))).toBe(true);
  });
});
