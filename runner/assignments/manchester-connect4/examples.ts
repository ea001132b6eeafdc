/**
 * Manchester's handout examples in a course's pack: a call of a game function with literal arguments, made into the
 * case that function's tests run, with the reference's answer (runner/pack/, `examples`). Files (loadGame, saveGame)
 * and play() are not examples a call can give.
 */
import * as ref from '../../../reference/manchester-connect4.js';
import { boardValue, gameValue } from './cases.js';
import { isSamePy, py, type PyValue } from '../../model/py-value.js';
import { functionExamples, type ExampleBuilder, type ExampleCase } from '../../model/example-types.js';

class ArgumentError extends Error {}

export const MANCHESTER_EXAMPLES: ExampleBuilder = functionExamples((call) => {
  try {
    const made = build(call.name, call.args);
    return (
      made ?? {
        problem: `${call.name} is not a function a call can give an example of (newGame, printBoard, getValidMoves, makeMove, hasWon, suggestMove1)`,
      }
    );
  } catch (error) {
    if (error instanceof ArgumentError) return { problem: error.message };
    return { problem: `the reference cannot answer it: ${(error as Error).message}` };
  }
});

function build(name: string, args: readonly PyValue[]): ExampleCase | undefined {
  const arity = (n: number, names: string) => {
    if (args.length !== n) throw new ArgumentError(`${name} takes ${n} argument${n === 1 ? '' : 's'} (${names}), not ${args.length}`);
  };
  switch (name) {
    case 'newGame': {
      arity(2, 'player1, player2');
      const [p1, p2] = [text(args[0]!, 'player1'), text(args[1]!, 'player2')];
      return { input: { player1: p1, player2: p2 }, expected: { value: gameValue(ref.newGame(p1, p2)) } };
    }
    case 'printBoard': {
      arity(1, 'board');
      const board = boardOf(args[0]!);
      return { input: { board }, expected: { stdout: ref.printBoard(board), value: py.none() } };
    }
    case 'getValidMoves': {
      arity(1, 'board');
      const board = boardOf(args[0]!);
      const moves = ref.getValidMoves(board);
      // The document accepts the list "or a permutation thereof".
      const accepts = (said: PyValue) =>
        said.type === 'list' &&
        isSamePy(py.list([...said.items].sort((a, b) => num(a) - num(b))), py.ints([...moves].sort((a, b) => a - b)));
      return { input: { board }, expected: { value: py.ints(moves) }, accepts, anyOrder: true };
    }
    case 'makeMove': {
      arity(3, 'board, move, who');
      const board = boardOf(args[0]!);
      const move = whole(args[1]!, 'move');
      const who = player(args[2]!);
      if (!ref.getValidMoves(board).includes(move)) throw new ArgumentError(`move ${move} is not a valid move on that board`);
      return { input: { board, move, who }, expected: { value: boardValue(ref.makeMove(board, move, who)) } };
    }
    case 'hasWon': {
      arity(2, 'board, who');
      const board = boardOf(args[0]!);
      const who = player(args[1]!);
      return { input: { board, who }, expected: { value: py.bool(ref.hasWon(board, who)) } };
    }
    case 'suggestMove1': {
      arity(2, 'board, who');
      const board = boardOf(args[0]!);
      const who = player(args[1]!);
      const { columns, reason } = ref.suggestMove1Acceptable(board, who);
      return { input: { board, who }, expected: { oneOf: columns.map(py.int) }, facts: { reason } };
    }
    default:
      return undefined;
  }
}

const num = (v: PyValue) => (v.type === 'int' ? v.value : Number.NaN);

function text(value: PyValue, name: string): string {
  if (value.type !== 'str') throw new ArgumentError(`${name} is a string here`);
  return value.value;
}

function whole(value: PyValue, name: string): number {
  if (value.type !== 'int') throw new ArgumentError(`${name} is a whole number here`);
  return value.value;
}

function player(value: PyValue): 1 | 2 {
  if (value.type !== 'int' || (value.value !== 1 && value.value !== 2)) throw new ArgumentError('who is 1 or 2');
  return value.value;
}

function boardOf(value: PyValue): ref.BoardRows {
  const rows = value.type === 'list' ? value.items : [];
  const ok =
    rows.length === ref.ROWS &&
    rows.every(
      (r) => r.type === 'list' && r.items.length === ref.COLS && r.items.every((c) => c.type === 'int' && [0, 1, 2].includes(c.value)),
    );
  if (!ok) throw new ArgumentError(`board is a list of ${ref.ROWS} rows, each a list of ${ref.COLS} numbers 0, 1 or 2`);
  return rows.map((r) =>
    (r as Extract<PyValue, { type: 'list' }>).items.map((c) => (c as Extract<PyValue, { type: 'int' }>).value as 0 | 1 | 2),
  );
}
