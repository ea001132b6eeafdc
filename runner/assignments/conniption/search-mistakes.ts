/**
 * The mistakes a failing alpha_beta_search may be named by, and how its cases are read for naming them. The grader
 * runs each mistaken search on the student's own genChildStates and betterEval, in the student's process
 * (doubles.py, `_mistaken_choices`), since the search is judged on those: the cut-off's in the run of the student's
 * own search (its choice follows the children's order), the others asked again once a case has failed (`followUp`).
 * The kit reads a table of the order-free mistakes' choices on its visible cases, made with the document's code when
 * it was built (search-mistake-table.ts). A move is a number here: its column times 4, plus 2 for a flip before, plus
 * 1 for a flip after.
 */
import type { LookaheadCases } from '../../plan/assignment.js';
import type { ChoiceMistake, MistakeAnswers } from '../../plan/lookahead-cases.js';
import { positionFromRows } from '../../plan/lookahead-cases.js';
import type { ObservedValue } from '../../harness/protocol.js';
import type { PyValue } from '../../model/py-value.js';
import { toPyValue } from '../../checks/values.js';
import { childKey, searchFacts, type SearchFacts } from './checks.js';
import { conniptionInput } from './inputs.js';
import { searchMistakesInteraction } from './steps.js';

/**
 * The mistakes, in the order they are tried. Each is a search the document's words lead a student to by one slip;
 * their choices come from the case (SeenCase.answers), never from a board alone.
 */
export const SEARCH_MISTAKES: readonly ChoiceMistake[] = [
  {
    id: 'one-level-shallower',
    sentence:
      'what a search one level shallower than the depth asked for chooses: at depth d the children are scored by a minimax d - 1 plies deep (at depth 2, by betterEval at once), so count where your recursion stops again',
  },
  {
    id: 'one-level-deeper',
    sentence:
      'what a search one level deeper than the depth asked for chooses: at depth d the children are scored by a minimax d plies deep, one more than the d - 1 left after the move; pass depth - 1 to the children',
  },
  {
    id: 'replies-maximised',
    sentence:
      "what a search chooses when the opponent's replies are scored as the AI's own moves: min_value takes the highest of its children's values where the opponent takes the lowest",
  },
  {
    id: 'levels-swapped',
    sentence:
      "what a search chooses when alpha_beta_search scores its children with max_value instead of min_value: after the AI's move it is the opponent's turn, so the children's level minimises",
  },
  {
    id: 'cutoff-own-bound',
    sentence:
      'what a search chooses when max_value cuts off at value >= alpha and min_value at value <= beta: each must compare with the other bound (max_value returns once value >= beta, min_value once value <= alpha), or it stops after a branch it still needed',
  },
];

/** The mistakes whose choice follows from the values alone, whatever order the children come in (doubles.py ORDER_FREE). */
export const ORDER_FREE: readonly string[] = ['one-level-shallower', 'one-level-deeper', 'replies-maximised', 'levels-swapped'];

/** A move's number (see above); undefined for anything that is not `(f)1-7(f)`. */
export function moveNumber(move: string): number | undefined {
  const m = /^(f?)([1-7])(f?)$/u.exec(move);
  return m ? Number(m[2]) * 4 + (m[1] ? 2 : 0) + (m[3] ? 1 : 0) : undefined;
}

const numbers = (moves: readonly string[]): number[] => moves.flatMap((m) => moveNumber(m) ?? []);

const entry = (value: ObservedValue | undefined, key: string): ObservedValue | undefined =>
  value?.type === 'dict' ? value.entries.find(([k]) => k.type === 'str' && k.value === key)?.[1] : undefined;

/** The board's rows, top first ('X' the first player's checkers), for the position a seen case keeps. */
function rowsOf(board: readonly (readonly boolean[])[]): string[] {
  return Array.from({ length: 6 }, (_, i) =>
    board.map((column) => (column[5 - i] === undefined ? ' ' : column[5 - i] ? 'X' : 'O')).join(''),
  );
}

/** The move of the child the search chose, when it is one of s's legal children. */
function chosenMove(
  o: { replies: Readonly<Record<string, { value: ObservedValue } | undefined>> },
  facts: SearchFacts,
): number | undefined {
  const chosen = entry(o.replies['search']?.value, 'chosen');
  const plain: PyValue | undefined = chosen && chosen.type !== 'none' ? toPyValue(chosen) : undefined;
  if (!plain || !facts.children.includes(childKey(plain))) return undefined;
  const move = plain.type === 'tuple' ? plain.items[4] : undefined;
  return move?.type === 'str' ? moveNumber(move.value) : undefined;
}

/** The mistakes' choices the grader's double reported (doubles.py): by mistake, then rule, the moves. */
function reportedChoices(reported: ObservedValue | undefined): MistakeAnswers | undefined {
  const mistakes = entry(reported, 'mistakes');
  if (mistakes?.type !== 'dict') return undefined;
  const plain = toPyValue(mistakes);
  if (!plain || plain.type !== 'dict') return undefined;
  const answers: Record<string, Record<string, number[]>> = {};
  for (const [id, byRule] of plain.entries) {
    if (id.type !== 'str' || byRule.type !== 'dict') continue;
    for (const [rule, moves] of byRule.entries) {
      if (rule.type !== 'str' || moves.type !== 'list') continue;
      (answers[id.value] ??= {})[rule.value] = numbers(moves.items.flatMap((m) => (m.type === 'str' ? [m.value] : [])));
    }
  }
  return answers;
}

/** The search's cases as a look-ahead test's: the move chosen, the moves the document accepts, each mistake's. */
export const SEARCH_LOOKAHEAD: LookaheadCases = {
  family: 'choices',
  rules: ['document', 'stop-at-win'],
  positionOf: (c) => {
    const { state, depth } = conniptionInput(c);
    return positionFromRows(rowsOf(state.board), state.player1Turn ? 'X' : 'O', depth);
  },
  answerOf: (o, c) => {
    const move = chosenMove(o, searchFacts(c));
    return move === undefined ? undefined : [move];
  },
  expectedOf: (c) => {
    const facts = searchFacts(c);
    return numbers([...facts.best.document, ...facts.best['stop-at-win']]);
  },
  mistakesOf: (o) => reportedChoices(o.replies['values']?.value),
  followUp: {
    mistakes: ORDER_FREE,
    interaction: searchMistakesInteraction,
    mistakesOf: (o) => (o.failure ? undefined : reportedChoices(o.replies['mistakes']?.value)),
  },
};
