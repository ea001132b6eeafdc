/** Golden cases for HMC CS5 Homework 11 (document 001): float scores, width-first boards, IPython examples. */
import { type Grid, XO_SPACE, getCell, gridToRows, setCell } from '../../../reference/core/grid.js';
import { FULL_BOARD_RULES, TIEBREAKS, lookaheadCost, scoreColumnsEveryRule } from '../../../reference/core/lookahead.js';
import { CHECKERS, pieceOf } from '../../../reference/hmc-cs5-hw11.js';
import * as ref from '../../../reference/hmc-cs5-hw11.js';
import { formatPy, formatPyStr, py } from '../../model/py-value.js';
import { type AssignmentContext, boardSize, documentSource, fileMaker, familyRng, generated, nth } from '../../fixtures/build-context.js';
import type { FixtureCase, FixtureFile } from '../../model/fixture-types.js';
import { type Position, drawnGameMoves, fullDrawnGrid, positionWithin, randomPlies, randomPosition } from '../../fixtures/positions.js';
import { strengthCases } from '../../fixtures/strength-cases.js';
import type { HmcBoardInput } from './steps.js';

/** Generated scoresFor cases per ply 0–5, and the most boards a plain search may try for one of them. */
const SCORES_FOR_CASES = [12, 12, 8, 8, 6, 6];
const SCORES_FOR_BOARDS = [0, 7, 40, 60, 80, 100];
/** The two players' tie-breaks in a generated game: LEFT against LEFT first (those games run longest), then each side RIGHT. */
const GAME_TIEBREAKS = [
  ['LEFT', 'LEFT'],
  ['LEFT', 'RIGHT'],
  ['RIGHT', 'LEFT'],
] as const;
/**
 * The most boards both players' searches may try over one generated game, and over the family. A game's verdict is
 * playGame's loop (who moves, when it stops, who wins, what it says): the players' look-ahead is graded by scoresFor's
 * and nextMove's own tests, and a game that goes wrong is played again with the document's parts. So the players
 * are the cheapest that still play real games, ply 0 and 1, one game for each pair of plies and the cheapest more
 * while the family's budget lasts: a plainly written student's Board costs several times ours in each game (ply 2's
 * games were four fifths of the family's boards, and each game is a program of its own).
 */
const GAME_BOARDS = 100;
const GAMES_BOARDS = 200;

/** The most positions the types test's family draws for one with a full column. */
const TYPES_TRIES = 1000;

/** The ply the Player's strength is measured at. */
const STRENGTH_PLY = 3;

export const boardInput = (grid: Grid, moves?: string): HmcBoardInput => {
  const input = { width: grid.cols, height: grid.rows, rows: gridToRows(grid, XO_SPACE) };
  return moves !== undefined ? { ...input, moves } : input;
};

/** Width first. A move string when one reaches the board, else addMove calls column by column, bottom up. */
export function boardSetup(board: HmcBoardInput, grid: Grid): string {
  const head = `b = Board(${board.width}, ${board.height})`;
  if (board.moves !== undefined) return board.moves === '' ? head : `${head}\nb.setBoard('${board.moves}')`;
  const calls: string[] = [];
  for (let c = 0; c < grid.cols; c++) {
    for (let r = grid.rows - 1; r >= 0; r--) {
      const cell = getCell(grid, r, c);
      if (cell !== 0) calls.push(`b.addMove(${c}, '${cell === 1 ? 'X' : 'O'}')`);
    }
  }
  return [head, ...calls].join('\n');
}

const rowsText = (grid: Grid) =>
  ref
    .boardText(grid)
    .split('\n')
    .filter((l) => l.startsWith('|'))
    .join('\n');

export function buildHmcFixtures(ctx: AssignmentContext): FixtureFile[] {
  const doc = (excerpt: string) => documentSource(ctx, excerpt);
  const file = fileMaker(ctx);

  const repr: FixtureCase[] = [];
  const docPlayers: [ref.HmcPlayer, number][] = [
    [{ ox: 'X', tiebreak: 'LEFT', ply: 2 }, 1],
    [{ ox: 'O', tiebreak: 'RANDOM', ply: 'HUMAN' }, 3],
  ];
  for (const [p, n] of docPlayers) {
    const source = doc(`In [${n}]: p = ${ref.playerConstructor(p)}\nIn [${n + 1}]: p\nOut[${n + 1}]: ${ref.playerRepr(p)}`);
    repr.push({
      id: `Player.__repr__.doc.${p.ox}-${p.ply}`,
      source,
      input: { player: p },
      python: `repr(${ref.playerConstructor(p)})`,
      expected: { value: py.str(ref.playerRepr(p)) },
    });
  }
  let i = 0;
  for (const ox of CHECKERS)
    for (const tiebreak of TIEBREAKS)
      for (const ply of [0, 1, 5, 'HUMAN'] as const) {
        const p: ref.HmcPlayer = { ox, tiebreak, ply };
        repr.push({
          id: `Player.__repr__.gen.${nth(i++)}`,
          source: generated(ctx, 'repr'),
          input: { player: p },
          python: `repr(${ref.playerConstructor(p)})`,
          expected: { value: py.str(ref.playerRepr(p)) },
        });
      }

  const oppCh: FixtureCase[] = [];
  {
    const s1 = doc(`In [1]: p = Player('X', 'LEFT', 3)\nIn [2]: p.oppCh()\nOut[2]: ${formatPyStr('O')}`);
    const s2 = doc(`In [3]: Player('O', 'LEFT', 0).oppCh()\nOut[3]: ${formatPyStr('X')}`);
    oppCh.push({
      id: 'Player.oppCh.doc.X',
      source: s1,
      input: { player: { ox: 'X', tiebreak: 'LEFT', ply: 3 } },
      python: "Player('X', 'LEFT', 3).oppCh()",
      expected: { value: py.str('O') },
    });
    oppCh.push({
      id: 'Player.oppCh.doc.O',
      source: s2,
      input: { player: { ox: 'O', tiebreak: 'LEFT', ply: 0 } },
      python: "Player('O', 'LEFT', 0).oppCh()",
      expected: { value: py.str('X') },
    });
  }

  const scoreBoard: FixtureCase[] = [];
  {
    const b = ref.newBoard(7, 6);
    for (let k = 0; k < 4; k++) ref.addMove(b, 0, 'X');
    doc(`In [7]: b # just to check...\n${rowsText(b)}`);
    const p: ref.HmcPlayer = { ox: 'X', tiebreak: 'LEFT', ply: 0 };
    const { score } = ref.scoreBoard(b, p);
    const source = doc(`In [8]: p.scoreBoard(b)\nOut[6]: ${formatPy(py.float(score))}`);
    scoreBoard.push({
      id: 'Player.scoreBoard.doc.win',
      source,
      input: { board: boardInput(b), player: p },
      python: `${boardSetup(boardInput(b), b)}\nPlayer('X', 'LEFT', 0).scoreBoard(b)`,
      expected: { value: py.float(score) },
    });
    const rng = familyRng(ctx, 'scoreBoard');
    for (let j = 0; j < 40; j++) {
      const size = boardSize(ctx, j);
      const pos = randomPosition(rng, { ...size, plies: randomPlies(rng, 7, 30, size) });
      const player: ref.HmcPlayer = { ox: rng.pick(CHECKERS), tiebreak: 'LEFT', ply: 0 };
      const result = ref.scoreBoard(pos.grid, player);
      const bi = boardInput(pos.grid, pos.moves);
      const c: FixtureCase = {
        id: `Player.scoreBoard.gen.${nth(j)}`,
        source: generated(ctx, 'scoreBoard'),
        input: { board: bi, player },
        python: `${boardSetup(bi, pos.grid)}\n${ref.playerConstructor(player)}.scoreBoard(b)`,
        expected: { value: py.float(result.score) },
      };
      scoreBoard.push(
        result.alternatives.length
          ? { ...c, lenient: { reason: 'both players have four in a row', choice: 'self first', alsoAccepted: [py.float(0)] } }
          : c,
      );
    }
  }

  const tiebreakMove: FixtureCase[] = [];
  {
    const scores = [0, 0, 50, 0, 50, 50, 0];
    const docTb: [string, ref.HmcPlayer, number, number][] = [
      ['p', { ox: 'X', tiebreak: 'LEFT', ply: 1 }, 4, 2],
      ['p2', { ox: 'X', tiebreak: 'RIGHT', ply: 1 }, 5, 5],
    ];
    for (const [name, p, n, answer] of docTb) {
      const got = ref.tiebreakMove(scores, p.tiebreak);
      if (got[0] !== answer) throw new Error('tiebreakMove disagrees with the document');
      tiebreakMove.push({
        id: `Player.tiebreakMove.doc.${p.tiebreak}`,
        source: doc(`In [${n}]: ${name}.tiebreakMove(scores)\nOut[${n}]: ${got[0]}`),
        input: { scores, player: p },
        python: `${ref.playerConstructor(p)}.tiebreakMove(${formatPy(py.ints(scores))})`,
        expected: { value: py.int(got[0]) },
      });
    }
    const rng = familyRng(ctx, 'tiebreakMove');
    for (let j = 0; j < 30; j++) {
      const list = Array.from({ length: 1 + rng.int(10) }, () => rng.pick([-1, 0, 50, 100]));
      const p: ref.HmcPlayer = { ox: 'X', tiebreak: TIEBREAKS[j % 3]!, ply: 1 };
      const got = ref.tiebreakMove(list, p.tiebreak);
      tiebreakMove.push({
        id: `Player.tiebreakMove.gen.${nth(j)}`,
        source: generated(ctx, 'tiebreakMove'),
        input: { scores: list, player: p },
        python: `${ref.playerConstructor(p)}.tiebreakMove(${formatPy(py.floats(list))})`,
        expected: got.length === 1 ? { value: py.int(got[0]!) } : { oneOf: got.map(py.int) },
      });
    }
  }

  const scoresFor: FixtureCase[] = [];
  const nextMove: FixtureCase[] = [];
  {
    const b = ref.boardFromMoves(7, 6, '1211244445');
    const bi = boardInput(b, '1211244445');
    doc(`In [1]: b\n${rowsText(b)}`);
    const docScores: ref.HmcPlayer[] = [
      { ox: 'X', tiebreak: 'RIGHT', ply: 0 },
      { ox: 'X', tiebreak: 'LEFT', ply: 0 },
      { ox: 'O', tiebreak: 'LEFT', ply: 1 },
      { ox: 'X', tiebreak: 'LEFT', ply: 2 },
      { ox: 'X', tiebreak: 'LEFT', ply: 3 },
      { ox: 'O', tiebreak: 'LEFT', ply: 3 },
      { ox: 'O', tiebreak: 'LEFT', ply: 4 },
    ];
    for (const p of docScores) {
      const source = doc(
        `In [1]: p = ${ref.playerConstructor(p)}\nIn [2]: p.scoresFor(b)\nOut[2]: ${formatPy(py.floats(ref.scoresFor(b, p)))}`,
      );
      scoresFor.push(scoresForCase(`Player.scoresFor.doc.${p.ox}-${p.tiebreak}-${p.ply}`, source, bi, b, p));
    }
    const docNext: [ref.HmcPlayer, string][] = [
      [{ ox: 'X', tiebreak: 'LEFT', ply: 1 }, 'In [3]: p.nextMove(b)\nOut[3]: '],
      [{ ox: 'X', tiebreak: 'RIGHT', ply: 1 }, "In [4]: p = Player('X', 'RIGHT', 1)\nIn [5]: p.nextMove(b)\nOut[5]: "],
      [{ ox: 'X', tiebreak: 'LEFT', ply: 2 }, "In [6]: p = Player('X', 'LEFT', 2)\nIn [7]: p.nextMove(b)\nOut[7]: "],
      [{ ox: 'X', tiebreak: 'RIGHT', ply: 2 }, "In [1]: p = Player('X', 'RIGHT', 2)\nIn [2]: p.nextMove(b)\nOut[2]: "],
      [{ ox: 'X', tiebreak: 'RANDOM', ply: 2 }, "In [1]: p = Player('X', 'RANDOM', 2)\nIn [2]: p.nextMove(b)\nOut[2]: "],
    ];
    for (const [p, prefix] of docNext) {
      const answer = ref.nextMove(b, p);
      nextMove.push({
        id: `Player.nextMove.doc.${p.tiebreak}-${p.ply}`,
        source: doc(`${prefix}${answer[0]}`),
        input: { board: bi, player: p },
        python: `${boardSetup(bi, b)}\n${ref.playerConstructor(p)}.nextMove(b)`,
        expected: answer.length === 1 ? { value: py.int(answer[0]!) } : { oneOf: answer.map(py.int) },
      });
    }
    const human: ref.HmcPlayer = { ox: 'X', tiebreak: 'LEFT', ply: 'HUMAN' };
    nextMove.push({
      id: 'Player.nextMove.doc.HUMAN',
      source: doc(`In [1]: p = Player('X', 'LEFT', 'HUMAN')\nIn [2]: p.nextMove(b)\n${ref.HUMAN_PROMPT}2\nOut[2]: 2`),
      input: { board: bi, player: human, inputs: ['2'] },
      python: `${boardSetup(bi, b)}\nPlayer('X', 'LEFT', 'HUMAN').nextMove(b)   # type 2`,
      expected: { value: py.int(2) },
    });
    // One move from a full board: the case the document's rule leaves open (both readings accepted, and marked). A
    // full board with no four, its last two columns' top slots left open.
    for (const ply of [1, 2, 3]) {
      const { rows, cols } = boardSize(ctx, ply - 1);
      const nearlyFull = { rows, cols, cells: fullDrawnGrid(rows, cols).cells.slice() };
      setCell(nearlyFull, 0, cols - 1, 0);
      setCell(nearlyFull, 0, cols - 2, 0);
      for (const ox of CHECKERS)
        scoresFor.push(
          scoresForCase(
            `Player.scoresFor.gen.nearly-full-${ox}-${ply}`,
            generated(ctx, 'scoresFor.full'),
            boardInput(nearlyFull),
            nearlyFull,
            { ox, tiebreak: 'LEFT', ply },
          ),
        );
    }
    // The types test's own positions (ply 0 and 1, a full column or two among open ones): no hidden test's case
    // ships in the student's kit.
    {
      const own = familyRng(ctx, 'scoresFor.types');
      for (let k = 0; k < 4; k++) {
        const ox = own.pick(CHECKERS);
        const size = boardSize(ctx, k);
        const draw = (): Position =>
          positionWithin(
            own,
            { ...size, plies: randomPlies(own, 28, 10, size), avoidWins: true },
            { boards: SCORES_FOR_BOARDS[1]!, lookahead: 1, me: pieceOf(ox), reach: true },
          );
        // A -1.0 to judge: draw again until a column is full.
        let pos = draw();
        for (let tries = 1; !ref.scoresFor(pos.grid, { ox, tiebreak: 'LEFT', ply: 0 }).includes(-1); tries++) {
          if (tries === TYPES_TRIES) throw new Error(`no ${size.rows}×${size.cols} position with a full column in ${TYPES_TRIES} tries`);
          pos = draw();
        }
        scoresFor.push(
          scoresForCase(
            `Player.scoresFor.types.gen.${nth(k)}`,
            generated(ctx, 'scoresFor.types'),
            boardInput(pos.grid, pos.moves),
            pos.grid,
            { ox, tiebreak: 'LEFT', ply: k % 2 },
          ),
        );
      }
    }
    // Every ply from 0 to 5, each case within a budget of boards a plain search tries (reference lookaheadCost):
    // deep plies on crowded boards, so depth 5 costs a few hundred boards, not 16,807. One case in four allows a
    // finished game (scores without a search).
    const rng = familyRng(ctx, 'scoresFor');
    let j = 0;
    for (let ply = 0; ply <= 5; ply++) {
      for (let k = 0; k < SCORES_FOR_CASES[ply]!; k++) {
        const ox = rng.pick(CHECKERS);
        const finished = k % 4 === 0;
        const size = boardSize(ctx, j);
        const options = { ...size, plies: randomPlies(rng, 4, 34, size), avoidWins: !finished };
        const pos = positionWithin(rng, options, { boards: SCORES_FOR_BOARDS[ply]!, lookahead: ply, me: pieceOf(ox), reach: !finished });
        const p: ref.HmcPlayer = { ox, tiebreak: 'LEFT', ply };
        scoresFor.push(
          scoresForCase(`Player.scoresFor.gen.${nth(j++)}`, generated(ctx, 'scoresFor'), boardInput(pos.grid, pos.moves), pos.grid, p),
        );
        if (k < 5) {
          const tb: ref.HmcPlayer = { ...p, tiebreak: TIEBREAKS[k % 3]! };
          const answer = ref.nextMove(pos.grid, tb);
          const pi = boardInput(pos.grid, pos.moves);
          nextMove.push({
            id: `Player.nextMove.gen.${nth(j)}`,
            source: generated(ctx, 'nextMove'),
            input: { board: pi, player: tb },
            python: `${boardSetup(pi, pos.grid)}\n${ref.playerConstructor(tb)}.nextMove(b)`,
            expected: answer.length === 1 ? { value: py.int(answer[0]!) } : { oneOf: answer.map(py.int) },
          });
        }
      }
    }
  }

  const playGame: FixtureCase[] = [];
  {
    const p1: ref.HmcPlayer = { ox: 'X', tiebreak: 'LEFT', ply: 0 };
    const p2: ref.HmcPlayer = { ox: 'O', tiebreak: 'LEFT', ply: 0 };
    const game = ref.playGame(ref.newBoard(7, 6), p1, p2);
    const source = doc(`${rowsText(game.finalBoard)}\n-----\n 0 1 2 3 4 5 6\n\n${game.finalMessage}`);
    playGame.push(gameCase('Board.playGame.doc.left-0-vs-left-0', source, p1, p2, game));
    // Games between small plies with both tie-breaks on either side, chosen by what the two players' plain searches
    // try over the whole game: one game for every pair of plies that fits the budget of one game (LEFT against
    // LEFT first: those games run longest, so a wrong look-ahead has the most moves to show in), then more while the
    // family's budget lasts. Ply 2 never fits (a game with it tries 349 boards or more), nor ply 3 (1,505).
    const candidates: { q1: ref.HmcPlayer; q2: ref.HmcPlayer; game: ref.PlayGameRecord; boards: number }[] = [];
    for (const a of [0, 1, 2, 3])
      for (const c of [0, 1, 2, 3])
        for (const [ta, tc] of GAME_TIEBREAKS) {
          const q1: ref.HmcPlayer = { ox: 'X', tiebreak: ta, ply: a };
          const q2: ref.HmcPlayer = { ox: 'O', tiebreak: tc, ply: c };
          const game = ref.playGame(ref.newBoard(7, 6), q1, q2);
          const boards = gameBoards(q1, q2, game.columns);
          if (boards <= GAME_BOARDS) candidates.push({ q1, q2, game, boards });
        }
    const plies = (g: (typeof candidates)[number]) => `${g.q1.ply}-${g.q2.ply}`;
    const firsts = candidates.filter((g, i) => candidates.findIndex((h) => plies(h) === plies(g)) === i);
    const chosen = new Set(firsts);
    let spent = firsts.reduce((n, g) => n + g.boards, 0);
    for (const g of candidates) {
      if (chosen.has(g) || spent + g.boards > GAMES_BOARDS) continue;
      chosen.add(g);
      spent += g.boards;
    }
    let k = 0;
    for (const g of candidates)
      if (chosen.has(g)) playGame.push(gameCase(`Board.playGame.gen.${nth(k++)}`, generated(ctx, 'playGame'), g.q1, g.q2, g.game));
    // No game between small plies from the empty board ends in a tie, so one starts from a drawn game's last few
    // moves (setBoard, X to move): playGame must stop at the full board and say so.
    const drawn = drawnGameMoves(fullDrawnGrid(6, 7));
    tie: for (const left of [4, 6, 8]) {
      const moves = drawn!.slice(0, drawn!.length - left).join('');
      for (const [ta, tc] of GAME_TIEBREAKS) {
        const q1: ref.HmcPlayer = { ox: 'X', tiebreak: ta, ply: 1 };
        const q2: ref.HmcPlayer = { ox: 'O', tiebreak: tc, ply: 1 };
        const game = ref.playGame(ref.boardFromMoves(7, 6, moves), q1, q2);
        if (game.winner !== null) continue;
        playGame.push(gameCase('Board.playGame.gen.tie', generated(ctx, 'playGame.tie'), q1, q2, game, moves));
        break tie;
      }
    }
    // X, moving first, wins every game between such players from the empty board: one starts from the opening of a
    // game O wins (a ply-2 O against a ply-0 X; setBoard, X to move), the latest such opening from which players of
    // ply 0 or 1 still let O win, so playGame must see O's four and name O.
    const won = ref.playGame(ref.newBoard(7, 6), { ox: 'X', tiebreak: 'LEFT', ply: 0 }, { ox: 'O', tiebreak: 'LEFT', ply: 2 });
    oWins: for (let n = won.columns.length - 2; n >= 0 && won.winner === 'O'; n -= 2) {
      const moves = won.columns.slice(0, n).join('');
      for (const [a, c] of [
        [0, 0],
        [0, 1],
        [1, 0],
        [1, 1],
      ] as const)
        for (const [ta, tc] of GAME_TIEBREAKS) {
          const q1: ref.HmcPlayer = { ox: 'X', tiebreak: ta, ply: a };
          const q2: ref.HmcPlayer = { ox: 'O', tiebreak: tc, ply: c };
          const game = ref.playGame(ref.boardFromMoves(7, 6, moves), q1, q2);
          if (game.winner !== 'O' || game.columns.length < 4 || gameBoards(q1, q2, game.columns, moves) > GAME_BOARDS) continue;
          playGame.push(gameCase('Board.playGame.gen.o-wins', generated(ctx, 'playGame.o-wins'), q1, q2, game, moves));
          break oWins;
        }
    }
  }

  return [
    file('Player.__repr__', 'The three-line player description.', repr),
    file('Player.oppCh', "The other player's checker.", oppCh),
    file('Player.scoreBoard', '100.0, 50.0 or 0.0 for a board.', scoreBoard),
    file('Player.tiebreakMove', 'The column of the best score by tie-break.', tiebreakMove),
    file('Player.scoresFor', 'Lookahead scores as floats.', scoresFor),
    file('Player.nextMove', 'The chosen column, computer or HUMAN.', nextMove),
    file(
      'Player.strength',
      "Middle-game positions labelled by the perfect solver, for Player.nextMove's strength (LEFT, ply 3).",
      strengthCases(ctx, 'Player.strength', (p) => {
        const board = boardInput(p.grid, p.moves);
        const player: ref.HmcPlayer = { ox: p.toMove === 1 ? 'X' : 'O', tiebreak: 'LEFT', ply: STRENGTH_PLY };
        return { input: { board, player }, python: `${boardSetup(board, p.grid)}\n${ref.playerConstructor(player)}.nextMove(b)` };
      }),
    ),
    file('Board.playGame', 'Whole games between computer players: the final board and message.', playGame),
  ];
}

export function scoresForCase(id: string, source: FixtureCase['source'], board: HmcBoardInput, grid: Grid, p: ref.HmcPlayer): FixtureCase {
  const { byRule, ambiguous } = scoreColumnsEveryRule(grid, pieceOf(p.ox), p.ply as number);
  // Who already has four decides every open column at once, whatever the ply: one rule, graded by one test (spec
  // `where` on `won`), so the ply groups keep to games still going.
  const mine = ref.winsFor(grid, p.ox);
  const theirs = ref.winsFor(grid, p.ox === 'X' ? 'O' : 'X');
  const won = mine && theirs ? 'both' : mine ? 'self' : theirs ? 'opponent' : 'none';
  const base: FixtureCase = {
    id,
    source,
    input: { board, player: p, won },
    python: `${boardSetup(board, grid)}\n${ref.playerConstructor(p)}.scoresFor(b)`,
    expected: { value: py.floats(byRule.complement) },
    // What the call asks of a plain search (every trial move at every level), for a timeout's message in the kit.
    facts: { boards: lookaheadCost(grid, pieceOf(p.ox), p.ply as number).boards },
  };
  if (!ambiguous) return base;
  return {
    ...base,
    lenient: {
      reason: 'a move here can fill the board within the ply; the document does not say what an all -1.0 reply is worth',
      choice: 'complement',
      alsoAccepted: FULL_BOARD_RULES.filter((r) => r !== 'complement').map((r) => py.floats(byRule[r])),
      open: true,
    },
  };
}

/** The boards both players' plain searches try over a game's moves. */
function gameBoards(p1: ref.HmcPlayer, p2: ref.HmcPlayer, columns: readonly number[], moves?: string): number {
  const grid = moves === undefined ? ref.newBoard(7, 6) : ref.boardFromMoves(7, 6, moves);
  let boards = 0;
  columns.forEach((column, i) => {
    const p = i % 2 === 0 ? p1 : p2;
    boards += lookaheadCost(grid, pieceOf(p.ox), p.ply as number).boards;
    ref.addMove(grid, column, p.ox);
  });
  return boards;
}

function gameCase(
  id: string,
  source: FixtureCase['source'],
  p1: ref.HmcPlayer,
  p2: ref.HmcPlayer,
  game: ref.PlayGameRecord,
  moves?: string,
): FixtureCase {
  return {
    id,
    source,
    input: { player1: p1, player2: p2, columns: game.columns, ...(moves !== undefined && { moves }) },
    python: `b = Board(7, 6)\n${moves === undefined ? '' : `b.setBoard('${moves}')\n`}b.playGame(${ref.playerConstructor(p1)}, ${ref.playerConstructor(p2)})`,
    // The end of what playGame prints: the last board and, after a win, `X wins!`. Checks read boards by cells.
    expected: { stdout: ref.boardText(game.finalBoard) + (game.finalMessage ? `\n${game.finalMessage}\n` : '') },
  };
}
