/**
 * The checks of CS61A Homework 4's tests, by the spec's `check` name: returned values with their types (a list for
 * put_piece's tuple is accepted with a note, as the doctests unpack either), the document's rules (a new list, the
 * given board left alone), and print_board's output by its pieces and, separately, exactly as the doctests want it.
 */
import { formatPy, type PyValue } from '../../model/py-value.js';
import { cs61aInput, type Cs61aArgument } from './inputs.js';
import type { FixtureCase } from '../../model/fixture-types.js';
import type { ObservedValue } from '../../harness/protocol.js';
import { boardFromValue, drawBoardDiff, isSameBoard } from '../../checks/boards.js';
import { replyFor, type CaseObservation, type ObservedReply } from '../../checks/observation.js';
import { checkReturned } from '../../checks/returns.js';
import { compareVisibleText, visibleText } from '../../checks/text.js';
import { formatObserved, isSameValue } from '../../checks/values.js';
import { fail, pass, type CaseVerdict } from '../../checks/verdict.js';

/** The grader's board that is not a list, as the harness reports it (tools.py's AbstractBoard). */
const ABSTRACT_BOARD = 'AbstractBoard';

/** The one test where the document's 2-element tuple `(row, board)` is graded; elsewhere a list passes with a note. */
export const CS61A_TYPES_TEST = 'put_piece.document';

export function checkCs61aCase(check: string, testCase: FixtureCase, observation: CaseObservation, call: string): CaseVerdict {
  const reply = (key: string): ObservedReply => replyFor(observation, key, testCase.id);
  const input = cs61aInput(testCase);
  switch (check) {
    case 'value':
      return checkValue(call, testCase, reply('result').value, false);
    case 'value-types':
      return checkReturned(call, testCase.expected, testCase.lenient, reply('result').value, { strictTypes: true });
    case 'barrier-value':
      return checkCrossing(call, testCase, reply('result').value);
    case 'unchanged':
      return checkUnchanged(call, pyValueOf(input['board']), reply('board').value);
    case 'new-list':
      return checkNewList(call, pyValueOf(input['lst']), reply('old').value, reply('oldId').value, reply('newId').value);
    case 'printed-pieces':
      return comparePieces(call, expectedStdout(testCase), reply('result').stdout);
    case 'barrier-printed': {
      const printed = comparePieces(call, expectedStdout(testCase), reply('result').stdout);
      return printed.status === 'pass' ? printed : pass(BARRIER_ONLY);
    }
    case 'printed-exactly':
      return compareSpacing(call, expectedStdout(testCase), reply('result').stdout);
    default:
      throw new Error(`internal: unknown CS61A check '${check}'`);
  }
}

function expectedStdout(testCase: FixtureCase): string {
  if (!('stdout' in testCase.expected)) throw new Error(`internal: ${testCase.id} has no stdout`);
  return testCase.expected.stdout;
}

const BARRIER_ONLY = 'the board was never treated as a list; the answer itself is graded by the value tests';

/**
 * A barrier test judges the crossing only: a board returned as a list of lists was built without the constructors;
 * a wrong answer otherwise passes here with a note, as the value tests grade it.
 */
function checkCrossing(call: string, testCase: FixtureCase, observed: ObservedValue): CaseVerdict {
  const plain = unwrapAbstract(observed);
  if ('problem' in plain) return fail(`${call} ${plain.problem}`, undefined, formatObserved(observed));
  const verdict = checkValue(call, testCase, observed, true);
  return verdict.status === 'pass' ? verdict : pass(BARRIER_ONLY);
}

/**
 * The returned value. In the barrier tests a board comes back as the grader's AbstractBoard and is compared by its
 * rows; a plain list there means the function built a board without create_board or replace_elem.
 */
function checkValue(call: string, testCase: FixtureCase, observed: ObservedValue, barrier: boolean): CaseVerdict {
  const plain = barrier ? unwrapAbstract(observed) : { value: observed };
  if ('problem' in plain) return fail(`${call} ${plain.problem}`, undefined, formatObserved(observed));
  const verdict = checkReturned(call, testCase.expected, testCase.lenient, plain.value, { typesTest: CS61A_TYPES_TEST });
  if (verdict.status === 'pass') return verdict;
  const asTuple = listAsTuple(plain.value);
  if (
    asTuple &&
    'value' in testCase.expected &&
    testCase.expected.value?.type === 'tuple' &&
    isSameValue(testCase.expected.value, asTuple)
  ) {
    return pass(
      `a list was accepted where the document asks for a tuple (row, board): the doctests unpack either (the tuple is graded by ${CS61A_TYPES_TEST})`,
    );
  }
  return verdict;
}

const listAsTuple = (value: ObservedValue): ObservedValue | undefined =>
  value.type === 'list' && value.items.length === 2 ? { type: 'tuple', items: value.items } : undefined;

function unwrapAbstract(value: ObservedValue): { value: ObservedValue } | { problem: string } {
  if (value.type === 'object') {
    if (value.class !== ABSTRACT_BOARD) return { value };
    const rows = value.attrs?.['rows'];
    return rows ? { value: rows } : { problem: 'returned a board the grader cannot read' };
  }
  if (value.type === 'tuple' || value.type === 'list') {
    const items: ObservedValue[] = [];
    for (const item of value.items) {
      if (item.type === 'list' && item.items.some((row) => row.type === 'list')) {
        return {
          problem:
            'returned a list of lists as the board: with the board behind the abstraction barrier, a new board comes only from create_board and replace_elem',
        };
      }
      const inner = unwrapAbstract(item);
      if ('problem' in inner) return inner;
      items.push(inner.value);
    }
    return { value: { ...value, items } };
  }
  return { value };
}

function checkUnchanged(call: string, given: PyValue, after: ObservedValue): CaseVerdict {
  const before = boardFromValue(given);
  const now = boardFromValue(after);
  if ('problem' in before) throw new Error(`internal: the given board is unreadable: ${before.problem}`);
  if ('problem' in now)
    return fail(`after ${call} the board given to it is no longer a board: ${now.problem}`, undefined, formatObserved(after));
  if (isSameBoard(before.rows, now.rows)) return pass();
  return fail(
    `${call} changed the board it was given; it must build a new board (with replace_elem) and leave the old one as it was\n${drawBoardDiff(before.rows, now.rows, ['given', 'given, afterwards'])}`,
    formatPy(given),
    formatObserved(after),
  );
}

function checkNewList(call: string, given: PyValue, old: ObservedValue, oldId: ObservedValue, newId: ObservedValue): CaseVerdict {
  if (formatObserved(oldId) === formatObserved(newId)) {
    return fail(
      `${call} returned the list it was given (new is old is True); it must return a new list`,
      'new is old: False',
      'new is old: True',
    );
  }
  if (!isSameValue(given, old)) {
    return fail(
      `${call} changed the list it was given: old is now ${formatObserved(old)}; build the new list without changing the old one`,
      undefined,
      formatObserved(old),
    );
  }
  return pass();
}

/**
 * The spacing alone, as the doctests show it: one space between pieces and none after the last, which the document
 * warns of in so many words (its hint on strip()). A final newline costs nothing; different pieces are
 * print_board.pieces' to grade, so rows spaced right pass here.
 */
function compareSpacing(call: string, expected: string, actual: string): CaseVerdict {
  const trailing = actual.split('\n').findIndex((line) => line.trim() !== '' && line !== line.trimEnd());
  if (trailing >= 0) {
    return fail(
      `${call} printed a space at the end of row ${trailing + 1}; the document's hint: "you have an extra space character at the end of your rows in your board. A function that might come in handy is strip()"`,
      expected,
      actual,
    );
  }
  const verdict = compareVisibleText(`what ${call} printed`, expected, actual);
  if (verdict.status === 'pass') return verdict;
  const shown = visibleText(actual);
  if (shown === '') return pass('nothing was printed; that is graded by print_board.pieces');
  const spacedRight = shown.split('\n').every((row) => /^\S( \S)*$/u.test(row));
  return spacedRight ? pass('one space between pieces; which pieces and rows are printed is graded by print_board.pieces') : verdict;
}

/** The pieces of each printed row, however they are spaced: the spacing has its own test. */
function comparePieces(call: string, expected: string, actual: string): CaseVerdict {
  const rows = (text: string) =>
    text
      .split('\n')
      .map((line) => line.trim().split(/\s+/u).filter(Boolean))
      .filter((row) => row.length > 0);
  const want = rows(expected);
  const got = rows(actual);
  if (want.length === got.length && want.every((row, r) => row.length === got[r]!.length && row.every((cell, c) => cell === got[r]![c]))) {
    return expected === actual ? pass() : pass('the pieces are right; the spacing is graded by its own test');
  }
  if (got.every((row) => row.every((cell) => cell.length === 1)) && got.length > 0) {
    return fail(`${call} printed a different board\n${drawBoardDiff(want, got)}`, expected, actual);
  }
  return fail(`${call} printed ${JSON.stringify(actual.slice(0, 200))}; expected the rows ${JSON.stringify(expected)}`, expected, actual);
}

/** A board or list argument as the Python value the case holds (a number or string is no such value: the case is ours to fix). */
function pyValueOf(value: Cs61aArgument | undefined): PyValue {
  if (value === undefined || typeof value !== 'object')
    throw new Error(`internal: expected a board or list argument, found ${JSON.stringify(value)}`);
  return value;
}
