/** Golden cases for Conniption (document 004): children by stage, isWin pairs, betterEval, search values. */
import * as ref from '../../../reference/conniption.js';
import type { Rng } from '../../model/rng.js';
import { type PyValue, formatPy, py } from '../../model/py-value.js';
import { type AssignmentContext, documentSource, fileMaker, familyRng, generated, nth } from '../../fixtures/build-context.js';
import type { FixtureCase, FixtureFile, Leniency } from '../../model/fixture-types.js';
import type { SearchFacts } from './checks.js';

const boardValue = (board: ref.ConniptionState['board']): PyValue => py.tuple(board.map((col) => py.tuple(col.map(py.bool))));
export const stateInput = (s: ref.ConniptionState) => ({
  board: s.board,
  player1Turn: s.player1Turn,
  flipsRem: s.flipsRem,
  flippable: s.flippable,
});
export const constructor = (s: ref.ConniptionState): string =>
  `Conniption(${formatPy(boardValue(s.board))}, player1Turn=${s.player1Turn ? 'True' : 'False'}, flipsRem=(${s.flipsRem.join(', ')}), flippable=${s.flippable ? 'True' : 'False'})`;
/** A child as the checks compare it: (board, player1Turn, flipsRem, flippable, resMove). */
export const childValue = (c: ref.ConniptionState): PyValue =>
  py.tuple([boardValue(c.board), py.bool(c.player1Turn), py.tuple(c.flipsRem.map(py.int)), py.bool(c.flippable), py.str(c.resMove ?? '')]);

/** A position reached by random legal moves, flips included, from either side starting. */
function randomState(rng: Rng, plies: number): ref.ConniptionState {
  let s = ref.initialState(rng.int(2) === 0);
  for (let i = 0; i < plies; i++) {
    const children = ref.childStates(s);
    if (children.length === 0) break;
    // Prefer plain moves so flips stay available in most positions.
    const plain = children.filter((c) => c.stage === 'noFlip');
    const { stage: _stage, ...next } = rng.int(4) === 0 ? rng.pick(children) : rng.pick(plain);
    s = next;
  }
  return { ...s, resMove: null };
}

const F = false;
const T = true;
/** See the depth3-window case: flips spent, one column empty, the AI to move. */
const WINDOW_POSITION: ref.ConniptionState = {
  board: [[F, T, F, T, F, F], [F, T, F, F, T, F], [F, T, T, F, F, T], [T], [T, F, T, T, T, F], [T, F, T, F, T], []],
  player1Turn: true,
  flipsRem: [0, 0],
  flippable: true,
  resMove: null,
};

/** See the depth3-window2 case. */
const WINDOW_POSITION_2: ref.ConniptionState = {
  board: [
    [F, F, F, T, F],
    [T, T, T, F],
    [F, F, F],
    [F, T, T, T],
    [T, T, F, T, T, T],
    [F, F],
    [T, T, F, F, F, T],
  ],
  player1Turn: true,
  flipsRem: [0, 0],
  flippable: true,
  resMove: null,
};

/** The most states a plain alpha-beta search may visit for one case, by depth. */
const SEARCH_VISITS: Readonly<Record<number, number>> = { 3: 300, 4: 1000 };

/** `first` when the search visits few enough of its states, else a random position of the AI's turn that does. */
function searchPosition(rng: Rng, depth: number, budget: number, first?: ref.ConniptionState): ref.ConniptionState {
  const fits = (s: ref.ConniptionState) => {
    const visits = { count: 0 };
    ref.searchValue(s, depth, { visits });
    return !ref.isWin(s).some(Boolean) && visits.count <= budget;
  };
  if (first && fits(first)) return first;
  for (let attempt = 0; attempt < 5000; attempt++) {
    const s = { ...randomState(rng, 10 + rng.int(25)), player1Turn: true };
    if (fits(s)) return s;
  }
  throw new Error(`no Conniption position visits at most ${budget} states at depth ${depth}`);
}

export function buildConniptionFixtures(ctx: AssignmentContext): FixtureFile[] {
  const doc = (excerpt: string) => documentSource(ctx, excerpt, 'inline');
  const file = fileMaker(ctx);
  const gen = (family: string) => generated(ctx, family);
  const rng = familyRng(ctx, 'states');
  const states = (count: number, maxPlies: number) => Array.from({ length: count }, () => randomState(rng, rng.int(maxPlies + 1)));

  const linesText = `win_lines = [${ref.WIN_LINES.map((l) => `[${l.map(([c, r]) => `(${c}, ${r})`).join(', ')}]`).join(', ')}]`;
  const linesSource = doc(linesText);
  const weightsSource = doc(`us_weights = [${ref.US_WEIGHTS.join(', ')}] them_weights = [${ref.THEM_WEIGHTS.join(', ')}]`);
  // The worked example, 3 AI checkers and 1 opponent checker in a non-horizontal line: 3×128 + 1×(−1).
  const worked = 3 * ref.US_WEIGHTS[3] + 1 * ref.THEM_WEIGHTS[1];
  const workedSource = doc(`(3128+1(-1)) = ${worked}`);

  const children: FixtureCase[] = [];
  const start = ref.initialState(true);
  const fixedStates: [string, ref.ConniptionState][] = [
    ['start-ai-first', start],
    ['start-opponent-first', ref.initialState(false)],
    ['one-flip-left', { ...start, flipsRem: [1, 4] }],
    ['no-flips-left', { ...start, flipsRem: [0, 2] }],
    ['after-opponent-flip', { ...start, flippable: false }],
  ];
  [...fixedStates, ...states(30, 30).map((s, i) => [`random-${nth(i)}`, s] as [string, ref.ConniptionState])].forEach(([name, s]) => {
    const kids = ref.childStates(s);
    children.push({
      id: `Conniption.genChildStates.gen.${name}`,
      source: gen('genChildStates'),
      input: { state: stateInput(s) },
      python: `s = ${constructor(s)}\ns.genChildStates()\n[(c.board, c.player1Turn, c.flipsRem, c.flippable, c.resMove) for c in s.children]`,
      expected: { value: py.list(kids.map(childValue)) },
    });
  });

  const isWin: FixtureCase[] = [];
  {
    const both: ref.ConniptionState = {
      ...start,
      board: [[true, true, true, true, false, false], [false, false], [false], [false], [], [], []],
    };
    // Flipping `both` reverses column 0: the AI's four are on top, the opponent's vertical four did not exist before.
    const flipped: ref.ConniptionState = {
      ...start,
      board: [[false, false, true, true, true, true], [false], [false], [false], [], [], []],
    };
    const fixed: [string, ref.ConniptionState][] = [
      ['empty', start],
      ['ai-vertical', both],
      ['ai-and-opponent', flipped],
    ];
    const bothFour: ref.ConniptionState = { ...start, board: [[true, false], [true, false], [true, false], [true, false], [], [], []] };
    fixed.push(['both-four-horizontal', bothFour]);
    [...fixed, ...states(40, 36).map((s, i) => [`random-${nth(i)}`, s] as [string, ref.ConniptionState])].forEach(([name, s]) => {
      const [a, o] = ref.isWin(s);
      isWin.push({
        id: `Conniption.isWin.${name === 'both-four-horizontal' ? 'doc' : 'gen'}.${name}`,
        source: name === 'both-four-horizontal' ? linesSource : gen('isWin'),
        input: { state: stateInput(s) },
        python: `s = ${constructor(s)}\nConniption.isWin(s)`,
        expected: { value: py.tuple([py.bool(a), py.bool(o)]) },
      });
    });
  }

  const evals: FixtureCase[] = [];
  {
    const line: ref.ConniptionState = { ...start, board: [[true, true, true, false], [], [], [], [], [], []] };
    const base = ref.betterEvalEveryRule(line);
    evals.push(evalCase('Conniption.betterEval.doc.worked-example', workedSource, line, base));
    evals.push(evalCase('Conniption.betterEval.doc.weights-start', weightsSource, start, ref.betterEvalEveryRule(start)));
    states(60, 30).forEach((s, i) =>
      evals.push(evalCase(`Conniption.betterEval.gen.${nth(i)}`, gen('betterEval'), s, ref.betterEvalEveryRule(s))),
    );
  }

  const search: FixtureCase[] = [];
  {
    // Search from positions where nobody has four: the document gives the search no terminal test, so a won root
    // has no value it fixes (and the stop-at-win reading could never pass there).
    const picks: ref.ConniptionState[] = [];
    while (picks.length < 24) {
      const s = { ...states(1, 24)[0]!, player1Turn: true };
      if (!ref.isWin(s).some(Boolean)) picks.push(s);
    }
    // The document's search runs on the AI's turn and maximises at the root: every case is the AI's turn. Depth 3
    // and 4 go to positions the search visits few states of (reference searchValue's count): full columns, flips
    // spent, a line that ends the game; a position over budget is replaced by another that fits.
    const cheap = familyRng(ctx, 'alpha_beta_search.cheap');
    picks.forEach((s, i) => {
      const depth = 1 + (i % 3);
      const state =
        depth < 3 ? { ...s, player1Turn: true } : searchPosition(cheap, depth, SEARCH_VISITS[depth]!, { ...s, player1Turn: true });
      search.push(searchCase(`alpha_beta_search.gen.depth${depth}-${nth(i)}`, gen('alpha_beta_search'), state, depth));
    });
    search.push(searchCase('alpha_beta_search.gen.depth4-000', gen('alpha_beta_search'), searchPosition(cheap, 4, SEARCH_VISITS[4]!), 4));
    // A position (28 states at depth 3) where the window a level passes on matters: a search that hands the next
    // level its save flag for beta cuts a maximising level short there and picks a child of a lower value. The
    // random positions above, few-childed to stay cheap, never needed the window.
    search.push(searchCase('alpha_beta_search.gen.depth3-window', gen('alpha_beta_search'), WINDOW_POSITION, 3));
    // A second (74 states), where a window of beta 0 handed to the minimising level, or from the root, spoils it.
    search.push(searchCase('alpha_beta_search.gen.depth3-window2', gen('alpha_beta_search'), WINDOW_POSITION_2, 3));
  }

  return [
    file(
      'Conniption.genChildStates',
      'Every child by stage: noFlip, postFlip, preFlip, dualFlip; compared as a set of (board, player1Turn, flipsRem, flippable, resMove).',
      children,
    ),
    file('Conniption.isWin', '(AI has four, opponent has four) over the 69 lines.', isWin),
    file('Conniption.betterEval', "The document's line weights, flip difference and flippable bonus.", evals),
    file('alpha_beta_search', 'The minimax value at a depth, AI maximising.', search),
    file(
      'repl',
      'The REPL against a scripted AI: the states the AI is handed after each human move, and what each line must get.',
      replCases(gen),
    ),
  ];
}

interface ReplScript {
  readonly id: string;
  readonly lines: readonly string[];
  readonly aiMoves: readonly string[];
  readonly note: string;
  /** The set-up answers, when not the usual ones (REPL_SETUP: the AI second, no random agent, one game). */
  readonly setup?: readonly string[];
}

/** A REPL session's expectations: the states handed to the AI, in order, and the lines that must be answered. */
function replCases(gen: (family: string) => FixtureCase['source']): FixtureCase[] {
  const scripts: ReplScript[] = [
    {
      id: 'repl.gen.setup-and-quit',
      lines: ['q'],
      aiMoves: [],
      setup: ['2', 'No', '2'],
      note: 'the three set-up questions (two games), then q: the program closes, with a game still to play',
    },
    { id: 'repl.gen.help', lines: ['h', 'q'], aiMoves: [], note: 'h lists the commands' },
    { id: 'repl.gen.display', lines: ['d', 'q'], aiMoves: [], note: 'd shows the state' },
    {
      id: 'repl.gen.moves-and-flips',
      lines: ['4', 'f5', '6f', 'f2f', 'f3', '5', 'q'],
      aiMoves: ['1', '7', '1', '7', '6'],
      note: 'moves 4, f5, 6f and f2f use the four flips; a fifth flip (f3) is refused',
    },
    {
      id: 'repl.gen.flip-after-opponent-flip',
      lines: ['4', 'f4', 'f4f', '5', 'q'],
      aiMoves: ['2f', '1'],
      note: 'after the AI flips at the end of its move, f4 and f4f are refused',
    },
    {
      id: 'repl.gen.undo',
      lines: ['u', '4', 'u', '5', 'q'],
      aiMoves: ['1', '1'],
      note: 'u before any move of yours changes nothing; then u goes back to before the last move',
    },
    {
      id: 'repl.gen.bad-commands',
      lines: ['x', '0', '8', 'f', 'ff4', 'f8', 'fff', 'hello world', '4', 'q'],
      aiMoves: ['1'],
      note: 'commands that are not commands are answered, not applied, and do not crash it',
    },
    {
      id: 'repl.gen.sixth-checker',
      lines: ['1', '1', '1', '1', 'q'],
      aiMoves: ['1', '1', '2', '3'],
      note: 'column 1 holds five checkers when you play a sixth into it, which fits',
    },
    {
      id: 'repl.gen.flips-are-yours',
      lines: ['4', '5', '6f', 'q'],
      aiMoves: ['f1f', 'f2f', '1'],
      note: 'the AI spends all four of its flips; your own four are left, so 6f is played',
    },
    {
      id: 'repl.gen.human-wins',
      lines: ['4', '4', '4', '4'],
      aiMoves: ['1', '2', '3'],
      note: 'your fourth checker in column 4 wins: the game, and with one game the program, ends',
    },
    {
      id: 'repl.gen.ai-wins',
      lines: ['4', '5', '4', '6'],
      aiMoves: ['1', '1', '1', '1'],
      note: "the AI's fourth checker in column 1 wins: the game, and with one game the program, ends",
    },
    {
      id: 'repl.gen.full-column',
      lines: ['1', '1', '1', '1', '2', 'q'],
      aiMoves: ['1', '1', '1', '3'],
      note: 'column 1 fills up (human, AI, human, AI, human, AI); the fourth 1 is refused and 2 is played',
    },
  ];
  return scripts.map((script) => {
    const outcome = ref.simulateRepl(script.lines, script.aiMoves);
    // A script must not end the game early: the REPL would stop asking, and the rest of the script would be lost.
    for (const h of outcome.handed) if (ref.isWin(h.state).some(Boolean)) throw new Error(`${script.id}: ${h.after} wins the game`);
    if (outcome.ended && outcome.steps.length < script.lines.length) throw new Error(`${script.id}: the game ends before the script does`);
    const stateValue = (st: ref.ConniptionState) =>
      py.dict([
        [py.str('board'), py.list(st.board.map((col) => py.list(col.map(py.bool))))],
        [py.str('player1Turn'), py.bool(st.player1Turn)],
        [py.str('flipsRem'), py.list(st.flipsRem.map(py.int))],
        [py.str('flippable'), py.bool(st.flippable)],
      ]);
    const expected = py.dict([
      [
        py.str('handed'),
        py.list(
          outcome.handed.map((h) =>
            py.dict([
              [py.str('after'), py.str(h.after)],
              [py.str('state'), stateValue(h.state)],
            ]),
          ),
        ),
      ],
      [py.str('effects'), py.list(outcome.steps.map((step) => py.str(step.refusal ? `refused:${step.refusal}` : step.effect)))],
      ...(outcome.ended ? [[py.str('ended'), py.str(outcome.ended)] as const] : []),
    ]);
    const typed = [...(script.setup ?? ref.REPL_SETUP), ...script.lines].map((l) => JSON.stringify(l)).join(', ');
    return {
      id: script.id,
      source: gen('repl'),
      input: { setup: script.setup ?? ref.REPL_SETUP, lines: script.lines, aiMoves: script.aiMoves, note: script.note },
      python: `# run the program (python3 <file>.py) and type, one per question: ${typed}\n# the grader's stand-in for alpha_beta_search plays ${script.aiMoves.join(', ') || 'nothing'}`,
      expected: { value: expected },
    };
  });
}

export function evalCase(
  id: string,
  source: FixtureCase['source'],
  s: ref.ConniptionState,
  result: ReturnType<typeof ref.betterEvalEveryRule>,
): FixtureCase {
  const c: FixtureCase = {
    id,
    source,
    input: { state: stateInput(s) },
    python: `${constructor(s)}.betterEval()`,
    expected: { value: py.int(result.values['controller-only']) },
  };
  if (!result.ambiguous) return c;
  const lenient: Leniency = {
    reason: 'a horizontal line holds checkers of both players: the document does not say who "has control of the line"',
    choice: 'controller-only',
    alsoAccepted: [py.int(result.values['like-other-lines'])],
  };
  return { ...c, lenient };
}

function searchCase(id: string, source: FixtureCase['source'], s: ref.ConniptionState, depth: number): FixtureCase {
  const values = new Map<string, number>();
  for (const horizontal of ref.HORIZONTAL_RULES) {
    for (const terminal of ref.TERMINAL_RULES) {
      values.set(`${horizontal}/${terminal}`, ref.searchValue(s, depth, { terminal, evaluate: (x) => ref.betterEval(x, horizontal) }));
    }
  }
  const chosen = values.get('controller-only/document')!;
  const others = [...new Set([...values.values()])].filter((v) => v !== chosen);
  const c: FixtureCase = {
    id,
    source,
    input: { state: stateInput(s), depth },
    python: `s = ${constructor(s)}\nalpha_beta_search(s, ${depth}, False)   # the best state; the minimax value it is chosen by is expected`,
    expected: { value: py.int(chosen) },
    facts: searchFacts(s, depth),
  };
  if (others.length === 0) return c;
  return {
    ...c,
    lenient: {
      reason: 'the value depends on how betterEval scores mixed horizontal lines or on whether the search stops at a win',
      choice: 'controller-only/document',
      alsoAccepted: others.map(py.int),
    },
  };
}

/**
 * What the search check needs of the state that only the reference can say: its legal children, and by terminal
 * rule the moves whose minimax value with the document's betterEval (either reading of a mixed horizontal line) is
 * the best, which the student's kit judges the search's answer by.
 */
function searchFacts(s: ref.ConniptionState, depth: number): SearchFacts {
  const bestFor = (terminal: ref.TerminalRule) => {
    const moves = new Set(
      ref.HORIZONTAL_RULES.flatMap(
        (horizontal) => ref.bestMoves(s, depth, { terminal, evaluate: (x) => ref.betterEval(x, horizontal) }).moves,
      ),
    );
    return ref
      .childStates(s)
      .map((c) => c.resMove!)
      .filter((m) => moves.has(m));
  };
  return {
    children: ref.childStates(s).map((c) => formatPy(childValue(c))),
    best: { document: bestFor('document'), 'stop-at-win': bestFor('stop-at-win') },
  };
}
