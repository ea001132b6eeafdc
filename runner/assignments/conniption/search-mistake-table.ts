/**
 * The kit's table of the search mistakes' choices on its visible cases (search-mistakes.ts), made when the kit is
 * built with the document's genChildStates and betterEval (either reading of a mixed horizontal line, as the kit's
 * check allows): the kit holds no search. Only the mistakes whose choice does not depend on the order the student's
 * children come in: a cut-off's does, and the kit cannot know that order.
 */
import * as ref from '../../../reference/conniption.js';
import type { FixtureCase } from '../../fixtures/fixture-types.js';
import type { MistakeAnswers } from '../../grade/lookahead-cases.js';
import { conniptionInput } from './inputs.js';
import { moveNumber } from './search-mistakes.js';

type Levels = (level: number) => boolean;

/** Plain minimax from a state at `level` (the root is 0), each level maximising where `maximises` says. */
function minimax(s: ref.ConniptionState, depth: number, maximises: Levels, level: number, evaluate: (s: ref.ConniptionState) => number, stopAtWin: boolean): number {
  if (depth === 0 || (stopAtWin && ref.isWin(s).some(Boolean))) return evaluate(s);
  const children = ref.childStates(s);
  if (children.length === 0) return evaluate(s);
  const values = children.map((c) => minimax(c, depth - 1, maximises, level + 1, evaluate, stopAtWin));
  return maximises(level) ? Math.max(...values) : Math.min(...values);
}

const DOCUMENT: Levels = (level) => level % 2 === 0;

/** Each order-free mistake's child value at a depth (the children are level 1; doubles.py `_child_values`). */
const CHILD_VALUE: Readonly<Record<string, (child: ref.ConniptionState, depth: number, evaluate: (s: ref.ConniptionState) => number, stop: boolean) => number>> = {
  'one-level-shallower': (c, depth, evaluate, stop) => minimax(c, Math.max(0, depth - 2), DOCUMENT, 1, evaluate, stop),
  'one-level-deeper': (c, depth, evaluate, stop) => minimax(c, depth, DOCUMENT, 1, evaluate, stop),
  'replies-maximised': (c, depth, evaluate, stop) => minimax(c, depth - 1, () => true, 1, evaluate, stop),
  'levels-swapped': (c, depth, evaluate, stop) => minimax(c, depth - 1, (level) => level % 2 === 1, 1, evaluate, stop),
};

/** By mistake and terminal rule, the moves (as numbers) a search with the mistake may choose on a search case. */
export function searchMistakeAnswers(testCase: FixtureCase): MistakeAnswers {
  const { state, depth } = conniptionInput(testCase);
  const root: ref.ConniptionState = { ...state, resMove: null };
  const children = ref.childStates(root);
  const answers: Record<string, Partial<Record<'document' | 'stop-at-win', number[]>>> = {};
  for (const [id, value] of Object.entries(CHILD_VALUE)) {
    for (const terminal of ref.TERMINAL_RULES) {
      const moves = new Set<string>();
      for (const horizontal of ref.HORIZONTAL_RULES) {
        const evaluate = (s: ref.ConniptionState) => ref.betterEval(s, horizontal);
        const values = children.map((c) => value(c, depth!, evaluate, terminal === 'stop-at-win'));
        const best = Math.max(...values);
        children.forEach((c, i) => values[i] === best && moves.add(c.resMove!));
      }
      (answers[id] ??= {})[terminal] = [...moves].flatMap((m) => moveNumber(m) ?? []);
    }
  }
  return answers;
}
