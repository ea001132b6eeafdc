/**
 * Conniption, Connect Four with board flips (document 004). A state is the document's `Conniption` object:
 *
 *   board        7 columns, each a list of booleans from the bottom up (True: the AI's checker), at most 6 long
 *   player1Turn  True when the AI moves next
 *   flipsRem     [AI's flips left, opponent's flips left], (4, 4) at the start
 *   flippable    False only when the move that made this state flipped after placing its checker
 *   resMove      the move that made it: a column 1–7, optionally with 'f' before and/or after ("f3f")
 *
 * A flip turns the board over, so every column's order reverses.
 *
 * Choices where the document is open (each one computed both ways where it can matter; fixtures mark disagreement):
 *  - betterEval, horizontal lines: "we only multiply by the player that has control of the line". We read control
 *    as having more checkers in the line: that player's count × weight, nothing for the other, 0 on a tie. The
 *    other reading scores horizontal lines like any other line. They agree when no horizontal line holds both
 *    colours. Non-horizontal lines follow the worked example: 3×128 + 1×(−1) = 383, i.e. count × weight[count].
 *  - betterEval's point of view is the AI's (True checkers, flipsRem[0]), whoever is to move.
 *  - The search's description has no terminal test, only the depth: a won or full position is still expanded
 *    ('document'). Stopping at a win ('stop-at-win') is the other reasonable reading.
 *  - A state with no children (full board) is a leaf and is evaluated.
 */
export const COLUMNS = 7;
export const HEIGHT = 6;
export const START_FLIPS = 4;

export interface ConniptionState {
  readonly board: readonly (readonly boolean[])[];
  readonly player1Turn: boolean;
  readonly flipsRem: readonly [number, number];
  readonly flippable: boolean;
  readonly resMove: string | null;
}

export function initialState(player1Turn = true): ConniptionState {
  return {
    board: Array.from({ length: COLUMNS }, () => []),
    player1Turn,
    flipsRem: [START_FLIPS, START_FLIPS],
    flippable: true,
    resMove: null,
  };
}

export type Stage = 'noFlip' | 'postFlip' | 'preFlip' | 'dualFlip';

const flip = (board: readonly (readonly boolean[])[]): boolean[][] => board.map((col) => [...col].reverse());
const place = (board: readonly (readonly boolean[])[], col: number, piece: boolean): boolean[][] =>
  board.map((c, i) => (i === col ? [...c, piece] : [...c]));

/** `genChildStates`, stage by stage as the document orders them; each stage needs the one before it. */
export function childStates(state: ConniptionState): (ConniptionState & { stage: Stage })[] {
  const mover = state.player1Turn;
  const me = mover ? 0 : 1;
  const flipsLeft = state.flipsRem[me];
  const spend = (n: number): [number, number] =>
    me === 0 ? [state.flipsRem[0] - n, state.flipsRem[1]] : [state.flipsRem[0], state.flipsRem[1] - n];
  const open = [...Array(COLUMNS).keys()].filter((c) => state.board[c]!.length < HEIGHT);
  const make = (stage: Stage, board: boolean[][], flips: number, flippable: boolean, move: string) => ({
    board,
    player1Turn: !state.player1Turn,
    flipsRem: spend(flips),
    flippable,
    resMove: move,
    stage,
  });
  const children = open.map((c) => make('noFlip', place(state.board, c, mover), 0, true, `${c + 1}`));
  if (flipsLeft >= 1) {
    children.push(...open.map((c) => make('postFlip', flip(place(state.board, c, mover)), 1, false, `${c + 1}f`)));
    if (state.flippable) {
      const flipped = flip(state.board);
      children.push(...open.map((c) => make('preFlip', place(flipped, c, mover), 1, true, `f${c + 1}`)));
      if (flipsLeft >= 2) {
        children.push(...open.map((c) => make('dualFlip', flip(place(flipped, c, mover)), 2, false, `f${c + 1}f`)));
      }
    }
  }
  return children;
}

/** The document's 69 lines, each four (column, row) cells, rows counted from the bottom: built, then checked against the text. */
export const WIN_LINES: readonly (readonly (readonly [number, number])[])[] = (() => {
  const lines: [number, number][][] = [];
  const run = (c: number, r: number, dc: number, dr: number) => [0, 1, 2, 3].map((k) => [c + k * dc, r + k * dr] as [number, number]);
  for (let r = 0; r < HEIGHT; r++) for (let c = 0; c + 3 < COLUMNS; c++) lines.push(run(c, r, 1, 0));
  for (let c = 0; c < COLUMNS; c++) for (let r = 0; r + 3 < HEIGHT; r++) lines.push(run(c, r, 0, 1));
  // Anti-diagonals then diagonals, in the order the document lists them.
  for (const [c, r] of [
    [3, 0],
    [4, 0],
    [3, 1],
    [5, 0],
    [4, 1],
    [3, 2],
    [6, 0],
    [5, 1],
    [4, 2],
    [6, 1],
    [5, 2],
    [6, 2],
  ] as const)
    lines.push(run(c, r, -1, 1));
  for (const [c, r] of [
    [3, 0],
    [2, 0],
    [3, 1],
    [1, 0],
    [2, 1],
    [3, 2],
    [0, 0],
    [1, 1],
    [2, 2],
    [0, 1],
    [1, 2],
    [0, 2],
  ] as const)
    lines.push(run(c, r, 1, 1));
  return lines;
})();

export const US_WEIGHTS = [0, 1, 8, 128, 99999] as const;
export const THEM_WEIGHTS = [0, -1, -16, -200, -99999] as const;

// WIN_LINES flattened, (column, row) per cell, and whether each line is horizontal: isWin and betterEval score every
// board a search visits, and plain index loops over these cost a fraction of iterating the lines' tuples.
const LINE_COUNT = WIN_LINES.length;
const LINE_CELLS = Int8Array.from(WIN_LINES.flatMap((line) => line.flat()));
const LINE_HORIZONTAL = WIN_LINES.map((line) => line[0]![1] === line[3]![1]);

/** How many of line `l`'s four cells hold the AI's checkers and how many the opponent's, into `held` (one pass). */
function countLine(board: readonly (readonly boolean[])[], l: number, held: [number, number]): void {
  held[0] = 0;
  held[1] = 0;
  for (let k = l * 8; k < l * 8 + 8; k += 2) {
    const v = board[LINE_CELLS[k]!]![LINE_CELLS[k + 1]!];
    if (v === true) held[0]++;
    else if (v === false) held[1]++;
  }
}

/** `isWin`: [AI has four, opponent has four]; a flip can give both. */
export function isWin(state: Pick<ConniptionState, 'board'>): [boolean, boolean] {
  let ai = false;
  let opp = false;
  const held: [number, number] = [0, 0];
  for (let l = 0; l < LINE_COUNT; l++) {
    countLine(state.board, l, held);
    if (held[0] === 4) ai = true;
    if (held[1] === 4) opp = true;
  }
  return [ai, opp];
}

export type HorizontalRule = 'controller-only' | 'like-other-lines';
export const HORIZONTAL_RULES: readonly HorizontalRule[] = ['controller-only', 'like-other-lines'];

export function betterEval(state: ConniptionState, horizontal: HorizontalRule = 'controller-only'): number {
  let value = 0;
  const held: [number, number] = [0, 0];
  for (let l = 0; l < LINE_COUNT; l++) {
    countLine(state.board, l, held);
    const [us, them] = held;
    if (LINE_HORIZONTAL[l] && horizontal === 'controller-only') {
      if (us > them) value += us * US_WEIGHTS[us as 0 | 1 | 2 | 3 | 4];
      else if (them > us) value += them * THEM_WEIGHTS[them as 0 | 1 | 2 | 3 | 4];
    } else {
      value += us * US_WEIGHTS[us as 0 | 1 | 2 | 3 | 4] + them * THEM_WEIGHTS[them as 0 | 1 | 2 | 3 | 4];
    }
  }
  const diff = state.flipsRem[0] - state.flipsRem[1];
  const flipScore = diff * diff * 1000;
  value += state.flipsRem[1] > state.flipsRem[0] ? -flipScore : flipScore;
  value += state.flippable ? 150 : -150;
  return value;
}

/** Both readings of betterEval and whether they disagree. */
export function betterEvalEveryRule(state: ConniptionState): { values: Record<HorizontalRule, number>; ambiguous: boolean } {
  const values = { 'controller-only': betterEval(state, 'controller-only'), 'like-other-lines': betterEval(state, 'like-other-lines') };
  return { values, ambiguous: values['controller-only'] !== values['like-other-lines'] };
}

export type TerminalRule = 'document' | 'stop-at-win';
export const TERMINAL_RULES: readonly TerminalRule[] = ['document', 'stop-at-win'];

export interface SearchOptions {
  readonly terminal?: TerminalRule;
  readonly evaluate?: (state: ConniptionState) => number;
  /** Counts the states the search visits: what a case asks of a student's search written the document's way. */
  readonly visits?: { count: number };
}

/**
 * The minimax value of `state` searched `depth` plies: the AI (player1Turn) maximises, its opponent minimises,
 * leaves are scored by betterEval. Alpha-beta pruning gives the same value as plain minimax, only sooner.
 */
export function searchValue(state: ConniptionState, depth: number, options: SearchOptions = {}): number {
  const evaluate = options.evaluate ?? ((s: ConniptionState) => betterEval(s));
  const stopAtWin = options.terminal === 'stop-at-win';
  const visit = (s: ConniptionState, d: number, alpha: number, beta: number): number => {
    if (options.visits) options.visits.count++;
    if (d === 0) return evaluate(s);
    if (stopAtWin) {
      const [a, o] = isWin(s);
      if (a || o) return evaluate(s);
    }
    const children = childStates(s);
    if (children.length === 0) return evaluate(s);
    if (s.player1Turn) {
      let value = -Infinity;
      for (const child of children) {
        value = Math.max(value, visit(child, d - 1, alpha, beta));
        if (value >= beta) return value;
        alpha = Math.max(alpha, value);
      }
      return value;
    }
    let value = Infinity;
    for (const child of children) {
      value = Math.min(value, visit(child, d - 1, alpha, beta));
      if (value <= alpha) return value;
      beta = Math.min(beta, value);
    }
    return value;
  };
  return visit(state, depth, -Infinity, Infinity);
}

/** The moves the search may answer at the root: every child whose value is the best. */
export function bestMoves(state: ConniptionState, depth: number, options: SearchOptions = {}): { value: number; moves: string[] } {
  if (depth < 1) throw new RangeError('a search needs depth 1 or more to choose a move');
  const scored = childStates(state).map((child) => ({ move: child.resMove!, value: searchValue(child, depth - 1, options) }));
  const pick = state.player1Turn ? Math.max : Math.min;
  const value = pick(...scored.map((s) => s.value));
  return { value, moves: scored.filter((s) => s.value === value).map((s) => s.move) };
}

// ---------------------------------------------------------------------------------------------------------------
// The REPL's move strings

export interface ParsedMove {
  readonly column: number;
  readonly flipBefore: boolean;
  readonly flipAfter: boolean;
}

/** `(f)1-7(f)`; anything else is not a move. */
export function parseMove(text: string): ParsedMove | null {
  const m = /^(f?)([1-7])(f?)$/.exec(text.trim());
  if (!m) return null;
  return { column: Number(m[2]) - 1, flipBefore: m[1] === 'f', flipAfter: m[3] === 'f' };
}

export type MoveRefusal = 'not-a-move' | 'column-full' | 'no-flips-left' | 'flip-after-opponent-flip';

/** The state a move string leads to, or why the rules refuse it. */
export function applyMove(
  state: ConniptionState,
  text: string,
): { ok: true; state: ConniptionState } | { ok: false; refusal: MoveRefusal } {
  const move = parseMove(text);
  if (!move) return { ok: false, refusal: 'not-a-move' };
  if (state.board[move.column]!.length >= HEIGHT) return { ok: false, refusal: 'column-full' };
  const needed = Number(move.flipBefore) + Number(move.flipAfter);
  if (needed > state.flipsRem[state.player1Turn ? 0 : 1]) return { ok: false, refusal: 'no-flips-left' };
  if (move.flipBefore && !state.flippable) return { ok: false, refusal: 'flip-after-opponent-flip' };
  const canonical = `${move.flipBefore ? 'f' : ''}${move.column + 1}${move.flipAfter ? 'f' : ''}`;
  const child = childStates(state).find((c) => c.resMove === canonical)!;
  const { stage: _stage, ...next } = child;
  return { ok: true, state: next };
}

// ---------------------------------------------------------------------------------------------------------------
// The REPL, against an AI whose moves are scripted (the grader's stand-in for the search)

/** The set-up answers the REPL tests type: the AI plays second, the human plays (not a random agent), one game. */
export const REPL_SETUP = ['2', 'No', '1'] as const;

export interface ReplStep {
  /** The line typed, after the set-up. */
  readonly line: string;
  /** What the rules make of it: a move applied, a move refused and why, or a command. */
  readonly effect: 'move' | 'refused' | 'help' | 'display' | 'undo' | 'quit' | 'not-a-command';
  readonly refusal?: MoveRefusal;
}

export interface ReplOutcome {
  readonly steps: readonly ReplStep[];
  /** Who won the one game the session plays, when a move ended it: nothing more is asked after that. */
  readonly ended?: 'human' | 'ai';
  /** Each state the AI is handed, in order (after a human move), with the line that made it. */
  readonly handed: readonly { readonly state: ConniptionState; readonly after: string }[];
}

/** The AI's move: the scripted one when it is legal, else the lowest-numbered column without flips. */
export function scriptedAiMove(state: ConniptionState, wanted: string | undefined): ConniptionState {
  const children = childStates(state);
  const chosen =
    children.find((c) => c.resMove === wanted) ??
    children.filter((c) => /^\d$/.test(c.resMove!)).sort((a, b) => a.resMove!.localeCompare(b.resMove!))[0] ??
    children[0]!;
  const { stage: _stage, ...next } = chosen;
  return next;
}

/**
 * The document's REPL with the human moving first: `h` and `d` change nothing, `u` goes back to the human's
 * previous turn (one level), `q` ends, `(f)1-7(f)` is applied when the flip rules allow it and refused otherwise;
 * anything else is not a command. After each applied move the AI is handed the state and plays its next move; a
 * move that gives either player four ends the game, and with it the session.
 */
export function simulateRepl(lines: readonly string[], aiMoves: readonly string[]): ReplOutcome {
  let state = initialState(false);
  let previous: ConniptionState | undefined;
  let nextAi = 0;
  const steps: ReplStep[] = [];
  const handed: { state: ConniptionState; after: string }[] = [];
  for (const line of lines) {
    const command = line.trim();
    if (command === 'q' || command === 'quit') {
      steps.push({ line, effect: 'quit' });
      break;
    }
    if (command === 'h' || command === 'help') steps.push({ line, effect: 'help' });
    else if (command === 'd' || command === 'display') steps.push({ line, effect: 'display' });
    else if (command === 'u' || command === 'undo') {
      steps.push({ line, effect: 'undo' });
      if (previous) {
        state = previous;
        previous = undefined;
      }
    } else if (parseMove(command) === null) steps.push({ line, effect: 'not-a-command' });
    else {
      const applied = applyMove(state, command);
      if (!applied.ok) {
        steps.push({ line, effect: 'refused', refusal: applied.refusal });
        continue;
      }
      steps.push({ line, effect: 'move' });
      // A move that gives someone four ends the game (the set-up plays one): the AI is not asked again.
      if (isWin(applied.state).some(Boolean)) return { steps, handed, ended: 'human' };
      previous = state;
      handed.push({ state: applied.state, after: line });
      state = scriptedAiMove(applied.state, aiMoves[nextAi++]);
      if (isWin(state).some(Boolean)) return { steps, handed, ended: 'ai' };
    }
  }
  return { steps, handed };
}
