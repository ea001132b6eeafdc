/** CS 111 Problem Set 9's Board cases: every Board example of document 000, then generated families per method. */
import { type Grid, XO_SPACE, gridFromRows, gridToRows, setCell } from '../../../reference/core/grid.js';
import * as ref from '../../../reference/cs111-ps9.js';
import { type PyValue, formatPy, formatPyStr, py } from '../../model/py-value.js';
import { type AssignmentContext, boardSize, documentSource, fileMaker, familyRng, generated, nth } from '../../fixtures/build-context.js';
import type { FixtureCase, FixtureFile } from '../../model/fixture-types.js';
import { fullDrawnGrid, randomPosition } from '../../fixtures/positions.js';

import type { BoardInput } from './steps.js';

export type { BoardInput };

export function boardInput(grid: Grid, moves?: string): BoardInput {
  const input = { height: grid.rows, width: grid.cols, rows: gridToRows(grid, XO_SPACE) };
  return moves !== undefined ? { ...input, moves } : input;
}

/** The lines that build the board in Python: `add_checkers` when a move string reaches it, else the slots. */
export function boardSetup(board: BoardInput, name = 'b'): string {
  const head = `${name} = Board(${board.height}, ${board.width})`;
  if (board.moves !== undefined) return board.moves === '' ? head : `${head}\n${name}.add_checkers('${board.moves}')`;
  if (board.rows.every((r) => r.trim() === '')) return head;
  return `${head}\n${name}.slots = [${board.rows.map((r) => `list(${formatPyStr(r)})`).join(', ')}]`;
}

export const slotsValue = (grid: Grid): PyValue => py.list(gridToRows(grid, XO_SPACE).map((r) => py.strs([...r])));
export const reprLines = (grid: Grid): string => ref.boardRepr(grid).replace(/\n$/, '');
export const shellBoard = (name: string, grid: Grid): string => `>>> ${name}\n${reprLines(grid)}`;

export function buildBoardFixtures(ctx: AssignmentContext): FixtureFile[] {
  const doc = (excerpt: string) => documentSource(ctx, excerpt);
  const file = fileMaker(ctx);

  // ---- Board.__repr__ -----------------------------------------------------------------------------------------
  const repr: FixtureCase[] = [];
  for (const [h, w, name] of [
    [6, 7, 'b'],
    [5, 15, 'b2'],
  ] as const) {
    const grid = ref.newBoard(h, w);
    repr.push({
      id: `Board.__repr__.doc.empty-${h}x${w}`,
      source: doc(`>>> ${name} = Board(${h}, ${w})\n${shellBoard(name, grid)}`),
      input: { board: boardInput(grid, '') },
      python: `b = Board(${h}, ${w})\nrepr(b)`,
      expected: { value: py.str(ref.boardRepr(grid)) },
    });
  }
  {
    const rng = familyRng(ctx, 'repr');
    let i = 0;
    for (let h = 1; h <= 10; h++) {
      for (let w = 1; w <= 10; w++) {
        if ((h * 10 + w) % 3 !== 0 && !(h === 1 || w === 1 || h === 10 || w === 10)) continue;
        const pos = randomPosition(rng, { rows: h, cols: w, plies: rng.int(h * w + 1) });
        const board = boardInput(pos.grid, pos.moves);
        repr.push({
          id: `Board.__repr__.gen.${nth(i++)}`,
          source: generated(ctx, 'repr'),
          input: { board },
          python: `${boardSetup(board)}\nrepr(b)`,
          expected: { value: py.str(ref.boardRepr(pos.grid)) },
        });
      }
    }
    for (const w of [11, 12, 15, 20, 25]) {
      const pos = randomPosition(rng, { rows: 3, cols: w, plies: w });
      const board = boardInput(pos.grid, pos.moves);
      repr.push({
        id: `Board.__repr__.gen.${nth(i++)}`,
        source: generated(ctx, 'repr'),
        input: { board },
        python: `${boardSetup(board)}\nrepr(b)`,
        expected: { value: py.str(ref.boardRepr(pos.grid)) },
      });
    }
  }

  // ---- add_checker / add_checkers -----------------------------------------------------------------------------
  const addChecker: FixtureCase[] = [];
  {
    const b1 = ref.newBoard(6, 7);
    const calls: [ref.Checker, number][] = [
      ['X', 0],
      ['O', 0],
      ['X', 0],
      ['O', 3],
      ['O', 4],
      ['O', 5],
      ['O', 6],
    ];
    calls.forEach(([c, col]) => ref.addChecker(b1, c, col));
    const lines = calls.map(([c, col], i) => `>>> b1.add_checker('${c}', ${col})${i === 4 ? '    # cheat and let O go again!' : ''}`);
    addChecker.push({
      id: 'Board.add_checker.doc.b1',
      source: doc(`>>> b1 = Board(6, 7)\n${lines.join('\n')}\n${shellBoard('b1', b1)}`),
      input: { board: boardInput(ref.newBoard(6, 7), ''), calls },
      python: `b1 = Board(6, 7)\n${calls.map(([c, col]) => `b1.add_checker('${c}', ${col})`).join('\n')}\nb1.slots`,
      expected: { value: slotsValue(b1) },
    });
    const b2 = ref.boardFromMoves(3, 3, '0200');
    addChecker.push({
      id: 'Board.add_checker.doc.add-checkers-b2',
      source: doc(`>>> b2 = Board(3, 3)\n>>> b2.add_checkers('0200')\n${shellBoard('b2', b2)}`),
      input: { board: boardInput(ref.newBoard(3, 3), ''), moves: '0200' },
      python: `b2 = Board(3, 3)\nb2.add_checkers('0200')\nb2.slots`,
      expected: { value: slotsValue(b2) },
    });
    const rng = familyRng(ctx, 'add_checker');
    for (let i = 0; i < 60; i++) {
      const h = 1 + rng.int(10);
      const w = 1 + rng.int(10);
      const pos = randomPosition(rng, { rows: h, cols: w, plies: rng.int(h * w) });
      const open = Array.from({ length: w }, (_, c) => c).filter((c) => ref.canAddTo(pos.grid, c));
      if (open.length === 0) continue;
      const col = rng.pick(open);
      const checker = rng.pick(ref.CHECKERS);
      const after = { rows: h, cols: w, cells: pos.grid.cells.slice() };
      ref.addChecker(after, checker, col);
      const board = boardInput(pos.grid, pos.moves);
      addChecker.push({
        id: `Board.add_checker.gen.${nth(i)}`,
        source: generated(ctx, 'add_checker'),
        input: { board, checker, col },
        python: `${boardSetup(board)}\nb.add_checker('${checker}', ${col})\nb.slots`,
        expected: { value: slotsValue(after) },
      });
    }
  }

  // ---- can_add_to, is_full ------------------------------------------------------------------------------------
  const canAddTo: FixtureCase[] = [];
  const isFull: FixtureCase[] = [];
  {
    const b1 = ref.boardFromMoves(2, 2, '00');
    const answers = [-1, 0, 1, 2].map((c) => `>>> b1.can_add_to(${c})\n${formatPy(py.bool(ref.canAddTo(b1, c)))}`);
    const source = doc(`>>> b1\n${reprLines(b1)}\n${answers.join('\n')}`);
    [-1, 0, 1, 2].forEach((col) =>
      canAddTo.push({
        id: `Board.can_add_to.doc.${col}`,
        source,
        input: { board: boardInput(b1, '00'), col },
        python: `b1 = Board(2, 2)\nb1.add_checkers('00')\nb1.can_add_to(${col})`,
        expected: { value: py.bool(ref.canAddTo(b1, col)) },
      }),
    );
    const b2 = ref.boardFromMoves(2, 2, '0011');
    const fullSource = doc(
      `>>> b2 = Board(2, 2)\n>>> b2.is_full()\nFalse\n>>> b2.add_checkers('0011')\n${shellBoard('b2', b2)}\n>>> b2.is_full()\n${formatPy(py.bool(ref.isFull(b2)))}`,
    );
    isFull.push({
      id: 'Board.is_full.doc.empty',
      source: fullSource,
      input: { board: boardInput(ref.newBoard(2, 2), '') },
      python: 'b2 = Board(2, 2)\nb2.is_full()',
      expected: { value: py.bool(false) },
    });
    isFull.push({
      id: 'Board.is_full.doc.full',
      source: fullSource,
      input: { board: boardInput(b2, '0011') },
      python: "b2 = Board(2, 2)\nb2.add_checkers('0011')\nb2.is_full()",
      expected: { value: py.bool(true) },
    });
    const rng = familyRng(ctx, 'can_add_to');
    for (let i = 0; i < 40; i++) {
      const h = 1 + rng.int(8);
      const w = 1 + rng.int(8);
      const pos = randomPosition(rng, { rows: h, cols: w, plies: rng.int(h * w + 1) });
      const board = boardInput(pos.grid, pos.moves);
      const col = rng.int(w + 4) - 2;
      canAddTo.push({
        id: `Board.can_add_to.gen.${nth(i)}`,
        source: generated(ctx, 'can_add_to'),
        input: { board, col },
        python: `${boardSetup(board)}\nb.can_add_to(${col})`,
        expected: { value: py.bool(ref.canAddTo(pos.grid, col)) },
      });
      isFull.push({
        id: `Board.is_full.gen.${nth(i)}`,
        source: generated(ctx, 'is_full'),
        input: { board },
        python: `${boardSetup(board)}\nb.is_full()`,
        expected: { value: py.bool(ref.isFull(pos.grid)) },
      });
    }
    for (const [h, w] of [
      [1, 1],
      [2, 3],
      [6, 7],
      [4, 4],
    ] as const) {
      const full = fullDrawnGrid(h, w);
      const board = boardInput(full);
      isFull.push({
        id: `Board.is_full.gen.full-${h}x${w}`,
        source: generated(ctx, 'is_full'),
        input: { board },
        python: `${boardSetup(board)}\nb.is_full()`,
        expected: { value: py.bool(true) },
      });
      const almost = { rows: h, cols: w, cells: full.cells.slice() };
      setCell(almost, 0, w - 1, 0);
      const board2 = boardInput(almost);
      isFull.push({
        id: `Board.is_full.gen.one-slot-${h}x${w}`,
        source: generated(ctx, 'is_full'),
        input: { board: board2 },
        python: `${boardSetup(board2)}\nb.is_full()`,
        expected: { value: py.bool(false) },
      });
    }
  }

  // ---- remove_checker, reset ----------------------------------------------------------------------------------
  const removeChecker: FixtureCase[] = [];
  const reset: FixtureCase[] = [];
  {
    const b3 = ref.boardFromMoves(2, 2, '0011');
    for (const col of [1, 1, 1, 0]) ref.removeChecker(b3, col);
    removeChecker.push({
      id: 'Board.remove_checker.doc.b3',
      source: doc(
        `>>> b3 = Board(2, 2)\n>>> b3.add_checkers('0011')\n>>> b3.remove_checker(1)\n>>> b3.remove_checker(1)\n>>> b3.remove_checker(1)     # column empty; should have no effect\n>>> b3.remove_checker(0)\n${shellBoard('b3', b3)}`,
      ),
      input: { board: boardInput(ref.boardFromMoves(2, 2, '0011'), '0011'), cols: [1, 1, 1, 0] },
      python:
        "b3 = Board(2, 2)\nb3.add_checkers('0011')\nb3.remove_checker(1)\nb3.remove_checker(1)\nb3.remove_checker(1)\nb3.remove_checker(0)\nb3.slots",
      expected: { value: slotsValue(b3) },
    });
    const rng = familyRng(ctx, 'remove_checker');
    for (let i = 0; i < 40; i++) {
      const h = 1 + rng.int(8);
      const w = 1 + rng.int(8);
      const pos = randomPosition(rng, { rows: h, cols: w, plies: rng.int(h * w + 1) });
      const board = boardInput(pos.grid, pos.moves);
      const col = rng.int(w);
      const after = { rows: h, cols: w, cells: pos.grid.cells.slice() };
      ref.removeChecker(after, col);
      removeChecker.push({
        id: `Board.remove_checker.gen.${nth(i)}`,
        source: generated(ctx, 'remove_checker'),
        input: { board, cols: [col] },
        python: `${boardSetup(board)}\nb.remove_checker(${col})\nb.slots`,
        expected: { value: slotsValue(after) },
      });
      if (i < 15) {
        const cleared = ref.newBoard(h, w);
        reset.push({
          id: `Board.reset.gen.${nth(i)}`,
          source: generated(ctx, 'reset'),
          input: { board },
          python: `${boardSetup(board)}\nb.reset()\nb.slots`,
          expected: { value: slotsValue(cleared) },
        });
      }
    }
  }

  // ---- is_win_for ---------------------------------------------------------------------------------------------
  const isWinFor: FixtureCase[] = [];
  {
    const b = ref.boardFromMoves(6, 7, '00102030');
    const bSource = doc(
      `>>> b = Board(6, 7)\n>>> b.add_checkers('00102030')\n${shellBoard('b', b)}\n>>> b.is_win_for('X')\n${formatPy(py.bool(ref.isWinFor(b, 'X')))}\n>>> b.is_win_for('O')\n${formatPy(py.bool(ref.isWinFor(b, 'O')))}`,
    );
    const b2 = ref.boardFromMoves(6, 7, '23344545515');
    const b2Source = doc(
      `>>> b2 = Board(6, 7)\n>>> b2.add_checkers('23344545515')\n${shellBoard('b2', b2)}\n>>> b2.is_win_for('X')   # up diagonal win\n${formatPy(py.bool(ref.isWinFor(b2, 'X')))}\n>>> b2.is_win_for('O')\n${formatPy(py.bool(ref.isWinFor(b2, 'O')))}`,
    );
    for (const [name, grid, moves, source] of [
      ['b', b, '00102030', bSource],
      ['b2', b2, '23344545515', b2Source],
    ] as const) {
      for (const checker of ref.CHECKERS) {
        const board = boardInput(grid, moves);
        isWinFor.push({
          id: `Board.is_win_for.doc.${name}-${checker}`,
          source,
          input: { board, checker },
          python: `${boardSetup(board)}\nb.is_win_for('${checker}')`,
          expected: { value: py.bool(ref.isWinFor(grid, checker)) },
        });
      }
    }
    // One run of four in each direction at every place it fits on a 6×7 board, alone on the board.
    const directions = [
      ['horizontal', 0, 1],
      ['vertical', 1, 0],
      ['down-diagonal', 1, 1],
      ['up-diagonal', -1, 1],
    ] as const;
    for (const [name, dr, dc] of directions) {
      for (let r = 0; r < 6; r++) {
        for (let c = 0; c < 7; c++) {
          const cells = [0, 1, 2, 3].map((k) => [r + k * dr, c + k * dc] as const);
          if (cells.some(([rr, cc]) => rr < 0 || rr >= 6 || cc >= 7)) continue;
          const checker = (r + c) % 2 === 0 ? 'X' : 'O';
          const grid = ref.newBoard(6, 7);
          cells.forEach(([rr, cc]) => setCell(grid, rr, cc, ref.pieceOf(checker)));
          const board = boardInput(grid);
          for (const asked of ref.CHECKERS) {
            isWinFor.push({
              id: `Board.is_win_for.gen.${name}-${r}${c}-${asked}`,
              source: generated(ctx, `is_win_for.${name}`),
              input: { board, checker: asked },
              python: `${boardSetup(board)}\nb.is_win_for('${asked}')`,
              expected: { value: py.bool(asked === checker) },
            });
          }
          // Three of the four: never a win (and the gap is where a wrap-around or off-by-one would fill it).
          const gapped = { rows: 6, cols: 7, cells: grid.cells.slice() };
          setCell(gapped, cells[3]![0], cells[3]![1], 0);
          const board3 = boardInput(gapped);
          isWinFor.push({
            id: `Board.is_win_for.gen.${name}-three-${r}${c}`,
            source: generated(ctx, `is_win_for.${name}`),
            input: { board: board3, checker },
            python: `${boardSetup(board3)}\nb.is_win_for('${checker}')`,
            expected: { value: py.bool(false) },
          });
        }
      }
    }
    // And in each direction, the last place a run fits on a wide board (4 × 10) and on a tall one (10 × 4): a check
    // that walks the rows as far as the width goes, or the columns as far as the height (a row and a column swapped),
    // sees every run of the 6 × 7 board but misses these.
    for (const [name, dr, dc] of directions) {
      for (const [shape, rows, cols] of [
        ['wide', 4, 10],
        ['tall', 10, 4],
      ] as const) {
        const startRow = dr < 0 ? 3 : rows - 1 - 3 * dr;
        const startCol = cols - 1 - 3 * dc;
        const grid = ref.newBoard(rows, cols);
        [0, 1, 2, 3].forEach((k) => setCell(grid, startRow + k * dr, startCol + k * dc, ref.pieceOf('X')));
        const board = boardInput(grid);
        isWinFor.push({
          id: `Board.is_win_for.gen.${name}-far-${shape}`,
          source: generated(ctx, `is_win_for.${name}`),
          input: { board, checker: 'X' },
          python: `${boardSetup(board)}\nb.is_win_for('X')`,
          expected: { value: py.bool(true) },
        });
      }
    }
    // Rows that would connect if the board wrapped around: three at the right edge, one at the left of the next row.
    {
      const { rows, cols } = boardSize(ctx, 0);
      const empty = ' '.repeat(cols);
      const lines = [...Array<string>(rows - 2).fill(empty), `X${' '.repeat(cols - 1)}`, `${' '.repeat(cols - 3)}XXX`];
      const grid = gridFromRows(lines, XO_SPACE);
      const board = boardInput(grid);
      isWinFor.push({
        id: 'Board.is_win_for.gen.no-wrap-around',
        source: generated(ctx, 'is_win_for.edges'),
        input: { board, checker: 'X' },
        python: `${boardSetup(board)}\nb.is_win_for('X')`,
        expected: { value: py.bool(ref.isWinFor(grid, 'X')) },
      });
    }
    // Diagonals that would connect if the board wrapped around: a checker at the right edge, three going on from the
    // left edge one row below (down-right) or above (up-right). On the 6 × 7 board whatever sizes a course names.
    for (const [name, step] of [
      ['down', 1],
      ['up', -1],
    ] as const) {
      const grid = ref.newBoard(6, 7);
      const from = step > 0 ? 1 : 4;
      setCell(grid, from, 6, ref.pieceOf('X'));
      for (let k = 1; k <= 3; k++) setCell(grid, from + k * step, k - 1, ref.pieceOf('X'));
      const board = boardInput(grid);
      isWinFor.push({
        id: `Board.is_win_for.gen.no-wrap-around-${name}-diagonal`,
        source: generated(ctx, 'is_win_for.wrap-diagonals'),
        input: { board, checker: 'X' },
        python: `${boardSetup(board)}\nb.is_win_for('X')`,
        expected: { value: py.bool(ref.isWinFor(grid, 'X')) },
      });
    }
    const rng = familyRng(ctx, 'is_win_for');
    for (let i = 0; i < 80; i++) {
      const h = 1 + rng.int(10);
      const w = 1 + rng.int(10);
      const pos = randomPosition(rng, { rows: h, cols: w, plies: rng.int(h * w + 1) });
      const board = boardInput(pos.grid, pos.moves);
      const checker = rng.pick(ref.CHECKERS);
      isWinFor.push({
        id: `Board.is_win_for.gen.random-${nth(i)}`,
        source: generated(ctx, 'is_win_for.random'),
        input: { board, checker },
        python: `${boardSetup(board)}\nb.is_win_for('${checker}')`,
        expected: { value: py.bool(ref.isWinFor(pos.grid, checker)) },
      });
    }
  }

  return [
    file('Board.__repr__', 'The board string: slots, dashes, column numbers modulo ten.', repr),
    file('Board.add_checker', 'Checkers drop to the lowest empty slot.', addChecker),
    file('Board.can_add_to', 'Columns off the board or full are refused.', canAddTo),
    file('Board.is_full', 'Full only when every column is.', isFull),
    file('Board.remove_checker', 'The top checker goes; an empty column is left alone.', removeChecker),
    file('Board.reset', 'Every slot back to a space.', reset),
    file('Board.is_win_for', 'Four in a row in any direction, on any board size.', isWinFor),
  ];
}
