import { BitBoard, MAX_BITBOARD_COLS } from './bitboard.js';
import { type Grid, type Piece, opponentOf } from './grid.js';

/**
 * A perfect Connect Four solver: the exact game-theoretic score of a position, in Pascal Pons's convention, so it can
 * be checked against his published benchmark positions.
 *
 *   score > 0: the side to move wins; the sooner, the larger: (cells + 1 - stones at its winning move) / 2
 *   score < 0: the side to move loses, symmetrically;  0: a draw with best play
 *
 * Negamax with alpha-beta on the row-mask bitboard, centre-first move order, a transposition table of upper bounds,
 * and a null-window search that narrows the score. After a move only the checker just played can make a run, so
 * wins are tested around it alone.
 *
 * Position keys: each column is written as a 1 above its checkers and a bit per checker (1 for the first player),
 * in 7 bits for a 6-high board; columns are base-128 digits. Unique per position, and below 2^53 for 7 columns, so a
 * plain number holds it exactly.
 */
export interface SolverOptions {
  /** Transposition table slots (a prime near it is used). Each slot costs 9 bytes. */
  readonly tableSize?: number;
}

export interface SolveResult {
  readonly score: number;
  /** Positions searched: a machine-independent measure of the work. */
  readonly nodes: number;
}

const DEFAULT_TABLE = 1 << 22;

function primeAtLeast(n: number): number {
  const isPrime = (k: number) => {
    if (k < 2) return false;
    for (let d = 2; d * d <= k; d++) if (k % d === 0) return false;
    return true;
  };
  let k = n;
  while (!isPrime(k)) k++;
  return k;
}

/** A unique number per position of a board up to 7 columns × 6 rows (see the key layout above). */
export function positionKey(grid: Grid): number {
  let key = 0;
  for (let c = 0; c < grid.cols; c++) {
    let code = 0;
    let h = 0;
    for (let r = grid.rows - 1; r >= 0; r--) {
      const cell = grid.cells[r * grid.cols + c]!;
      if (cell === 0) break;
      if (cell === 1) code |= 1 << h;
      h++;
    }
    key += (code | (1 << h)) * 128 ** c;
  }
  return key;
}

export class Solver {
  private readonly keys: Float64Array;
  private readonly values: Int8Array;
  private readonly size: number;
  private nodes = 0;

  constructor(options: SolverOptions = {}) {
    this.size = primeAtLeast(options.tableSize ?? DEFAULT_TABLE);
    this.keys = new Float64Array(this.size);
    this.values = new Int8Array(this.size);
  }

  reset(): void {
    this.keys.fill(0);
    this.values.fill(0);
  }

  /**
   * The exact score for the side to move on `grid` (whose turn follows from the checker counts: the first player
   * moves when both have as many). The position must have no four in a row yet.
   */
  solve(grid: Grid): SolveResult {
    if (grid.cols > MAX_BITBOARD_COLS || grid.rows + 1 > 7 || grid.cols > 7) {
      throw new RangeError(`the solver handles boards up to 7 columns and 6 rows, got ${grid.rows}×${grid.cols}`);
    }
    const search = new Search(BitBoard.fromGrid(grid), this.keys, this.values, this.size);
    const score = search.solve();
    this.nodes = search.nodes;
    return { score, nodes: this.nodes };
  }
}

class Search {
  nodes = 0;
  private readonly cells: number;
  private readonly order: number[];
  private readonly digit: number[];
  private key: number;
  private toMove: Piece;

  constructor(
    private readonly board: BitBoard,
    private readonly keys: Float64Array,
    private readonly values: Int8Array,
    private readonly size: number,
  ) {
    this.cells = board.rows * board.cols;
    const mid = (board.cols - 1) / 2;
    this.order = [...Array(board.cols).keys()].sort((a, b) => Math.abs(a - mid) - Math.abs(b - mid) || a - b);
    this.digit = [...Array(board.cols).keys()].map((c) => 128 ** c);
    this.toMove = board.count % 2 === 0 ? 1 : 2;
    this.key = positionKey(board.toGrid());
  }

  private play(col: number): number {
    const h = this.board.heights[col]!;
    const row = this.board.play(col, this.toMove);
    this.key += ((1 << h) + (this.toMove === 1 ? 1 << h : 0)) * this.digit[col]!;
    this.toMove = opponentOf(this.toMove);
    return row;
  }

  private undo(col: number): void {
    this.toMove = opponentOf(this.toMove);
    this.board.undo(col);
    const h = this.board.heights[col]!;
    this.key -= ((1 << h) + (this.toMove === 1 ? 1 << h : 0)) * this.digit[col]!;
  }

  /** Would `piece` playing `col` now make four? */
  private winsAt(col: number, piece: Piece): boolean {
    const row = this.board.play(col, piece);
    const wins = this.board.hasRunThrough(piece, row, col, 4);
    this.board.undo(col);
    return wins;
  }

  private isWinningMove(col: number): boolean {
    return this.winsAt(col, this.toMove);
  }

  /**
   * The moves that do not lose at once (Pons, part 10): none when the opponent threatens two columns; the blocking
   * column when it threatens one; never a move that lets the opponent win on the cell just above it.
   */
  private nonLosingMoves(): number[] {
    const opponent = opponentOf(this.toMove);
    let forced = -1;
    for (let col = 0; col < this.board.cols; col++) {
      if (this.board.canPlay(col) && this.winsAt(col, opponent)) {
        if (forced >= 0) return [];
        forced = col;
      }
    }
    const candidates = forced >= 0 ? [forced] : this.order;
    const moves: number[] = [];
    for (const col of candidates) {
      if (!this.board.canPlay(col)) continue;
      this.board.play(col, this.toMove);
      const givesAway = this.board.canPlay(col) && this.winsAt(col, opponent);
      this.board.undo(col);
      if (!givesAway) moves.push(col);
    }
    return moves;
  }

  private byThreats(moves: number[]): number[] {
    const me = this.toMove;
    const scored = moves.map((col, i) => {
      this.board.play(col, me);
      const threats = this.board.countWinningCells(me);
      this.board.undo(col);
      return { col, threats, i };
    });
    scored.sort((a, b) => b.threats - a.threats || a.i - b.i);
    return scored.map((s) => s.col);
  }

  private negamax(alpha: number, beta: number): number {
    this.nodes++;
    const moves = this.board.count;
    const next = this.nonLosingMoves();
    if (next.length === 0) return -((this.cells - moves) >> 1);
    if (moves >= this.cells - 2) return 0;
    // The opponent cannot win on its next move: a lower bound.
    const min = -((this.cells - 2 - moves) >> 1);
    if (alpha < min) {
      alpha = min;
      if (alpha >= beta) return alpha;
    }
    let max = (this.cells - 1 - moves) >> 1;
    const slot = this.key % this.size;
    if (this.keys[slot] === this.key) max = this.values[slot]! + MIN_STORED;
    if (beta > max) {
      beta = max;
      if (alpha >= beta) return beta;
    }
    // Most promising first: the moves that leave the most cells where we would complete four (Pons, part 10).
    const ordered = next.length > 1 ? this.byThreats(next) : next;
    for (const col of ordered) {
      this.play(col);
      const score = -this.negamax(-beta, -alpha);
      this.undo(col);
      if (score >= beta) return score;
      if (score > alpha) alpha = score;
    }
    this.keys[slot] = this.key;
    this.values[slot] = alpha - MIN_STORED;
    return alpha;
  }

  solve(): number {
    const moves = this.board.count;
    for (let col = 0; col < this.board.cols; col++) {
      if (this.board.canPlay(col) && this.isWinningMove(col)) return (this.cells + 1 - moves) >> 1;
    }
    let min = -((this.cells - moves) >> 1);
    let max = (this.cells + 1 - moves) >> 1;
    // Null-window searches narrow [min, max] to the exact score, probing near 0 first (Pons, part 6).
    while (min < max) {
      let med = min + Math.trunc((max - min) / 2);
      if (med <= 0 && Math.trunc(min / 2) < med) med = Math.trunc(min / 2);
      else if (med >= 0 && Math.trunc(max / 2) > med) med = Math.trunc(max / 2);
      const r = this.negamax(med, med + 1);
      if (r <= med) max = r;
      else min = r;
    }
    return min;
  }
}

/** Upper bounds are stored shifted so that every possible score fits a signed byte and 0 can mean "empty". */
const MIN_STORED = -64;
