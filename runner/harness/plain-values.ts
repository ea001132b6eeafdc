/**
 * Values on the wire in their short form where it says all (harness protocol 6): a list of nothing but lists,
 * strings, whole numbers within 2^53, booleans and None crosses as the JSON it is, `{"type": "plain", "value": [["X",
 * "-"], …]}`, a sixth of the typed form's size and read by each side's JSON parser alone. Floats, tuples, dicts and
 * objects keep the typed form, which tells 50 from 50.0 and a tuple from a list. The runner's own code only ever sees
 * the typed form: requests are shortened as they are written, replies expanded as they are read.
 */
import type { Arg, HarnessRequest, ObservedValue } from './protocol.js';

export type PlainJson = string | number | boolean | null | readonly PlainJson[];
/** An argument as it is written: the typed form, or the short one for a plain list. */
export type WireArg =
  | Arg
  | { readonly type: 'plain'; readonly value: PlainJson }
  | { readonly type: 'list' | 'tuple'; readonly items: readonly WireArg[] }
  | { readonly type: 'dict'; readonly entries: readonly (readonly [WireArg, WireArg])[] };

/** Each argument's wire form, made once however many cases and submissions send it. */
const wireForms = new WeakMap<Arg, WireArg>();

export function toWire(arg: Arg): WireArg {
  if (arg.type !== 'list' && arg.type !== 'tuple' && arg.type !== 'dict') return arg;
  let wire = wireForms.get(arg);
  if (wire === undefined) {
    const plain = arg.type === 'list' ? plainOf(arg) : undefined;
    wire =
      plain !== undefined
        ? { type: 'plain', value: plain }
        : arg.type === 'dict'
          ? { type: 'dict', entries: arg.entries.map(([k, v]) => [toWire(k), toWire(v)] as const) }
          : { type: arg.type, items: arg.items.map(toWire) };
    wireForms.set(arg, wire);
  }
  return wire;
}

function plainOf(arg: Arg): PlainJson | undefined {
  switch (arg.type) {
    case 'str':
      return arg.value;
    case 'int':
      return Number.isSafeInteger(arg.value) ? arg.value : undefined;
    case 'bool':
      return arg.value;
    case 'none':
      return null;
    case 'list': {
      const items: PlainJson[] = [];
      for (const item of arg.items) {
        const plain = plainOf(item);
        if (plain === undefined) return undefined;
        items.push(plain);
      }
      return items;
    }
    default:
      return undefined;
  }
}

/** A request as it is written: its arguments and assigned value in their wire form. */
export function wireRequest<R extends HarnessRequest>(request: R): R {
  if (request.op === 'call' && request.args.some((a) => a.type === 'list' || a.type === 'tuple' || a.type === 'dict'))
    return { ...request, args: request.args.map(toWire) };
  if (request.op === 'set' && (request.value.type === 'list' || request.value.type === 'tuple' || request.value.type === 'dict'))
    return { ...request, value: toWire(request.value) };
  return request;
}

/** A value as read from a reply, its short forms expanded to the typed form the checks read. */
export function fromWire(value: unknown): ObservedValue {
  const v = value as ObservedValue | { readonly type: 'plain'; readonly value: PlainJson };
  switch (v.type) {
    case 'plain':
      return expand(v.value);
    case 'list':
    case 'tuple':
    case 'set':
      return { ...v, items: v.items.map(fromWire) };
    case 'dict':
      return { ...v, entries: v.entries.map(([k, x]) => [fromWire(k), fromWire(x)] as const) };
    case 'object':
      return v.attrs === undefined ? v : { ...v, attrs: Object.fromEntries(Object.entries(v.attrs).map(([k, x]) => [k, fromWire(x)])) };
    default:
      return v;
  }
}

function expand(value: PlainJson): ObservedValue {
  if (value === null) return { type: 'none' };
  if (Array.isArray(value)) return { type: 'list', items: value.map(expand) };
  if (typeof value === 'string') return { type: 'str', value };
  if (typeof value === 'boolean') return { type: 'bool', value };
  return { type: 'int', value: value as number };
}
