/**
 * Golden cases for the Manchester coursework (document 003). The document is text extracted from a PDF: boards run
 * together on one line and rows with no checker lost their spaces (`||||||||`), so its examples are located with
 * white space folded ('inline').
 */
import * as ref from '../../../reference/manchester-connect4.js';
import { type PyValue, formatPyStr, py } from '../../model/py-value.js';
import { type AssignmentContext, documentSource, fileMaker, familyRng, generated, nth } from '../../fixtures/build-context.js';
import type { FixtureCase, FixtureFile } from '../../model/fixture-types.js';
import { randomPosition } from '../../fixtures/positions.js';
import { strengthCases } from '../../fixtures/strength-cases.js';
import type { Rng } from '../../model/rng.js';

export const boardValue = (board: ref.BoardRows): PyValue => py.list(board.map((row) => py.ints(row)));
export const boardLiteral = (board: ref.BoardRows): string => `[${board.map((r) => `[${r.join(', ')}]`).join(', ')}]`;
const gameLiteral = (g: ref.Game): string =>
  `{'player1': ${formatPyStr(g.player1)}, 'player2': ${formatPyStr(g.player2)}, 'who': ${g.who}, 'board': ${boardLiteral(g.board)}}`;
/** The document fixes the lines, not whether the last one ends with a newline: both are accepted. */
const savedFile = (text: string): Pick<FixtureCase, 'expected' | 'lenient'> => ({
  expected: { value: py.str(text) },
  lenient: {
    reason: 'the document does not say whether the last line of the file ends with a newline',
    choice: 'final newline',
    alsoAccepted: [py.str(text.replace(/\n$/, ''))],
  },
});
export const gameValue = (g: ref.Game): PyValue =>
  py.dict([
    [py.str('player1'), py.str(g.player1)],
    [py.str('player2'), py.str(g.player2)],
    [py.str('who'), py.int(g.who)],
    [py.str('board'), boardValue(g.board)],
  ]);

/** printBoard's output as the PDF text shows it: lines run together, empty rows without their spaces. */
const pdfBoard = (board: ref.BoardRows): string =>
  ref
    .printBoard(board)
    .trimEnd()
    .split('\n')
    .map((line) => (/^\|( \|)+$/.test(line) ? '|'.repeat(8) : line))
    .join(' ');

const fromRows = (rows: string[]): ref.BoardRows =>
  rows.map((r) =>
    r
      .split('|')
      .slice(1, 8)
      .map((c) => (c === 'X' ? 1 : c === 'O' ? 2 : 0)),
  );

export const TASK0_BOARD: ref.BoardRows = [
  [0, 0, 0, 0, 2, 0, 0],
  [0, 0, 0, 0, 1, 0, 0],
  [0, 0, 0, 0, 1, 0, 0],
  [0, 0, 0, 0, 2, 0, 0],
  [0, 0, 0, 2, 1, 0, 0],
  [0, 0, 2, 1, 2, 1, 0],
];

export function buildManchesterFixtures(ctx: AssignmentContext): FixtureFile[] {
  const doc = (excerpt: string) => documentSource(ctx, excerpt, 'inline');
  const file = fileMaker(ctx);
  const gen = (family: string) => generated(ctx, family);
  const positions = (family: string, count: number, avoidWins = false) => {
    const rng = familyRng(ctx, family);
    return Array.from({ length: count }, () => ref.fromGrid(randomPosition(rng, { rows: 6, cols: 7, plies: rng.int(43), avoidWins }).grid));
  };

  const task0 = doc(`board : [${TASK0_BOARD.map((r) => `[${r.join(',')}]`).join(', ')} ]`);
  const newGame: FixtureCase[] = [];
  for (const [i, [p1, p2]] of (
    [
      ['Stefan', 'C'],
      ['C', 'C'],
      ['Alice', 'Bob'],
      ['C', 'Grace'],
    ] as const
  ).entries()) {
    newGame.push({
      id: i === 0 ? 'newGame.doc.task0' : `newGame.gen.${nth(i)}`,
      source: i === 0 ? task0 : gen('newGame'),
      input: { player1: p1, player2: p2 },
      python: `newGame(${formatPyStr(p1)}, ${formatPyStr(p2)})`,
      expected: { value: gameValue(ref.newGame(p1, p2)) },
    });
  }

  const printBoard: FixtureCase[] = [];
  printBoard.push({
    id: 'printBoard.doc.task0',
    source: doc(pdfBoard(TASK0_BOARD)),
    input: { board: TASK0_BOARD },
    python: `printBoard(${boardLiteral(TASK0_BOARD)})`,
    expected: { stdout: ref.printBoard(TASK0_BOARD), value: py.none() },
  });
  positions('printBoard', 15).forEach((b, i) =>
    printBoard.push({
      id: `printBoard.gen.${nth(i)}`,
      source: gen('printBoard'),
      input: { board: b },
      python: `printBoard(${boardLiteral(b)})`,
      expected: { stdout: ref.printBoard(b), value: py.none() },
    }),
  );

  const validMoves: FixtureCase[] = [];
  const vm = ref.getValidMoves(TASK0_BOARD);
  validMoves.push({
    id: 'getValidMoves.doc.task0',
    source: doc(`should return the list [${vm.join(', ')}], or a permutation thereof`),
    input: { board: TASK0_BOARD },
    python: `getValidMoves(${boardLiteral(TASK0_BOARD)})`,
    expected: { value: py.ints(vm) },
  });
  positions('getValidMoves', 30).forEach((b, i) =>
    validMoves.push({
      id: `getValidMoves.gen.${nth(i)}`,
      source: gen('getValidMoves'),
      input: { board: b },
      python: `getValidMoves(${boardLiteral(b)})`,
      expected: { value: py.ints(ref.getValidMoves(b)) },
    }),
  );

  const makeMove: FixtureCase[] = [];
  const moved = ref.makeMove(TASK0_BOARD, 3, 1);
  makeMove.push({
    id: 'makeMove.doc.task4',
    source: doc(pdfBoard(moved)),
    input: { board: TASK0_BOARD, move: 3, who: 1 },
    python: `makeMove(${boardLiteral(TASK0_BOARD)}, 3, 1)`,
    expected: { value: boardValue(moved) },
  });
  {
    const rng = familyRng(ctx, 'makeMove');
    positions('makeMove.boards', 30).forEach((b, i) => {
      const valid = ref.getValidMoves(b);
      if (valid.length === 0) return;
      const move = rng.pick(valid);
      const who = rng.pick([1, 2] as const);
      makeMove.push({
        id: `makeMove.gen.${nth(i)}`,
        source: gen('makeMove'),
        input: { board: b, move, who },
        python: `makeMove(${boardLiteral(b)}, ${move}, ${who})`,
        expected: { value: boardValue(ref.makeMove(b, move, who)) },
      });
    });
  }

  const hasWon: FixtureCase[] = [];
  {
    const board = fromRows([
      '| | | | |O| | |',
      '| | | | |X| | |',
      '| | |X|X|X| | |',
      '| | |O|X|O| | |',
      '| | |X|O|X|O| |',
      '| | |O|X|O|X|O|',
    ]);
    const source = doc(pdfBoard(board));
    for (const who of [1, 2] as const)
      hasWon.push({
        id: `hasWon.doc.task5-${who}`,
        source,
        input: { board, who },
        python: `hasWon(${boardLiteral(board)}, ${who})`,
        expected: { value: py.bool(ref.hasWon(board, who)) },
      });
    const dirs = [
      ['horizontal', 0, 1],
      ['vertical', 1, 0],
      ['down-diagonal', 1, 1],
      ['up-diagonal', -1, 1],
    ] as const;
    for (const [name, dr, dc] of dirs) {
      for (let r = 0; r < 6; r++)
        for (let c = 0; c < 7; c++) {
          const cells = [0, 1, 2, 3].map((k) => [r + k * dr, c + k * dc] as const);
          if (cells.some(([rr, cc]) => rr < 0 || rr >= 6 || cc >= 7)) continue;
          const who = (((r + c) % 2) + 1) as 1 | 2;
          const b = ref.emptyBoard();
          cells.forEach(([rr, cc]) => (b[rr]![cc] = who));
          for (const asked of [1, 2] as const)
            hasWon.push({
              id: `hasWon.gen.${name}-${r}${c}-${asked}`,
              source: gen(`hasWon.${name}`),
              input: { board: b, who: asked },
              python: `hasWon(${boardLiteral(b)}, ${asked})`,
              expected: { value: py.bool(asked === who) },
            });
        }
    }
    positions('hasWon', 40).forEach((b, i) => {
      const who = ((i % 2) + 1) as 1 | 2;
      hasWon.push({
        id: `hasWon.gen.random-${nth(i)}`,
        source: gen('hasWon.random'),
        input: { board: b, who },
        python: `hasWon(${boardLiteral(b)}, ${who})`,
        expected: { value: py.bool(ref.hasWon(b, who)) },
      });
    });
  }

  const suggest: FixtureCase[] = [];
  {
    const board = fromRows([
      '| | | | | | | |',
      '| | | | | | | |',
      '| | | | | | | |',
      '| | | | | | | |',
      '|O| | | | | | |',
      '|O|O| |X|X|X| |',
    ]);
    const source = doc(pdfBoard(board));
    for (const who of [1, 2] as const) {
      const { columns, reason } = ref.suggestMove1Acceptable(board, who);
      suggest.push({
        id: `suggestMove1.doc.task6-${who}`,
        source,
        input: { board, who },
        python: `suggestMove1(${boardLiteral(board)}, ${who})`,
        expected: { oneOf: columns.map(py.int) },
        facts: { reason },
      });
    }
    positions('suggestMove1', 80, true).forEach((b, i) => {
      if (ref.getValidMoves(b).length === 0) return;
      const who = ((i % 2) + 1) as 1 | 2;
      const { columns, reason } = ref.suggestMove1Acceptable(b, who);
      suggest.push({
        id: `suggestMove1.gen.${reason}-${nth(i)}`,
        source: gen('suggestMove1'),
        input: { board: b, who },
        python: `suggestMove1(${boardLiteral(b)}, ${who})`,
        expected: { oneOf: columns.map(py.int) },
        facts: { reason },
      });
    });
  }

  // suggestMove2 on boards with one to three empty cells and no four yet: its search reaches a full board in a move
  // or two, where a search that only expects open columns raises. Any valid column is a right answer (Task 11).
  const suggest2: FixtureCase[] = [];
  {
    const rng = familyRng(ctx, 'suggestMove2.nearly-full');
    for (let i = 0; suggest2.length < 6 && i < 200; i++) {
      const p = randomPosition(rng, { rows: 6, cols: 7, plies: 39 + (suggest2.length % 3), avoidWins: true });
      const b = ref.fromGrid(p.grid);
      const open = ref.getValidMoves(b);
      if (p.plies < 39 || open.length === 0 || ref.hasWon(b, 1) || ref.hasWon(b, 2)) continue;
      const who = ((p.plies % 2) + 1) as 1 | 2;
      suggest2.push({
        id: `suggestMove2.gen.nearly-full-${nth(suggest2.length)}`,
        source: gen('suggestMove2.nearly-full'),
        input: { board: b, who },
        python: `suggestMove2(${boardLiteral(b)}, ${who})`,
        expected: { oneOf: open.map(py.int) },
      });
    }
  }

  const saveLoad: FixtureCase[] = [];
  const saves: FixtureCase[] = [];
  {
    const game: ref.Game = { player1: 'Stefan', player2: 'C', who: 1, board: TASK0_BOARD };
    const text = ref.serializeGame(game);
    const source = doc(text.trim());
    saveLoad.push({
      id: 'loadGame.doc.task8',
      source,
      input: { fileText: text, filename: 'game.txt' },
      python: 'loadGame()   # game.txt holds the Task 8 example',
      expected: { value: gameValue(game) },
    });
    saves.push({
      id: 'saveGame.doc.task8',
      source,
      input: { game, filename: null },
      python: `saveGame(${gameLiteral(game)})\nopen('game.txt').read()`,
      ...savedFile(text),
    });
    const rng = familyRng(ctx, 'saveGame');
    positions('saveGame.boards', 12).forEach((b, i) => {
      const g: ref.Game = {
        player1: rng.pick(['Ada', 'C', 'Emmy Noether', 'alan']),
        player2: rng.pick(['C', 'Bob', 'Zoë']),
        who: rng.pick([1, 2] as const),
        board: b,
      };
      const t = ref.serializeGame(g);
      saves.push({
        id: `saveGame.gen.${nth(i)}`,
        source: gen('saveGame'),
        input: { game: g, filename: 'saved.txt' },
        python: `saveGame(${gameLiteral(g)}, 'saved.txt')\nopen('saved.txt').read()`,
        ...savedFile(t),
      });
      saveLoad.push({
        id: `loadGame.gen.${nth(i)}`,
        source: gen('loadGame'),
        input: { fileText: t, filename: 'saved.txt' },
        python: "loadGame('saved.txt')",
        expected: { value: gameValue(g) },
      });
    });
    for (const { id, kind, text: bad } of [...ref.malformedVariants(game).map((v) => ({ ...v, id: v.kind })), ...moreMalformed(game)]) {
      const parsed = ref.parseGameFile(bad);
      if (parsed.ok || parsed.kind !== kind) throw new Error(`malformed variant ${id} is not refused as ${kind}`);
      saveLoad.push({
        id: `loadGame.gen.malformed-${id}`,
        source: gen('loadGame.malformed'),
        input: { fileText: bad, filename: 'game.txt', malformed: id },
        python: `loadGame()   # game.txt: ${parsed.reason}`,
        expected: { raises: 'ValueError' },
        facts: { reason: parsed.reason },
      });
    }
    saveLoad.push({
      id: 'loadGame.gen.missing-file',
      source: gen('loadGame.missing'),
      input: { fileText: null, filename: 'no-such-game.txt' },
      python: "loadGame('no-such-game.txt')",
      expected: { raises: 'FileNotFoundError' },
    });
  }

  const play = playCases(ctx, gen);

  return [
    file('newGame', 'The game dictionary: exactly four keys.', newGame),
    file('printBoard', 'Column numbers 1–7, a rule, rows of X and O.', printBoard),
    file('getValidMoves', 'Columns not yet full, any order, no repeats.', validMoves),
    file('makeMove', 'The board after a move.', makeMove),
    file('hasWon', 'Four adjacent in any direction.', hasWon),
    file('suggestMove1', 'Win, else block, else any valid move.', suggest),
    ...(['suggestMove1', 'suggestMove2'] as const).map((name) =>
      file(
        `${name}.strength`,
        `Middle-game positions labelled by the perfect solver, for ${name}'s strength.`,
        strengthCases(ctx, `${name}.strength`, (p) => {
          const board = ref.fromGrid(p.grid);
          return { input: { board, who: p.toMove }, python: `${name}(${JSON.stringify(board).replace(/,/g, ', ')}, ${p.toMove})` };
        }),
      ),
    ),
    file('suggestMove2', 'suggestMove2 on nearly full boards: any valid column.', suggest2),
    file('saveGame', 'The save file format: names, who, six rows of seven.', saves),
    file('loadGame', 'Reading save files, and every way one can be malformed.', saveLoad),
    file('play', 'play() on the terminal: typed lines, the files there before, and how the game must end.', play),
  ];
}

/**
 * More malformed files beside the reference's one of each kind, so that each part of Task 8's format is wrong or
 * missing in turn: player 2's name empty (the reference's empties player 1's), the turn's line empty or 0 (beside
 * 'x' and 3), a row's line empty, and in the last row (the reference's break the first) a value missing or negative.
 * `kind` is how the reference's reading refuses it, checked when the fixtures are built.
 */
function moreMalformed(game: ref.Game): { id: string; kind: ref.MalformedKind; text: string }[] {
  const lines = ref.serializeGame(game).replace(/\n$/, '').split('\n');
  const withLine = (i: number, line: string) => lines.map((l, j) => (j === i ? line : l)).join('\n') + '\n';
  const lastRow = lines[8]!.split(',');
  return [
    { id: 'second-name-empty', kind: 'empty-name', text: withLine(1, '') },
    { id: 'who-missing', kind: 'who-not-a-number', text: withLine(2, '') },
    { id: 'who-zero', kind: 'who-out-of-range', text: withLine(2, '0') },
    { id: 'row-missing', kind: 'row-too-short', text: withLine(5, '') },
    { id: 'cell-missing', kind: 'cell-not-a-number', text: withLine(8, ['', ...lastRow.slice(1)].join(',')) },
    { id: 'cell-negative', kind: 'cell-not-a-number', text: withLine(8, [...lastRow.slice(0, 6), '-1'].join(',')) },
  ];
}

/** Columns 4, 3, 5, 2, 6, 1, 7 over and over: a human who always has a legal move to type against a computer. */
const CYCLE = Array.from({ length: 140 }, (_, i) => String([4, 3, 5, 2, 6, 1, 7][i % 7]));

/** A game's expectations as a Python dict: the final board, who won (by name) or a draw, and the saved files. */
function playExpected(outcome: ref.PlayOutcome): FixtureCase['expected'] {
  const ending = outcome.ending;
  const entries: [PyValue, PyValue][] = [[py.str('ending'), py.str(ending.kind)]];
  if (ending.kind === 'won') entries.push([py.str('winner'), py.str(ending.name)]);
  if (ending.kind === 'load-failed') entries.push([py.str('reason'), py.str(ending.reason)]);
  if (outcome.game && ending.kind !== 'load-failed') entries.push([py.str('board'), boardValue(outcome.game.board)]);
  if (outcome.saves.length > 0) entries.push([py.str('saves'), py.dict(outcome.saves.map((s) => [py.str(s.filename), py.str(s.text)]))]);
  return { value: py.dict(entries) };
}

interface PlayScript {
  readonly id: string;
  readonly lines: readonly string[];
  readonly files?: Readonly<Record<string, string | null>>;
  readonly collect?: readonly string[];
  /** Games with a computer player or junk input are judged by their own boards, not a replay. */
  readonly mode: 'replay' | 'computer' | 'fuzz' | 'eof';
  /** Whether the check reads what follows each column the document's play() refuses (facts.refused). */
  readonly refusals?: boolean;
  readonly note: string;
}

function playCases(ctx: AssignmentContext, gen: (family: string) => FixtureCase['source']): FixtureCase[] {
  const rng = familyRng(ctx, 'play');
  const loadGame: ref.Game = {
    player1: 'Ada',
    player2: 'Grace',
    who: 2,
    board: [
      [0, 0, 0, 0, 0, 0, 0],
      [0, 0, 0, 0, 0, 0, 0],
      [0, 0, 0, 0, 0, 0, 0],
      [0, 0, 0, 1, 0, 0, 0],
      [0, 0, 2, 1, 0, 0, 0],
      [0, 2, 1, 1, 2, 0, 0],
    ],
  };
  const loadText = ref.serializeGame(loadGame);
  const malformed = ref.malformedVariants(loadGame).find((v) => v.kind === 'row-too-short')!.text;
  const fuzzJunk = [' ', '-1', '3.5', 'abc', '99999999999999999999', '0x4', '4 4', '\u00e9', 'None', '[]', '%s%s%n', '  ', 'quit'];
  const scripts: PlayScript[] = [
    {
      id: 'play.gen.humans-win',
      mode: 'replay',
      lines: ['ada', 'grace', '4', '4', '3', '3', '2', '2', '5'],
      note: 'two humans; X wins along the bottom row',
    },
    {
      id: 'play.gen.names-reasked',
      mode: 'replay',
      lines: ['', 'ada', '', '', 'grace', '1', '4', '1', '4', '2', '4', '1', '4'],
      note: 'empty names are asked again; Grace (O) wins in column 4',
    },
    {
      id: 'play.gen.names-first-wins',
      mode: 'replay',
      lines: ['emmy', 'grace', '4', '1', '4', '1', '4', '2', '4'],
      note: "Emmy (X) wins in column 4: player 1's name is capitalised too (from its first letter: emmy ends in another)",
    },
    {
      id: 'play.gen.invalid-columns',
      mode: 'replay',
      lines: ['ada', 'grace', '0', '8', 'x', '', '4.5', '1', '1', '1', '1', '1', '1', '1', '2', '3', '2', '3', '2', '3', '2'],
      note: 'columns 0, 8, x, empty, 4.5 and a full column 1 are refused, each with a warning',
      refusals: true,
    },
    {
      id: 'play.gen.save-default',
      mode: 'replay',
      lines: ['ada', 'grace', '4', '3', 'S', '', '4', '3', '4', '3', '4'],
      collect: ['game.txt'],
      files: { 'game.txt': null },
      note: 'S with no file name saves game.txt, and play goes on',
    },
    {
      id: 'play.gen.load-default',
      mode: 'replay',
      lines: ['L', '', '3', '4'],
      files: { 'game.txt': loadText },
      note: 'L with no file name loads game.txt and play goes on from there',
    },
    {
      id: 'play.gen.load-missing',
      mode: 'replay',
      lines: ['L', 'no-such-game.txt'],
      files: { 'game.txt': null },
      note: 'loading a missing file ends the game with a message',
    },
    {
      id: 'play.gen.load-malformed',
      mode: 'replay',
      lines: ['L', ''],
      files: { 'game.txt': malformed },
      note: 'loading a malformed game.txt ends the game with a message',
    },
    {
      id: 'play.gen.draw',
      mode: 'replay',
      lines: ['ada', 'grace', ...drawColumns(rng).map(String)],
      note: 'a full board with no four in a row is a draw',
    },
    { id: 'play.gen.human-vs-computer', mode: 'computer', lines: ['ada', 'C', ...CYCLE], note: 'Ada against the computer, to the end' },
    { id: 'play.gen.computer-vs-human', mode: 'computer', lines: ['C', 'grace', ...CYCLE], note: 'the computer moves first' },
    { id: 'play.gen.computer-vs-computer', mode: 'computer', lines: ['C', 'C'], note: 'the computer against itself, to the end' },
    {
      id: 'play.gen.fuzz-names-and-columns',
      mode: 'fuzz',
      lines: ['ada', ' grace', ...fuzzJunk, 'S', '/no/such/folder/game.txt', ...fuzzJunk, ...CYCLE],
      files: { 'game.txt': null },
      note: 'junk at the column prompt, and a save to a folder that does not exist',
    },
    {
      id: 'play.gen.fuzz-random',
      mode: 'fuzz',
      lines: ['ada', 'grace', ...randomJunk(rng, 30), ...CYCLE],
      files: { 'game.txt': null },
      note: 'seeded random junk at the column prompt',
    },
    { id: 'play.gen.fuzz-load-folder', mode: 'fuzz', lines: ['L', '/'], note: 'loading a folder instead of a file' },
    {
      id: 'play.gen.fuzz-load-binary',
      mode: 'fuzz',
      lines: ['L', 'junk.bin'],
      files: { 'junk.bin': '\u0000\u00ff\u00fe garbage\n'.repeat(20) },
      note: 'loading a file that is not a game',
    },
    { id: 'play.gen.eof-first-name', mode: 'eof', lines: [], note: 'end of input at the first name' },
    { id: 'play.gen.eof-second-name', mode: 'eof', lines: ['ada'], note: 'end of input at the second name' },
    { id: 'play.gen.eof-column', mode: 'eof', lines: ['ada', 'grace', '4'], note: 'end of input at a column' },
    { id: 'play.gen.eof-load-name', mode: 'eof', lines: ['L'], note: 'end of input at the file name to load' },
    {
      id: 'play.gen.eof-save-name',
      mode: 'eof',
      lines: ['ada', 'grace', 'S'],
      files: { 'game.txt': null },
      note: 'end of input after S (at the file name to save, or the next column)',
    },
  ];
  return scripts.map((script) => {
    const files = Object.fromEntries(Object.entries(script.files ?? {}).filter((e): e is [string, string] => e[1] !== null));
    const outcome = script.mode === 'replay' ? ref.simulatePlay(script.lines, files) : undefined;
    if (outcome && (outcome.ending.kind === 'script-ended' || outcome.linesRead !== script.lines.length)) {
      throw new Error(
        `${script.id}: the script does not end the game on its last line (${outcome.ending.kind} after ${outcome.linesRead} of ${script.lines.length})`,
      );
    }
    const typed =
      script.lines.length > 12
        ? `${script.lines
            .slice(0, 12)
            .map((l) => JSON.stringify(l))
            .join(', ')}, … (${script.lines.length} lines)`
        : script.lines.map((l) => JSON.stringify(l)).join(', ');
    return {
      id: script.id,
      source: gen(`play.${script.mode}`),
      input: {
        lines: script.lines,
        mode: script.mode,
        note: script.note,
        ...(script.files && { files: script.files }),
        ...(script.collect && { collect: script.collect }),
      },
      python: `play()   # type: ${typed || '(nothing: end of input at once)'}`,
      expected: outcome
        ? playExpected(outcome)
        : { value: py.dict([[py.str('ending'), py.str(script.mode === 'eof' ? 'end-of-input' : 'any')]]) },
      ...(script.refusals && { facts: { refused: refusedLines(script.lines, files) } }),
    };
  });
}

/**
 * The lines of a two-human script typed at a column prompt that the document's play() refuses (it then warns and
 * asks again, Task 7 step 5): those after which the game, read so far, is where it was. Names come first.
 */
function refusedLines(lines: readonly string[], files: Readonly<Record<string, string>>): number[] {
  const state = (n: number) => JSON.stringify(ref.simulatePlay(lines.slice(0, n), files).game ?? null);
  const refused: number[] = [];
  for (let k = 2; k < lines.length; k++) if (lines[k] !== 'S' && lines[k - 1] !== 'S' && state(k + 1) === state(k)) refused.push(k);
  return refused;
}

/** Lines of random characters (ASCII, Latin-1, digits, signs, spaces), none of them a plain column or a command. */
function randomJunk(rng: Rng, count: number): string[] {
  const alphabet = [...'0123456789+-.,eE xXsSlLcC!?%$#@*()[]{}\'"\\/\téüßЖ中٣'];
  const lines: string[] = [];
  while (lines.length < count) {
    const line = Array.from({ length: 1 + rng.int(12) }, () => rng.pick(alphabet)).join('');
    if (!/^\s*[1-7]\s*$/.test(line) && !/^\s*[SL]\s*$/i.test(line)) lines.push(line);
  }
  return lines;
}

/** Columns (1–7) for a game of 42 moves in which nobody gets four: random games, kept only when they draw. */
function drawColumns(rng: Rng): number[] {
  for (let attempt = 0; attempt < 100_000; attempt++) {
    let board = ref.emptyBoard();
    const columns: number[] = [];
    let who: 1 | 2 = 1;
    for (;;) {
      const open = ref.getValidMoves(board);
      if (open.length === 0) return columns;
      const safe = open.filter((c) => !ref.hasWon(ref.makeMove(board, c, who), who));
      if (safe.length === 0) break;
      const c = rng.pick(safe);
      board = ref.makeMove(board, c, who);
      columns.push(c + 1);
      who = who === 1 ? 2 : 1;
    }
  }
  throw new Error('no drawn game found');
}
