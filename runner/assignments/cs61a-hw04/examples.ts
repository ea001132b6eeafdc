/**
 * CS61A's handout examples in a course's pack: a call of one of the homework's functions with literal arguments,
 * made into the case the function's tests run, with the reference's answer (runner/pack/, `examples`).
 */
import * as ref from '../../../reference/cs61a-hw04.js';
import { boardValue } from './cases.js';
import { py, type PyValue } from '../../model/py-value.js';
import { functionExamples, type ExampleBuilder, type ExampleCase } from '../../model/example-types.js';

type Kind = 'int' | 'str' | 'board' | 'list' | 'any';

/** Each function's parameters as the fixtures name them, with the kind each must be, and its answer. */
const FUNCTIONS: Readonly<
  Record<string, { readonly params: readonly (readonly [string, Kind])[]; readonly answer: (a: Args) => ExampleCase['expected'] }>
> = {
  create_row: { params: [['size', 'int']], answer: (a) => ({ value: py.strs(ref.createRow(a.int('size'))) }) },
  create_board: {
    params: [
      ['rows', 'int'],
      ['columns', 'int'],
    ],
    answer: (a) => ({ value: boardValue(ref.createBoard(a.int('rows'), a.int('columns'))) }),
  },
  replace_elem: {
    params: [
      ['lst', 'list'],
      ['index', 'int'],
      ['elem', 'any'],
    ],
    answer: (a) => ({ value: py.list(ref.replaceElem(a.list('lst'), a.int('index'), a.value('elem'))) }),
  },
  get_piece: {
    params: [
      ['board', 'board'],
      ['row', 'int'],
      ['column', 'int'],
    ],
    answer: (a) => ({ value: py.str(ref.getPiece(a.board('board'), a.int('row'), a.int('column'))) }),
  },
  put_piece: {
    params: [
      ['board', 'board'],
      ['max_rows', 'int'],
      ['column', 'int'],
      ['player', 'str'],
    ],
    answer: (a) => rowAndBoard(ref.putPiece(a.board('board'), a.int('max_rows'), a.int('column'), a.str('player'))),
  },
  make_move: {
    params: [
      ['board', 'board'],
      ['max_rows', 'int'],
      ['max_cols', 'int'],
      ['col', 'int'],
      ['player', 'str'],
    ],
    answer: (a) => rowAndBoard(ref.makeMove(a.board('board'), a.int('max_rows'), a.int('max_cols'), a.int('col'), a.str('player'))),
  },
  print_board: {
    params: [
      ['board', 'board'],
      ['max_rows', 'int'],
      ['max_cols', 'int'],
    ],
    answer: (a) => ({ stdout: ref.printBoard(a.board('board'), a.int('max_rows'), a.int('max_cols')), value: py.none() }),
  },
  check_win_row: {
    params: [
      ['board', 'board'],
      ['max_rows', 'int'],
      ['max_cols', 'int'],
      ['num_connect', 'int'],
      ['row', 'int'],
      ['player', 'str'],
    ],
    answer: (a) => ({
      value: py.bool(
        ref.checkWinRow(a.board('board'), a.int('max_rows'), a.int('max_cols'), a.int('num_connect'), a.int('row'), a.str('player')),
      ),
    }),
  },
  check_win_column: {
    params: [
      ['board', 'board'],
      ['max_rows', 'int'],
      ['max_cols', 'int'],
      ['num_connect', 'int'],
      ['col', 'int'],
      ['player', 'str'],
    ],
    answer: (a) => ({
      value: py.bool(
        ref.checkWinColumn(a.board('board'), a.int('max_rows'), a.int('max_cols'), a.int('num_connect'), a.int('col'), a.str('player')),
      ),
    }),
  },
  check_win: {
    params: [
      ['board', 'board'],
      ['max_rows', 'int'],
      ['max_cols', 'int'],
      ['num_connect', 'int'],
      ['row', 'int'],
      ['col', 'int'],
      ['player', 'str'],
    ],
    answer: (a) => ({
      value: py.bool(
        ref.checkWin(
          a.board('board'),
          a.int('max_rows'),
          a.int('max_cols'),
          a.int('num_connect'),
          a.int('row'),
          a.int('col'),
          a.str('player'),
        ),
      ),
    }),
  },
};

const rowAndBoard = ([row, board]: [number, ref.Board61]): ExampleCase['expected'] => ({
  value: py.tuple([py.int(row), boardValue(board)]),
});

interface Args {
  int(name: string): number;
  str(name: string): string;
  list(name: string): PyValue[];
  board(name: string): string[][];
  value(name: string): PyValue;
}

class ArgumentError extends Error {}

export const CS61A_EXAMPLES: ExampleBuilder = functionExamples((call) => {
  const fn = FUNCTIONS[call.name];
  if (!fn) return { problem: `${call.name} is not one of the homework's functions (${Object.keys(FUNCTIONS).join(', ')})` };
  if (call.args.length !== fn.params.length)
    return {
      problem: `${call.name} takes ${fn.params.length} arguments (${fn.params.map(([n]) => n).join(', ')}), not ${call.args.length}`,
    };
  const given = new Map(fn.params.map(([name], i) => [name, call.args[i]!]));
  const input: Record<string, unknown> = {};
  try {
    for (const [name, kind] of fn.params) input[name] = asInput(name, kind, given.get(name)!);
    const args: Args = {
      int: (name) => input[name] as number,
      str: (name) => input[name] as string,
      list: (name) => [...(given.get(name) as Extract<PyValue, { type: 'list' }>).items],
      board: (name) => boardOf(given.get(name)!),
      value: (name) => given.get(name)!,
    };
    return { input, expected: fn.answer(args) };
  } catch (error) {
    if (error instanceof ArgumentError) return { problem: error.message };
    return { problem: `the reference cannot answer it: ${(error as Error).message}` };
  }
});

/** An argument as the fixtures hold it: numbers and strings plain, lists and boards as Python values. */
function asInput(name: string, kind: Kind, value: PyValue): unknown {
  if (kind === 'int') {
    if (value.type !== 'int') throw new ArgumentError(`${name} is a whole number here`);
    return value.value;
  }
  if (kind === 'str') {
    if (value.type !== 'str') throw new ArgumentError(`${name} is a string here`);
    return value.value;
  }
  if (kind === 'list' && value.type !== 'list') throw new ArgumentError(`${name} is a list here`);
  if (kind === 'board') boardOf(value);
  return value;
}

function boardOf(value: PyValue): string[][] {
  const rows = value.type === 'list' ? value.items : [];
  if (
    value.type !== 'list' ||
    rows.length === 0 ||
    !rows.every(
      (r) =>
        r.type === 'list' &&
        r.items.length === (rows[0] as Extract<PyValue, { type: 'list' }>).items.length &&
        r.items.every((c) => c.type === 'str'),
    )
  ) {
    throw new ArgumentError('board is a list of rows, each a list of strings of one length');
  }
  return rows.map((r) => (r as Extract<PyValue, { type: 'list' }>).items.map((c) => (c as Extract<PyValue, { type: 'str' }>).value));
}
