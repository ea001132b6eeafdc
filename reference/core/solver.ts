import { type Grid } from './grid.js';

/**
 * A perfect Connect Four solver: the exact game-theoretic score of a position, in Pascal Pons's convention, so it can
 * be checked against his published benchmark positions.
 *
 *   score > 0: the side to move wins; the sooner, the larger: (cells + 1 - stones at its winning move) / 2
 *   score < 0: the side to move loses, symmetrically;  0: a draw with best play
 *
 * The search is Pons's final one: negamax with alpha-beta, only moves that do not lose at once, moves ordered by the
 * cells they would leave us to win on, a transposition table of lower and upper bounds, and null-window searches
 * that narrow the score from the middle out.
 *
 * The board is his bitboard, 7 bits a column (6 rows and a guard bit above them), bit = col * 7 + row from the
 * bottom. JavaScript's bit operators work on 32 bits, so the 49 bits live in two words: columns 0–3 in `lo` (28
 * bits), columns 4–6 in `hi`; a shift across columns carries bits from one word into the other.
 *
 *   p: the checkers of the side to move   m: every checker   key = p + m (unique per position, no carry between
 *   columns, so no carry between the words)
 */
export interface SolverOptions {
  /** Transposition table slots, rounded up to a power of two. Each slot costs 8 bytes. */
  readonly tableSize?: number;
}

export interface SolveResult {
  readonly score: number;
  /** Positions searched: a machine-independent measure of the work. */
  readonly nodes: number;
}

const DEFAULT_TABLE = 1 << 22;
const STRIDE = 7;
const LO_COLS = 4;
const M28 = 0x0fffffff;
/** Column search order, centre first. */
const ORDER = [3, 2, 4, 1, 5, 0, 6];

/** A unique number per position of a board up to 7 columns × 6 rows: `p + m` of the side to move, as one number. */
export function positionKey(grid: Grid): number {
  const b = fromGrid(grid);
  return (b.pHi + b.mHi) * 2 ** 28 + (b.pLo + b.mLo);
}

interface Bits {
  pLo: number;
  pHi: number;
  mLo: number;
  mHi: number;
  moves: number;
}

function checkSize(grid: Grid): void {
  if (grid.cols > 7 || grid.rows > 6) {
    throw new RangeError(`the solver handles boards up to 7 columns and 6 rows, got ${grid.rows}×${grid.cols}`);
  }
}

/**
 * The grid's checkers as bits, seen from the side to move (the first player moves when both have as many). A
 * column is read from the bottom up to its first empty cell: search only ever stacks on top.
 */
function fromGrid(grid: Grid): Bits {
  checkSize(grid);
  let ones = 0;
  let twos = 0;
  for (const cell of grid.cells) {
    if (cell === 1) ones++;
    else if (cell === 2) twos++;
  }
  const toMove = ones === twos ? 1 : 2;
  const bits: Bits = { pLo: 0, pHi: 0, mLo: 0, mHi: 0, moves: 0 };
  for (let c = 0; c < grid.cols; c++) {
    for (let h = 0; h < grid.rows; h++) {
      const cell = grid.cells[(grid.rows - 1 - h) * grid.cols + c]!;
      if (cell === 0) break;
      const bit = 1 << ((c % LO_COLS) * STRIDE + h);
      if (c < LO_COLS) {
        bits.mLo |= bit;
        if (cell === toMove) bits.pLo |= bit;
      } else {
        bits.mHi |= bit;
        if (cell === toMove) bits.pHi |= bit;
      }
      bits.moves++;
    }
  }
  return bits;
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

export class Solver {
  /** Two words a slot, side by side so that a probe reads one cache line: the key's low word, then its high word
   * in bits 0–20 with the stored bound in bits 21–27 (0: empty). */
  private readonly table: Int32Array;
  private readonly shift: number;
  private nodes = 0;
  // Per board size, set by `prepare`.
  private cells = 42;
  private boardLo = 0;
  private boardHi = 0;
  private bottomLo = 0;
  private bottomHi = 0;
  private readonly colLo = new Int32Array(7);
  private readonly colHi = new Int32Array(7);
  private preparedFor = '';
  // The winning cells found by `winning`, in two words (a pair returned without allocating).
  private wLo = 0;
  private wHi = 0;
  // Move lists, 8 slots per depth: columns and their scores.
  private readonly listCol = new Int32Array(8 * 44);
  private readonly listScore = new Int32Array(8 * 44);

  constructor(options: SolverOptions = {}) {
    let bits = 10;
    while (1 << bits < (options.tableSize ?? DEFAULT_TABLE) && bits < 28) bits++;
    this.table = new Int32Array(2 << bits);
    this.shift = 32 - bits;
  }

  reset(): void {
    this.table.fill(0);
  }

  /**
   * The exact score for the side to move on `grid`. The position must have no four in a row yet.
   */
  solve(grid: Grid): SolveResult {
    const b = fromGrid(grid);
    this.prepare(grid.rows, grid.cols);
    this.nodes = 0;
    const score = this.solveBits(b.pLo, b.pHi, b.mLo, b.mHi, b.moves);
    return { score, nodes: this.nodes };
  }

  /**
   * The score of each move for the side to move on `grid`, from its own point of view (Pons's `analyze`): null
   * for a full column. The best moves are those with the largest score; a move keeps the position's value when
   * its score has the same sign as the best.
   */
  analyze(grid: Grid): { readonly scores: readonly (number | null)[]; readonly nodes: number } {
    const b = fromGrid(grid);
    this.prepare(grid.rows, grid.cols);
    this.nodes = 0;
    const scores: (number | null)[] = [];
    // The cells that win at once, found before the loop: solving a move overwrites wLo/wHi.
    this.winning(b.pLo, b.pHi, b.mLo, b.mHi);
    const winLo = this.wLo;
    const winHi = this.wHi;
    for (let c = 0; c < grid.cols; c++) {
      const possLo = (b.mLo + this.bottomLo) & this.boardLo & this.colLo[c]!;
      const possHi = (b.mHi + this.bottomHi) & this.boardHi & this.colHi[c]!;
      if ((possLo | possHi) === 0) {
        scores.push(null);
        continue;
      }
      if ((winLo & possLo) | (winHi & possHi)) {
        scores.push((this.cells + 1 - b.moves) >> 1);
        continue;
      }
      // `| 0` turns the -0 of a negated draw into 0.
      scores.push(-this.solveBits(b.pLo ^ b.mLo, b.pHi ^ b.mHi, b.mLo | possLo, b.mHi | possHi, b.moves + 1) | 0);
    }
    return { scores, nodes: this.nodes };
  }

  private prepare(rows: number, cols: number): void {
    const size = `${rows}x${cols}`;
    if (this.preparedFor === size) return;
    if (this.preparedFor !== '') this.reset();
    this.preparedFor = size;
    this.cells = rows * cols;
    this.boardLo = this.boardHi = this.bottomLo = this.bottomHi = 0;
    for (let c = 0; c < 7; c++) {
      const column = c < cols ? ((1 << rows) - 1) << ((c % LO_COLS) * STRIDE) : 0;
      const bottom = c < cols ? 1 << ((c % LO_COLS) * STRIDE) : 0;
      this.colLo[c] = c < LO_COLS ? column : 0;
      this.colHi[c] = c < LO_COLS ? 0 : column;
      if (c < LO_COLS) {
        this.boardLo |= column;
        this.bottomLo |= bottom;
      } else {
        this.boardHi |= column;
        this.bottomHi |= bottom;
      }
    }
  }

  /**
   * The empty cells where the checkers `p` would complete four, into wLo/wHi (Pons's compute_winning_position).
   * Each direction d checks the four patterns around a cell (xxx., xx.x, x.xx, .xxx) from shifts by d, 2d and 3d:
   * d = 6 and 8 are the diagonals, 7 the row. The three are written out with constant shifts, as a loop over d
   * they took a third longer.
   */
  private winning(pLo: number, pHi: number, mLo: number, mHi: number): void {
    // Vertical: three below. A shift out of column 3 lands on the guard-bit side, so the words need no carry.
    let rLo = (pLo << 1) & (pLo << 2) & (pLo << 3);
    let rHi = (pHi << 1) & (pHi << 2) & (pHi << 3);
    {
      // d = 6: the diagonal going down to the right
      const l1Lo = (pLo << 6) & M28;
      const l1Hi = ((pHi << 6) | (pLo >>> 22)) & M28;
      const l2Lo = (pLo << 12) & M28;
      const l2Hi = ((pHi << 12) | (pLo >>> 16)) & M28;
      const r1Lo = ((pLo >>> 6) | (pHi << 22)) & M28;
      const r1Hi = pHi >>> 6;
      const r2Lo = ((pLo >>> 12) | (pHi << 16)) & M28;
      const r2Hi = pHi >>> 12;
      rLo |= (l1Lo & l2Lo & (((pLo << 18) & M28) | r1Lo)) | (r1Lo & r2Lo & (l1Lo | (((pLo >>> 18) | (pHi << 10)) & M28)));
      rHi |= (l1Hi & l2Hi & ((pHi << 18) | (pLo >>> 10) | r1Hi)) | (r1Hi & r2Hi & (l1Hi | (pHi >>> 18)));
    }
    {
      // d = 7: the row
      const l1Lo = (pLo << 7) & M28;
      const l1Hi = ((pHi << 7) | (pLo >>> 21)) & M28;
      const l2Lo = (pLo << 14) & M28;
      const l2Hi = ((pHi << 14) | (pLo >>> 14)) & M28;
      const r1Lo = ((pLo >>> 7) | (pHi << 21)) & M28;
      const r1Hi = pHi >>> 7;
      const r2Lo = ((pLo >>> 14) | (pHi << 14)) & M28;
      const r2Hi = pHi >>> 14;
      rLo |= (l1Lo & l2Lo & (((pLo << 21) & M28) | r1Lo)) | (r1Lo & r2Lo & (l1Lo | (((pLo >>> 21) | (pHi << 7)) & M28)));
      rHi |= (l1Hi & l2Hi & ((pHi << 21) | (pLo >>> 7) | r1Hi)) | (r1Hi & r2Hi & (l1Hi | (pHi >>> 21)));
    }
    {
      // d = 8: the diagonal going up to the right
      const l1Lo = (pLo << 8) & M28;
      const l1Hi = ((pHi << 8) | (pLo >>> 20)) & M28;
      const l2Lo = (pLo << 16) & M28;
      const l2Hi = ((pHi << 16) | (pLo >>> 12)) & M28;
      const r1Lo = ((pLo >>> 8) | (pHi << 20)) & M28;
      const r1Hi = pHi >>> 8;
      const r2Lo = ((pLo >>> 16) | (pHi << 12)) & M28;
      const r2Hi = pHi >>> 16;
      rLo |= (l1Lo & l2Lo & (((pLo << 24) & M28) | r1Lo)) | (r1Lo & r2Lo & (l1Lo | (((pLo >>> 24) | (pHi << 4)) & M28)));
      rHi |= (l1Hi & l2Hi & ((pHi << 24) | (pLo >>> 4) | r1Hi)) | (r1Hi & r2Hi & (l1Hi | (pHi >>> 24)));
    }
    this.wLo = rLo & (this.boardLo ^ mLo);
    this.wHi = rHi & (this.boardHi ^ mHi);
  }

  private solveBits(pLo: number, pHi: number, mLo: number, mHi: number, moves: number): number {
    const possLo = (mLo + this.bottomLo) & this.boardLo;
    const possHi = (mHi + this.bottomHi) & this.boardHi;
    this.winning(pLo, pHi, mLo, mHi);
    if ((this.wLo & possLo) | (this.wHi & possHi)) return (this.cells + 1 - moves) >> 1;
    let min = -((this.cells - moves) >> 1);
    let max = (this.cells + 1 - moves) >> 1;
    // Null-window searches narrow [min, max] to the exact score, probing near 0 first (Pons, part 8).
    while (min < max) {
      let med = min + Math.trunc((max - min) / 2);
      if (med <= 0 && Math.trunc(min / 2) < med) med = Math.trunc(min / 2);
      else if (med >= 0 && Math.trunc(max / 2) > med) med = Math.trunc(max / 2);
      const r = this.negamax(pLo, pHi, mLo, mHi, moves, med, med + 1);
      if (r <= med) max = r;
      else min = r;
    }
    return min;
  }

  private negamax(pLo: number, pHi: number, mLo: number, mHi: number, moves: number, alpha: number, beta: number): number {
    this.nodes++;
    const cells = this.cells;
    let possLo = (mLo + this.bottomLo) & this.boardLo;
    let possHi = (mHi + this.bottomHi) & this.boardHi;
    // Where the opponent would win next: a move there is forced, two such moves lose, and no move may go under one.
    this.winning(pLo ^ mLo, pHi ^ mHi, mLo, mHi);
    const oppLo = this.wLo;
    const oppHi = this.wHi;
    const forcedLo = possLo & oppLo;
    const forcedHi = possHi & oppHi;
    if (forcedLo | forcedHi) {
      if ((forcedLo !== 0 && forcedHi !== 0) || (forcedLo & (forcedLo - 1)) !== 0 || (forcedHi & (forcedHi - 1)) !== 0) {
        return -((cells - moves) >> 1);
      }
      possLo = forcedLo;
      possHi = forcedHi;
    }
    possLo &= ~(((oppLo >>> 1) | (oppHi << 27)) & M28);
    possHi &= ~(oppHi >>> 1);
    if ((possLo | possHi) === 0) return -((cells - moves) >> 1);
    if (moves >= cells - 2) return 0;

    // The opponent cannot win on its next move: a lower bound; and we cannot win on ours: an upper bound.
    let min = -((cells - 2 - moves) >> 1);
    if (alpha < min) {
      alpha = min;
      if (alpha >= beta) return alpha;
    }
    let max = (cells - 1 - moves) >> 1;
    if (beta > max) {
      beta = max;
      if (alpha >= beta) return beta;
    }

    const keyLo = pLo + mLo;
    const keyHi = pHi + mHi;
    const slot = (Math.imul(keyLo ^ Math.imul(keyHi, 0x27d4eb2d), 0x9e3779b1) >>> this.shift) << 1;
    const storedHi = this.table[slot + 1]!;
    if (this.table[slot] === keyLo && (storedHi & 0x1fffff) === keyHi) {
      const bound = storedHi >>> 21;
      if (bound >= LOWER) {
        min = bound - LOWER - OFFSET;
        if (alpha < min) {
          alpha = min;
          if (alpha >= beta) return alpha;
        }
      } else if (bound !== 0) {
        max = bound - OFFSET;
        if (beta > max) {
          beta = max;
          if (alpha >= beta) return beta;
        }
      }
    }

    // Most promising first: the moves that leave the most cells where we would complete four (Pons, part 10). An
    // insertion sort; among equal scores the more central move comes first.
    const base = moves << 3;
    const listCol = this.listCol;
    const listScore = this.listScore;
    let count = 0;
    for (let i = 6; i >= 0; i--) {
      const c = ORDER[i]!;
      const moveLo = possLo & this.colLo[c]!;
      const moveHi = possHi & this.colHi[c]!;
      if ((moveLo | moveHi) === 0) continue;
      this.winning(pLo | moveLo, pHi | moveHi, mLo, mHi);
      const score = popcount(this.wLo) + popcount(this.wHi);
      let at = count++;
      for (; at > 0 && listScore[base + at - 1]! > score; at--) {
        listScore[base + at] = listScore[base + at - 1]!;
        listCol[base + at] = listCol[base + at - 1]!;
      }
      listScore[base + at] = score;
      listCol[base + at] = c;
    }

    for (let i = count - 1; i >= 0; i--) {
      const c = listCol[base + i]!;
      const moveLo = possLo & this.colLo[c]!;
      const moveHi = possHi & this.colHi[c]!;
      const score = -this.negamax(pLo ^ mLo, pHi ^ mHi, mLo | moveLo, mHi | moveHi, moves + 1, -beta, -alpha);
      if (score >= beta) {
        this.store(slot, keyLo, keyHi, score + OFFSET + LOWER);
        return score;
      }
      if (score > alpha) alpha = score;
    }
    this.store(slot, keyLo, keyHi, alpha + OFFSET);
    return alpha;
  }

  private store(slot: number, keyLo: number, keyHi: number, bound: number): void {
    this.table[slot] = keyLo;
    this.table[slot + 1] = keyHi | (bound << 21);
  }
}

/**
 * Stored bounds: an upper bound as score + OFFSET (1–43), a lower bound as score + OFFSET + LOWER (65–107); 0 is an
 * empty slot. Scores lie within ±21.
 */
const OFFSET = 22;
const LOWER = 64;
