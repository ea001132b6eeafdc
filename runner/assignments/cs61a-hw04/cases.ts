/** Golden cases for CS61A Homework 4 (document 002): the doctests of Questions 1–7, then generated boards. */
import * as ref from '../../../reference/cs61a-hw04.js';
import { createRng } from '../../model/rng.js';
import { type PyValue, formatPy, formatPyStr, py } from '../../model/py-value.js';
import { type AssignmentContext, documentSource, fileMaker, familyRng, generated, nth } from '../../fixtures/build-context.js';
import type { FixtureCase, FixtureFile } from '../../model/fixture-types.js';

type Board = ref.Board61;

/**
 * The barrier tests' own generated cases per function: a function that treats the board as a list is caught on any
 * board, and these are the only generated cases the student's kit carries (the hidden value tests keep theirs).
 */
const BARRIER_CASES = 8;

export const boardValue = (board: Board): PyValue => py.list(board.map((row) => py.strs(row)));
const boardLiteral = (board: Board): string => `[${board.map((row) => `list(${formatPyStr(row.join(''))})`).join(', ')}]`;

/**
 * A doctest replayed on the reference: lines run in order, each `>>>` line with the value it shows. Returns the
 * excerpt exactly as the document prints it.
 */
class Doctest {
  private readonly lines: string[] = [];
  say(code: string, shows?: string): this {
    this.lines.push(`>>> ${code}`);
    if (shows !== undefined) this.lines.push(shows);
    return this;
  }
  get text(): string {
    return this.lines.join('\n');
  }
}

/** A random board that gravity could reach: columns filled from the bottom with X and O (counts not balanced). */
function randomBoard(seedRng: ReturnType<typeof createRng>, rows: number, cols: number, fill: number): string[][] {
  let board: Board = ref.createBoard(rows, cols);
  for (let c = 0; c < cols; c++) {
    const h = Math.floor(seedRng.next() * (rows + 1) * fill);
    for (let k = 0; k < Math.min(h, rows); k++) board = ref.putPiece(board, rows, c, seedRng.pick(['X', 'O']))[1];
  }
  return board.map((r) => [...r]);
}

export function buildCs61aFixtures(ctx: AssignmentContext): FixtureFile[] {
  const doc = (excerpt: string) => documentSource(ctx, excerpt);
  const file = fileMaker(ctx);
  const gen = (family: string) => generated(ctx, family);

  // Question 1
  const createRow: FixtureCase[] = [
    {
      id: 'create_row.doc.5',
      source: doc(`>>> create_row(5)\n${formatPy(py.strs(ref.createRow(5)))}`),
      input: { size: 5 },
      python: 'create_row(5)',
      expected: { value: py.strs(ref.createRow(5)) },
    },
  ];
  for (let n = 0; n <= 10; n++)
    if (n !== 5)
      createRow.push({
        id: `create_row.gen.${n}`,
        source: gen('create_row'),
        input: { size: n },
        python: `create_row(${n})`,
        expected: { value: py.strs(ref.createRow(n)) },
      });
  const createBoard: FixtureCase[] = [
    {
      id: 'create_board.doc.3x5',
      source: doc(`>>> create_board(3, 5)\n${formatPy(boardValue(ref.createBoard(3, 5)))}`),
      input: { rows: 3, columns: 5 },
      python: 'create_board(3, 5)',
      expected: { value: boardValue(ref.createBoard(3, 5)) },
    },
  ];
  for (let r = 1; r <= 10; r += 3)
    for (let c = 1; c <= 10; c += 2)
      createBoard.push({
        id: `create_board.gen.${r}x${c}`,
        source: gen('create_board'),
        input: { rows: r, columns: c },
        python: `create_board(${r}, ${c})`,
        expected: { value: boardValue(ref.createBoard(r, c)) },
      });

  // Question 2
  const replaceElem: FixtureCase[] = [];
  {
    const old = [1, 2, 3, 4, 5, 6, 7];
    const t = new Doctest()
      .say('old = [1, 2, 3, 4, 5, 6, 7]')
      .say('new = replace_elem(old, 2, 8)')
      .say('new', formatPy(py.ints(ref.replaceElem(old, 2, 8))))
      .say('new is old # check that replace_elem outputs a new list', 'False');
    replaceElem.push({
      id: 'replace_elem.doc.old',
      source: doc(t.text),
      input: { lst: py.ints(old), index: 2, elem: py.int(8) },
      python: 'old = [1, 2, 3, 4, 5, 6, 7]\nnew = replace_elem(old, 2, 8)\nnew',
      expected: { value: py.ints(ref.replaceElem(old, 2, 8)) },
    });
    const rng = familyRng(ctx, 'replace_elem');
    for (let i = 0; i < 15; i++) {
      const lst = Array.from({ length: 1 + rng.int(8) }, () => rng.pick(['-', 'X', 'O']));
      const index = rng.int(lst.length);
      const elem = rng.pick(['X', 'O']);
      replaceElem.push({
        id: `replace_elem.gen.${nth(i)}`,
        source: gen('replace_elem'),
        input: { lst: py.strs(lst), index, elem: py.str(elem) },
        python: `replace_elem(${formatPy(py.strs(lst))}, ${index}, ${formatPyStr(elem)})`,
        expected: { value: py.strs(ref.replaceElem(lst, index, elem)) },
      });
    }
    // The visible rule test's own cases (a new list, the old one left alone): no hidden test's case ships in the kit.
    const own = familyRng(ctx, 'replace_elem.new-list');
    for (let i = 0; i < 5; i++) {
      const lst = Array.from({ length: 1 + own.int(8) }, () => own.pick(['-', 'X', 'O']));
      const index = own.int(lst.length);
      const elem = own.pick(['X', 'O']);
      replaceElem.push({
        id: `replace_elem.newlist.gen.${nth(i)}`,
        source: gen('replace_elem.new-list'),
        input: { lst: py.strs(lst), index, elem: py.str(elem) },
        python: `replace_elem(${formatPy(py.strs(lst))}, ${index}, ${formatPyStr(elem)})`,
        expected: { value: py.strs(ref.replaceElem(lst, index, elem)) },
      });
    }
  }

  // Question 3
  const getPiece: FixtureCase[] = [];
  const putPiece: FixtureCase[] = [];
  {
    let board: Board = ref.createBoard(2, 2);
    board = ref.putPiece(board, 2, 0, 'X')[1];
    board = ref.putPiece(board, 2, 0, 'O')[1];
    const t = new Doctest()
      .say('rows, columns = 2, 2')
      .say('board = create_board(rows, columns)')
      .say("board = put_piece(board, rows, 0, 'X')[1]")
      .say("board = put_piece(board, rows, 0, 'O')[1]")
      .say('get_piece(board, 1, 0)', formatPyStr(ref.getPiece(board, 1, 0)))
      .say('get_piece(board, 1, 1)', formatPyStr(ref.getPiece(board, 1, 1)));
    const source = doc(t.text);
    for (const [r, c] of [
      [1, 0],
      [1, 1],
    ] as const)
      getPiece.push({
        id: `get_piece.doc.${r}-${c}`,
        source,
        input: { board: boardValue(board), row: r, column: c },
        python: `get_piece(${boardLiteral(board)}, ${r}, ${c})`,
        expected: { value: py.str(ref.getPiece(board, r, c)) },
      });

    let nb: Board = ref.createBoard(2, 2);
    const rowsSeen: number[] = [];
    const steps: string[] = [];
    for (const player of ['X', 'O', 'X']) {
      const before = nb;
      const [row, next] = ref.putPiece(nb, 2, 0, player);
      rowsSeen.push(row);
      steps.push(`row, new_board = put_piece(${steps.length === 0 ? 'board' : 'new_board'}, rows, 0, '${player}')`);
      putPiece.push({
        id: `put_piece.doc.${steps.length}`,
        source: { kind: 'generated', seed: 0, family: '' },
        input: { board: boardValue(before), max_rows: 2, column: 0, player },
        python: `put_piece(${boardLiteral(before)}, 2, 0, '${player}')`,
        expected: { value: py.tuple([py.int(row), boardValue(next)]) },
      });
      nb = next;
    }
    const t2 = new Doctest().say('rows, columns = 2, 2').say('board = create_board(rows, columns)');
    steps.forEach((s, i) => t2.say(s).say('row', String(rowsSeen[i])));
    const source2 = doc(t2.text);
    putPiece.forEach((c, i) => (putPiece[i] = { ...c, source: source2 }));

    const rng = familyRng(ctx, 'put_piece');
    for (let i = 0; i < 40; i++) {
      const rows = 1 + rng.int(10);
      const cols = 1 + rng.int(10);
      const b = randomBoard(rng, rows, cols, 1.2);
      const col = rng.int(cols);
      const player = rng.pick(['X', 'O']);
      putPiece.push({
        id: `put_piece.gen.${nth(i)}`,
        source: gen('put_piece'),
        input: { board: boardValue(b), max_rows: rows, column: col, player },
        python: `put_piece(${boardLiteral(b)}, ${rows}, ${col}, '${player}')`,
        expected: { value: py.tuple([py.int(ref.putPiece(b, rows, col, player)[0]), boardValue(ref.putPiece(b, rows, col, player)[1])]) },
      });
      const r = rng.int(rows);
      const c = rng.int(cols);
      if (i < 20)
        getPiece.push({
          id: `get_piece.gen.${nth(i)}`,
          source: gen('get_piece'),
          input: { board: boardValue(b), row: r, column: c },
          python: `get_piece(${boardLiteral(b)}, ${r}, ${c})`,
          expected: { value: py.str(ref.getPiece(b, r, c)) },
        });
    }
    const barrier = familyRng(ctx, 'put_piece.barrier');
    for (let i = 0; i < BARRIER_CASES; i++) {
      const rows = 1 + barrier.int(10);
      const cols = 1 + barrier.int(10);
      const b = randomBoard(barrier, rows, cols, 1.2);
      const col = barrier.int(cols);
      const player = barrier.pick(['X', 'O']);
      const [row, next] = ref.putPiece(b, rows, col, player);
      putPiece.push({
        id: `put_piece.barrier.gen.${nth(i)}`,
        source: gen('put_piece.barrier'),
        input: { board: boardValue(b), max_rows: rows, column: col, player },
        python: `put_piece(${boardLiteral(b)}, ${rows}, ${col}, '${player}')`,
        expected: { value: py.tuple([py.int(row), boardValue(next)]) },
      });
    }
  }

  // Question 4
  const makeMove: FixtureCase[] = [];
  {
    let board: Board = ref.createBoard(2, 2);
    const t = new Doctest().say('rows, columns = 2, 2').say('board = create_board(rows, columns)');
    const moves: [number, string, string?][] = [
      [0, 'X', 'get_piece(board, 1, 0)'],
      [0, 'O'],
      [0, 'X'],
      [-4, '0'],
    ];
    const pending: FixtureCase[] = [];
    moves.forEach(([col, player, probe], i) => {
      const [row, next] = ref.makeMove(board, 2, 2, col, player);
      pending.push({
        id: `make_move.doc.${i + 1}`,
        source: { kind: 'generated', seed: 0, family: '' },
        input: { board: boardValue(board), max_rows: 2, max_cols: 2, col, player },
        python: `make_move(${boardLiteral(board)}, 2, 2, ${col}, '${player}')`,
        expected: { value: py.tuple([py.int(row), boardValue(next)]) },
      });
      t.say(`row, board = make_move(board, rows, columns, ${col}, '${player}')`).say('row', String(row));
      board = next;
      if (probe) t.say(probe, formatPyStr(ref.getPiece(board, 1, 0)));
    });
    const source = doc(t.text);
    makeMove.push(...pending.map((c) => ({ ...c, source })));
    const rng = familyRng(ctx, 'make_move');
    for (let i = 0; i < 40; i++) {
      const rows = 1 + rng.int(10);
      const cols = 1 + rng.int(10);
      const b = randomBoard(rng, rows, cols, 1.2);
      const col = rng.int(cols + 6) - 3;
      const player = rng.pick(['X', 'O']);
      const [row, next] = ref.makeMove(b, rows, cols, col, player);
      makeMove.push({
        id: `make_move.gen.${nth(i)}`,
        source: gen('make_move'),
        input: { board: boardValue(b), max_rows: rows, max_cols: cols, col, player },
        python: `make_move(${boardLiteral(b)}, ${rows}, ${cols}, ${col}, '${player}')`,
        expected: { value: py.tuple([py.int(row), boardValue(next)]) },
      });
    }
    const barrier = familyRng(ctx, 'make_move.barrier');
    for (let i = 0; i < BARRIER_CASES; i++) {
      const rows = 1 + barrier.int(10);
      const cols = 1 + barrier.int(10);
      const b = randomBoard(barrier, rows, cols, 1.2);
      const col = barrier.int(cols + 6) - 3;
      const player = barrier.pick(['X', 'O']);
      const [row, next] = ref.makeMove(b, rows, cols, col, player);
      makeMove.push({
        id: `make_move.barrier.gen.${nth(i)}`,
        source: gen('make_move.barrier'),
        input: { board: boardValue(b), max_rows: rows, max_cols: cols, col, player },
        python: `make_move(${boardLiteral(b)}, ${rows}, ${cols}, ${col}, '${player}')`,
        expected: { value: py.tuple([py.int(row), boardValue(next)]) },
      });
    }
  }

  // Question 5
  const printBoard: FixtureCase[] = [];
  {
    const empty = ref.createBoard(2, 2);
    const moved = ref.makeMove(empty, 2, 2, 0, 'X')[1];
    const t = new Doctest()
      .say('rows, columns = 2, 2')
      .say('board = create_board(rows, columns)')
      .say('print_board(board, rows, columns)', ref.printBoard(empty, 2, 2).replace(/\n$/, ''))
      .say("new_board = make_move(board, rows, columns, 0, 'X')[1]")
      .say('print_board(new_board, rows, columns)', ref.printBoard(moved, 2, 2).replace(/\n$/, ''));
    const source = doc(t.text);
    for (const [name, b] of [
      ['empty', empty],
      ['after-move', moved],
    ] as const)
      printBoard.push({
        id: `print_board.doc.${name}`,
        source,
        input: { board: boardValue(b), max_rows: 2, max_cols: 2 },
        python: `print_board(${boardLiteral(b)}, 2, 2)`,
        expected: { stdout: ref.printBoard(b, 2, 2), value: py.none() },
      });
    const rng = familyRng(ctx, 'print_board');
    for (let i = 0; i < 20; i++) {
      const rows = 1 + rng.int(10);
      const cols = 1 + rng.int(10);
      const b = randomBoard(rng, rows, cols, 1);
      printBoard.push({
        id: `print_board.gen.${nth(i)}`,
        source: gen('print_board'),
        input: { board: boardValue(b), max_rows: rows, max_cols: cols },
        python: `print_board(${boardLiteral(b)}, ${rows}, ${cols})`,
        expected: { stdout: ref.printBoard(b, rows, cols), value: py.none() },
      });
    }
  }

  // Questions 6 and 7
  const winRow: FixtureCase[] = [];
  const winColumn: FixtureCase[] = [];
  const winDiagonal: FixtureCase[] = [];
  const win: FixtureCase[] = [];
  const rowCase = (
    id: string,
    source: FixtureCase['source'],
    b: Board,
    rows: number,
    cols: number,
    n: number,
    row: number,
    player: string,
  ): FixtureCase => ({
    id,
    source,
    input: { board: boardValue(b), max_rows: rows, max_cols: cols, num_connect: n, row, player },
    python: `check_win_row(${boardLiteral(b)}, ${rows}, ${cols}, ${n}, ${row}, '${player}')`,
    expected: { value: py.bool(ref.checkWinRow(b, rows, cols, n, row, player)) },
  });
  const colCase = (
    id: string,
    source: FixtureCase['source'],
    b: Board,
    rows: number,
    cols: number,
    n: number,
    col: number,
    player: string,
  ): FixtureCase => ({
    id,
    source,
    input: { board: boardValue(b), max_rows: rows, max_cols: cols, num_connect: n, col, player },
    python: `check_win_column(${boardLiteral(b)}, ${rows}, ${cols}, ${n}, ${col}, '${player}')`,
    expected: { value: py.bool(ref.checkWinColumn(b, rows, cols, n, col, player)) },
  });
  const spotCase = (
    fn: 'check_win' | 'check_win_diagonal',
    id: string,
    source: FixtureCase['source'],
    b: Board,
    rows: number,
    cols: number,
    n: number,
    row: number,
    col: number,
    player: string,
  ): FixtureCase => {
    const f = fn === 'check_win' ? ref.checkWin : ref.checkWinDiagonal;
    return {
      id,
      source,
      input: { board: boardValue(b), max_rows: rows, max_cols: cols, num_connect: n, row, col, player },
      python: `${fn}(${boardLiteral(b)}, ${rows}, ${cols}, ${n}, ${row}, ${col}, '${player}')`,
      expected: { value: py.bool(f(b, rows, cols, n, row, col, player)) },
    };
  };
  {
    // check_win_row's doctest
    let b: Board = ref.createBoard(4, 4);
    const t = new Doctest().say('rows, columns, num_connect = 4, 4, 2').say('board = create_board(rows, columns)');
    const probes: [Board, number, string, string][] = [];
    const move = (col: number, p: string) => {
      b = ref.makeMove(b, 4, 4, col, p)[1];
      t.say(`board = make_move(board, rows, columns, ${col}, '${p}')[1]`);
    };
    const probe = (n: number, p: string, code: string) => {
      probes.push([b, n, p, code]);
      t.say(code, ref.checkWinRow(b, 4, 4, n, 3, p) ? 'True' : 'False');
    };
    move(0, 'X');
    move(0, 'O');
    probe(2, 'O', "check_win_row(board, rows, columns, num_connect, 3, 'O')");
    move(2, 'X');
    move(0, 'O');
    probe(2, 'X', "check_win_row(board, rows, columns, num_connect, 3, 'X')");
    move(1, 'X');
    probe(2, 'X', "check_win_row(board, rows, columns, num_connect, 3, 'X')");
    probe(4, 'X', "check_win_row(board, rows, columns, 4, 3, 'X') # A win depends on the value of num_connect");
    probe(2, 'O', "check_win_row(board, rows, columns, num_connect, 3, 'O') # We only detect wins for the given player");
    const source = doc(t.text);
    probes.forEach(([pb, n, p], i) => winRow.push(rowCase(`check_win_row.doc.${i + 1}`, source, pb, 4, 4, n, 3, p)));
  }
  {
    let b: Board = ref.createBoard(5, 5);
    const t = new Doctest().say('rows, columns, num_connect = 5, 5, 2').say('board = create_board(rows, columns)');
    const probes: [Board, number, number, string][] = [];
    const move = (col: number, p: string) => {
      b = ref.makeMove(b, 5, 5, col, p)[1];
      t.say(`board = make_move(board, rows, columns, ${col}, '${p}')[1]`);
    };
    const probe = (n: number, col: number, p: string, nLiteral = 'num_connect') => {
      probes.push([b, n, col, p]);
      t.say(
        `check_win_column(board, rows, columns, ${nLiteral}, ${col}, '${p}')`,
        ref.checkWinColumn(b, 5, 5, n, col, p) ? 'True' : 'False',
      );
    };
    move(0, 'X');
    move(1, 'O');
    probe(2, 0, 'X');
    move(1, 'X');
    move(1, 'O');
    probe(2, 1, 'O');
    move(2, 'X');
    move(1, 'O');
    probe(2, 1, 'O');
    probe(4, 1, 'O', '4');
    probe(2, 1, 'X');
    const source = doc(t.text);
    probes.forEach(([pb, n, col, p], i) => winColumn.push(colCase(`check_win_column.doc.${i + 1}`, source, pb, 5, 5, n, col, p)));
  }
  {
    const t = new Doctest().say('rows, columns, num_connect = 2, 2, 2').say('board = create_board(rows, columns)');
    const cases: [Board, number, number, string][] = [];
    let b: Board = ref.createBoard(2, 2);
    const move = (col: number, p: string) => {
      b = ref.makeMove(b, 2, 2, col, p)[1];
      t.say(`board = make_move(board, rows, columns, ${col}, '${p}')[1]`);
    };
    const probe = (row: number, col: number, p: string) => {
      cases.push([b, row, col, p]);
      t.say(
        `check_win(board, rows, columns, num_connect, ${row}, ${col}, '${p}')`,
        ref.checkWin(b, 2, 2, 2, row, col, p) ? 'True' : 'False',
      );
    };
    move(0, 'X');
    move(1, 'O');
    move(0, 'X');
    probe(0, 0, 'O');
    probe(0, 0, 'X');
    b = ref.createBoard(2, 2);
    t.say('board = create_board(rows, columns)');
    move(0, 'X');
    move(0, 'O');
    move(1, 'X');
    probe(1, 0, 'X');
    probe(0, 0, 'X');
    b = ref.createBoard(2, 2);
    t.say('board = create_board(rows, columns)');
    move(0, 'X');
    move(1, 'O');
    move(1, 'X');
    probe(0, 0, 'X');
    probe(1, 0, 'X');
    const source = doc(t.text);
    cases.forEach(([pb, row, col, p], i) => win.push(spotCase('check_win', `check_win.doc.${i + 1}`, source, pb, 2, 2, 2, row, col, p)));
  }
  {
    const rng = familyRng(ctx, 'check_win');
    for (let i = 0; i < 120; i++) {
      const rows = 1 + rng.int(10);
      const cols = 1 + rng.int(10);
      const n = 1 + rng.int(6);
      const b = randomBoard(rng, rows, cols, 1.3);
      const row = rng.int(rows);
      const col = rng.int(cols);
      const player = rng.pick(['X', 'O']);
      const id = nth(i);
      if (i % 3 === 0) winRow.push(rowCase(`check_win_row.gen.${id}`, gen('check_win_row'), b, rows, cols, n, row, player));
      if (i % 3 === 1) winColumn.push(colCase(`check_win_column.gen.${id}`, gen('check_win_column'), b, rows, cols, n, col, player));
      winDiagonal.push(
        spotCase('check_win_diagonal', `check_win_diagonal.gen.${id}`, gen('check_win_diagonal'), b, rows, cols, n, row, col, player),
      );
      win.push(spotCase('check_win', `check_win.gen.${id}`, gen('check_win'), b, rows, cols, n, row, col, player));
    }
  }
  {
    // Full columns whose player's run reaches the top row: num_connect − 1 of them (no win) and num_connect (a win).
    // Random boards seldom fill a column, and a count that starts at 1 or −1 is only caught by a run that starts there.
    const rng = familyRng(ctx, 'check_win_column.top');
    for (let i = 0; i < 6; i++) {
      const rows = 4 + rng.int(4);
      const cols = 1 + rng.int(5);
      const n = 2 + rng.int(rows - 2);
      const run = i % 2 === 0 ? n - 1 : n;
      const col = rng.int(cols);
      const player = rng.pick(['X', 'O']);
      let b: Board = randomBoard(rng, rows, cols, 0.5);
      const height = b.filter((r) => r[col] !== '-').length;
      for (let k = height; k < rows; k++) b = ref.putPiece(b, rows, col, k < rows - run ? (player === 'X' ? 'O' : 'X') : player)[1];
      winColumn.push(
        colCase(
          `check_win_column.gen.top-${nth(i)}`,
          gen('check_win_column'),
          b.map((r) => [...r]),
          rows,
          cols,
          n,
          col,
          player,
        ),
      );
    }
  }
  {
    // Runs of exactly num_connect pieces with an empty spot (a row) or the other player's piece (a column) on each
    // side, away from the board's edges: a count that restarts or skips wrongly inside a run is caught only by a run
    // as long as num_connect, starting past the first spot (-XXX- with num_connect 3 read as no win).
    for (const n of [2, 3, 4, 5]) {
      const cols = n + 3;
      let b: Board = ref.createBoard(n + 3, cols);
      for (let c = 1; c <= n; c++) b = ref.putPiece(b, n + 3, c + (n % 2), 'X')[1];
      winRow.push(
        rowCase(
          `check_win_row.gen.exact-${n}`,
          gen('check_win_row.exact'),
          b.map((r) => [...r]),
          n + 3,
          cols,
          n,
          n + 2,
          'X',
        ),
      );
      let c2: Board = ref.createBoard(n + 3, 3);
      c2 = ref.putPiece(c2, n + 3, 1, 'O')[1];
      for (let k = 0; k < n; k++) c2 = ref.putPiece(c2, n + 3, 1, 'X')[1];
      winColumn.push(
        colCase(
          `check_win_column.gen.exact-${n}`,
          gen('check_win_column.exact'),
          c2.map((r) => [...r]),
          n + 3,
          3,
          n,
          1,
          'X',
        ),
      );
    }
  }
  {
    // The barrier tests' own positions: each function must get through them by get_piece alone, whatever it answers.
    const rng = familyRng(ctx, 'check_win.barrier');
    for (let i = 0; i < 3 * BARRIER_CASES; i++) {
      const rows = 1 + rng.int(10);
      const cols = 1 + rng.int(10);
      const n = 1 + rng.int(6);
      const b = randomBoard(rng, rows, cols, 1.3);
      const row = rng.int(rows);
      const col = rng.int(cols);
      const player = rng.pick(['X', 'O']);
      const id = nth(i);
      if (i % 3 === 0) winRow.push(rowCase(`check_win_row.barrier.gen.${id}`, gen('check_win.barrier'), b, rows, cols, n, row, player));
      if (i % 3 === 1)
        winColumn.push(colCase(`check_win_column.barrier.gen.${id}`, gen('check_win.barrier'), b, rows, cols, n, col, player));
      win.push(spotCase('check_win', `check_win.barrier.gen.${id}`, gen('check_win.barrier'), b, rows, cols, n, row, col, player));
    }
  }

  return [
    file('create_row', 'A row of empty spots.', createRow),
    file('create_board', 'Rows of empty spots.', createBoard),
    file('replace_elem', 'A new list with one element replaced.', replaceElem),
    file('get_piece', 'The piece at (row, column).', getPiece),
    file('put_piece', '(row, new board), or (-1, board) for a full column.', putPiece),
    file('make_move', 'put_piece for valid columns, (-1, board) otherwise.', makeMove),
    file('print_board', 'Pieces separated by single spaces, no trailing space.', printBoard),
    file('check_win_row', 'num_connect in a row in the given row.', winRow),
    file('check_win_column', 'num_connect in a row in the given column.', winColumn),
    file('check_win_diagonal', "The course's diagonal check through a spot.", winDiagonal),
    file('check_win', 'Any win through a spot.', win),
  ];
}
