/**
 * How CS61A Homework 4 is graded, without its reference or case builders: function calls only (no classes, no
 * programs), with stand-ins for the other functions. The grader and the student's kit both run it.
 */
import { checkCs61aCase } from './checks.js';
import { cs61aInput, type Cs61aInput } from './inputs.js';
import { BARRIER_ERROR, barrierCrossed } from './barrier.js';
import type { AssignmentPlan } from '../../plan/assignment.js';
import type { PyValue } from '../../model/py-value.js';
import { cs61aInteraction } from './steps.js';

/** The functions that only read the board, whose answers a transposed read changes. */
const READERS = ['check_win_row', 'check_win_column', 'check_win'];

/** A list-of-rows board as a list of its columns; undefined for anything else (or an empty or ragged board). */
function transposedBoard(board: PyValue): PyValue | undefined {
  if (board.type !== 'list' || board.items.length === 0) return undefined;
  const rows = board.items.map((row) => (row.type === 'list' ? row.items : undefined));
  if (rows.some((row) => row === undefined)) return undefined;
  const width = rows[0]!.length;
  if (width === 0 || rows.some((row) => row!.length !== width)) return undefined;
  return { type: 'list', items: Array.from({ length: width }, (_, c) => ({ type: 'list', items: rows.map((row) => row![c]!) })) };
}

export const CS61A_PLAN: AssignmentPlan = {
  interaction: (test, testCase) => cs61aInteraction(test.target, testCase, test.check?.startsWith('barrier-') ? 'barrier' : 'list'),
  property: (name) => {
    throw new Error(`internal: CS61A has no property '${name}'`);
  },
  program: (testCase) => {
    throw new Error(`internal: CS61A has no programs (case ${testCase.id})`);
  },
  check: checkCs61aCase,
  explainException: barrierCrossed,
  excuseFailure: (test, _testCase, failure) => {
    // One write into the board is one mistake: the function's board test (`put_piece.leaves-board`) charges the
    // board it changed, so its barrier test does not charge the same write again; a read of the board still does.
    if (
      !test.check?.startsWith('barrier-') ||
      failure.kind !== 'exception' ||
      failure.exception.type !== BARRIER_ERROR ||
      failure.exception.fact !== 'write'
    )
      return undefined;
    const leaves = `${test.target}.leaves-board`;
    return {
      chargedBy: leaves,
      note: `${test.target} ${failure.exception.message}: a write into the board it was given, which ${leaves} charges already`,
    };
  },
  readingElsewhere: (test, testCase) => {
    // Reads written inline as board[col][row] see a board of columns right: their wrong answers are the direct reads'
    // (barrier.<function> charges them), not the function's logic, which is right when the reads go the other way.
    if (test.check !== 'value' || !READERS.includes(test.target)) return undefined;
    const board = cs61aInput(testCase)['board'];
    const columns = typeof board === 'object' ? transposedBoard(board) : undefined;
    if (!columns) return undefined;
    return {
      testCase: { ...testCase, input: { ...cs61aInput(testCase), board: columns } satisfies Cs61aInput },
      chargedBy: { ...test, id: `barrier.${test.target}`, check: 'barrier-value' },
      note: `${test.target} reads the board directly as board[column][row]: with the board's columns as its rows it answers right, so the reads are what is wrong, and barrier.${test.target} charges reading the board without get_piece`,
    };
  },
  checkProgram: (check) => {
    throw new Error(`internal: CS61A has no program check '${check}'`);
  },
  neededNames: (test) => [test.target],
  // A barrier test judges the crossing only: a crash or a wrong answer is what the value tests are for.
  judgesOnly: (check) => {
    if (check.startsWith('barrier-'))
      return {
        exception: BARRIER_ERROR,
        note: 'the board was never treated as a list before that; the answer itself is graded by the value tests',
      };
    if (['unchanged', 'new-list', 'printed-exactly'].includes(check))
      return { note: 'this test judges one rule only; the crash is graded by the value tests' };
    return undefined;
  },
};
