/**
 * HMC's handout examples in a course's pack: a session that builds a Board (width first, setBoard or addMove) and a
 * Player and ends in the call graded, made into the case that method's tests run, with the reference's answer.
 */
import { gridFromRows, gridToRows, XO_SPACE, type Grid } from '../../../reference/core/grid.js';
import * as ref from '../../../reference/hmc-cs5-hw11.js';
import { py, type PyValue } from '../../model/py-value.js';
import type { ExampleBuilder } from '../../model/example-types.js';
import {
  caseParts,
  checkerArg,
  columnAnswer,
  ExampleError,
  readSession,
  sessionExamples,
  textArg,
  tiebreakArg,
  wholeArg,
} from '../../plan/session-objects.js';
import { boardInput, scoresForCase } from './cases.js';

type Made =
  | { readonly kind: 'board'; readonly grid: Grid; readonly moves: string | undefined }
  | { readonly kind: 'player'; readonly player: ref.HmcPlayer };

const SUPPORTED = 'Player.oppCh, Player.scoreBoard, Player.tiebreakMove, Player.scoresFor, Player.nextMove';

export const HMC_EXAMPLES: ExampleBuilder = sessionExamples((session) => {
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
      return {
        input: { board: boardInput(b.grid, b.moves), player: p },
        expected: { value: py.float(score) },
        ...(alternatives.length > 0 && {
          lenient: { reason: 'both players have four in a row', choice: 'self first', alsoAccepted: alternatives.map(py.float) },
        }),
      };
    }
    case 'tiebreakMove': {
      const scores = args[0];
      if (!scores || !('type' in scores) || scores.type !== 'list' || !scores.items.every((s) => s.type === 'int' || s.type === 'float'))
        throw new ExampleError('tiebreakMove is given a list of scores');
      const values = scores.items.map((s) => (s as { value: number }).value);
      const got = ref.tiebreakMove(values, p.tiebreak);
      return { input: { scores: values, player: p }, expected: columnAnswer(got) };
    }
    case 'scoresFor': {
      const b = board();
      const made = scoresForCase('example', { kind: 'generated', seed: 0, family: 'example' }, boardInput(b.grid, b.moves), b.grid, p);
      return caseParts(made);
    }
    case 'nextMove': {
      const b = board();
      const answer = ref.nextMove(b.grid, p);
      return { input: { board: boardInput(b.grid, b.moves), player: p }, expected: columnAnswer(answer) };
    }
    default:
      return { problem: `an example here ends in one of ${SUPPORTED}` };
  }
});

function construct(name: string, args: readonly PyValue[]): Made {
  if (name === 'Board') {
    const [width, height] = [wholeArg(args[0], 'width'), wholeArg(args[1], 'height')];
    if (args.length !== 2 || width < 1 || height < 1) throw new ExampleError('Board(width, height) takes two sizes of 1 or more');
    return { kind: 'board', grid: ref.newBoard(width, height), moves: '' };
  }
  if (name === 'Player') {
    if (args.length !== 3) throw new ExampleError("Player(ox, tiebreak, ply), such as Player('X', 'LEFT', 2)");
    return { kind: 'player', player: { ox: checkerArg(args[0], 'ox'), tiebreak: tiebreakArg(args[1]), ply: wholeArg(args[2], 'ply') } };
  }
  throw new ExampleError(`${name}(…) is not a class of the homework (Board, Player)`);
}

function apply(object: Made, method: string, args: readonly PyValue[]): Made {
  if (object.kind !== 'board') throw new ExampleError(`${method} on a player before the last line changes nothing graded`);
  const grid = gridFromRows(gridToRows(object.grid, XO_SPACE), XO_SPACE);
  if (method === 'setBoard') {
    const moves = textArg(args[0], 'moveString');
    ref.setBoard(grid, moves);
    return { kind: 'board', grid, moves: object.moves === undefined ? undefined : object.moves + moves };
  }
  if (method === 'addMove') {
    ref.addMove(grid, wholeArg(args[0], 'col'), checkerArg(args[1], 'ox'));
    return { kind: 'board', grid, moves: undefined };
  }
  throw new ExampleError(`${method} is not a way to build the board here (setBoard, addMove)`);
}
