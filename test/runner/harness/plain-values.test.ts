/** The short form of plain lists on the harness's wire: what goes short, what keeps the typed form, and reading it back. */
import { describe, expect, it } from 'vitest';
import { fromWire, toWire, wireRequest } from '../../../runner/harness/plain-values.js';
import type { Arg, ObservedValue } from '../../../runner/harness/protocol.js';

const s = (value: string) => ({ type: 'str', value }) as const;
const i = (value: number) => ({ type: 'int', value }) as const;
const list = (...items: Arg[]): Arg => ({ type: 'list', items });

describe('toWire', () => {
  it('sends a list of lists of strings, whole numbers, booleans and None as the JSON it is', () => {
    const board = list(list(s('X'), s('-')), list(i(-3), { type: 'bool', value: true }, { type: 'none' }));
    expect(toWire(board)).toEqual({
      type: 'plain',
      value: [
        ['X', '-'],
        [-3, true, null],
      ],
    });
  });

  it('keeps the typed form where the JSON would not say it all, and shortens the plain lists inside', () => {
    expect(toWire(list(list(s('X')), { type: 'float', value: 50 }))).toEqual({
      type: 'list',
      items: [
        { type: 'plain', value: ['X'] },
        { type: 'float', value: 50 },
      ],
    });
    expect(toWire({ type: 'tuple', items: [i(1), list(i(2))] })).toEqual({ type: 'tuple', items: [i(1), { type: 'plain', value: [2] }] });
    expect(toWire({ type: 'dict', entries: [[s('k'), list(s('v'))]] })).toEqual({
      type: 'dict',
      entries: [[s('k'), { type: 'plain', value: ['v'] }]],
    });
    expect(toWire(list(i(2 ** 60)))).toEqual({ type: 'list', items: [i(2 ** 60)] });
    expect(toWire(list({ type: 'ref', path: ['b'] }))).toEqual({ type: 'list', items: [{ type: 'ref', path: ['b'] }] });
  });

  it("makes an argument's wire form once, and leaves scalars as they are", () => {
    const board = list(list(s('X')));
    expect(toWire(board)).toBe(toWire(board));
    expect(toWire(s('X'))).toEqual(s('X'));
  });
});

describe('wireRequest', () => {
  it('shortens the arguments of a call and the value of a set, and nothing else', () => {
    const board = list(list(s('-')));
    expect(wireRequest({ op: 'call', target: ['f'], args: [board, i(1)] })).toEqual({
      op: 'call',
      target: ['f'],
      args: [{ type: 'plain', value: [['-']] }, i(1)],
    });
    expect(wireRequest({ op: 'set', target: ['b'], value: board })).toEqual({
      op: 'set',
      target: ['b'],
      value: { type: 'plain', value: [['-']] },
    });
    const plain = { op: 'call', target: ['f'], args: [i(1)] } as const;
    expect(wireRequest(plain)).toBe(plain);
  });
});

describe('fromWire', () => {
  it('reads the short form as the typed form the checks read', () => {
    expect(fromWire({ type: 'plain', value: [['X', 1], [false, null], []] })).toEqual({
      type: 'list',
      items: [
        { type: 'list', items: [s('X'), i(1)] },
        { type: 'list', items: [{ type: 'bool', value: false }, { type: 'none' }] },
        { type: 'list', items: [] },
      ],
    });
  });

  it('expands short forms inside typed containers and objects, and leaves the rest as it came', () => {
    const typed: ObservedValue = { type: 'float', value: 1.5 };
    expect(fromWire({ type: 'tuple', items: [{ type: 'plain', value: ['a'] }, typed] })).toEqual({
      type: 'tuple',
      items: [{ type: 'list', items: [s('a')] }, typed],
    });
    expect(fromWire({ type: 'dict', entries: [[s('k'), { type: 'plain', value: [1] }]] })).toEqual({
      type: 'dict',
      entries: [[s('k'), { type: 'list', items: [i(1)] }]],
    });
    expect(fromWire({ type: 'object', class: 'Board', repr: 'B', attrs: { slots: { type: 'plain', value: [[' ']] } } })).toEqual({
      type: 'object',
      class: 'Board',
      repr: 'B',
      attrs: { slots: { type: 'list', items: [{ type: 'list', items: [s(' ')] }] } },
    });
    expect(fromWire(typed)).toBe(typed);
  });
});
