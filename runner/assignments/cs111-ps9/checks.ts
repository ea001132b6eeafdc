/**
 * The checks of CS111 PS9's tests, by the spec's `check` name, as pure functions of the fixture case and what the
 * runner observed. Text the document fixes (`__repr__`) is compared exactly; printed games by their messages and
 * boards; scores and columns with their Python types.
 */
import type { FixtureCase } from '../../model/fixture-types.js';
import { boardFromValue, drawBoardDiff, isSameBoard, rowsFromStrings, type BoardRows } from '../../checks/boards.js';
import { replyFor, type CaseObservation, type ObservedReply } from '../../checks/observation.js';
import { checkOpenColumns, checkReturned, checkTypes } from '../../checks/returns.js';
import { compareMessages, compareVisibleText } from '../../checks/text.js';
import { formatObserved } from '../../checks/values.js';
import { fail, pass, type CaseVerdict } from '../../checks/verdict.js';
import { caseText } from '../../plan/case-texts.js';
import { cs111Input } from './steps.js';

/** The document's column prompt, printed by Player.next_move. */
export const CS111_PROMPT = 'Enter a column: ';

/** The one test where the document's int scores (`50`, not `50.0`) are graded; elsewhere numbers count by value. */
export const CS111_TYPES_TEST = 'aiplayer.scores_for.int-scores';

export function checkCs111Case(check: string, testCase: FixtureCase, observation: CaseObservation, call: string): CaseVerdict {
  const reply = (key: string): ObservedReply => replyFor(observation, key, testCase.id);
  const expected = testCase.expected;
  const input = cs111Input(testCase);
  switch (check) {
    case 'value':
      return checkReturned(call, expected, testCase.lenient, reply('result').value, { typesTest: CS111_TYPES_TEST });
    case 'types':
      return checkTypes(call, expected, reply('result').value);
    case 'game-over':
      // A board already won: the open columns are this rule's; a full column's -1 is the look-ahead tests'.
      return checkOpenColumns(call, testCase, reply('result').value, 'the look-ahead tests', { typesTest: CS111_TYPES_TEST });
    case 'repr':
    case 'board-repr-frame':
    case 'board-repr-cells': {
      const value = 'value' in expected && expected.value?.type === 'str' ? expected.value.value : undefined;
      if (value === undefined) throw new Error(`internal: ${testCase.id} has no str to compare a repr with`);
      const got = reply('result').value;
      const text = got.type === 'str' ? got.value : formatObserved(got);
      const what = `repr(${call.split('\n').at(-1)})`;
      if (check === 'repr') return compareVisibleText(what, value, text);
      // A Board's drawing is judged in two parts, so one slip costs one test: the document's boards judge the rows,
      // the dashes and the labels of columns 0-9; generated boards judge the rows and every label (modulo ten).
      return check === 'board-repr-frame'
        ? compareVisibleText(`${what}, labels of columns 10 and up aside,`, firstLabels(value), firstLabels(text))
        : compareVisibleText(`${what}, its rows and labels (the dashes aside),`, withoutDashes(value), withoutDashes(text));
    }
    case 'false-wins': {
      // Random positions catch fours found where there are none (a run wrapping round an edge); a four missed here
      // is one direction's, charged by that direction's test.
      const verdict = checkReturned(call, expected, testCase.lenient, reply('result').value);
      const missed =
        'value' in expected && expected.value?.type === 'bool' && expected.value.value && reply('result').value.type === 'bool';
      return verdict.status !== 'pass' && missed
        ? pass('a four missed on a random position is charged by the test of its direction')
        : verdict;
    }
    case 'board':
      return compareSlots(
        call,
        'value' in expected && expected.value ? boardFromValue(expected.value) : { problem: 'no board' },
        reply('slots'),
      );
    case 'output': {
      if (!('stdout' in expected)) throw new Error(`internal: ${testCase.id} has no stdout`);
      // One rule, judged where the answer is right: a wrong column is charged by the test of the column.
      const wrong = wrongAnswer(call, testCase, reply('result'));
      if (wrong) return pass(wrong);
      return compareMessages(`what ${call.split('\n').at(-1)} printed`, expected.stdout, reply('result').stdout);
    }
    case 'process-messages': {
      // The turn, win and tie lines exactly; the column dialogue is next_move's, graded by player.next_move.prompts.
      if (!('stdout' in expected)) throw new Error(`internal: ${testCase.id} has no stdout`);
      const result = reply('result');
      const verdict = compareMessages(
        `what ${call.split('\n').at(-1)} printed`,
        withoutDialogue(expected.stdout, [caseText(testCase, 'prompt', CS111_PROMPT)]),
        withoutDialogue(result.stdout, result.prompts),
      );
      return verdict.status === 'fail' ? { ...verdict, expected: expected.stdout, actual: result.stdout } : verdict;
    }
    case 'num-moves': {
      // One rule, judged where the column is right: a call that returns a wrong column is the column test's.
      const wrong = wrongAnswer(call, testCase, reply('result'));
      if (wrong) return pass(wrong);
      const want = input.numMovesAfter ?? 1;
      const got = reply('moves').value;
      return got.type === 'int' && got.value === want
        ? pass()
        : fail(`after one call of next_move, num_moves is ${formatObserved(got)}; expected ${want}`, String(want), formatObserved(got));
    }
    case 'process-result': {
      const returned = checkReturned(call, expected, testCase.lenient, reply('result').value);
      if (returned.status !== 'pass') return returned;
      return compareSlots(`the board after ${call.split('\n').at(-1)}`, { rows: boardAfterMove(testCase) }, reply('slots'));
    }
    case 'restored': {
      // One rule, judged where the scores are right: a search that leaves checkers behind scores its later columns
      // on a wrong board, which the look-ahead tests charge already.
      const wrong = wrongAnswer(call, testCase, reply('result'));
      if (wrong) return pass(wrong);
      const board = input.board!;
      return compareSlots(
        `the board after ${call.split('\n').at(-1)}`,
        { rows: rowsFromStrings([...board.rows]) },
        reply('slots'),
        'scores_for must remove every checker it adds while looking ahead',
      );
    }
    default:
      throw new Error(`internal: unknown CS111 check '${check}'`);
  }
}

/** A Board repr's lines: the rows, then the dashes, then the labels (found by the first line of dashes). */
function boardLines(text: string): { rows: string[]; dashes: string | undefined; labels: string[] } {
  const lines = text.split('\n');
  const at = lines.findIndex((line) => /^\s*--/u.test(line));
  return at < 0
    ? { rows: lines, dashes: undefined, labels: [] }
    : { rows: lines.slice(0, at), dashes: lines[at], labels: lines.slice(at + 1) };
}

/** The drawing with its labels cut after column 9 (`' 0 1 … 9'`, 20 characters). */
function firstLabels(text: string): string {
  const { rows, dashes, labels } = boardLines(text);
  return [...rows, ...(dashes === undefined ? [] : [dashes]), ...labels.map((line) => line.slice(0, 20))].join('\n');
}

function withoutDashes(text: string): string {
  const { rows, labels } = boardLines(text);
  return [...rows, ...labels].join('\n');
}

/** Why a one-rule test leaves this case alone: its answer is wrong, and the test of the answer says so. */
function wrongAnswer(call: string, testCase: FixtureCase, result: ObservedReply): string | undefined {
  if (!('value' in testCase.expected) && !('oneOf' in testCase.expected)) return undefined;
  const verdict = checkReturned(call, testCase.expected, testCase.lenient, result.value);
  return verdict.status === 'pass' ? undefined : 'cases whose answer is wrong are not judged here: the test of the answer charges them';
}

function compareSlots(
  what: string,
  expected: { rows: BoardRows } | { problem: string },
  observed: ObservedReply,
  advice?: string,
): CaseVerdict {
  if ('problem' in expected) throw new Error(`internal: expected board unreadable: ${expected.problem}`);
  const got = boardFromValue(observed.value);
  if ('problem' in got) return fail(`${what}: ${got.problem}`, undefined, formatObserved(observed.value));
  if (isSameBoard(expected.rows, got.rows)) return pass();
  return fail(
    `${what}: the board's slots differ${advice ? ` (${advice})` : ''}\n${drawBoardDiff(expected.rows, got.rows)}`,
    drawRows(expected.rows),
    drawRows(got.rows),
  );
}

const drawRows = (rows: BoardRows) => rows.map((row) => `|${row.join('|')}|`).join('\n');

/** process_move's board afterwards, as the case builder wrote it (`facts.boardAfter`: the rows, top first). */
function boardAfterMove(testCase: FixtureCase): BoardRows {
  const rows = testCase.facts?.['boardAfter'];
  if (!Array.isArray(rows) || !rows.every((row) => typeof row === 'string'))
    throw new Error(`internal: ${testCase.id} has no facts.boardAfter`);
  return rowsFromStrings(rows);
}

/**
 * Printed text without the column dialogue: from the first line that starts with a prompt the program asked to the
 * last such line (the typed answers and any retry messages between them).
 */
function withoutDialogue(text: string, prompts: readonly string[]): string {
  const asked = prompts.map((p) => p.trimEnd()).filter((p) => p !== '');
  const lines = text.split('\n');
  const isPrompt = (line: string) => asked.some((p) => line.startsWith(p));
  const first = lines.findIndex(isPrompt);
  if (first < 0) return text;
  const last = lines.length - 1 - [...lines].reverse().findIndex(isPrompt);
  return [...lines.slice(0, first), ...lines.slice(last + 1)].join('\n');
}
