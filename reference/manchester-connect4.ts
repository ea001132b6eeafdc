/**
 * Manchester MATH20621 coursework (document 003): a game dictionary {player1, player2, who, board}, the board six
 * rows of seven ints, row 0 at the top, 0 empty, 1 and 2 the players. Columns are 0–6 inside, shown 1–7.
 */
import { type Grid, type Piece, createGrid, getCell, hasRun, landingRow, opponentOf, setCell, validColumns } from './core/grid.js';

export const ROWS = 6;
export const COLS = 7;
export type BoardRows = number[][];

export interface Game {
  player1: string;
  player2: string;
  who: 1 | 2;
  board: BoardRows;
}

export function emptyBoard(): BoardRows {
  return Array.from({ length: ROWS }, () => Array.from({ length: COLS }, () => 0));
}

export function newGame(player1: string, player2: string): Game {
  return { player1, player2, who: 1, board: emptyBoard() };
}

export function toGrid(board: BoardRows): Grid {
  const grid = createGrid(board.length, board[0]?.length ?? 0);
  board.forEach((row, r) => row.forEach((v, c) => setCell(grid, r, c, v as 0 | 1 | 2)));
  return grid;
}

export function fromGrid(grid: Grid): BoardRows {
  return Array.from({ length: grid.rows }, (_, r) => Array.from({ length: grid.cols }, (_, c) => getCell(grid, r, c)));
}

export const HEADER = '|1|2|3|4|5|6|7|';
export const RULE = '+-+-+-+-+-+-+-+';
const MARK = [' ', 'X', 'O'] as const;

/** `printBoard`'s output as the document shows it: the column numbers, a rule, then one `| |X|O|…|` line a row. */
export function printBoard(board: BoardRows): string {
  const lines = [HEADER, RULE];
  for (const row of board) lines.push('|' + row.map((v) => MARK[v as 0 | 1 | 2]).join('|') + '|');
  return lines.join('\n') + '\n';
}

/** `getValidMoves`: the columns not completely filled (any order is accepted; this one ascends). */
export function getValidMoves(board: BoardRows): number[] {
  return board[0]!.flatMap((v, c) => (v === 0 ? [c] : []));
}

/** `makeMove`: the board after `who` drops in `move` (a new board here; the student's may change theirs in place). */
export function makeMove(board: BoardRows, move: number, who: 1 | 2): BoardRows {
  const next = board.map((row) => [...row]);
  for (let r = ROWS - 1; r >= 0; r--) {
    if (next[r]![move] === 0) {
      next[r]![move] = who;
      return next;
    }
  }
  throw new RangeError(`makeMove: column ${move} is full (the document only calls it with valid moves)`);
}

export function hasWon(board: BoardRows, who: 1 | 2): boolean {
  return hasRun(toGrid(board), who, 4);
}

/** Columns where `who` would win at once. */
export function winningMoves(board: BoardRows, who: 1 | 2): number[] {
  return getValidMoves(board).filter((c) => hasWon(makeMove(board, c, who), who));
}

/**
 * `suggestMove1`'s acceptable answers: a winning move if there is one; else a move that takes the opponent's
 * winning column; else any valid move ("for example, the first one").
 */
export function suggestMove1Acceptable(board: BoardRows, who: 1 | 2): { columns: number[]; reason: 'win' | 'block' | 'any' } {
  const wins = winningMoves(board, who);
  if (wins.length > 0) return { columns: wins, reason: 'win' };
  const blocks = winningMoves(board, opponentOf(who));
  if (blocks.length > 0) return { columns: blocks, reason: 'block' };
  return { columns: getValidMoves(board), reason: 'any' };
}

// ---------------------------------------------------------------------------------------------------------------
// Save files (Tasks 8 and 9)

export const DEFAULT_FILENAME = 'game.txt';

/** The file `saveGame` writes: names, who, then six comma-separated rows, a newline after each line. */
export function serializeGame(game: Game): string {
  return [game.player1, game.player2, String(game.who), ...game.board.map((row) => row.join(','))].join('\n') + '\n';
}

export type MalformedKind =
  | 'empty-file'
  | 'too-few-lines'
  | 'too-many-lines'
  | 'empty-name'
  | 'who-not-a-number'
  | 'who-out-of-range'
  | 'row-too-short'
  | 'row-too-long'
  | 'cell-out-of-range'
  | 'cell-not-a-number';

export type ParseResult =
  { readonly ok: true; readonly game: Game } | { readonly ok: false; readonly kind: MalformedKind; readonly reason: string };

/**
 * `loadGame`'s reading of a file: nine lines (a final newline is allowed), two non-empty names, `who` 1 or 2, six
 * rows of seven values each 0, 1 or 2. Anything else is a ValueError in the student's code.
 */
export function parseGameFile(text: string): ParseResult {
  const fail = (kind: MalformedKind, reason: string): ParseResult => ({ ok: false, kind, reason });
  if (text.trim() === '') return fail('empty-file', 'the file is empty');
  const lines = text.replace(/\r\n/g, '\n').replace(/\n$/, '').split('\n');
  if (lines.length < 9) return fail('too-few-lines', `${lines.length} lines, expected 9`);
  if (lines.length > 9) return fail('too-many-lines', `${lines.length} lines, expected 9`);
  const [player1, player2, whoText, ...rows] = lines as [string, string, string, ...string[]];
  if (player1.trim() === '' || player2.trim() === '') return fail('empty-name', 'a player name is empty');
  if (!/^\s*\d+\s*$/.test(whoText)) return fail('who-not-a-number', `line 3 is ${JSON.stringify(whoText)}, not 1 or 2`);
  const who = Number(whoText.trim());
  if (who !== 1 && who !== 2) return fail('who-out-of-range', `who is ${who}, not 1 or 2`);
  const board: BoardRows = [];
  for (const [i, line] of rows.entries()) {
    const values = line.split(',');
    if (values.length < COLS) return fail('row-too-short', `row ${i + 1} has ${values.length} values, expected ${COLS}`);
    if (values.length > COLS) return fail('row-too-long', `row ${i + 1} has ${values.length} values, expected ${COLS}`);
    const row: number[] = [];
    for (const v of values) {
      if (!/^\s*\d+\s*$/.test(v)) return fail('cell-not-a-number', `row ${i + 1} has ${JSON.stringify(v)}`);
      const n = Number(v.trim());
      if (n > 2) return fail('cell-out-of-range', `row ${i + 1} has ${n}, not 0, 1 or 2`);
      row.push(n);
    }
    board.push(row);
  }
  return { ok: true, game: { player1, player2, who, board } };
}

/** One malformed file of each kind, made from a valid save: what `loadGame` must refuse with ValueError. */
export function malformedVariants(game: Game): { kind: MalformedKind; text: string }[] {
  const lines = serializeGame(game).replace(/\n$/, '').split('\n');
  const withLine = (i: number, line: string) => lines.map((l, j) => (j === i ? line : l)).join('\n') + '\n';
  const firstRow = lines[3]!.split(',');
  return [
    { kind: 'empty-file', text: '' },
    { kind: 'too-few-lines', text: lines.slice(0, 8).join('\n') + '\n' },
    { kind: 'too-many-lines', text: [...lines, lines[8]!].join('\n') + '\n' },
    { kind: 'empty-name', text: withLine(0, '') },
    { kind: 'who-not-a-number', text: withLine(2, 'x') },
    { kind: 'who-out-of-range', text: withLine(2, '3') },
    { kind: 'row-too-short', text: withLine(3, firstRow.slice(0, 6).join(',')) },
    { kind: 'row-too-long', text: withLine(3, [...firstRow, '0'].join(',')) },
    { kind: 'cell-out-of-range', text: withLine(3, ['3', ...firstRow.slice(1)].join(',')) },
    { kind: 'cell-not-a-number', text: withLine(3, ['a', ...firstRow.slice(1)].join(',')) },
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// Baseline opponents for suggestMove2's strength tests

/** Centre-first column order: the usual move ordering, and the baselines' deterministic tie-break. */
export const CENTRE_FIRST = [3, 2, 4, 1, 5, 0, 6] as const;

/** What a random player needs of a seeded generator: one of several items. */
export interface Picker {
  pick<T>(items: readonly T[]): T;
}

export function randomBaseline(board: BoardRows, _who: 1 | 2, rng: Picker): number {
  return rng.pick(getValidMoves(board));
}

/** suggestMove1 played deterministically: the first acceptable column. */
export function suggestMove1Baseline(board: BoardRows, who: 1 | 2): number {
  return suggestMove1Acceptable(board, who).columns[0]!;
}

const WIN_SCORE = 1_000_000;

/** Window heuristic from `who`'s side: threes and twos with room to grow, the centre column, the opponent's threats. */
export function heuristic(grid: Grid, who: Piece): number {
  const them = opponentOf(who);
  let score = 0;
  for (let r = 0; r < grid.rows; r++) if (getCell(grid, r, 3) === who) score += 3;
  const windows: [number, number][] = [
    [0, 1],
    [1, 0],
    [1, 1],
    [-1, 1],
  ];
  for (const [dr, dc] of windows) {
    for (let r = 0; r < grid.rows; r++) {
      for (let c = 0; c < grid.cols; c++) {
        const endR = r + 3 * dr;
        const endC = c + 3 * dc;
        if (endR < 0 || endR >= grid.rows || endC >= grid.cols) continue;
        let mine = 0;
        let theirs = 0;
        for (let k = 0; k < 4; k++) {
          const cell = getCell(grid, r + k * dr, c + k * dc);
          if (cell === who) mine++;
          else if (cell === them) theirs++;
        }
        if (theirs === 0) score += mine === 3 ? 5 : mine === 2 ? 2 : 0;
        else if (mine === 0) score -= theirs === 3 ? 4 : 0;
      }
    }
  }
  return score;
}

/** Depth-limited negamax with alpha-beta and the heuristic above; ties go to the centre-most column. */
export function minimaxBaseline(board: BoardRows, who: 1 | 2, depth: number): number {
  const grid = toGrid(board);
  const search = (player: Piece, d: number, alpha: number, beta: number): number => {
    const moves = openCentreFirst(grid);
    if (moves.length === 0) return 0;
    if (d === 0) return heuristic(grid, player) - heuristic(grid, opponentOf(player));
    let best = -Infinity;
    for (const c of moves) {
      const r = landingRow(grid, c);
      setCell(grid, r, c, player);
      const value = hasRun(grid, player, 4) ? WIN_SCORE + d : -search(opponentOf(player), d - 1, -beta, -alpha);
      setCell(grid, r, c, 0);
      if (value > best) best = value;
      if (best > alpha) alpha = best;
      if (alpha >= beta) break;
    }
    return best;
  };
  let bestCol = -1;
  let bestValue = -Infinity;
  for (const c of openCentreFirst(grid)) {
    const r = landingRow(grid, c);
    setCell(grid, r, c, who);
    const value = hasRun(grid, who, 4) ? WIN_SCORE + depth : -search(opponentOf(who), depth - 1, -Infinity, Infinity);
    setCell(grid, r, c, 0);
    if (value > bestValue) {
      bestValue = value;
      bestCol = c;
    }
  }
  return bestCol;
}

/** The columns not yet full, centre first. */
function openCentreFirst(grid: Grid): number[] {
  const open = validColumns(grid);
  return CENTRE_FIRST.filter((c) => open.includes(c));
}

// ---------------------------------------------------------------------------------------------------------------
// play() (Tasks 7 and 10), for games between humans: what the document's flow does with a script of typed lines

export type PlayEnding =
  | { readonly kind: 'won'; readonly who: 1 | 2; readonly name: string }
  | { readonly kind: 'draw' }
  | { readonly kind: 'load-failed'; readonly reason: string }
  /** The script ran out before the game ended (a test script that does this is the test's bug). */
  | { readonly kind: 'script-ended' };

export interface PlayOutcome {
  readonly game: Game | undefined;
  readonly ending: PlayEnding;
  /** Each save as it happened: the file name and what it must hold. */
  readonly saves: readonly { readonly filename: string; readonly text: string }[];
  /** How many typed lines the game read. */
  readonly linesRead: number;
}

/** Task 7's "first letter automatically capitalized" (the rest as typed; scripts use lower-case names, where
 * `str.capitalize()` agrees). */
const capitaliseName = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1);

/**
 * The document's play() on typed lines, for human players only (a computer's moves are the submission's own).
 * After `S` the next line is the file name (empty: game.txt); a program that does not ask for one reads that empty
 * line as an invalid column and asks again, which ends in the same place, so scripts always follow `S` with ''.
 */
export function simulatePlay(lines: readonly string[], files: Readonly<Record<string, string>> = {}): PlayOutcome {
  let at = 0;
  const saves: { filename: string; text: string }[] = [];
  const read = (): string | undefined => (at < lines.length ? lines[at++] : undefined);
  const done = (game: Game | undefined, ending: PlayEnding): PlayOutcome => ({ game, ending, saves, linesRead: at });
  const askName = (): string | undefined => {
    for (;;) {
      const line = read();
      if (line === undefined || line !== '') return line;
    }
  };
  let game: Game;
  const first = askName();
  if (first === undefined) return done(undefined, { kind: 'script-ended' });
  if (first === 'L') {
    const name = read();
    if (name === undefined) return done(undefined, { kind: 'script-ended' });
    const filename = name === '' ? DEFAULT_FILENAME : name;
    const text = files[filename];
    if (text === undefined) return done(undefined, { kind: 'load-failed', reason: `${filename} does not exist` });
    const parsed = parseGameFile(text);
    if (!parsed.ok) return done(undefined, { kind: 'load-failed', reason: parsed.reason });
    game = parsed.game;
  } else {
    const second = askName();
    if (second === undefined) return done(undefined, { kind: 'script-ended' });
    game = newGame(capitaliseName(first), capitaliseName(second));
  }
  for (;;) {
    const name = game.who === 1 ? game.player1 : game.player2;
    if (name === 'C') throw new Error('simulatePlay: computer players are not simulated');
    const line = read();
    if (line === undefined) return done(game, { kind: 'script-ended' });
    if (line === 'S') {
      const filename = read();
      if (filename === undefined) return done(game, { kind: 'script-ended' });
      saves.push({ filename: filename === '' ? DEFAULT_FILENAME : filename, text: serializeGame(game) });
      continue;
    }
    const column = /^[1-7]$/.test(line) ? Number(line) - 1 : -1;
    if (column < 0 || !getValidMoves(game.board).includes(column)) continue;
    game = { ...game, board: makeMove(game.board, column, game.who) };
    if (hasWon(game.board, game.who)) return done(game, { kind: 'won', who: game.who, name });
    if (getValidMoves(game.board).length === 0) return done(game, { kind: 'draw' });
    game = { ...game, who: game.who === 1 ? 2 : 1 };
  }
}

/** The move that turns `before` into `after` (one more checker, of `who`, where it lands), or why there is none. */
export function moveBetween(before: BoardRows, after: BoardRows, who: 1 | 2): { column: number } | { problem: string } {
  const changed: [number, number][] = [];
  for (let r = 0; r < ROWS; r++) for (let c = 0; c < COLS; c++) if (before[r]![c] !== after[r]![c]) changed.push([r, c]);
  if (changed.length !== 1) return { problem: `${changed.length} cells changed between two boards, not one` };
  const [r, c] = changed[0]!;
  if (before[r]![c] !== 0) return { problem: `a checker in column ${c + 1} changed` };
  if (after[r]![c] !== who)
    return { problem: `column ${c + 1} got ${after[r]![c] === 1 ? 'X' : 'O'}, but it was ${who === 1 ? 'X' : 'O'}'s turn` };
  const landing = makeMove(before, c, who);
  if (landing[r]![c] !== who) return { problem: `the checker in column ${c + 1} floats: it is not where a dropped checker lands` };
  return { column: c };
}
