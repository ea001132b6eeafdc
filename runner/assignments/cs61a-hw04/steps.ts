/**
 * CS61A Homework 4 fixture cases as harness steps. Every API function other than the one under test is replaced by
 * a stand-in on the document's list board, so a bug in `get_piece` costs the `get_piece` tests and not `put_piece`'s
 * too. The abstraction-barrier tests go further: the board itself is not a list (tools.py's AbstractBoard), so
 * a function that indexes it, loops over it or takes its len() is caught and named. The student's kit has no
 * stand-ins (doubles.py): there each test runs on the student's own functions, the barrier put around their own
 * constructors and selectors by tools.py.
 */
import type { PyValue } from '../../model/py-value.js';
import { cs61aInput, type Cs61aArgument } from './inputs.js';
import type { FixtureCase } from '../../model/fixture-types.js';
import type { Arg } from '../../harness/protocol.js';
import { argFromPy, call, formatArg, get, int, set, str, type Interaction, type Step } from '../../plan/interaction.js';

/** The functions the document asks for, in the order of its questions, with their parameters. */
export const CS61A_FUNCTIONS: Readonly<Record<string, readonly string[]>> = {
  create_row: ['size'],
  create_board: ['rows', 'columns'],
  replace_elem: ['lst', 'index', 'elem'],
  get_piece: ['board', 'row', 'column'],
  put_piece: ['board', 'max_rows', 'column', 'player'],
  make_move: ['board', 'max_rows', 'max_cols', 'col', 'player'],
  print_board: ['board', 'max_rows', 'max_cols'],
  check_win_row: ['board', 'max_rows', 'max_cols', 'num_connect', 'row', 'player'],
  check_win_column: ['board', 'max_rows', 'max_cols', 'num_connect', 'col', 'player'],
  check_win: ['board', 'max_rows', 'max_cols', 'num_connect', 'row', 'col', 'player'],
};

/** Every function a stand-in exists for; the course's own `check_win_diagonal` among them. */
const STAND_INS = [...Object.keys(CS61A_FUNCTIONS), 'check_win_diagonal'];

/** The functions the document's version of each one calls: where else a failure may come from in the kit. */
const CALLS: Readonly<Record<string, readonly string[]>> = {
  create_board: ['create_row'],
  put_piece: ['get_piece', 'replace_elem'],
  make_move: ['put_piece'],
  print_board: ['get_piece'],
  check_win_row: ['get_piece'],
  check_win_column: ['get_piece'],
  check_win: ['check_win_row', 'check_win_column'],
};

/** The constructors and selectors the kit's barrier wraps (tools.py's SELECTORS). */
const SELECTORS = ['create_row', 'create_board', 'replace_elem', 'get_piece'] as const;

const toArg = (value: Cs61aArgument | undefined): Arg => {
  if (typeof value === 'number') return int(value);
  if (typeof value === 'string') return str(value);
  if (value === undefined) throw new Error('internal: a CS61A case lacks one of its arguments');
  return argFromPy(value); // boards and lists arrive as the fixture's PyValues
};

/** `[list('--'), list('X-')]` for a board of one-character strings, else the value as Python. */
export function boardPython(value: unknown): string | undefined {
  const board = value as PyValue;
  if (board.type !== 'list') return undefined;
  const rows: string[] = [];
  for (const row of board.items) {
    if (row.type !== 'list') return undefined;
    const cells = row.items.map((c) => (c.type === 'str' && c.value.length === 1 ? c.value : undefined));
    if (cells.some((c) => c === undefined)) return undefined;
    rows.push(`list('${cells.join('')}')`);
  }
  return `[${rows.join(', ')}]`;
}

export type Cs61aMode = 'list' | 'barrier';

/** What the barrier tests' reproduce snippet says about the board a student cannot build themselves. */
const BARRIER_NOTE = [
  "# In this test the grader's create_board, get_piece and replace_elem keep the board in an object that is not a",
  '# list: board[row][col], len(board) or a loop over it raises an error; get_piece and replace_elem work.',
].join('\n');

/** The same for the kit, where the barrier is around the student's own constructors and selectors. */
const OWN_BARRIER_NOTE = [
  '# In this test your create_board, create_row, get_piece and replace_elem see the board as a list; everywhere else',
  '# it is an object that is not one: board[row][col], len(board) or a loop over it raises an error.',
].join('\n');

/**
 * The call under test, its board bound to `b` first (so the check can look at it afterwards), or for replace_elem
 * its list bound to `old` (whether the result is that same list is part of the check).
 */
export function cs61aInteraction(target: string, testCase: FixtureCase, mode: Cs61aMode = 'list'): Interaction {
  const params = CS61A_FUNCTIONS[target];
  if (!params) throw new Error(`no CS61A function ${target} (case ${testCase.id})`);
  const input = cs61aInput(testCase);
  const others = STAND_INS.filter((name) => name !== target);
  const parts = (CALLS[target] ?? []).map((name) => ({ name, tests: `${name}.` }));
  // The grader puts the document's versions of the others in place; the kit, which has none, runs the student's
  // own (behind tools.py's barrier in the barrier tests) with the course's check_win_diagonal, as hw04.py gives it.
  const given: Step = { request: { op: 'double', kind: 'cs61a-given', names: ['check_win_diagonal'] }, python: '', only: 'own' };
  const steps: Step[] =
    mode === 'barrier'
      ? [
          { request: { op: 'double', kind: 'cs61a-abstract', names: others }, python: BARRIER_NOTE, only: 'document', parts },
          { request: { op: 'double', kind: 'cs61a-barrier', names: SELECTORS }, python: OWN_BARRIER_NOTE, only: 'own' },
          given,
        ]
      : [{ request: { op: 'double', kind: 'cs61a-list', names: others }, python: '', only: 'document', parts }, given];
  const bound = params.includes('board') ? 'board' : params.includes('lst') ? 'lst' : undefined;
  if (bound) {
    const name = bound === 'board' ? 'b' : 'old';
    const value = toArg(input[bound]);
    steps.push(set([name], value, `${name} = ${boardPython(input[bound]) ?? formatArg(value)}`));
    if (mode === 'barrier') steps.push({ ...call(['AbstractBoard'], [{ type: 'ref', path: ['b'] }], { bind: 'b' }), python: '' });
  }
  const args = params.map((p): Arg => (p === bound ? { type: 'ref', path: [bound === 'board' ? 'b' : 'old'] } : toArg(input[p])));
  steps.push(call([target], args, { observe: 'result', ...(bound === 'lst' && { bind: 'new' }) }));
  if (bound === 'board' && mode === 'list') steps.push({ ...get(['b'], 'board'), python: '' });
  if (bound === 'lst') {
    steps.push(
      { ...get(['old'], 'old'), python: 'old' },
      { ...call(['id'], [{ type: 'ref', path: ['old'] }], { observe: 'oldId' }), python: 'new is old' },
      { ...call(['id'], [{ type: 'ref', path: ['new'] }], { observe: 'newId' }), python: '' },
    );
  }
  return { steps };
}
