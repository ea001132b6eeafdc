/**
 * CS111's programs for the pseudo-terminal: `connect_four` games and `process_move` turns, each as the call to make
 * once the modules are imported, the prompt to wait for, and the columns to type.
 */
import type { FixtureCase } from '../../model/fixture-types.js';
import { CS111_PROMPT } from './checks.js';
import type { GameReplay, ProgramPlan } from '../../plan/assignment.js';
import { classReplay, functionReplay, joinReplays, type ReplayParts } from '../../plan/game-replay.js';
import type { ResolvedTest } from '../../model/spec-types.js';
import { cs111Input, type PlayerInput } from './steps.js';
import { caseText } from '../../plan/case-texts.js';

function playerNode(player: PlayerInput): { call: string; args: unknown[] } {
  if (player.kind === 'ai') return { call: 'AIPlayer', args: [player.checker, player.tiebreak, player.lookahead] };
  return { call: player.kind === 'random' ? 'RandomPlayer' : 'Player', args: [player.checker] };
}

function playerPython(player: PlayerInput): string {
  if (player.kind === 'ai') return `AIPlayer('${player.checker}', '${player.tiebreak}', ${player.lookahead})`;
  return `${player.kind === 'random' ? 'RandomPlayer' : 'Player'}('${player.checker}')`;
}

/** `process_move(player, board)` on the terminal: the board and the player's move count set as the case says. */
function processMoveProgram(testCase: FixtureCase): ProgramPlan {
  const { board: given, player: who, numMovesBefore } = cs111Input(testCase);
  if (!given || !who) throw new Error(`internal: the process_move case ${testCase.id} has no board or player`);
  const inputs = [...(cs111Input(testCase).inputs ?? [])];
  const board = { call: 'Board', args: [given.height, given.width], set: { slots: given.rows.map((row) => [...row]) } };
  const player = { ...playerNode(who), ...(numMovesBefore !== undefined && { set: { num_moves: numMovesBefore } }) };
  const rows = given.rows.map((row) => `list('${row}')`).join(', ');
  const moves = numMovesBefore !== undefined ? `\np.num_moves = ${numMovesBefore}` : '';
  return {
    call: { call: 'process_move', args: [player, board] },
    prompt: caseText(testCase, 'prompt', CS111_PROMPT),
    anyPrompt: true,
    answers: inputs,
    // What the turn and win lines say is process_move.messages'; at the terminal this test judges the boards and the dialogue.
    messagesGradedBy: 'process_move.messages',
    reproduce: `b = Board(${given.height}, ${given.width})\nb.slots = [${rows}]\np = ${playerPython(who)}${moves}\nprocess_move(p, b)   # type: ${inputs.join(', ')}`,
  };
}

export function cs111Program(testCase: FixtureCase): ProgramPlan {
  if (testCase.id.startsWith('process_move.')) return processMoveProgram(testCase);
  const { player1, player2 } = cs111Input(testCase);
  if (!player1 || !player2) throw new Error(`internal: the game case ${testCase.id} has no players`);
  const input = { player1, player2, inputs: [...(cs111Input(testCase).inputs ?? [])] };
  const typed = input.inputs.length > 0 ? `   # type: ${input.inputs.join(', ')}` : '';
  return {
    call: { call: 'connect_four', args: [playerNode(input.player1), playerNode(input.player2)] },
    prompt: caseText(testCase, 'prompt', CS111_PROMPT),
    anyPrompt: true,
    answers: input.inputs,
    ...([input.player1, input.player2].some((p) => p.kind === 'ai') && { fastPlayers: DOCUMENT_LOOKAHEAD }),
    // Whose turn and who won, as the messages say, are process_move.messages' to charge.
    messagesGradedBy: 'process_move.messages',
    reproduce: `connect_four(${playerPython(input.player1)}, ${playerPython(input.player2)})${typed}`,
  };
}

/**
 * A game judges its loop (turns, messages, the board, the winner, the moves counted): the AI players look ahead with
 * the document's scores_for, which costs little, and keep the student's next_move and max_score_column. Their own
 * scores_for is graded by its tests on the same document's boards; a plain one costs seconds a game.
 */
const DOCUMENT_LOOKAHEAD = {
  replace: [{ kind: 'cs111-aiplayer', name: 'AIPlayer', keep: ['opponent_checker', 'max_score_column', 'next_move', '__repr__'] }],
  only: 'document',
  note: "The AI players looked ahead with the document's scores_for, which costs little; yours is graded by the scores_for tests, and these games judge the rest: connect_four, process_move, your Board, next_move and max_score_column.",
  ownNote:
    "Here the AI players looked ahead with your own scores_for, and it with your own Board; after you submit they look ahead with the document's, so a game that goes wrong only here comes from your scores_for or the Board methods it calls, which the hidden tests grade.",
  // The kit's: the student's own Board, whose is_win_for answers each board once (grade_harness/memo.py).
  ownReplace: [{ kind: 'memo', name: 'Board', keep: ['is_win_for'] }],
} as const;

/** The Player methods the document's Player stands in for in a replay, by the tests that grade each. */
export const PLAYER_METHODS: ReplayParts = [
  ['__init__', ['player.init']],
  ['__repr__', ['player.repr']],
  ['opponent_checker', ['player.opponent_checker']],
  ['next_move', ['player.next_move.column', 'player.next_move.counts-moves']],
];

/** The AIPlayer methods the document's AIPlayer double can stand in for, by the tests that grade each. */
export const AI_METHODS: ReplayParts = [
  [
    'scores_for',
    [
      'aiplayer.scores_for.document',
      'aiplayer.scores_for.int-scores',
      'aiplayer.scores_for.lookahead-0-1',
      'aiplayer.scores_for.lookahead-2-3',
      'aiplayer.scores_for.lookahead-4',
      'aiplayer.scores_for.already-won',
      'aiplayer.scores_for.restores-board',
    ],
  ],
  ['max_score_column', ['aiplayer.max_score_column.left-right', 'aiplayer.max_score_column.random']],
  ['opponent_checker', ['player.opponent_checker']],
  ['next_move', ['aiplayer.next_move.document', 'aiplayer.next_move.generated', 'aiplayer.next_move.counts-moves']],
  // A game reads whose turn it is from the players' repr: one its own test failed is the document's in a replay.
  ['__repr__', ['aiplayer.repr']],
];

/**
 * process_move, whose document's version a replayed game uses when the tests of what a game takes from it failed (but
 * in its own tests): its moves and result. What its turn, win and tie lines say is process_move.messages' to charge,
 * and a game sets those aside once that test has failed (ProgramPlan.messagesGradedBy): a messages slip never lets
 * the whole of process_move be swapped, so it never excuses a bug in the moves it makes.
 */
export const PROCESS_MOVE: ReplayParts = [['process_move', ['process_move.result', 'process_move.terminal']]];

/** The test that charges a connect_four that cannot start, before the other game tests (AssignmentPlan.chargesFirst). */
export const CS111_CHARGES_FIRST: readonly string[] = ['connect_four.human-games'];

/** The Board tests: any one failed, a replayed game plays on the document's Board. */
export const BOARD_TESTS: readonly string[] = [
  'board.init.attributes',
  'board.repr.document',
  'board.repr.generated',
  'board.add_checker',
  'board.reset',
  'board.reset.independent-rows',
  'board.can_add_to',
  'board.is_full',
  'board.remove_checker',
  'board.is_win_for.document',
  'board.is_win_for.horizontal',
  'board.is_win_for.vertical',
  'board.is_win_for.down-diagonal',
  'board.is_win_for.up-diagonal',
  'board.is_win_for.random',
];

/**
 * A game replayed without the bugs already charged: the document's Board when a Board test failed, and the
 * document's Player and AIPlayer methods for those whose tests failed (Player's written onto the student's class, so
 * the players that inherit from it get them too). process_move has no stand-in: its printing and its result are the
 * games' to judge along with its own tests.
 */
export function cs111GameReplay(failed: ReadonlySet<string>, test: ResolvedTest): GameReplay | undefined {
  const board = [...failed].filter((id) => BOARD_TESTS.includes(id));
  return joinReplays([
    board.length > 0 ? { replace: [{ kind: 'cs111-board', name: 'Board' }], parts: ['Board'], because: board } : undefined,
    classReplay('cs111-player-inherited', 'Player', PLAYER_METHODS, failed),
    classReplay('cs111-aiplayer', 'AIPlayer', AI_METHODS, failed),
    // A game's turns, messages and end are process_move's: when its own tests failed, a game is played with the
    // document's, so its bug is charged by those tests and not again by every game.
    test.target === 'process_move' ? undefined : functionReplay('cs111-document', PROCESS_MOVE, failed),
  ]);
}
