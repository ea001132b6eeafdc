/**
 * The checks of Conniption's tests, by the spec's `check` name. Children are compared as a set of (board,
 * player1Turn, flipsRem, flippable, resMove); isWin's pair and the constructor's flipsRem accept a list for the
 * tuple with a note; betterEval's mixed horizontal lines are lenient where the document is; the search passes when
 * the state it returns is a child whose minimax value, on the student's own betterEval, is the best one (in the
 * student's kit, which cannot score the children that way: one of the best children by the document's
 * genChildStates and betterEval).
 */
import { formatPy, type PyValue } from '../../model/py-value.js';
import { conniptionInput } from './inputs.js';
import type { FixtureCase } from '../../model/fixture-types.js';
import type { ObservedValue } from '../../harness/protocol.js';
import { replyFor, type CaseObservation } from '../../checks/observation.js';
import { checkReturned } from '../../checks/returns.js';
import { formatObserved, isSameValue, toPyValue } from '../../checks/values.js';
import { fail, pass, type CaseVerdict } from '../../checks/verdict.js';

export function checkConniptionCase(check: string, testCase: FixtureCase, observation: CaseObservation, call: string): CaseVerdict {
  const reply = (key: string) => replyFor(observation, key, testCase.id);
  switch (check) {
    case 'children':
      return checkChildren(testCase, reply('children').value);
    case 'pair':
      return checkPair(call, testCase, reply('result').value);
    case 'eval':
      return checkEval(call, testCase, reply('result').value);
    case 'search':
      return checkSearch(testCase, reply('search').value, observation.replies['values']?.value);
    default:
      throw new Error(`internal: unknown Conniption check '${check}'`);
  }
}

/** A child tuple as the facts list it (SearchFacts.children). */
export const childKey = (v: PyValue) => formatPy(v);
const keyOf = childKey;

/** A child tuple shown as its move and what changed, for messages. */
function describeChild(v: PyValue): string {
  if (v.type !== 'tuple' || v.items.length !== 5) return formatPy(v);
  const [, turn, flips, flippable, move] = v.items;
  return `${move?.type === 'str' ? move.value : formatPy(move!)} (player1Turn=${formatPy(turn!)}, flipsRem=${formatPy(flips!)}, flippable=${formatPy(flippable!)})`;
}

function checkChildren(testCase: FixtureCase, observed: ObservedValue): CaseVerdict {
  if (!('value' in testCase.expected) || testCase.expected.value?.type !== 'list')
    throw new Error(`internal: ${testCase.id} has no children`);
  const want = testCase.expected.value.items;
  const got = toPyValue(observed);
  if (!got || got.type !== 'list') return fail(`s.children could not be read as states: ${formatObserved(observed).slice(0, 300)}`);
  const wantKeys = new Map(want.map((v) => [keyOf(v), v]));
  const gotKeys = new Map(got.items.map((v) => [keyOf(v), v]));
  const missing = [...wantKeys.keys()].filter((k) => !gotKeys.has(k)).map((k) => describeChild(wantKeys.get(k)!));
  const extra = [...gotKeys.keys()].filter((k) => !wantKeys.has(k)).map((k) => describeChild(gotKeys.get(k)!));
  if (missing.length === 0 && extra.length === 0) {
    return got.items.length === want.length
      ? pass()
      : fail(`s.children holds ${got.items.length} states for ${want.length} different ones: some child is there twice`);
  }
  const list = (items: string[]) => items.slice(0, 8).join('; ') + (items.length > 8 ? `; … (${items.length} in all)` : '');
  const parts = [missing.length > 0 && `missing ${list(missing)}`, extra.length > 0 && `not expected ${list(extra)}`].filter(Boolean);
  return fail(
    `genChildStates made ${got.items.length} children, expected ${want.length}: ${parts.join('. ')}`,
    `${want.length} children`,
    `${got.items.length} children`,
  );
}

/** A tuple expected; the same values in a list pass with a note. */
function checkPair(call: string, testCase: FixtureCase, observed: ObservedValue): CaseVerdict {
  const verdict = checkReturned(call, testCase.expected, testCase.lenient, observed);
  if (verdict.status === 'pass' || observed.type !== 'list') return verdict;
  const asTuple: ObservedValue = { type: 'tuple', items: observed.items };
  return checkReturned(call, testCase.expected, testCase.lenient, asTuple).status === 'pass'
    ? pass('a list was accepted where the document says "returns a tuple of two booleans"')
    : verdict;
}

/** The value, or the same number as a float (the document's weights are ints, but nothing forbids a float sum). */
function checkEval(call: string, testCase: FixtureCase, observed: ObservedValue): CaseVerdict {
  const verdict = checkReturned(call, testCase.expected, testCase.lenient, observed);
  if (verdict.status === 'pass' || observed.type !== 'float' || typeof observed.value !== 'number') return verdict;
  const asInt: ObservedValue = { type: 'int', value: observed.value };
  return Number.isInteger(observed.value) && checkReturned(call, testCase.expected, testCase.lenient, asInt).status === 'pass'
    ? pass('a float with an integer value was accepted')
    : verdict;
}

const entry = (value: ObservedValue, key: string): ObservedValue | undefined =>
  value.type === 'dict' ? value.entries.find(([k]) => k.type === 'str' && k.value === key)?.[1] : undefined;
const num = (value: ObservedValue | undefined): number | undefined =>
  value && (value.type === 'int' || value.type === 'float') && typeof value.value === 'number' ? value.value : undefined;

/** The search's terminal rules (reference/conniption.ts TERMINAL_RULES): the document's, and stopping at a won position. */
export const TERMINAL_RULES = ['document', 'stop-at-win'] as const;
type TerminalRule = (typeof TERMINAL_RULES)[number];

/**
 * What the reference says of a search case's state (cases.ts): its legal children as the (board, player1Turn,
 * flipsRem, flippable, resMove) tuples compared here, written as Python, and, by terminal rule, the moves of the
 * children whose minimax value with the document's betterEval (either reading of a mixed horizontal line) is the best.
 */
export type SearchFacts = {
  readonly children: readonly string[];
  readonly best: Readonly<Record<TerminalRule, readonly string[]>>;
};

/** A search case's facts (cases.ts); an internal error for a case without them. */
export function searchFacts(testCase: FixtureCase): SearchFacts {
  const facts = testCase.facts as SearchFacts | undefined;
  if (!facts) throw new Error(`internal: ${testCase.id} has no facts`);
  return facts;
}

const STOP_AT_WIN_NOTE = 'accepted with the search stopping at a won position, which the document does not describe';

/**
 * The search's answer: a child of s (the facts' legal children) that is one of the best. With the values the
 * grader's minimax computed on the student's own genChildStates and betterEval (`values`), best by those; without
 * them (the kit), best by the document's, as the facts list them.
 */
function checkSearch(testCase: FixtureCase, observed: ObservedValue, values: ObservedValue | undefined): CaseVerdict {
  const input = { depth: conniptionInput(testCase).depth ?? 0 };
  const facts = searchFacts(testCase);
  const chosen = entry(observed, 'chosen');
  if (!chosen || chosen.type === 'none') {
    const returned = entry(observed, 'returned');
    return fail(
      `alpha_beta_search(s, ${input.depth}, False) returned ${returned?.type === 'str' ? returned.value : 'something'} that is not a state; the document: "The class will return the best state"`,
    );
  }
  const plain = toPyValue(chosen);
  if (!plain || !facts.children.includes(keyOf(plain)))
    return fail(`alpha_beta_search returned a state that is not one move from s: ${plain ? describeChild(plain) : formatObserved(chosen)}`);
  const move = moveOf(plain);
  const paired = entry(observed, 'paired');
  const pairNote =
    paired?.type === 'bool' && paired.value
      ? 'it returned (state, value); the state was read, as the document asks for the best state'
      : undefined;
  const passWith = (rule: TerminalRule): CaseVerdict => {
    const notes = [rule === 'document' ? undefined : STOP_AT_WIN_NOTE, pairNote].filter(Boolean);
    return notes.length > 0 ? pass(notes.join('; ')) : pass();
  };
  if (!values) {
    const rule = TERMINAL_RULES.find((r) => facts.best[r].includes(move));
    if (rule) return passWith(rule);
    const best = facts.best.document;
    return fail(
      `alpha_beta_search(s, ${input.depth}, False) chose ${move}; judged by the document's genChildStates and betterEval (minimax at depth ${input.depth - 1}, the AI maximises when player1Turn, its opponent minimises), the best ${best.length === 1 ? 'child is' : 'children are'} ${best.join(', ')}`,
      best.join(' or '),
      move,
    );
  }
  const rows = TERMINAL_RULES.map((rule) => ({
    rule,
    best: num(entry(entry(values, rule)!, 'best')),
    got: num(entry(entry(values, rule)!, 'chosen')),
  }));
  const match = rows.find((r) => r.best !== undefined && r.best === r.got);
  if (match) return passWith(match.rule);
  const doc = rows[0]!;
  return fail(
    `alpha_beta_search(s, ${input.depth}, False) chose ${move}, whose minimax value at depth ${input.depth - 1} with your betterEval is ${doc.got}; the best child is worth ${doc.best} (the AI maximises when player1Turn, its opponent minimises)`,
    String(doc.best),
    String(doc.got),
  );
}

/** A child tuple's move (its resMove, the fifth item). */
const moveOf = (child: PyValue): string => {
  const move = child.type === 'tuple' ? child.items[4] : undefined;
  return move?.type === 'str' ? move.value : formatPy(child);
};

/** `Conniption(board)` alone: the document's defaults. */
export function checkDefaults(observation: CaseObservation): CaseVerdict {
  const got = (key: string) => replyFor(observation, key, 'defaults').value;
  const want: [string, PyValue][] = [
    ['player1Turn', { type: 'bool', value: true }],
    [
      'flipsRem',
      {
        type: 'tuple',
        items: [
          { type: 'int', value: 4 },
          { type: 'int', value: 4 },
        ],
      },
    ],
    ['flippable', { type: 'bool', value: true }],
    ['parent', { type: 'none' }],
    ['resMove', { type: 'none' }],
  ];
  const fours: PyValue = {
    type: 'list',
    items: [
      { type: 'int', value: 4 },
      { type: 'int', value: 4 },
    ],
  };
  const wrong = want.filter(([key, value]) => !isSameValue(value, got(key)) && !(key === 'flipsRem' && isSameValue(fours, got(key))));
  if (wrong.length > 0) {
    const lines = wrong.map(([key, value]) => `${key} is ${formatObserved(got(key))}, expected ${formatPy(value)}`);
    return fail(
      `Conniption(board) with the other arguments left out: ${lines.join('; ')} (the document: Conniption(board, player1Turn=True, flipsRem=(4,4), flippable=True, parent=None, resMove=None))`,
    );
  }
  return got('flipsRem').type === 'list' ? pass('flipsRem is a list; the document says an integer tuple') : pass();
}
