/**
 * Conniption's handout examples in a course's pack: a state made with Conniption(board, …) and the call graded,
 * `Conniption.isWin(s)` or `s.betterEval()`, made into the case those tests run, with the reference's answer. The
 * search and the REPL are not examples a call can give.
 */
import * as ref from '../../../reference/conniption.js';
import { py, type PyValue } from '../../model/py-value.js';
import type { ExampleBuilder } from '../../model/example-types.js';
import { caseParts, ExampleError, readSession, sessionExamples, wholeArg } from '../../plan/session-objects.js';
import { evalCase, stateInput } from './cases.js';

export const CONNIPTION_EXAMPLES: ExampleBuilder = sessionExamples((session) => {
  const { receiver, staticOf, method, args } = readSession<ref.ConniptionState>(session, { construct, apply, classes: ['Conniption'] });
  if (staticOf === 'Conniption' && method === 'isWin') {
    const state = args[0];
    if (!state || 'type' in state) throw new ExampleError('Conniption.isWin is given the state made before');
    const [ai, opponent] = ref.isWin(state);
    return { input: { state: stateInput(state) }, expected: { value: py.tuple([py.bool(ai), py.bool(opponent)]) } };
  }
  if (receiver && method === 'betterEval') {
    return caseParts(evalCase('example', { kind: 'generated', seed: 0, family: 'example' }, receiver, ref.betterEvalEveryRule(receiver)));
  }
  return { problem: 'an example here ends in Conniption.isWin(s) or s.betterEval()' };
});

const KEYWORDS = ['player1Turn', 'flipsRem', 'flippable'] as const;

function construct(name: string, args: readonly PyValue[], keywords: Readonly<Record<string, PyValue>>): ref.ConniptionState {
  if (name !== 'Conniption') throw new ExampleError(`${name}(…) is not the document's class (Conniption)`);
  const unknown = Object.keys(keywords).filter((k) => !(KEYWORDS as readonly string[]).includes(k));
  if (unknown.length > 0) throw new ExampleError(`Conniption takes ${KEYWORDS.join(', ')} by name, not ${unknown.join(', ')}`);
  const [board, ...rest] = args;
  if (rest.length > 0) throw new ExampleError('give the board by position and the rest by name, as the document does');
  const given = (k: (typeof KEYWORDS)[number]) => keywords[k];
  const start = ref.initialState();
  const flips = given('flipsRem');
  const flipsRem: [number, number] = flips === undefined ? [...start.flipsRem] : pairOf(flips);
  return {
    board: boardOf(board),
    player1Turn: boolOf(given('player1Turn'), start.player1Turn, 'player1Turn'),
    flipsRem,
    flippable: boolOf(given('flippable'), start.flippable, 'flippable'),
    resMove: null,
  };
}

function apply(_state: ref.ConniptionState, method: string): ref.ConniptionState {
  throw new ExampleError(`${method} before the last line changes nothing graded: make the state with Conniption(…)`);
}

function boardOf(value: PyValue | undefined): boolean[][] {
  const columns = value && (value.type === 'tuple' || value.type === 'list') ? value.items : [];
  const ok =
    columns.length === ref.COLUMNS &&
    columns.every(
      (c) => (c.type === 'tuple' || c.type === 'list') && c.items.length <= ref.HEIGHT && c.items.every((x) => x.type === 'bool'),
    );
  if (!ok)
    throw new ExampleError(
      `the board is ${ref.COLUMNS} columns, each a tuple of at most ${ref.HEIGHT} True (the AI's) or False, bottom first`,
    );
  return columns.map((c) => (c as Extract<PyValue, { type: 'tuple' }>).items.map((x) => (x as Extract<PyValue, { type: 'bool' }>).value));
}

function boolOf(value: PyValue | undefined, otherwise: boolean, name: string): boolean {
  if (value === undefined) return otherwise;
  if (value.type !== 'bool') throw new ExampleError(`${name} is True or False`);
  return value.value;
}

function pairOf(value: PyValue): [number, number] {
  if ((value.type !== 'tuple' && value.type !== 'list') || value.items.length !== 2)
    throw new ExampleError('flipsRem is a pair of numbers, (AI, opponent)');
  return [wholeArg(value.items[0], 'flipsRem'), wholeArg(value.items[1], 'flipsRem')];
}
