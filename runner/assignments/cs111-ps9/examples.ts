/**
 * CS111's handout examples in a course's pack: a shell session that builds a Board (and an AIPlayer) and ends in
 * the call graded, made into the case that method's tests run, with the reference's answer (runner/pack/).
 */
import { gridFromRows, gridToRows, XO_SPACE, type Grid } from '../../../reference/core/grid.js';
import * as ref from '../../../reference/cs111-ps9.js';
import { py, type PyValue } from '../../model/py-value.js';
import type { ExampleBuilder, ExampleCase } from '../../model/example-types.js';
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
import { boardInput } from './board-cases.js';
import { scoresForCase } from './cases.js';

type Made =
  | { readonly kind: 'board'; readonly grid: Grid; readonly moves: string | undefined }
  | { readonly kind: 'player'; readonly player: ref.PlayerSpec };

const SUPPORTED = 'Board.is_win_for, Board.can_add_to, Board.is_full, AIPlayer.scores_for, AIPlayer.next_move, Player.opponent_checker';

export const CS111_EXAMPLES: ExampleBuilder = sessionExamples((session) => {
  const { receiver, method, args } = readSession<Made>(session, { construct, apply });
  const board = () => {
    const b = args[0];
    if (!b || typeof b !== 'object' || !('kind' in b) || b.kind !== 'board')
      throw new ExampleError(`${method} is given the board made before`);
    return b;
  };
  if (receiver?.kind === 'board') {
    const input = { board: boardInput(receiver.grid, receiver.moves) };
    if (method === 'is_win_for')
      return {
        input: { ...input, checker: checkerArg(args[0]) },
        expected: { value: py.bool(ref.isWinFor(receiver.grid, checkerArg(args[0]))) },
      };
    if (method === 'can_add_to')
      return {
        input: { ...input, col: wholeArg(args[0], 'col') },
        expected: { value: py.bool(ref.canAddTo(receiver.grid, wholeArg(args[0], 'col'))) },
      };
    if (method === 'is_full') return { input, expected: { value: py.bool(ref.isFull(receiver.grid)) } };
  }
  if (receiver?.kind === 'player') {
    const p = receiver.player;
    if (method === 'opponent_checker') return { input: { player: p }, expected: { value: py.str(ref.opponentChecker(p.checker)) } };
    if (p.kind === 'ai' && method === 'scores_for') {
      const b = board();
      const made = scoresForCase(
        'example',
        { kind: 'generated', seed: 0, family: 'example' },
        boardInput(b.grid, b.moves),
        b.grid,
        p.checker,
        p.lookahead,
      );
      return caseParts(made);
    }
    if (p.kind === 'ai' && method === 'next_move') {
      const b = board();
      const answer = ref.aiNextMove(b.grid, p.checker, p.tiebreak, p.lookahead);
      return { input: { board: boardInput(b.grid, b.moves), player: p }, expected: columnAnswer(answer) } satisfies ExampleCase;
    }
  }
  return { problem: `an example here ends in one of ${SUPPORTED}` };
});

function construct(name: string, args: readonly PyValue[]): Made {
  if (name === 'Board') {
    const [height, width] = [wholeArg(args[0], 'height'), wholeArg(args[1], 'width')];
    if (args.length !== 2 || height < 1 || width < 1) throw new ExampleError('Board(height, width) takes two sizes of 1 or more');
    return { kind: 'board', grid: ref.newBoard(height, width), moves: '' };
  }
  if (name === 'AIPlayer') {
    if (args.length !== 3) throw new ExampleError("AIPlayer(checker, tiebreak, lookahead), such as AIPlayer('X', 'LEFT', 2)");
    return {
      kind: 'player',
      player: { kind: 'ai', checker: checkerArg(args[0]), tiebreak: tiebreakArg(args[1]), lookahead: wholeArg(args[2], 'lookahead') },
    };
  }
  if (name === 'Player') return { kind: 'player', player: { kind: 'human', checker: checkerArg(args[0]) } };
  throw new ExampleError(`${name}(…) is not a class of the problem set (Board, Player, AIPlayer)`);
}

function apply(object: Made, method: string, args: readonly PyValue[]): Made {
  if (object.kind !== 'board') throw new ExampleError(`${method} on a player before the last line changes nothing graded`);
  const grid = gridFromRows(gridToRows(object.grid, XO_SPACE), XO_SPACE);
  if (method === 'add_checkers') {
    const moves = textArg(args[0], 'colnums');
    ref.addCheckers(grid, moves);
    return { kind: 'board', grid, moves: object.moves === undefined ? undefined : object.moves + moves };
  }
  if (method === 'add_checker') {
    ref.addChecker(grid, checkerArg(args[0]), wholeArg(args[1], 'col'));
    return { kind: 'board', grid, moves: undefined };
  }
  throw new ExampleError(`${method} is not a way to build the board here (add_checkers, add_checker)`);
}
