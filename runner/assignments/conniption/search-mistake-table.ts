/**
 * The kit's table of the search mistakes' choices on its visible cases (search-mistakes.ts), made when the kit is
 * built with the document's genChildStates and betterEval (either reading of a mixed horizontal line, as the kit's
 * check allows): the kit holds no search. Only the mistakes whose choice does not depend on the order the student's
 * children come in: a cut-off's does, and the kit cannot know that order.
 */
import * as ref from '../../../reference/conniption.js';
import type { FixtureCase } from '../../model/fixture-types.js';
import type { MistakeAnswers } from '../../plan/lookahead-cases.js';
import { conniptionInput } from './inputs.js';
import { moveNumber } from './search-mistakes.js';

type Levels = (level: number) => boolean;

/** Plain minimax from a state at `level` (the root is 0), each level maximising where `maximises` says. */
function minimax(
  s: ref.ConniptionState,
  depth: number,
  maximises: Levels,
  level: number,
  evaluate: (s: ref.ConniptionState) => number,
  stopAtWin: boolean,
): number {
  if (depth === 0 || (stopAtWin && ref.isWin(s).some(Boolean))) return evaluate(s);
  const children = ref.childStates(s);
  if (children.length === 0) return evaluate(s);
  const values = children.map((c) => minimax(c, depth - 1, maximises, level + 1, evaluate, stopAtWin));
  return maximises(level) ? Math.max(...values) : Math.min(...values);
}

type Evaluate = (s: ref.ConniptionState) => number;

/** Fail-soft alpha-beta, levels alternating: exact inside (alpha, beta), else a bound beyond it. */
function alphaBeta(
  s: ref.ConniptionState,
  depth: number,
  alpha: number,
  beta: number,
  maximising: boolean,
  evaluate: Evaluate,
  stopAtWin: boolean,
): number {
  if (depth === 0 || (stopAtWin && ref.isWin(s).some(Boolean))) return evaluate(s);
  const children = ref.childStates(s);
  if (children.length === 0) return evaluate(s);
  let value = maximising ? -Infinity : Infinity;
  for (const c of children) {
    const v = alphaBeta(c, depth - 1, alpha, beta, !maximising, evaluate, stopAtWin);
    if (maximising) {
      value = Math.max(value, v);
      if (value >= beta) return value;
      alpha = Math.max(alpha, value);
    } else {
      value = Math.min(value, v);
      if (value <= alpha) return value;
      beta = Math.min(beta, value);
    }
  }
  return value;
}

/**
 * The children's values where the levels alternate: exact for each child at least as good as the best before it
 * (alpha just below that best), a bound below it for the rest, which tells the best apart (doubles.py
 * `_best_alternating`).
 */
function bestAlternating(
  children: readonly ref.ConniptionState[],
  depth: number,
  childMaximises: boolean,
  evaluate: Evaluate,
  stop: boolean,
): number[] {
  let best = -Infinity;
  return children.map((c) => {
    const floor = best === -Infinity ? best : best - Math.max(1e-9, Math.abs(best) * 1e-12);
    const value = alphaBeta(c, depth, floor, Infinity, childMaximises, evaluate, stop);
    best = Math.max(best, value);
    return value;
  });
}

/** Each order-free mistake's children's values at a depth (the children are level 1; doubles.py `_child_values`). */
const CHILD_VALUES: Readonly<
  Record<string, (children: readonly ref.ConniptionState[], depth: number, evaluate: Evaluate, stop: boolean) => number[]>
> = {
  'one-level-shallower': (children, depth, evaluate, stop) => bestAlternating(children, Math.max(0, depth - 2), false, evaluate, stop),
  'one-level-deeper': (children, depth, evaluate, stop) => bestAlternating(children, depth, false, evaluate, stop),
  'replies-maximised': (children, depth, evaluate, stop) => children.map((c) => minimax(c, depth - 1, () => true, 1, evaluate, stop)),
  'levels-swapped': (children, depth, evaluate, stop) => bestAlternating(children, depth - 1, true, evaluate, stop),
};

/** By mistake and terminal rule, the moves (as numbers) a search with the mistake may choose on a search case. */
export function searchMistakeAnswers(testCase: FixtureCase): MistakeAnswers {
  const { state, depth } = conniptionInput(testCase);
  const root: ref.ConniptionState = { ...state, resMove: null };
  const children = ref.childStates(root);
  const answers: Record<string, Partial<Record<'document' | 'stop-at-win', number[]>>> = {};
  for (const [id, valuesOf] of Object.entries(CHILD_VALUES)) {
    for (const terminal of ref.TERMINAL_RULES) {
      const moves = new Set<string>();
      for (const horizontal of ref.HORIZONTAL_RULES) {
        const evaluate = (s: ref.ConniptionState) => ref.betterEval(s, horizontal);
        const values = valuesOf(children, depth!, evaluate, terminal === 'stop-at-win');
        const best = Math.max(...values);
        children.forEach((c, i) => values[i] === best && moves.add(c.resMove!));
      }
      (answers[id] ??= {})[terminal] = [...moves].flatMap((m) => moveNumber(m) ?? []);
    }
  }
  return answers;
}
