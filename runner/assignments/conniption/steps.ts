/**
 * Conniption (document 004) as harness steps and a terminal program. A state is built with the student's own
 * `Conniption(board, player1Turn, flipsRem, flippable)`; children are read back as plain tuples by the grader's
 * tools; the search's answer is scored by a full-window minimax on the student's own genChildStates and betterEval
 * (doubles.py, the grader's only: the student's kit judges it by the case's facts). The REPL runs as
 * `python3 <file>` with the AI's search replaced by a scripted stand-in that reports every state it is handed.
 */
import { formatPy, py, type PyValue } from '../../model/py-value.js';
import type { FixtureCase } from '../../model/fixture-types.js';
import type { Arg } from '../../harness/protocol.js';
import type { ResolvedTest } from '../../model/spec-types.js';
import type { ProgramPlan } from '../../plan/assignment.js';
import { argFromPy, call, get, int, str, type Interaction, type Step } from '../../plan/interaction.js';
import { conniptionInput, replInput, type StateInput } from './inputs.js';

export type { StateInput } from './inputs.js';

const boardValue = (board: StateInput['board']): PyValue => py.tuple(board.map((col) => py.tuple(col.map(py.bool))));
const pyBool = (b: boolean) => (b ? 'True' : 'False');
const s: Arg = { type: 'ref', path: ['s'] };

/** `s = Conniption(board, player1Turn=…, flipsRem=…, flippable=…)`, passed positionally as the document orders them. */
export function buildState(state: StateInput, bind = 's'): Step {
  const args: Arg[] = [
    argFromPy(boardValue(state.board)),
    { type: 'bool', value: state.player1Turn },
    { type: 'tuple', items: state.flipsRem.map(int) },
    { type: 'bool', value: state.flippable },
  ];
  return {
    ...call(['Conniption'], args, { bind }),
    python: `${bind} = Conniption(${formatPy(boardValue(state.board))}, player1Turn=${pyBool(state.player1Turn)}, flipsRem=(${state.flipsRem.join(', ')}), flippable=${pyBool(state.flippable)})`,
  };
}

const tools: Step = { request: { op: 'double', kind: 'search-tools', names: [] }, python: '' };

/** The board of `Conniption(board)` with its defaults: the document's seven empty columns. */
export const EMPTY_BOARD: StateInput['board'] = Array.from({ length: 7 }, () => []);

/**
 * The search run, its answer described, and (the grader only) the minimax values it is judged by: a full-window
 * search on the student's own genChildStates and betterEval, which the kit, holding no search, replaces by the
 * case's facts.
 */
function searchSteps(depth: number): Step[] {
  const best = { type: 'ref', path: ['best'] } as const;
  const run = call(['GradeSearch'], [s, int(depth)], { bind: 'best' });
  const python = `best = alpha_beta_search(s, ${depth}, False)`;
  return [
    { ...run, python: `${python}   # then: is best a child of s whose minimax value (your betterEval) is the best?`, only: 'document' },
    { ...run, python: `${python}   # then: is best one of the best children of s by the document's minimax?`, only: 'own' },
    { ...call(['GradeChosen'], [best], { observe: 'search' }), python: '' },
    { request: { op: 'double', kind: 'search-values', names: [] }, python: '', only: 'document', kitNote: SEARCH_KIT_NOTE },
    {
      ...call(['GradeSearchValues'], [s, int(depth), best], { observe: 'values' }),
      python: '',
      only: 'document',
      kitNote: SEARCH_KIT_NOTE,
    },
  ];
}

/**
 * A failing search's case asked again, for naming its mistake (search-mistakes.ts): the choices of each mistaken
 * search given whose choice does not depend on the children's order, on the student's own genChildStates and
 * betterEval.
 * The grader's only: the kit reads its mistakes from a table.
 */
export function searchMistakesInteraction(testCase: FixtureCase, mistakes: readonly string[]): Interaction {
  const { state, depth } = conniptionInput(testCase);
  return {
    steps: [
      buildState(state),
      { request: { op: 'double', kind: 'search-values', names: [] }, python: '', only: 'document' },
      {
        ...call(['GradeSearchMistakes'], [s, int(depth!), { type: 'list', items: mistakes.map(str) }], { observe: 'mistakes' }),
        python: '',
        only: 'document',
      },
    ],
  };
}

/**
 * The kit judges a search by the document's values (it has no search to run the student's genChildStates and
 * betterEval with), the grader by the student's own: a kit failure may be theirs.
 */
/** The genChildStates test that asks for the children twice (the other two grade the stages alone). */
const TWICE = 'Conniption.genChildStates.generated';

const SEARCH_KIT_NOTE =
  "This check judged your search by the document's genChildStates and betterEval (after you submit, the grader judges it with your own, so a bug in them is charged by their own tests only): if a test of genChildStates or betterEval fails, fix that first.";

export function conniptionInteraction(test: ResolvedTest, testCase: FixtureCase): Interaction {
  const input = conniptionInput(testCase);
  const build = buildState(input.state);
  switch (test.target) {
    case 'Conniption.genChildStates':
      return {
        steps: [
          tools,
          build,
          call(['s', 'genChildStates'], []),
          // The generated positions' test calls it again: the document's genChildStates "will only execute if the
          // children of the current state have not previously been computed", so a second call adds no child.
          ...(test.id === TWICE
            ? [{ ...call(['s', 'genChildStates'], []), python: 's.genChildStates()   # again: the children are made once' }]
            : []),
          {
            ...call(['GradeChildren'], [s], { observe: 'children' }),
            python: '[(c.board, c.player1Turn, c.flipsRem, c.flippable, c.resMove) for c in s.children]',
          },
        ],
      };
    case 'Conniption.isWin':
      return { steps: [build, call(['Conniption', 'isWin'], [s], { observe: 'result' })] };
    case 'Conniption.betterEval':
      return { steps: [build, call(['s', 'betterEval'], [], { observe: 'result' })] };
    case 'alpha_beta_search':
      return {
        steps: [tools, build, ...searchSteps(input.depth!)],
      };
    default:
      throw new Error(`internal: no Conniption interaction for ${test.target} (case ${testCase.id})`);
  }
}

/** The constructor's defaults: `Conniption(board)` alone. */
export const DEFAULTS_INTERACTION: Interaction = {
  steps: [
    {
      ...call(['Conniption'], [argFromPy(boardValue(EMPTY_BOARD))], { bind: 's' }),
      python: 's = Conniption(((), (), (), (), (), (), ()))',
    },
    get(['s', 'player1Turn'], 'player1Turn'),
    get(['s', 'flipsRem'], 'flipsRem'),
    get(['s', 'flippable'], 'flippable'),
    get(['s', 'parent'], 'parent'),
    get(['s', 'resMove'], 'resMove'),
  ],
};

export function conniptionProgram(testCase: FixtureCase): ProgramPlan {
  const input = replInput(testCase);
  return {
    call: { runMain: true },
    prompt: '',
    anyPrompt: true,
    answers: [...input.setup, ...input.lines],
    aiMoves: input.aiMoves,
    reproduce: testCase.python,
  };
}
