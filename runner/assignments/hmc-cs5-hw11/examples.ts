/**
 * HMC's handout examples in a course's pack: a session that builds a Board (width first, setBoard or addMove) and a
 * Player and ends in the call graded, made into the case that method's tests run, with the reference's answer.
 */
import { gridFromRows, gridToRows, XO_SPACE, type Grid } from '../../../reference/core/grid.js';
import * as ref from '../../../reference/hmc-cs5-hw11.js';
import { py, type PyValue } from '../../checks/py-value.js';
import type { ExampleBuilder } from '../../pack/example-types.js';
import { ExampleError, readSession } from '../../pack/session-objects.js';
import { boardInput, scoresForCase } from './cases.js';

type Made =
  | { readonly kind: 'board'; readonly grid: Grid; readonly moves: string | undefined }
  | { readonly kind: 'player'; readonly player: ref.HmcPlayer };

const SUPPORTED = 'Player.oppCh, Player.scoreBoard, Player.tiebreakMove, Player.scoresFor, Player.nextMove';

export const HMC_EXAMPLES: ExampleBuilder = (session) => {
  try {
    const { receiver, method, args } = readSession<Made>(session, { construct, apply });
    if (receiver?.kind !== 'player') return { problem: `an example here ends in one of ${SUPPORTED}` };
    const p = receiver.player;
    const board = () => {
      const b = args[0];
      if (!b || !('kind' in b) || b.kind !== 'board') throw new ExampleError(`${method} is given the board made before`);
      return b;
    };
    switch (method) {
      case 'oppCh':
        return { input: { player: p }, expected: { value: py.str(ref.oppCh(p)) } };
      case 'scoreBoard': {
        const b = board();
        const { score, alternatives } = ref.scoreBoard(b.grid, p);
        return { input: { board: boardInput(b.grid, b.moves), player: p }, expected: { value: py.float(score) }, ...(alternatives.length > 0 && { lenient: { reason: 'both players have four in a row', choice: 'self first', alsoAccepted: alternatives.map(py.float) } }) };
      }
      case 'tiebreakMove': {
        const scores = args[0];
        if (!scores || !('type' in scores) || scores.type !== 'list' || !scores.items.every((s) => s.type === 'int' || s.type === 'float')) throw new ExampleError('tiebreakMove is given a list of scores');
        const values = scores.items.map((s) => (s as { value: number }).value);
        const got = ref.tiebreakMove(values, p.tiebreak);
        return { input: { scores: values, player: p }, expected: got.length === 1 ? { value: py.int(got[0]!) } : { oneOf: got.map(py.int) } };
      }
      case 'scoresFor': {
        const b = board();
        const made = scoresForCase('example', { kind: 'generated', seed: 0, family: 'example' }, boardInput(b.grid, b.moves), b.grid, p);
        return { input: made.input, expected: made.expected, ...(made.facts && { facts: made.facts }), ...(made.lenient && { lenient: made.lenient }) };
      }
      case 'nextMove': {
        const b = board();
        const answer = ref.nextMove(b.grid, p);
        return { input: { board: boardInput(b.grid, b.moves), player: p }, expected: answer.length === 1 ? { value: py.int(answer[0]!) } : { oneOf: answer.map(py.int) } };
      }
      default:
        return { problem: `an example here ends in one of ${SUPPORTED}` };
    }
  } catch (error) {
    if (error instanceof ExampleError) return { problem: error.message };
    return { problem: `the reference cannot answer it: ${(error as Error).message}` };
  }
};

function construct(name: string, args: readonly PyValue[]): Made {
  if (name === 'Board') {
    const [width, height] = [intArg(args[0], 'width'), intArg(args[1], 'height')];
    if (args.length !== 2 || width < 1 || height < 1) throw new ExampleError('Board(width, height) takes two sizes of 1 or more');
    return { kind: 'board', grid: ref.newBoard(width, height), moves: '' };
  }
  if (name === 'Player') {
    if (args.length !== 3) throw new ExampleError("Player(ox, tiebreak, ply), such as Player('X', 'LEFT', 2)");
    const ox = strArg(args[0], 'ox');
    const tiebreak = strArg(args[1], 'tiebreak');
    if (ox !== 'X' && ox !== 'O') throw new ExampleError("ox is 'X' or 'O'");
    if (tiebreak !== 'LEFT' && tiebreak !== 'RIGHT' && tiebreak !== 'RANDOM') throw new ExampleError('tiebreak is LEFT, RIGHT or RANDOM');
    return { kind: 'player', player: { ox, tiebreak, ply: intArg(args[2], 'ply') } };
  }
  throw new ExampleError(`${name}(…) is not a class of the homework (Board, Player)`);
}

function apply(object: Made, method: string, args: readonly PyValue[]): Made {
  if (object.kind !== 'board') throw new ExampleError(`${method} on a player before the last line changes nothing graded`);
  const grid = gridFromRows(gridToRows(object.grid, XO_SPACE), XO_SPACE);
  if (method === 'setBoard') {
    const moves = strArg(args[0], 'moveString');
    ref.setBoard(grid, moves);
    return { kind: 'board', grid, moves: object.moves === undefined ? undefined : object.moves + moves };
  }
  if (method === 'addMove') {
    const col = intArg(args[0], 'col');
    const ox = strArg(args[1], 'ox');
    if (ox !== 'X' && ox !== 'O') throw new ExampleError("ox is 'X' or 'O'");
    ref.addMove(grid, col, ox);
    return { kind: 'board', grid, moves: undefined };
  }
  throw new ExampleError(`${method} is not a way to build the board here (setBoard, addMove)`);
}

function intArg(value: PyValue | Made | undefined, name: string): number {
  if (!value || !('type' in value) || value.type !== 'int') throw new ExampleError(`${name} is a whole number here`);
  return value.value;
}

function strArg(value: PyValue | Made | undefined, name: string): string {
  if (!value || !('type' in value) || value.type !== 'str') throw new ExampleError(`${name} is a string here`);
  return value.value;
}
