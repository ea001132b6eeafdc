/** Golden cases for CS 111 Problem Set 9: every example of document 000, then generated families per method (the Board's in board-cases.ts). */
import { type Grid, setCell } from '../../../reference/core/grid.js';
import { FULL_BOARD_RULES, TIEBREAKS, type Tiebreak, lookaheadCost, scoreColumnsEveryRule } from '../../../reference/core/lookahead.js';
import * as ref from '../../../reference/cs111-ps9.js';
import { formatPy, formatPyStr, py } from '../../model/py-value.js';
import { type AssignmentContext, boardSize, documentSource, fileMaker, familyRng, generated, nth } from '../../fixtures/build-context.js';
import type { FixtureCase, FixtureFile } from '../../model/fixture-types.js';
import { drawnGameMoves, fullDrawnGrid, positionWithin, randomPlies, randomPosition } from '../../fixtures/positions.js';
import { strengthCases } from '../../fixtures/strength-cases.js';
import { type BoardInput, boardInput, boardSetup, buildBoardFixtures, reprLines, shellBoard } from './board-cases.js';

/** The most boards a plain scores_for may try for one generated case, by lookahead 0–5 (reference lookaheadCost). */
const LOOKAHEAD_BOARDS = [0, 7, 40, 60, 80, 100];

/** The look-ahead AIPlayer's strength is measured at: deep enough to show a wrong scores_for, cheap enough for a class (0.3 s a submission). */
const STRENGTH_LOOKAHEAD = 3;

export function buildCs111Fixtures(ctx: AssignmentContext): FixtureFile[] {
  const doc = (excerpt: string) => documentSource(ctx, excerpt);
  const file = fileMaker(ctx);

  // ---- Player -------------------------------------------------------------------------------------------------
  const player: FixtureCase[] = [];
  const opponent: FixtureCase[] = [];
  {
    const reprSource = doc(`>>> p1 = Player('X')\n>>> p1\nPlayer X\n>>> p2 = Player('O')\n>>> p2\nPlayer O`);
    for (const checker of ref.CHECKERS) {
      player.push({
        id: `Player.__repr__.doc.${checker}`,
        source: reprSource,
        input: { player: { kind: 'human', checker } },
        python: `repr(Player('${checker}'))`,
        expected: { value: py.str(ref.playerRepr({ kind: 'human', checker })) },
      });
    }
    const oppSource = doc(`>>> p = Player('X')\n>>> p.opponent_checker()\n${formatPyStr(ref.opponentChecker('X'))}`);
    for (const checker of ref.CHECKERS) {
      opponent.push({
        id: `Player.opponent_checker.${checker === 'X' ? 'doc' : 'gen'}.${checker}`,
        source: checker === 'X' ? oppSource : generated(ctx, 'opponent_checker'),
        input: { player: { kind: 'human', checker } },
        python: `Player('${checker}').opponent_checker()`,
        expected: { value: py.str(ref.opponentChecker(checker)) },
      });
    }
  }
  const nextMove: FixtureCase[] = [];
  {
    const b1 = ref.newBoard(6, 7);
    const outcome = ref.humanNextMove(b1, ['-1', '7', '5']);
    if (outcome.status !== 'ok') throw new Error('document example of next_move did not complete');
    nextMove.push({
      id: 'Player.next_move.doc.retries',
      source: doc(
        `>>> p = Player('X')\n>>> b1 = Board(6, 7)    # valid column numbers are 0 - 6\n>>> p.next_move(b1)\n${outcome.output}${outcome.column}\n>>> p.num_moves\n1`,
      ),
      input: { board: boardInput(b1, ''), player: { kind: 'human', checker: 'X' }, inputs: ['-1', '7', '5'], numMovesAfter: 1 },
      python: "p = Player('X')\nb1 = Board(6, 7)\np.next_move(b1)   # type -1, 7, 5",
      expected: { stdout: outcome.output, value: py.int(outcome.column) },
    });
    const rng = familyRng(ctx, 'next_move');
    for (let i = 0; i < 30; i++) {
      const size = boardSize(ctx, i);
      const pos = randomPosition(rng, { ...size, plies: randomPlies(rng, 20, 22, size) });
      const board = boardInput(pos.grid, pos.moves);
      const open = columnsOf(size).filter((c) => ref.canAddTo(pos.grid, c));
      const full = columnsOf(size).filter((c) => !ref.canAddTo(pos.grid, c));
      if (open.length === 0) continue;
      const bad = [String(-1 - rng.int(3)), String(size.cols + rng.int(3)), ...full.slice(0, 2).map(String)];
      const inputs = [...bad.slice(0, 1 + rng.int(bad.length)), String(rng.pick(open))];
      const out = ref.humanNextMove(pos.grid, inputs);
      if (out.status !== 'ok') continue;
      const checker = rng.pick(ref.CHECKERS);
      nextMove.push({
        id: `Player.next_move.gen.${nth(i)}`,
        source: generated(ctx, 'next_move'),
        input: { board, player: { kind: 'human', checker }, inputs },
        python: `${boardSetup(board)}\np = Player('${checker}')\np.next_move(b)   # type ${inputs.join(', ')}`,
        expected: { stdout: out.output, value: py.int(out.column) },
      });
    }
    // The hidden counting test's own calls: no hidden test's case ships in the student's kit.
    const own = familyRng(ctx, 'next_move.count');
    for (let i = 0; i < 4; i++) {
      const size = boardSize(ctx, i);
      const pos = randomPosition(own, { ...size, plies: randomPlies(own, 10, 20, size) });
      const open = columnsOf(size).filter((c) => ref.canAddTo(pos.grid, c));
      if (open.length === 0) continue;
      const board = boardInput(pos.grid, pos.moves);
      const inputs = [...(i % 2 === 1 ? [String(size.cols + own.int(3))] : []), String(own.pick(open))];
      const out = ref.humanNextMove(pos.grid, inputs);
      if (out.status !== 'ok') continue;
      const checker = own.pick(ref.CHECKERS);
      nextMove.push({
        id: `Player.next_move.count.gen.${nth(i)}`,
        source: generated(ctx, 'next_move.count'),
        input: { board, player: { kind: 'human', checker }, inputs },
        python: `${boardSetup(board)}\np = Player('${checker}')\np.next_move(b)   # type ${inputs.join(', ')}`,
        expected: { stdout: out.output, value: py.int(out.column) },
      });
    }
  }

  // ---- process_move -------------------------------------------------------------------------------------------
  const processMove: FixtureCase[] = [];
  {
    const b1 = ref.boardFromMoves(2, 4, '001122');
    const steps: { checker: ref.Checker; before?: () => void; removes?: number }[] = [
      { checker: 'X' },
      { checker: 'O' },
      { checker: 'O', removes: 2 },
      { checker: 'X' },
    ];
    steps.forEach((step, i) => {
      if (step.removes) for (let k = 0; k < step.removes; k++) ref.removeChecker(b1, 3);
      const before = boardInput({ rows: 2, cols: 4, cells: b1.cells.slice() });
      const player = { kind: 'human', checker: step.checker } as const;
      const { output: prompt } = ref.humanNextMove(b1, ['3']);
      const result = ref.processMove(b1, player, 3, 1, prompt);
      const body = result.output.replace(/\n$/, '');
      // The board after the move, which process_move.result compares the slots with (its check holds no reference).
      const facts = { boardAfter: boardInput(b1).rows };
      processMove.push({
        id: `process_move.doc.step-${i + 1}`,
        source: doc(`>>> process_move(Player('${step.checker}'), b1)\n${body}\n${formatPy(py.bool(result.returned))}`),
        input: { board: before, player, inputs: ['3'] },
        python: `${boardSetup(before, 'b1')}\nprocess_move(Player('${step.checker}'), b1)   # type 3`,
        expected: { stdout: result.output, value: py.bool(result.returned) },
        facts,
      });
    });
    const rng = familyRng(ctx, 'process_move');
    for (let i = 0; i < 40; i++) {
      const h = 2 + rng.int(5);
      const w = 2 + rng.int(6);
      const pos = randomPosition(rng, { rows: h, cols: w, plies: rng.int(h * w), avoidWins: true });
      const open = Array.from({ length: w }, (_, c) => c).filter((c) => ref.canAddTo(pos.grid, c));
      if (open.length === 0) continue;
      const col = rng.pick(open);
      const checker = pos.plies % 2 === 0 ? 'X' : 'O';
      const made = 1 + rng.int(5);
      const board = boardInput(pos.grid, pos.moves);
      const { output: prompt } = ref.humanNextMove(pos.grid, [String(col)]);
      const work = { rows: h, cols: w, cells: pos.grid.cells.slice() };
      const result = ref.processMove(work, { kind: 'human', checker }, col, made, prompt);
      const setMoves = made > 1 ? `\np.num_moves = ${made - 1}` : '';
      processMove.push({
        id: `process_move.gen.${nth(i)}`,
        source: generated(ctx, 'process_move'),
        input: { board, player: { kind: 'human', checker }, numMovesBefore: made - 1, inputs: [String(col)] },
        python: `${boardSetup(board)}\np = Player('${checker}')${setMoves}\nprocess_move(p, b)   # type ${col}`,
        expected: { stdout: result.output, value: py.bool(result.returned) },
        facts: { boardAfter: boardInput(work).rows },
      });
    }
  }

  // ---- RandomPlayer.next_move ---------------------------------------------------------------------------------
  const randomPlayer: FixtureCase[] = [];
  {
    const b = ref.boardFromMoves(2, 4, '001223');
    const docCases: [string, Grid][] = [['either', b]];
    const b2 = { rows: 2, cols: 4, cells: b.cells.slice() };
    ref.addChecker(b2, 'O', 1);
    docCases.push(['must-be-3', b2]);
    const b3 = { rows: 2, cols: 4, cells: b2.cells.slice() };
    ref.addChecker(b3, 'X', 3);
    ref.removeChecker(b3, 2);
    docCases.push(['must-be-2', b3]);
    for (const [name, grid] of docCases) {
      const board = boardInput(grid);
      randomPlayer.push({
        id: `RandomPlayer.next_move.doc.${name}`,
        source: doc(shellBoard('b', grid)),
        input: { board, player: { kind: 'random', checker: 'X' } },
        python: `${boardSetup(board)}\np = RandomPlayer('X')\np.next_move(b)`,
        expected: { oneOf: ref.randomMoveColumns(grid).map(py.int) },
      });
    }
    const rng = familyRng(ctx, 'random_player');
    for (let i = 0; i < 20; i++) {
      const size = boardSize(ctx, i);
      const pos = randomPosition(rng, { ...size, plies: randomPlies(rng, 10, 30, size) });
      if (ref.isFull(pos.grid)) continue;
      const board = boardInput(pos.grid, pos.moves);
      randomPlayer.push({
        id: `RandomPlayer.next_move.gen.${nth(i)}`,
        source: generated(ctx, 'random_player'),
        input: { board, player: { kind: 'random', checker: 'O' } },
        python: `${boardSetup(board)}\np = RandomPlayer('O')\np.next_move(b)`,
        expected: { oneOf: ref.randomMoveColumns(pos.grid).map(py.int) },
      });
    }
  }

  // ---- AIPlayer: repr, max_score_column -------------------------------------------------------------------------
  const aiRepr: FixtureCase[] = [];
  {
    const source = doc(
      `>>> p1 = AIPlayer('X', 'LEFT', 1)\n>>> p1\nPlayer X (LEFT, 1)\n>>> p2 = AIPlayer('O', 'RANDOM', 2)\n>>> p2\nPlayer O (RANDOM, 2)`,
    );
    const specs: ref.PlayerSpec[] = [
      { kind: 'ai', checker: 'X', tiebreak: 'LEFT', lookahead: 1 },
      { kind: 'ai', checker: 'O', tiebreak: 'RANDOM', lookahead: 2 },
    ];
    specs.forEach((p, i) =>
      aiRepr.push({
        id: `AIPlayer.__repr__.doc.p${i + 1}`,
        source,
        input: { player: p },
        python: `repr(${ref.playerConstructor(p)})`,
        expected: { value: py.str(ref.playerRepr(p)) },
      }),
    );
    let i = 0;
    for (const checker of ref.CHECKERS)
      for (const tiebreak of TIEBREAKS)
        for (const lookahead of [0, 3, 10]) {
          const p: ref.PlayerSpec = { kind: 'ai', checker, tiebreak, lookahead };
          aiRepr.push({
            id: `AIPlayer.__repr__.gen.${nth(i++)}`,
            source: generated(ctx, 'ai_repr'),
            input: { player: p },
            python: `repr(${ref.playerConstructor(p)})`,
            expected: { value: py.str(ref.playerRepr(p)) },
          });
        }
  }
  const maxScore: FixtureCase[] = [];
  {
    const scores = [0, 0, 50, 0, 50, 50, 0];
    const source = doc(
      `>>> scores = [0, 0, 50, 0, 50, 50, 0]\n>>> p1 = AIPlayer('X', 'LEFT', 1)\n>>> p1.max_score_column(scores)\n${ref.maxScoreColumn(scores, 'LEFT')[0]}\n>>> p2 = AIPlayer('X', 'RIGHT', 1)\n>>> p2.max_score_column(scores)\n${ref.maxScoreColumn(scores, 'RIGHT')[0]}`,
    );
    for (const tiebreak of TIEBREAKS) {
      maxScore.push(
        maxScoreCase(
          `AIPlayer.max_score_column.${tiebreak === 'RANDOM' ? 'gen' : 'doc'}.${tiebreak}`,
          tiebreak === 'RANDOM' ? generated(ctx, 'max_score_column') : source,
          scores,
          tiebreak,
        ),
      );
    }
    const rng = familyRng(ctx, 'max_score_column');
    for (let i = 0; i < 45; i++) {
      const len = 1 + rng.int(10);
      const list = Array.from({ length: len }, () => rng.pick([-1, 0, 50, 100]));
      maxScore.push(maxScoreCase(`AIPlayer.max_score_column.gen.${nth(i)}`, generated(ctx, 'max_score_column'), list, TIEBREAKS[i % 3]!));
    }
  }

  // ---- scores_for and AIPlayer.next_move ----------------------------------------------------------------------
  const scoresFor: FixtureCase[] = [];
  const aiNext: FixtureCase[] = [];
  {
    const b = ref.boardFromMoves(6, 7, '1211244445');
    const board = boardInput(b, '1211244445');
    const shown = `>>> b = Board(6, 7)\n>>> b.add_checkers('1211244445')\n${shellBoard('b', b)}`;
    const examples: [ref.Checker, number, string][] = [
      ['X', 0, "# A lookahead of 0 doesn't see threats!"],
      ['O', 1, '# (O would win if it put a checker in column 3.)'],
      ['X', 1, "# (X doesn't see that O can win if column 3 is left open.)"],
      ['X', 2, "# which will block X's possible horizontal win.)"],
      ['X', 3, '# then X can get a diagonal win by choosing column 3 again!)'],
      ['O', 3, '# other than column 3).'],
      ['O', 4, '# other than column 3).'],
    ];
    doc(shown);
    for (const [checker, lookahead, comment] of examples) {
      const call = `AIPlayer('${checker}', 'LEFT', ${lookahead}).scores_for(b)`;
      scoresFor.push(
        scoresForCase(
          `AIPlayer.scores_for.doc.${checker}-${lookahead}`,
          doc(`${comment}\n>>> ${call}\n${formatPy(py.ints(ref.scoresFor(b, checker, lookahead)))}`),
          board,
          b,
          checker,
          lookahead,
        ),
      );
    }
    const nextExamples: [Tiebreak, number, string][] = [
      ['LEFT', 1, '0'],
      ['RIGHT', 1, '6'],
      ['LEFT', 2, '3'],
      ['RIGHT', 2, '3'],
      ['RANDOM', 2, '3'],
    ];
    for (const [tiebreak, lookahead] of nextExamples) {
      const answer = ref.aiNextMove(b, 'X', tiebreak, lookahead);
      const call = `AIPlayer('X', '${tiebreak}', ${lookahead}).next_move(b)`;
      const source = doc(`>>> ${call}\n${answer[0]}`);
      aiNext.push({
        id: `AIPlayer.next_move.doc.${tiebreak}-${lookahead}`,
        source,
        input: { board, player: { kind: 'ai', checker: 'X', tiebreak, lookahead } },
        python: `${boardSetup(board)}\np = AIPlayer('X', '${tiebreak}', ${lookahead})\np.next_move(b)`,
        expected: answer.length === 1 ? { value: py.int(answer[0]!) } : { oneOf: answer.map(py.int) },
      });
    }
    const rng = familyRng(ctx, 'scores_for');
    let i = 0;
    // Every lookahead from 0 to 5, each case within a budget of boards a plain search tries (reference
    // lookaheadCost): deep lookahead on crowded boards. One case in four allows a finished game.
    for (let lookahead = 0; lookahead <= 5; lookahead++) {
      for (let k = 0; k < (lookahead >= 4 ? 8 : 14); k++) {
        const checker = rng.pick(ref.CHECKERS);
        const finished = k % 4 === 0;
        const size = boardSize(ctx, i);
        const pos = positionWithin(
          rng,
          { ...size, plies: randomPlies(rng, 4, 34, size), avoidWins: !finished },
          { boards: LOOKAHEAD_BOARDS[lookahead]!, lookahead, me: checker === 'X' ? 1 : 2, reach: !finished },
        );
        scoresFor.push(
          scoresForCase(
            `AIPlayer.scores_for.gen.${nth(i++)}`,
            generated(ctx, 'scores_for'),
            boardInput(pos.grid, pos.moves),
            pos.grid,
            checker,
            lookahead,
          ),
        );
      }
    }
    // Small and odd boards, full columns, a board one move from full (where the open rule matters), both-four boards.
    for (const [h, w] of [
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 5],
      [5, 4],
      [7, 8],
      [2, 10],
    ] as const) {
      for (const lookahead of [0, 1, 2, 3]) {
        const pos = randomPosition(rng, { rows: h, cols: w, plies: rng.int(h * w), avoidWins: true });
        scoresFor.push(
          scoresForCase(
            `AIPlayer.scores_for.gen.${nth(i++)}`,
            generated(ctx, 'scores_for.sizes'),
            boardInput(pos.grid, pos.moves),
            pos.grid,
            rng.pick(ref.CHECKERS),
            lookahead,
          ),
        );
      }
    }
    // A full board with no four, its last two columns' top slots left open.
    for (const lookahead of [1, 2, 3]) {
      const { rows, cols } = boardSize(ctx, lookahead - 1);
      const nearlyFull = { rows, cols, cells: fullDrawnGrid(rows, cols).cells.slice() };
      setCell(nearlyFull, 0, cols - 1, 0);
      setCell(nearlyFull, 0, cols - 2, 0);
      scoresFor.push(
        scoresForCase(
          `AIPlayer.scores_for.gen.nearly-full-${lookahead}`,
          generated(ctx, 'scores_for.full'),
          boardInput(nearlyFull),
          nearlyFull,
          'X',
          lookahead,
        ),
      );
    }
    // X four along the bottom row, O four up column 0.
    ref.CHECKERS.forEach((checker, k) => {
      const { rows, cols } = boardSize(ctx, k);
      const both = ref.boardFromMoves(rows, cols, '00102030');
      scoresFor.push(
        scoresForCase(
          `AIPlayer.scores_for.gen.both-win-${checker}`,
          generated(ctx, 'scores_for.wins'),
          boardInput(both, '00102030'),
          both,
          checker,
          2,
        ),
      );
    });

    const nrng = familyRng(ctx, 'ai_next_move');
    for (let j = 0; j < 40; j++) {
      const tiebreak = TIEBREAKS[j % 3]!;
      const lookahead = j % 5;
      const size = boardSize(ctx, j);
      const pos = positionWithin(
        nrng,
        { ...size, plies: randomPlies(nrng, 4, 30, size), avoidWins: true },
        { boards: LOOKAHEAD_BOARDS[lookahead]!, lookahead, me: 'to-move' },
      );
      const checker = pos.plies % 2 === 0 ? 'X' : 'O';
      const answer = ref.aiNextMove(pos.grid, checker, tiebreak, lookahead);
      const bi = boardInput(pos.grid, pos.moves);
      aiNext.push({
        id: `AIPlayer.next_move.gen.${nth(j)}`,
        source: generated(ctx, 'ai_next_move'),
        input: { board: bi, player: { kind: 'ai', checker, tiebreak, lookahead } },
        python: `${boardSetup(bi)}\np = AIPlayer('${checker}', '${tiebreak}', ${lookahead})\np.next_move(b)`,
        expected: answer.length === 1 ? { value: py.int(answer[0]!) } : { oneOf: answer.map(py.int) },
      });
    }
  }

  // ---- connect_four -------------------------------------------------------------------------------------------
  const games: FixtureCase[] = [];
  {
    const docGames: [number, number][] = [
      [0, 0],
      [1, 1],
      [3, 2],
    ];
    for (const [lx, lo] of docGames) {
      const p1: ref.PlayerSpec = { kind: 'ai', checker: 'X', tiebreak: 'LEFT', lookahead: lx };
      const p2: ref.PlayerSpec = { kind: 'ai', checker: 'O', tiebreak: 'LEFT', lookahead: lo };
      const game = ref.connectFour(p1, p2);
      const call = `connect_four(${ref.playerConstructor(p1)}, ${ref.playerConstructor(p2)})`;
      games.push(
        gameCase(
          `connect_four.doc.left-${lx}-vs-left-${lo}`,
          doc(`>>> ${call}\n# omitting everything but the final result...\n\n${game.finalMessage}\n${reprLines(game.finalBoard!)}`),
          p1,
          p2,
          [],
          game,
          call,
        ),
      );
    }
    let i = 0;
    for (const lx of [0, 1, 2, 3])
      for (const lo of [0, 1, 2, 3])
        for (const [tx, to] of [
          ['LEFT', 'RIGHT'],
          ['RIGHT', 'LEFT'],
          ['RIGHT', 'RIGHT'],
        ] as const) {
          if ((lx + lo + i) % 2 === 1) {
            i++;
            continue;
          }
          const p1: ref.PlayerSpec = { kind: 'ai', checker: 'X', tiebreak: tx, lookahead: lx };
          const p2: ref.PlayerSpec = { kind: 'ai', checker: 'O', tiebreak: to, lookahead: lo };
          const game = ref.connectFour(p1, p2);
          games.push(
            gameCase(
              `connect_four.gen.ai-${nth(i++)}`,
              generated(ctx, 'connect_four.ai'),
              p1,
              p2,
              [],
              game,
              `connect_four(${ref.playerConstructor(p1)}, ${ref.playerConstructor(p2)})`,
            ),
          );
        }
    {
      // A drawn game between two humans: the board fills with no four, and the game ends "It's a tie!".
      const order = drawnGameMoves(fullDrawnGrid(6, 7));
      if (!order) throw new Error('no move order reaches the drawn board');
      const inputs = order.map(String);
      const p1: ref.PlayerSpec = { kind: 'human', checker: 'X' };
      const p2: ref.PlayerSpec = { kind: 'human', checker: 'O' };
      const game = ref.connectFour(p1, p2, inputs);
      if (game.result !== 'tie') throw new Error(`the scripted drawn game ended ${game.result}`);
      games.push(
        gameCase(
          'connect_four.gen.human-tie',
          generated(ctx, 'connect_four.tie'),
          p1,
          p2,
          inputs,
          game,
          `connect_four(${ref.playerConstructor(p1)}, ${ref.playerConstructor(p2)})`,
        ),
      );
    }
    {
      // Column 3 filled to the top, then typed again, with -1 and 7 around it: every kind of invalid column.
      const inputs = ['3', '3', '3', '3', '3', '3', '3', '-1', '7', '0', '1', '0', '1', '0', '1', '0'];
      const p1: ref.PlayerSpec = { kind: 'human', checker: 'X' };
      const p2: ref.PlayerSpec = { kind: 'human', checker: 'O' };
      const game = ref.connectFour(p1, p2, inputs);
      if (game.result !== 'win' || !game.transcript.includes('Try again!')) throw new Error('the full-column game did not go as scripted');
      games.push(
        gameCase(
          'connect_four.gen.human-full-column',
          generated(ctx, 'connect_four.full-column'),
          p1,
          p2,
          inputs,
          game,
          `connect_four(${ref.playerConstructor(p1)}, ${ref.playerConstructor(p2)})`,
        ),
      );
    }
    const rng = familyRng(ctx, 'connect_four.human');
    for (let j = 0; j < 12; j++) {
      // A human game with invalid columns sprinkled in: scripted to the end.
      const inputs: string[] = [];
      const grid = ref.newBoard(6, 7);
      let piece: ref.Checker = 'X';
      for (let guard = 0; guard < 60; guard++) {
        if (rng.int(5) === 0) inputs.push(rng.pick(['-1', '7', '9', '-3']));
        const open = [0, 1, 2, 3, 4, 5, 6].filter((c) => ref.canAddTo(grid, c));
        const col = rng.pick(open);
        inputs.push(String(col));
        ref.addChecker(grid, piece, col);
        if (ref.isWinFor(grid, piece) || ref.isFull(grid)) break;
        piece = ref.opponentChecker(piece);
      }
      const p1: ref.PlayerSpec = { kind: 'human', checker: 'X' };
      const p2: ref.PlayerSpec =
        j % 3 === 0 ? { kind: 'ai', checker: 'O', tiebreak: 'LEFT', lookahead: 1 } : { kind: 'human', checker: 'O' };
      const game = ref.connectFour(p1, p2, inputs);
      games.push(
        gameCase(
          `connect_four.gen.human-${nth(j)}`,
          generated(ctx, 'connect_four.human'),
          p1,
          p2,
          inputs,
          game,
          `connect_four(${ref.playerConstructor(p1)}, ${ref.playerConstructor(p2)})`,
        ),
      );
    }
    // The hidden transcript test's own games (two with invalid columns typed, and the drawn game mirrored): no
    // hidden test's expected transcript ships in the student's kit.
    const own = familyRng(ctx, 'connect_four.transcript');
    const p1: ref.PlayerSpec = { kind: 'human', checker: 'X' };
    const p2: ref.PlayerSpec = { kind: 'human', checker: 'O' };
    for (let j = 0; j < 2; j++) {
      const inputs: string[] = [];
      const grid = ref.newBoard(6, 7);
      let piece: ref.Checker = 'X';
      for (let guard = 0; guard < 60; guard++) {
        if (own.int(4) === 0) inputs.push(own.pick(['-1', '7', '8', '-2']));
        const col = own.pick([0, 1, 2, 3, 4, 5, 6].filter((c) => ref.canAddTo(grid, c)));
        inputs.push(String(col));
        ref.addChecker(grid, piece, col);
        if (ref.isWinFor(grid, piece) || ref.isFull(grid)) break;
        piece = ref.opponentChecker(piece);
      }
      games.push(
        gameCase(
          `connect_four.gen.transcript-${nth(j)}`,
          generated(ctx, 'connect_four.transcript'),
          p1,
          p2,
          inputs,
          ref.connectFour(p1, p2, inputs),
          `connect_four(${ref.playerConstructor(p1)}, ${ref.playerConstructor(p2)})`,
        ),
      );
    }
    const order = drawnGameMoves(fullDrawnGrid(6, 7));
    const mirrored = order!.map((c) => String(6 - c));
    const tie = ref.connectFour(p1, p2, mirrored);
    if (tie.result !== 'tie') throw new Error(`the mirrored drawn game ended ${tie.result}`);
    games.push(
      gameCase(
        'connect_four.gen.transcript-tie',
        generated(ctx, 'connect_four.transcript'),
        p1,
        p2,
        mirrored,
        tie,
        `connect_four(${ref.playerConstructor(p1)}, ${ref.playerConstructor(p2)})`,
      ),
    );
  }

  return [
    ...buildBoardFixtures(ctx),
    file('Player.__repr__', 'Player X and Player O.', player),
    file('Player.opponent_checker', "The other player's checker, an uppercase letter.", opponent),
    file('Player.next_move', 'The prompt and Try again! protocol; the column returned.', nextMove),
    file('process_move', 'What process_move prints and returns.', processMove),
    file('RandomPlayer.next_move', 'Only columns that are not full.', randomPlayer),
    file('AIPlayer.__repr__', 'Player X (LEFT, 1).', aiRepr),
    file('AIPlayer.max_score_column', 'Tie-breaks LEFT, RIGHT and RANDOM.', maxScore),
    file('AIPlayer.scores_for', "Lookahead scores, ints, in the document's order of cases.", scoresFor),
    file('AIPlayer.next_move', 'The best column by scores_for and the tie-break.', aiNext),
    file(
      'AIPlayer.strength',
      "Middle-game positions labelled by the perfect solver, for AIPlayer.next_move's strength (LEFT, lookahead 3).",
      strengthCases(ctx, 'AIPlayer.strength', (p) => {
        const board = boardInput(p.grid, p.moves);
        const checker = p.toMove === 1 ? 'X' : 'O';
        return {
          input: { board, player: { kind: 'ai', checker, tiebreak: 'LEFT', lookahead: STRENGTH_LOOKAHEAD } },
          python: `${boardSetup(board)}\np = AIPlayer('${checker}', 'LEFT', ${STRENGTH_LOOKAHEAD})\np.next_move(b)`,
        };
      }),
    ),
    file('connect_four', 'Whole games: final board and message.', games),
  ];
}

const columnsOf = ({ cols }: { readonly cols: number }): number[] => Array.from({ length: cols }, (_, c) => c);

function maxScoreCase(id: string, source: FixtureCase['source'], scores: number[], tiebreak: Tiebreak): FixtureCase {
  const answer = ref.maxScoreColumn(scores, tiebreak);
  return {
    id,
    source,
    input: { scores, tiebreak },
    python: `AIPlayer('X', '${tiebreak}', 1).max_score_column(${formatPy(py.ints(scores))})`,
    expected: answer.length === 1 ? { value: py.int(answer[0]!) } : { oneOf: answer.map(py.int) },
    // Every column full: the game never asks for a move then, so no answer (nor a crash on it) costs a point.
    ...(Math.max(...scores) === -1 && {
      lenient: {
        reason: 'every column is full, a position no game asks a move in',
        choice: 'max then tie-break',
        alsoAccepted: scores
          .map((_, i) => py.int(i))
          .filter((_, i) => i !== answer[0])
          .concat(py.int(-1)),
        open: true,
      },
    }),
  };
}

export function scoresForCase(
  id: string,
  source: FixtureCase['source'],
  board: BoardInput,
  grid: Grid,
  checker: ref.Checker,
  lookahead: number,
): FixtureCase {
  const { byRule, ambiguous } = scoreColumnsEveryRule(grid, ref.pieceOf(checker), lookahead);
  // Who already has four decides every open column at once: one rule, graded by one test (spec `where` on `won`).
  const mine = ref.isWinFor(grid, checker);
  const theirs = ref.isWinFor(grid, checker === 'X' ? 'O' : 'X');
  const won = mine && theirs ? 'both' : mine ? 'self' : theirs ? 'opponent' : 'none';
  const base: FixtureCase = {
    id,
    source,
    input: { board, checker, lookahead, won },
    python: `${boardSetup(board)}\nAIPlayer('${checker}', 'LEFT', ${lookahead}).scores_for(b)`,
    expected: { value: py.ints(byRule['tie-50']) },
    // What the call asks of a plain search (every trial move at every level), for a timeout's message in the kit.
    facts: { boards: lookaheadCost(grid, ref.pieceOf(checker), lookahead).boards },
  };
  if (!ambiguous) return base;
  return {
    ...base,
    lenient: {
      reason: 'a move here can fill the board within the lookahead; the document does not say what an all -1 reply is worth',
      choice: 'tie-50',
      alsoAccepted: FULL_BOARD_RULES.filter((r) => r !== 'tie-50').map((r) => py.ints(byRule[r])),
      open: true,
    },
  };
}

function gameCase(
  id: string,
  source: FixtureCase['source'],
  p1: ref.PlayerSpec,
  p2: ref.PlayerSpec,
  inputs: string[],
  game: ref.GameRecord,
  call: string,
): FixtureCase {
  return {
    id,
    source,
    input: { player1: p1, player2: p2, inputs },
    python: inputs.length ? `${call}   # type ${inputs.join(', ')}` : call,
    expected: { stdout: game.transcript, repr: ref.boardRepr(game.finalBoard!) },
  };
}
