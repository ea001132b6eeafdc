import { describe, expect, it } from 'vitest';
import { py } from '../../../runner/model/py-value.js';
import { checkReturned } from '../../../runner/checks/returns.js';
import { describeTypeDifference, formatObserved, isSameValue } from '../../../runner/checks/values.js';
import type { ObservedValue } from '../../../runner/harness/protocol.js';

const ints = (...v: number[]): ObservedValue => ({ type: 'list', items: v.map((value) => ({ type: 'int', value })) });
const floats = (...v: number[]): ObservedValue => ({ type: 'list', items: v.map((value) => ({ type: 'float', value })) });

describe('returned values keep their Python types', () => {
  it('tells 50 from 50.0, True from 1 and a list from a tuple', () => {
    expect(isSameValue(py.ints([50, 100]), ints(50, 100))).toBe(true);
    expect(isSameValue(py.ints([50, 100]), floats(50, 100))).toBe(false);
    expect(isSameValue(py.bool(true), { type: 'int', value: 1 })).toBe(false);
    expect(isSameValue(py.tuple([py.int(1)]), { type: 'list', items: [{ type: 'int', value: 1 }] })).toBe(false);
  });

  it('says when only the type differs: an int where a float is due, and back', () => {
    expect(describeTypeDifference(py.ints([50, 0]), floats(50, 0))).toBe(
      'the values match but the types do not: expected an int, got a float',
    );
    expect(describeTypeDifference(py.floats([50]), ints(50))).toBe('the values match but the types do not: expected a float, got an int');
    expect(describeTypeDifference(py.ints([50]), ints(100))).toBeUndefined();
  });

  it('renders observed values as Python would, objects by their repr', () => {
    expect(formatObserved({ type: 'tuple', items: [{ type: 'str', value: "it's" }] })).toBe('("it\'s",)');
    expect(formatObserved({ type: 'float', value: 'nan' })).toBe("float('nan')");
    expect(formatObserved({ type: 'object', class: 'Board', repr: '|X|\n---\n 0\n' })).toBe('|X|\n---\n 0\n');
  });
});

describe('checkReturned', () => {
  it('accepts one of several answers and names them all when the answer is none of them', () => {
    const expected = { oneOf: [py.int(1), py.int(3)] };
    expect(checkReturned('p.next_move(b)', expected, undefined, { type: 'int', value: 3 }).status).toBe('pass');
    const verdict = checkReturned('p.next_move(b)', expected, undefined, { type: 'int', value: 2 });
    expect(verdict).toMatchObject({ status: 'fail', expected: 'one of 1, 3', actual: '2' });
  });

  it("accepts a lenient alternative with a note naming the document's open question", () => {
    const lenient = { reason: 'full-board rule', choice: 'tie-50', alsoAccepted: [py.ints([101])] };
    const verdict = checkReturned('scores_for', { value: py.ints([50]) }, lenient, ints(101));
    expect(verdict.status).toBe('pass');
    expect(verdict.note).toContain('full-board rule');
  });

  it('points at a missing return when None comes back', () => {
    expect(checkReturned('b.is_full()', { value: py.bool(false) }, undefined, { type: 'none' }).message).toBe(
      'b.is_full() returned None (None: is a return statement missing?); expected False',
    );
  });
});
