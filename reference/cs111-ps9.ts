/**
 * CS 111 Problem Set 9 (document 000): `Board(height, width)`, `Player`, `process_move`, `RandomPlayer`, `AIPlayer`
 * and the given `connect_four`. Boards are the shared Grid; X is piece 1, O piece 2; empty slots are ' '.
 */
import {
  type Grid,
  type Piece,
  XO_SPACE,
  canDrop,
  createGrid,
  dropPiece,
  getCell,
  hasRun,
  isColumnInRange,
  isGridFull,
  liftPiece,
  validColumns,
} from './core/grid.js';
import { CONNECT, type FullBoardRule, type Tiebreak, scoreColumns, tiebreakColumns } from './core/lookahead.js';

export type Checker = 'X' | 'O';
export const CHECKERS: readonly Checker[] = ['X', 'O'];

export const pieceOf = (checker: Checker): Piece => (checker === 'X' ? 1 : 2);
export const opponentChecker = (checker: Checker): Checker => (checker === 'X' ? 'O' : 'X');

/** `Board(height, width)`: every slot ' '. */
export function newBoard(height: number, width: number): Grid {
  return createGrid(height, width);
}

/**
 * `Board.__repr__`: a row of `|c|` slots per board row, a dash line two per column plus one, the column numbers
 * modulo ten each after a space, and a newline after every line (so the shell shows a blank line after it).
 */
export function boardRepr(grid: Grid): string {
  let s = '';
  for (let r = 0; r < grid.rows; r++) {
    s += '|';
    for (let c = 0; c < grid.cols; c++) s += XO_SPACE.toChar(getCell(grid, r, c)) + '|';
    s += '\n';
  }
  s += '-'.repeat(2 * grid.cols + 1) + '\n';
  for (let c = 0; c < grid.cols; c++) s += ' ' + String(c % 10);
  return s + '\n';
}

/** `add_checker`: no checks of its own (the document leaves that to `can_add_to`); a full column is left alone. */
export function addChecker(grid: Grid, checker: Checker, col: number): void {
  dropPiece(grid, col, pieceOf(checker));
}

/** `add_checkers`, the method the document gives: alternate X and O, skipping (but still switching on) off-board columns. */
export function addCheckers(grid: Grid, colnums: string): void {
  let checker: Checker = 'X';
  for (const ch of colnums) {
    const col = Number.parseInt(ch, 10);
    if (Number.isNaN(col)) throw new RangeError(`add_checkers: ${JSON.stringify(ch)} is not a column number`);
    if (col >= 0 && col < grid.cols) addChecker(grid, checker, col);
    checker = opponentChecker(checker);
  }
}

export function boardFromMoves(height: number, width: number, colnums: string): Grid {
  const grid = newBoard(height, width);
  addCheckers(grid, colnums);
  return grid;
}

export function canAddTo(grid: Grid, col: number): boolean {
  return isColumnInRange(grid, col) && canDrop(grid, col);
}

export function isFull(grid: Grid): boolean {
  return isGridFull(grid);
}

export function removeChecker(grid: Grid, col: number): void {
  liftPiece(grid, col);
}

/** `is_win_for`: four in a row in any direction, on any board size (never on a board smaller than four each way). */
export function isWinFor(grid: Grid, checker: Checker): boolean {
  return hasRun(grid, pieceOf(checker), CONNECT);
}

// ---------------------------------------------------------------------------------------------------------------
// Players

export type PlayerSpec =
  | { readonly kind: 'human'; readonly checker: Checker }
  | { readonly kind: 'random'; readonly checker: Checker }
  | { readonly kind: 'ai'; readonly checker: Checker; readonly tiebreak: Tiebreak; readonly lookahead: number };

/** `Player.__repr__` (inherited unchanged by RandomPlayer) and `AIPlayer.__repr__`. */
export function playerRepr(player: PlayerSpec): string {
  if (player.kind === 'ai') return `Player ${player.checker} (${player.tiebreak}, ${player.lookahead})`;
  return `Player ${player.checker}`;
}

export function playerConstructor(player: PlayerSpec): string {
  if (player.kind === 'ai') return `AIPlayer('${player.checker}', '${player.tiebreak}', ${player.lookahead})`;
  return `${player.kind === 'random' ? 'RandomPlayer' : 'Player'}('${player.checker}')`;
}

export const HUMAN_PROMPT = 'Enter a column: ';
export const RETRY_MESSAGE = 'Try again!';

/** Python's `int()` on a typed line: surrounding white space, a sign, digits (and single underscores between them). */
export function parsePythonInt(text: string): number | undefined {
  const m = /^\s*([+-]?)(\d(?:_?\d)*)\s*$/.exec(text);
  if (!m) return undefined;
  return Number.parseInt(m[1]! + m[2]!.replaceAll('_', ''), 10);
}

export type HumanMoveOutcome =
  | { readonly status: 'ok'; readonly column: number; readonly prompts: number; readonly output: string }
  | { readonly status: 'needs-more-input'; readonly prompts: number; readonly output: string }
  | { readonly status: 'value-error'; readonly input: string; readonly prompts: number; readonly output: string };

/**
 * `Player.next_move` on typed lines: prompt `Enter a column: `, `Try again!` after every column `can_add_to`
 * refuses, until one is accepted. `output` is what the terminal shows, typed lines echoed after their prompt.
 * A line `int()` refuses is outside the document (its code would raise ValueError): reported, not guessed.
 */
export function humanNextMove(grid: Grid, inputs: readonly string[]): HumanMoveOutcome {
  let output = '';
  let prompts = 0;
  for (const line of inputs) {
    prompts++;
    output += HUMAN_PROMPT + line + '\n';
    const col = parsePythonInt(line);
    if (col === undefined) return { status: 'value-error', input: line, prompts, output };
    if (canAddTo(grid, col)) return { status: 'ok', column: col, prompts, output };
    output += RETRY_MESSAGE + '\n';
  }
  return { status: 'needs-more-input', prompts: prompts + 1, output: output + HUMAN_PROMPT };
}

/** `RandomPlayer.next_move`: every column that is not full, each equally likely. */
export function randomMoveColumns(grid: Grid): number[] {
  return validColumns(grid);
}

/** `AIPlayer.max_score_column`: the acceptable answers (one for LEFT/RIGHT, the tied set for RANDOM). */
export function maxScoreColumn(scores: readonly number[], tiebreak: Tiebreak): number[] {
  return tiebreakColumns(scores, tiebreak);
}

/** `AIPlayer.scores_for`. */
export function scoresFor(grid: Grid, checker: Checker, lookahead: number, rule: FullBoardRule = 'tie-50'): number[] {
  return scoreColumns(grid, pieceOf(checker), lookahead, rule);
}

/** `AIPlayer.next_move`: the acceptable columns. */
export function aiNextMove(grid: Grid, checker: Checker, tiebreak: Tiebreak, lookahead: number, rule: FullBoardRule = 'tie-50'): number[] {
  return maxScoreColumn(scoresFor(grid, checker, lookahead, rule), tiebreak);
}

// ---------------------------------------------------------------------------------------------------------------
// process_move and connect_four

export const WELCOME = 'Welcome to Connect Four!';
export const winMessage = (player: PlayerSpec, moves: number): string => `${playerRepr(player)} wins in ${moves} moves.\nCongratulations!`;
export const TIE_MESSAGE = "It's a tie!";

/** What one `process_move` printed and returned, given the column the player chose. */
export interface ProcessMoveResult {
  readonly output: string;
  readonly returned: boolean;
  readonly column: number;
}

/**
 * `process_move` after the player's `next_move` chose `column` (and printed `moveOutput`, e.g. the prompts):
 * `Player X's turn`, the move, a blank line, the board (whose repr ends in a newline, hence one more blank line),
 * then the win message or `It's a tie!`. `movesMade` is the player's `num_moves` after this move.
 */
export function processMove(grid: Grid, player: PlayerSpec, column: number, movesMade: number, moveOutput = ''): ProcessMoveResult {
  let output = `${playerRepr(player)}'s turn\n` + moveOutput;
  addChecker(grid, player.checker, column);
  output += '\n' + boardRepr(grid) + '\n';
  if (isWinFor(grid, player.checker)) return { output: output + winMessage(player, movesMade) + '\n', returned: true, column };
  if (isFull(grid)) return { output: output + TIE_MESSAGE + '\n', returned: true, column };
  return { output, returned: false, column };
}

export interface GameRecord {
  /** Everything printed, prompts and typed lines included. */
  readonly transcript: string;
  /** The board `connect_four` returns (None when the players' checkers are wrong). */
  readonly finalBoard: Grid | null;
  readonly columns: readonly number[];
  readonly winner: Checker | null;
  readonly result: 'win' | 'tie' | 'bad-players' | 'needs-more-input' | 'value-error';
  /** The closing lines the document shows: the win message or the tie message. */
  readonly finalMessage: string;
}

/**
 * The given `connect_four(player1, player2)` between deterministic players: AI players with LEFT or RIGHT, and
 * humans answering from `inputs` (one queue shared by both). RANDOM players have no single game: not accepted here.
 */
export function connectFour(player1: PlayerSpec, player2: PlayerSpec, inputs: readonly string[] = []): GameRecord {
  if (player1.checker === player2.checker) {
    return {
      transcript: 'need one X player and one O player.\n',
      finalBoard: null,
      columns: [],
      winner: null,
      result: 'bad-players',
      finalMessage: '',
    };
  }
  for (const p of [player1, player2]) {
    if (p.kind === 'random' || (p.kind === 'ai' && p.tiebreak === 'RANDOM')) {
      throw new RangeError(`connectFour plays deterministic players only, got ${playerConstructor(p)}`);
    }
  }
  const grid = newBoard(6, 7);
  let transcript = `${WELCOME}\n\n${boardRepr(grid)}\n`;
  const moves = new Map<PlayerSpec, number>([
    [player1, 0],
    [player2, 0],
  ]);
  const columns: number[] = [];
  let queue = [...inputs];
  for (let turn = 0; ; turn++) {
    const player = turn % 2 === 0 ? player1 : player2;
    let column: number;
    let moveOutput = '';
    if (player.kind === 'ai') {
      column = aiNextMove(grid, player.checker, player.tiebreak, player.lookahead)[0]!;
    } else {
      const outcome = humanNextMove(grid, queue);
      moveOutput = outcome.output;
      if (outcome.status !== 'ok') {
        transcript += `${playerRepr(player)}'s turn\n` + moveOutput;
        return { transcript, finalBoard: grid, columns, winner: null, result: outcome.status, finalMessage: '' };
      }
      queue = queue.slice(outcome.prompts);
      column = outcome.column;
    }
    const made = moves.get(player)! + 1;
    moves.set(player, made);
    columns.push(column);
    const step = processMove(grid, player, column, made, moveOutput);
    transcript += step.output;
    if (step.returned) {
      const won = isWinFor(grid, player.checker);
      return {
        transcript,
        finalBoard: grid,
        columns,
        winner: won ? player.checker : null,
        result: won ? 'win' : 'tie',
        finalMessage: won ? winMessage(player, made) : TIE_MESSAGE,
      };
    }
  }
}
