/**
 * What a class-based handout example's lines make, read for a builder: each name bound to what its constructor
 * made (kept as the constructor's name and arguments), each method call on it before the last line applied by the
 * builder's own `apply`, and the last line returned as the call to grade. Pure.
 */
import { py, type PyValue } from '../model/py-value.js';
import type { Expected } from '../model/fixture-types.js';
import type { ExampleBuilder, ExampleCase } from '../model/example-types.js';
import type { PythonStatement, SessionArg } from '../model/python-literal.js';

export class ExampleError extends Error {}

export interface SessionReader<T> {
  /** A constructor call (`Board(6, 7)`) made into the builder's object; `keywords`, the arguments given by name. */
  readonly construct: (name: string, args: readonly PyValue[], keywords: Readonly<Record<string, PyValue>>) => T;
  /** Names on the last line that are classes, not objects: `Conniption.isWin(s)` calls a static method. */
  readonly classes?: readonly string[];
  /** A method call before the last line (`b.add_checkers('00')`), applied to the object. */
  readonly apply: (object: T, method: string, args: readonly PyValue[]) => T;
}

/** The objects the lines before the last made, and the last line's receiver, method and arguments. */
export function readSession<T>(
  session: readonly PythonStatement[],
  reader: SessionReader<T>,
): { objects: ReadonlyMap<string, T>; receiver: T | undefined; staticOf?: string; method: string; args: readonly (PyValue | T)[] } {
  const objects = new Map<string, T>();
  const resolve = (arg: SessionArg): PyValue | T => {
    if (arg.type !== 'name') return arg;
    const found = objects.get(arg.name);
    if (found === undefined) throw new ExampleError(`${arg.name} is not made by a line before`);
    return found;
  };
  const literal = (args: readonly SessionArg[], what: string): PyValue[] =>
    args.map((a) => {
      if (a.type === 'name') throw new ExampleError(`${what} takes values written out, not ${a.name}`);
      return a;
    });
  const keywordsOf = (keywords: Readonly<Record<string, SessionArg>> | undefined, what: string): Record<string, PyValue> =>
    Object.fromEntries(Object.entries(keywords ?? {}).map(([k, v]) => [k, literal([v], what)[0]!]));
  const receiverOf = (statement: PythonStatement): T | undefined => {
    const r = statement.receiver;
    if (!r) return undefined;
    if ('name' in r) {
      const found = objects.get(r.name);
      if (found === undefined) throw new ExampleError(`${r.name} is not made by a line before`);
      return found;
    }
    return reader.construct(r.call, literal(r.args, r.call), keywordsOf(r.keywords, r.call));
  };
  session.slice(0, -1).forEach((statement) => {
    const receiver = receiverOf(statement);
    if (receiver === undefined) {
      if (!statement.assign)
        throw new ExampleError(`${statement.call}(…) makes nothing a later line uses: write name = ${statement.call}(…)`);
      objects.set(
        statement.assign,
        reader.construct(statement.call, literal(statement.args, statement.call), keywordsOf(statement.keywords, statement.call)),
      );
      return;
    }
    if (statement.assign) throw new ExampleError(`only the last line's answer is graded: ${statement.assign} = … before it is not read`);
    const name = statement.receiver && 'name' in statement.receiver ? statement.receiver.name : undefined;
    const next = reader.apply(receiver, statement.call, literal(statement.args, statement.call));
    if (name !== undefined) objects.set(name, next);
  });
  const last = session.at(-1)!;
  if (last.keywords) throw new ExampleError(`give ${last.call}'s arguments by position`);
  const staticOf =
    last.receiver && 'name' in last.receiver && reader.classes?.includes(last.receiver.name) ? last.receiver.name : undefined;
  if (staticOf !== undefined) return { objects, receiver: undefined, staticOf, method: last.call, args: last.args.map(resolve) };
  return { objects, receiver: receiverOf(last), method: last.call, args: last.args.map(resolve) };
}

/** An argument that must be a whole number (`height`, `col`). */
export function wholeArg(value: unknown, name: string): number {
  const v = value as PyValue | undefined;
  if (!v || v.type !== 'int') throw new ExampleError(`${name} is a whole number here`);
  return v.value;
}

/** An argument that must be a string (`checker`, `moveString`). */
export function textArg(value: unknown, name: string): string {
  const v = value as PyValue | undefined;
  if (!v || v.type !== 'str') throw new ExampleError(`${name} is a string here`);
  return v.value;
}

/** 'X' or 'O'. */
export function checkerArg(value: unknown, name = 'checker'): 'X' | 'O' {
  const checker = textArg(value, name);
  if (checker !== 'X' && checker !== 'O') throw new ExampleError(`${name} is 'X' or 'O'`);
  return checker;
}

/** LEFT, RIGHT or RANDOM. */
export function tiebreakArg(value: unknown): 'LEFT' | 'RIGHT' | 'RANDOM' {
  const tiebreak = textArg(value, 'tiebreak');
  if (tiebreak !== 'LEFT' && tiebreak !== 'RIGHT' && tiebreak !== 'RANDOM') throw new ExampleError('tiebreak is LEFT, RIGHT or RANDOM');
  return tiebreak;
}

/** A builder whose faults are ExampleErrors (said as they are) or the reference's own (said as it cannot answer). */
export function sessionExamples(build: ExampleBuilder): ExampleBuilder {
  return (session) => {
    try {
      return build(session);
    } catch (error) {
      if (error instanceof ExampleError) return { problem: error.message };
      return { problem: `the reference cannot answer it: ${(error as Error).message}` };
    }
  };
}

/** The column an AI answers: one, or any of several equally right. */
export const columnAnswer = (answer: readonly number[]): Expected =>
  answer.length === 1 ? { value: py.int(answer[0]!) } : { oneOf: answer.map(py.int) };

/** A case's parts from a case the builders made (its id and source are the example's). */
export const caseParts = (made: {
  input: ExampleCase['input'];
  expected: ExampleCase['expected'];
  facts?: ExampleCase['facts'];
  lenient?: ExampleCase['lenient'];
}): ExampleCase => ({
  input: made.input,
  expected: made.expected,
  ...(made.facts && { facts: made.facts }),
  ...(made.lenient && { lenient: made.lenient }),
});
