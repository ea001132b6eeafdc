/**
 * HMC CS5 Homework 11 fixture cases as harness steps and terminal programs. The document builds every board with
 * the student's own part-1 Board (`Board(7, 6)` is width first, then `setBoard` or `addMove`), so these tests use
 * it too; the `board.setup` test says so plainly when that Board is the reason the others fail. A test of one
 * Player method gets the document's versions of the others (a double subclassing the student's Player), so a bug
 * in scoreBoard costs the scoreBoard tests and not every look-ahead test too.
 */
import type { FixtureCase } from '../../model/fixture-types.js';
import type { Arg } from '../../harness/protocol.js';
import type { ProgramPlan } from '../../plan/assignment.js';
import { call, int, repr, str, type Interaction, type Step } from '../../plan/interaction.js';
import { HMC_PROMPT } from './checks.js';
import { caseText } from '../../plan/case-texts.js';
import { hmcInput, type HmcBoardInput, type HmcPlayerInput } from './inputs.js';

export type { HmcBoardInput, HmcPlayerInput } from './inputs.js';

const plyArg = (ply: number | 'HUMAN'): Arg => (ply === 'HUMAN' ? str(ply) : int(ply));

export const playerCall = (player: HmcPlayerInput, bind: string): Step =>
  call(['Player'], [str(player.ox), str(player.tiebreak), plyArg(player.ply)], { bind });

export function boardSteps(board: HmcBoardInput, name = 'b'): Step[] {
  const steps = [call(['Board'], [int(board.width), int(board.height)], { bind: name, comment: 'width, height' })];
  if (board.moves !== undefined) return [...steps, call([name, 'setBoard'], [str(board.moves)])];
  // No move string: drop each column's checkers bottom-up, which rebuilds any position gravity allows.
  for (let col = 0; col < board.width; col++) {
    for (let row = board.height - 1; row >= 0; row--) {
      const cell = board.rows[row]![col]!;
      if (cell !== ' ') steps.push(call([name, 'addMove'], [int(col), str(cell)]));
    }
  }
  return steps;
}

const refB: Arg = { type: 'ref', path: ['b'] };

/** Methods that call the Player's other methods (scoresFor calls scoreBoard and makes Players; nextMove, all). */
const DEPENDENT_METHODS = ['scoreBoard', 'scoresFor', 'nextMove'];

/** The Player methods the document's Player double provides (doubles.py's hmc_player). */
const DOUBLED_METHODS = ['oppCh', 'scoreBoard', 'tiebreakMove', 'scoresFor'];

/**
 * The document's versions of the Player's other methods, the one under test kept the student's. The grader's only:
 * in the student's kit the test runs on the student's own, and a failure names them.
 */
const playerDouble = (method: string): Step => ({
  request: { op: 'double', kind: 'hmc-player', name: 'Player', keep: [method], inModules: true },
  python: '',
  only: 'document',
  parts: DOUBLED_METHODS.filter((m) => m !== method).map((m) => ({ name: m, tests: `player.${m}.` })),
});

/**
 * The kit's own: the student's Board, whose winsFor answers each board once (grade_harness/memo.py), under a look-ahead
 * that scores the boards with the student's own scoreBoard where the grader stands in the document's.
 */
const BOARD_MEMO: Step = {
  request: { op: 'double', kind: 'memo', name: 'Board', keep: ['winsFor'], inModules: true },
  python: '',
  only: 'own',
  speedOnly: true,
};

const BOARD_UNDO: Step = {
  request: { op: 'double', kind: 'hmc-board-undo', name: 'Board', inModules: true },
  python: '',
  only: 'document',
  parts: [],
};

/** The document's scores are written `[0, 0, 50, …]` in its own example and as floats everywhere else. */
const scoresArg = (testCase: FixtureCase, scores: readonly number[]): Arg => ({
  type: 'list',
  items: scores.map((s) => (testCase.id.includes('.doc.') ? int(s) : { type: 'float', value: s })),
});

export function hmcInteraction(target: string, testCase: FixtureCase, options: { readonly whole?: boolean } = {}): Interaction {
  const input = hmcInput(testCase);
  const method = target.split('.')[1]!;
  const steps: Step[] = [];
  // The student's Board with a delMove that takes back exactly the last move (plan.ts: a Board's mistake, charged once).
  if (input.boardUndo) steps.push(BOARD_UNDO);
  // The Player's methods build on each other; a test of one gets the document's versions of the others.
  if (DEPENDENT_METHODS.includes(method) && !options.whole) steps.push(playerDouble(method));
  if (input.board && (method === 'scoresFor' || method === 'nextMove')) steps.push(BOARD_MEMO);
  if (input.board) steps.push(...boardSteps(input.board));
  steps.push(playerCall(input.player!, 'p'));
  switch (target) {
    case 'Player.__repr__':
      steps.push(repr(['p'], 'result'));
      break;
    case 'Player.oppCh':
      steps.push(call(['p', 'oppCh'], [], { observe: 'result' }));
      break;
    case 'Player.scoreBoard':
    case 'Player.scoresFor':
      steps.push(call(['p', target.split('.')[1]!], [refB], { observe: 'result' }));
      break;
    case 'Player.tiebreakMove':
      steps.push(call(['p', 'tiebreakMove'], [scoresArg(testCase, [...(input.scores ?? [])])], { observe: 'result' }));
      break;
    case 'Player.nextMove':
      steps.push(call(['p', 'nextMove'], [refB], { observe: 'result', ...(input.inputs && { inputs: [...input.inputs] }) }));
      break;
    default:
      throw new Error(`no HMC interaction for target ${target} (case ${testCase.id})`);
  }
  return { steps };
}

/** The document's board for setBoard('1211244445'), row 0 at the top. */
export const DOCUMENT_BOARD: HmcBoardInput = {
  width: 7,
  height: 6,
  moves: '1211244445',
  rows: ['       ', '       ', '    X  ', ' O  O  ', ' XX X  ', ' XO OO '],
};

function playerNode(player: HmcPlayerInput) {
  return { call: 'Player', args: [player.ox, player.tiebreak, player.ply] };
}

const playerPython = (player: HmcPlayerInput) =>
  `Player('${player.ox}', '${player.tiebreak}', ${player.ply === 'HUMAN' ? "'HUMAN'" : player.ply})`;

/**
 * A game judges its loop (turns, the boards printed, the winner): the computer players look ahead with the
 * document's scoresFor, which costs little, and keep the student's other methods. Their own scoresFor is graded by
 * its tests; a plain one costs most of a class's time in these games.
 */
const DOCUMENT_LOOKAHEAD = {
  replace: [{ kind: 'hmc-player', name: 'Player', keep: ['oppCh', 'scoreBoard', 'tiebreakMove'] }],
  only: 'document',
  note: "The computer players looked ahead with the document's scoresFor, which costs little; yours is graded by the scoresFor tests, and these games judge the rest: playGame, your Board, nextMove and tiebreakMove.",
  ownNote:
    "Here the computer players looked ahead with your own scoresFor and scoreBoard; after you submit they look ahead with the document's, so a game that goes wrong only here comes from your scoresFor or the methods it calls, which the hidden tests grade.",
  // The kit's: the student's own Board, whose winsFor answers each board once (grade_harness/memo.py).
  ownReplace: [{ kind: 'memo', name: 'Board', keep: ['winsFor'] }],
} as const;

/** `Board(7, 6).playGame(p1, p2)` on the terminal, between the case's two players. */
export function hmcProgram(testCase: FixtureCase): ProgramPlan {
  const input = hmcInput(testCase);
  const { player1, player2 } = input;
  if (!player1 || !player2) throw new Error(`internal: the game case ${testCase.id} has no players`);
  const answers = [...(input.inputs ?? [])];
  // A game may start from a position the document's way builds: setBoard on the student's own Board.
  const setup = input.moves === undefined ? [] : [{ method: 'setBoard', args: [input.moves] }];
  return {
    call: { call: 'Board', args: [7, 6], then: [...setup, { method: 'playGame', args: [playerNode(player1), playerNode(player2)] }] },
    prompt: caseText(testCase, 'prompt', HMC_PROMPT),
    anyPrompt: true,
    answers,
    ...([player1, player2].some((p) => typeof p.ply === 'number' && p.ply > 0) && { fastPlayers: DOCUMENT_LOOKAHEAD }),
    reproduce: `b = Board(7, 6)   # width, height\n${input.moves === undefined ? '' : `b.setBoard('${input.moves}')\n`}b.playGame(${playerPython(player1)}, ${playerPython(player2)})${answers.length > 0 ? `   # type: ${answers.join(', ')}` : ''}`,
  };
}
