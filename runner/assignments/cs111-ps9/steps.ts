/**
 * CS111 PS9 fixture cases as harness steps. Boards are built by assigning `slots` (the document fixes that
 * attribute), so a test of one method never rests on the student's `add_checker`; tests of the players and of
 * `process_move` hand them the Board double, so a Board bug costs only the Board tests.
 */
import type { FixtureCase } from '../../model/fixture-types.js';
import type { Arg } from '../../harness/protocol.js';
import { call, get, int, repr, set, str, type Interaction, type Step } from '../../plan/interaction.js';

/** A board as the fixture cases give it (one declaration for the case builders and the plan). */
export interface BoardInput {
  readonly height: number;
  readonly width: number;
  readonly rows: readonly string[];
  /** The add_checkers string that builds it, when the case has one (the Python to reproduce it uses it). */
  readonly moves?: string;
}

export type PlayerInput =
  | { readonly kind: 'human' | 'random'; readonly checker: string }
  | { readonly kind: 'ai'; readonly checker: string; readonly tiebreak: string; readonly lookahead: number };

/**
 * A CS111 fixture case's input, every field its case builders write (cases.ts, board-cases.ts, examples.ts): one
 * declaration the builders check their cases against and the plan, the checks and the shrinker read.
 */
export interface Cs111Input {
  readonly board?: BoardInput;
  readonly player?: PlayerInput;
  readonly player1?: PlayerInput;
  readonly player2?: PlayerInput;
  /** Lines typed at the prompts, in order. */
  readonly inputs?: readonly string[];
  /** add_checkers' string, for its own test. */
  readonly moves?: string;
  /** add_checker's calls, (checker, col) each, or one call as `checker` and `col`. */
  readonly calls?: readonly (readonly [string, number])[];
  readonly checker?: string;
  readonly col?: number;
  /** remove_checker's columns, in order. */
  readonly cols?: readonly number[];
  readonly tiebreak?: string;
  readonly scores?: readonly number[];
  readonly lookahead?: number;
  /** Who already has four on the board scores_for is asked about (the spec's `where` splits the tests by it). */
  readonly won?: 'none' | 'self' | 'opponent' | 'both';
  readonly numMovesBefore?: number;
  /** num_moves after one call of next_move (1 where the case does not say). */
  readonly numMovesAfter?: number;
}

/** A case's input as its builders wrote it (the fixtures are checked against the schema, and built by these builders). */
export const cs111Input = (testCase: FixtureCase): Cs111Input => testCase.input;

const slotsArg = (rows: readonly string[]): Arg => ({
  type: 'list',
  items: rows.map((row) => ({ type: 'list', items: [...row].map(str) })),
});

export function boardSteps(board: BoardInput, name = 'b'): Step[] {
  const rows = board.rows.map((row) => `list(${JSON.stringify(row).replace(/^"|"$/g, "'")})`);
  return [
    call(['Board'], [int(board.height), int(board.width)], { bind: name }),
    set([name, 'slots'], slotsArg(board.rows), `${name}.slots = [${rows.join(', ')}]`),
  ];
}

export function playerCall(player: PlayerInput, bind: string): Step {
  if (player.kind === 'ai') return call(['AIPlayer'], [str(player.checker), str(player.tiebreak), int(player.lookahead)], { bind });
  return call([player.kind === 'random' ? 'RandomPlayer' : 'Player'], [str(player.checker)], { bind });
}

/**
 * Rebinds `Board` to the double; the reproduce snippet is unchanged, as a correct Board behaves the same. The
 * grader's only: the student's kit runs these tests on the student's own Board.
 */
/**
 * The kit's own, where the grader stands in the document's Board: the student's Board, whose is_win_for answers each
 * board once (grade_harness/memo.py), so a look-ahead on it costs what the grade's does, not a scan per board tried.
 */
const boardMemo: Step = {
  request: { op: 'double', kind: 'memo', name: 'Board', keep: ['is_win_for'], inModules: true },
  python: '',
  only: 'own',
  speedOnly: true,
};

export const boardDouble: Step = {
  request: { op: 'double', kind: 'cs111-board', name: 'Board' },
  python: '',
  only: 'document',
  parts: [{ name: 'Board', tests: 'board.' }],
};

/** The AIPlayer methods the document's AIPlayer double provides (doubles.py's cs111_aiplayer). */
const AI_METHODS = ['opponent_checker', 'max_score_column', 'scores_for', 'next_move'];

/**
 * A test of one AIPlayer method gets the document's versions of the others (opponent_checker, max_score_column,
 * scores_for), as HMC's Player tests do: a scoring bug costs the scores_for tests, not next_move's too. In the kit
 * they are the student's own, and a failure names them.
 */
const aiDouble = (method: string): Step => ({
  request: { op: 'double', kind: 'cs111-aiplayer', name: 'AIPlayer', keep: [method], inModules: true },
  python: '',
  only: 'document',
  parts: AI_METHODS.filter((m) => m !== method).map((m) => ({
    name: m,
    tests: m === 'opponent_checker' ? 'player.opponent_checker' : `aiplayer.${m}.`,
  })),
});

/** Rebinds `Player` to the document's (a subclass of the student's); the reproduce snippet is unchanged. */
const playerDouble: Step = {
  request: { op: 'double', kind: 'cs111-player', name: 'Player' },
  python: '',
  only: 'document',
  parts: [{ name: 'Player', tests: 'player.' }],
};

export function cs111Interaction(target: string, testCase: FixtureCase, options: { readonly whole?: boolean } = {}): Interaction {
  const input = cs111Input(testCase);
  const { board, player } = input;
  const inputs = [...(input.inputs ?? [])];
  const steps: Step[] = [];
  const usesDouble = !target.startsWith('Board.');
  if (usesDouble && board) steps.push(boardDouble);
  if (usesDouble && board && target.startsWith('AIPlayer.')) steps.push(boardMemo);
  if ((target === 'AIPlayer.next_move' || target === 'AIPlayer.scores_for') && !options.whole) steps.push(aiDouble(target.split('.')[1]!));
  if (board) steps.push(...boardSteps(board));
  switch (target) {
    case 'Board.__repr__':
      steps.push(repr(['b'], 'result'));
      break;
    case 'Board.add_checker': {
      if (input.moves !== undefined) steps.push(call(['b', 'add_checkers'], [str(input.moves)]));
      const calls = input.calls ?? (input.checker !== undefined && input.col !== undefined ? [[input.checker, input.col] as const] : []);
      for (const [checker, col] of calls) steps.push(call(['b', 'add_checker'], [str(checker), int(col)]));
      steps.push(get(['b', 'slots'], 'slots'));
      break;
    }
    case 'Board.can_add_to':
      steps.push(call(['b', 'can_add_to'], [int(input.col!)], { observe: 'result' }));
      break;
    case 'Board.is_full':
      steps.push(call(['b', 'is_full'], [], { observe: 'result' }));
      break;
    case 'Board.is_win_for':
      steps.push(call(['b', 'is_win_for'], [str(input.checker!)], { observe: 'result' }));
      break;
    case 'Board.remove_checker':
      for (const col of input.cols ?? []) steps.push(call(['b', 'remove_checker'], [int(col)]));
      steps.push(get(['b', 'slots'], 'slots'));
      break;
    case 'Board.reset':
      steps.push(call(['b', 'reset'], []), get(['b', 'slots'], 'slots'));
      break;
    case 'Player.__repr__':
    case 'AIPlayer.__repr__':
      steps.push(playerCall(player!, 'p'), repr(['p'], 'result'));
      break;
    case 'Player.opponent_checker':
      steps.push(playerCall(player!, 'p'), call(['p', 'opponent_checker'], [], { observe: 'result' }));
      break;
    case 'Player.next_move':
    case 'RandomPlayer.next_move':
    case 'AIPlayer.next_move':
      // The count starts from 0 here whatever __init__ does: a wrong start is player.init's to charge.
      steps.push(playerCall(player!, 'p'), set(['p', 'num_moves'], int(0)));
      steps.push(call(['p', 'next_move'], [{ type: 'ref', path: ['b'] }], { observe: 'result', inputs }));
      steps.push(get(['p', 'num_moves'], 'moves'));
      break;
    case 'process_move':
      // The document's Player: what process_move prints and counts is its own doing, not the student's next_move's.
      steps.push(playerDouble, playerCall(player!, 'p'));
      if (input.numMovesBefore !== undefined) steps.push(set(['p', 'num_moves'], int(input.numMovesBefore)));
      steps.push(
        call(
          ['process_move'],
          [
            { type: 'ref', path: ['p'] },
            { type: 'ref', path: ['b'] },
          ],
          { observe: 'result', inputs },
        ),
      );
      steps.push(get(['b', 'slots'], 'slots'));
      break;
    case 'AIPlayer.max_score_column':
      steps.push(call(['AIPlayer'], [str('X'), str(input.tiebreak!), int(1)], { bind: 'p' }));
      steps.push(call(['p', 'max_score_column'], [{ type: 'list', items: (input.scores ?? []).map(int) }], { observe: 'result' }));
      break;
    case 'AIPlayer.scores_for':
      steps.push(call(['AIPlayer'], [str(input.checker!), str('LEFT'), int(input.lookahead!)], { bind: 'p' }));
      steps.push(call(['p', 'scores_for'], [{ type: 'ref', path: ['b'] }], { observe: 'result' }));
      steps.push(get(['b', 'slots'], 'slots'));
      break;
    default:
      throw new Error(`no CS111 interaction for target ${target} (case ${testCase.id})`);
  }
  return { steps };
}
