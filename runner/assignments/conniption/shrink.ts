/**
 * Conniption's failing generated genChildStates and isWin cases made smaller (runner/plan/shrink.ts): each smaller
 * board with the reference's children or win pair, the turn, the flips left and whether a flip may follow kept. The
 * grader's only: the student's kit holds no reference.
 */
import * as ref from '../../../reference/conniption.js';
import { py } from '../../model/py-value.js';
import type { FixtureCase } from '../../model/fixture-types.js';
import type { CaseShrinker } from '../../plan/shrink.js';
import type { ResolvedTest } from '../../model/spec-types.js';
import { childValue, constructor, stateInput } from './cases.js';
import { conniptionInput, type StateInput } from './inputs.js';

/** The columns (bottom first, True for the first player) as rows top first, 'X' for True and 'O' for False. */
function rowsOf(board: StateInput['board']): string[] {
  return Array.from({ length: ref.HEIGHT }, (_, r) =>
    board
      .map((column) => {
        const cell = column[ref.HEIGHT - 1 - r];
        return cell === undefined ? ' ' : cell ? 'X' : 'O';
      })
      .join(''),
  );
}

function columnsOf(rows: readonly string[]): boolean[][] {
  const width = rows[0]?.length ?? 0;
  return Array.from({ length: width }, (_, c) => {
    const column: boolean[] = [];
    for (let r = rows.length - 1; r >= 0 && rows[r]![c] !== ' '; r--) column.push(rows[r]![c] === 'X');
    return column;
  });
}

/** The case's state on a smaller board: the turn, the flips left and whether a flip may follow kept. */
function stateOn(c: FixtureCase, rows: readonly string[]): ref.ConniptionState {
  const given = conniptionInput(c).state;
  return { board: columnsOf(rows), player1Turn: given.player1Turn, flipsRem: given.flipsRem, flippable: given.flippable, resMove: null };
}

const CHILDREN: CaseShrinker = {
  rows: (c) => rowsOf(conniptionInput(c).state.board),
  withRows: (c, rows, id): FixtureCase => {
    const state = stateOn(c, rows);
    return {
      id,
      source: c.source,
      input: { state: stateInput(state) },
      python: `s = ${constructor(state)}\ns.genChildStates()\n[(c.board, c.player1Turn, c.flipsRem, c.flippable, c.resMove) for c in s.children]`,
      expected: { value: py.list(ref.childStates(state).map(childValue)) },
    };
  },
};

/** isWin on a smaller position: the same pair of answers, (AI has four, opponent has four), both sides. */
const IS_WIN: CaseShrinker = {
  rows: (c) => rowsOf(conniptionInput(c).state.board),
  sameAnswers: true,
  withRows: (c, rows, id): FixtureCase => {
    const state = stateOn(c, rows);
    const [ai, opponent] = ref.isWin(state);
    return {
      id,
      source: c.source,
      input: { state: stateInput(state) },
      python: `s = ${constructor(state)}\nConniption.isWin(s)`,
      expected: { value: py.tuple([py.bool(ai), py.bool(opponent)]) },
    };
  },
};

/** The shrinker of a test whose failing generated cases shrink, or undefined. */
export function conniptionShrinker(test: ResolvedTest): CaseShrinker | undefined {
  if (test.target === 'Conniption.genChildStates' && test.check === 'children') return CHILDREN;
  if (test.target === 'Conniption.isWin' && test.check === 'pair') return IS_WIN;
  return undefined;
}
