/**
 * The checks of Manchester's tests, by the spec's `check` name. Boards are read from what a submission prints as
 * the document allows ("something like this"): any row drawn between eight bars, its cells blank, X or O.
 * Exceptions a file must raise count when they are the named class or a subclass of it. What only the reference
 * can say of a case's input is in its `facts` (cases.ts): suggestMove1's `reason` (win, block or any), a malformed
 * save file's `reason`.
 */
import { asBoard } from './board.js';
import { manchesterInput } from './inputs.js';
import { formatPy, type PyValue } from '../../model/py-value.js';
import type { FixtureCase } from '../../model/fixture-types.js';
import type { ObservedValue } from '../../harness/protocol.js';
import { drawBoardDiff } from '../../checks/boards.js';
import { formatException, replyFor, type CaseObservation } from '../../checks/observation.js';
import { checkReturned } from '../../checks/returns.js';
import { formatObserved, isSameValue, toPyValue } from '../../checks/values.js';
import { fail, pass, withSentence, type CaseVerdict } from '../../checks/verdict.js';

export const CELL = [' ', 'X', 'O'] as const;
/** A board of 0/1/2 as drawable cells (blank, X, O). */
export const show = (board: readonly (readonly number[])[]) => board.map((row) => row.map((v) => CELL[v as 0 | 1 | 2] ?? '?'));

export function checkManchesterCase(check: string, testCase: FixtureCase, observation: CaseObservation, call: string): CaseVerdict {
  const reply = (key: string) => replyFor(observation, key, testCase.id);
  switch (check) {
    case 'game-dict': {
      const verdict = checkGameDict(call, testCase, reply('result').value);
      const rows = observation.replies['rows']?.value;
      if (verdict.status !== 'pass' || rows?.type !== 'int' || rows.value === 6) return verdict;
      return fail(
        `${call} returned a board whose 6 rows are only ${rows.value} different list${rows.value === 1 ? '' : 's'}: a move into one row would appear in the others. Build each row anew: [[0] * 7 for row in range(6)]`,
        '6 different rows',
        `${rows.value} different rows`,
      );
    }
    case 'printed-board': {
      const printed = reply('result');
      const verdict = checkPrintedBoard(call, testCase, printed.stdout);
      if (verdict.status === 'pass' || !printed.stdoutDropped) return verdict;
      return withSentence(
        verdict,
        'printed-past-limit',
        `It printed ${printed.stdoutDropped} characters more than the grader keeps; one board is a few hundred.`,
      );
    }
    case 'valid-moves':
      return checkValidMoves(call, testCase, reply('result').value);
    case 'board':
      return checkBoard(call, testCase, reply('result').value);
    case 'value':
      return checkReturned(call, testCase.expected, testCase.lenient, reply('result').value);
    case 'suggest':
      return checkSuggest(call, testCase, reply('result').value, reply('board').value);
    case 'load':
      return checkLoad(call, testCase, observation);
    case 'save':
      return checkSave(call, testCase, reply('file').value);
    case 'round-trip':
      return checkRoundTrip(testCase, reply('result').value);
    default:
      throw new Error(`internal: unknown Manchester check '${check}'`);
  }
}

/** A fact the case builder wrote for the check; its absence is the grader's bug. */
function factOf(testCase: FixtureCase, key: string): string {
  const fact = testCase.facts?.[key];
  if (typeof fact !== 'string') throw new Error(`internal: ${testCase.id} has no facts.${key}`);
  return fact;
}

function checkGameDict(call: string, testCase: FixtureCase, observed: ObservedValue): CaseVerdict {
  const verdict = checkReturned(call, testCase.expected, undefined, observed);
  if (verdict.status === 'pass' || observed.type !== 'dict') return verdict;
  const keys = observed.entries.map(([k]) => formatObserved(k));
  const wanted = ["'player1'", "'player2'", "'who'", "'board'"];
  const extra = keys.filter((k) => !wanted.includes(k));
  const missing = wanted.filter((k) => !keys.includes(k));
  if (extra.length === 0 && missing.length === 0) return verdict;
  const parts = [missing.length > 0 && `missing ${missing.join(', ')}`, extra.length > 0 && `extra ${extra.join(', ')}`].filter(Boolean);
  return withSentence(
    verdict,
    'game-dict-keys',
    `The game dictionary has precisely four keys (player1, player2, who, board): ${parts.join('; ')}.`,
  );
}

/** A board's rows as the grader reads them from printed text, or why a line is not one. */
export interface ReadBoard {
  readonly rows: number[][];
  readonly blankEmpty: boolean;
  readonly endLine: number;
}

const HEADER = /1\D{0,6}2\D{0,6}3\D{0,6}4\D{0,6}5\D{0,6}6\D{0,6}7/;

/** A drawn row: eight bars around seven cells, each blank, X or O (also `.`, `-`, `_` for empty, for play()). */
function rowCells(line: string): { cells: number[]; blank: boolean } | undefined {
  const trimmed = line.trim();
  if (!trimmed.startsWith('|') || !trimmed.endsWith('|')) return undefined;
  const parts = trimmed.slice(1, -1).split('|');
  if (parts.length !== 7) return undefined;
  let blank = true;
  const cells: number[] = [];
  for (const part of parts) {
    const cell = part.trim();
    if (cell === 'X' || cell === 'x') cells.push(1);
    else if (cell === 'O' || cell === 'o') cells.push(2);
    else if (cell === '') cells.push(0);
    else if (['.', '-', '_', '·'].includes(cell)) {
      cells.push(0);
      blank = false;
    } else return undefined;
  }
  return { cells, blank };
}

/** Every 6-row board drawn in the text, in order. Header rows (digits) are not cells, so they never count. */
export function readBoards(text: string): ReadBoard[] {
  const boards: ReadBoard[] = [];
  let run: { cells: number[]; blank: boolean }[] = [];
  const lines = text.split('\n');
  const close = (end: number) => {
    for (let i = 0; i + 6 <= run.length; i += 6) {
      const part = run.slice(i, i + 6);
      boards.push({ rows: part.map((r) => r.cells), blankEmpty: part.every((r) => r.blank), endLine: end });
    }
    run = [];
  };
  lines.forEach((line, i) => {
    const row = rowCells(line);
    if (row) run.push(row);
    // A rule between rows (`+---+---+`) belongs to the drawing; anything else ends the board.
    else if (!(run.length > 0 && /^\s*[+\-=_|]+[+\-=_|\s]*$/u.test(line))) close(i);
  });
  close(lines.length);
  return boards;
}

function checkPrintedBoard(call: string, testCase: FixtureCase, stdout: string): CaseVerdict {
  const board = manchesterInput(testCase).board!;
  if (!('stdout' in testCase.expected)) throw new Error(`internal: ${testCase.id} expects no printed board`);
  const expected = testCase.expected.stdout;
  const boards = readBoards(stdout);
  const printed = stdout.trim() === '' ? 'nothing' : `:\n${stdout.trimEnd()}`;
  if (boards.length === 0)
    return fail(
      `${call} printed no board the grader can read (rows like | |X|O| | | | |, six of them)${stdout.trim() === '' ? ': it printed nothing' : ''}`,
      expected,
      stdout,
    );
  if (boards.length > 1) return fail(`${call} printed ${boards.length} boards; expected one`, expected, stdout);
  const got = boards[0]!;
  const firstRow = stdout.split('\n').findIndex((l) => rowCells(l) !== undefined);
  const header = stdout
    .split('\n')
    .slice(0, Math.max(firstRow, 0))
    .some((l) => HEADER.test(l));
  const same = got.rows.every((row, r) => row.every((v, c) => v === board[r]![c]));
  if (!same) return fail(`${call} printed a different board\n${drawBoardDiff(show(board), show(got.rows))}`, expected, stdout);
  if (!header)
    return fail(
      `${call} printed the right cells but no column numbers 1–7 above the board (the document: "also print a numeration of the columns 1,2,…,7 above the board"); it printed${printed}`,
      expected,
      stdout,
    );
  if (!got.blankEmpty)
    return fail(
      `${call} printed empty positions as a mark; the document: "Board positions which are not occupied by any player should be printed empty"`,
      expected,
      stdout,
    );
  return stdout === expected ? pass() : pass('accepted: the document shows the board as "something like this"');
}

/** getValidMoves' expected columns, ascending, as the case builder wrote them. */
function expectedColumns(testCase: FixtureCase): number[] {
  const value = 'value' in testCase.expected ? testCase.expected.value : undefined;
  if (value?.type !== 'list' || !value.items.every((i) => i.type === 'int'))
    throw new Error(`internal: ${testCase.id} expects no list of columns`);
  return value.items.map((i) => (i as { value: number }).value).sort((a, b) => a - b);
}

function checkValidMoves(call: string, testCase: FixtureCase, observed: ObservedValue): CaseVerdict {
  const expected = expectedColumns(testCase);
  const wanted = `a list of ${expected.length === 0 ? 'nothing (the board is full)' : expected.join(', ')}, in any order`;
  if (observed.type !== 'list')
    return fail(
      `${call} returned ${formatObserved(observed)}; expected ${wanted}`,
      formatPy({ type: 'list', items: expected.map((v) => ({ type: 'int', value: v })) }),
      formatObserved(observed),
    );
  const values = observed.items.map((i) => (i.type === 'int' && typeof i.value === 'number' ? i.value : undefined));
  const got = formatObserved(observed);
  if (values.some((v) => v === undefined))
    return fail(`${call} returned ${got}: every item must be an int column index 0–6`, `[${expected.join(', ')}]`, got);
  const seen = values as number[];
  if (new Set(seen).size !== seen.length)
    return fail(
      `${call} returned ${got}: a column appears twice (every integer should appear at most once)`,
      `[${expected.join(', ')}]`,
      got,
    );
  const sorted = [...seen].sort((a, b) => a - b);
  if (sorted.join() !== expected.join()) return fail(`${call} returned ${got}; expected ${wanted}`, `[${expected.join(', ')}]`, got);
  return pass();
}

/** A board returned: compared as a value, drawn side by side when the cells differ. */
function checkBoard(call: string, testCase: FixtureCase, observed: ObservedValue): CaseVerdict {
  const verdict = checkReturned(call, testCase.expected, testCase.lenient, observed);
  if (verdict.status === 'pass') return verdict;
  const got = asBoard(observed);
  const want = 'value' in testCase.expected && testCase.expected.value ? asBoard(testCase.expected.value) : undefined;
  if (!got || !want) return verdict;
  return { ...verdict, message: `${call} returned a different board\n${drawBoardDiff(show(want), show(got))}` };
}

function checkSuggest(call: string, testCase: FixtureCase, observed: ObservedValue, boardAfter: ObservedValue): CaseVerdict {
  const board = manchesterInput(testCase).board!;
  const after = asBoard(boardAfter);
  if (!after || after.some((row, r) => row.some((v, c) => v !== board[r]![c]))) {
    const drawn = after ? `\n${drawBoardDiff(show(board), show(after), ['before', 'after'])}` : '';
    return fail(
      `${call} changed the board it was given (the document: "You should not change the original board variable when testing for possible moves, hence need to work with copies")${drawn}`,
    );
  }
  const who = manchesterInput(testCase).who!;
  const reason = factOf(testCase, 'reason');
  const why =
    reason === 'win'
      ? `player ${who} can win at once there`
      : reason === 'block'
        ? `player ${who} cannot win at once but must block player ${who === 1 ? 2 : 1}'s winning column`
        : 'any valid column will do';
  return checkReturned(call, testCase.expected, undefined, observed, { because: why });
}

function checkLoad(call: string, testCase: FixtureCase, observation: CaseObservation): CaseVerdict {
  const expected = testCase.expected;
  const input = manchesterInput(testCase);
  const failure = observation.failure;
  if ('raises' in expected) {
    const what =
      input.fileText === null
        ? `${input.filename} does not exist`
        : `${input.filename} is malformed (${input.malformed ?? '?'}: ${factOf(testCase, 'reason')})`;
    if (!failure)
      return fail(
        `${call} returned ${formatObserved(replyFor(observation, 'result', testCase.id).value)} but ${what}; expected it to raise ${expected.raises}`,
        `raises ${expected.raises}`,
        formatObserved(replyFor(observation, 'result', testCase.id).value),
      );
    if (failure.kind !== 'exception') throw new Error('internal: only exceptions reach the load check');
    const classes = failure.exception.bases ?? [failure.exception.type];
    if (classes.includes(expected.raises)) return pass();
    return fail(
      `${call} raised ${formatException(failure.exception)} when ${what}; expected ${expected.raises} (or a subclass of it)`,
      `raises ${expected.raises}`,
      formatException(failure.exception),
    );
  }
  if (failure) throw new Error('internal: only cases that expect an exception reach the load check with one');
  return checkReturned(call, expected, testCase.lenient, replyFor(observation, 'result', testCase.id).value);
}

function checkSave(call: string, testCase: FixtureCase, file: ObservedValue): CaseVerdict {
  const given = manchesterInput(testCase).filename ?? null;
  const filename = given ?? 'game.txt';
  if (file.type === 'none')
    return fail(
      `${call} wrote no file named ${filename} in the current folder${given === null ? ' (with no filename given, saveGame saves game.txt)' : ''}`,
    );
  const verdict = checkReturned(`the file ${call} wrote`, testCase.expected, testCase.lenient, file);
  if (verdict.status === 'pass') return verdict;
  const want = 'value' in testCase.expected && testCase.expected.value?.type === 'str' ? testCase.expected.value.value : '';
  const got = file.type === 'str' ? file.value : '';
  const wantLines = want.split('\n');
  const gotLines = got.split('\n');
  const at = wantLines.findIndex((l, i) => l !== gotLines[i]);
  const line =
    at < 0
      ? ''
      : `: line ${at + 1} should be ${JSON.stringify(wantLines[at])}, it is ${gotLines[at] === undefined ? 'missing' : JSON.stringify(gotLines[at])}`;
  return fail(
    `${call} wrote ${filename} in another format${line}. The format (Task 8): player 1, player 2, who, then six rows of seven comma-separated digits`,
    want,
    got,
  );
}

function checkRoundTrip(testCase: FixtureCase, observed: ObservedValue): CaseVerdict {
  const game = manchesterInput(testCase).game!;
  const want: PyValue = {
    type: 'dict',
    entries: [
      [
        { type: 'str', value: 'player1' },
        { type: 'str', value: game.player1 },
      ],
      [
        { type: 'str', value: 'player2' },
        { type: 'str', value: game.player2 },
      ],
      [
        { type: 'str', value: 'who' },
        { type: 'int', value: game.who },
      ],
      [
        { type: 'str', value: 'board' },
        { type: 'list', items: game.board.map((row) => ({ type: 'list', items: row.map((v) => ({ type: 'int', value: v })) })) },
      ],
    ],
  };
  if (isSameValue(want, observed)) return pass();
  const plain = toPyValue(observed);
  // Names changed only in case (loadGame capitalising them) are loadGame's own tests' to grade.
  const folded = (v: PyValue): string => formatPy(v).toLowerCase();
  if (plain && folded(plain) === folded(want))
    return pass('the names came back in another case; what loadGame returns is graded by its own tests');
  return fail(
    `loadGame did not give back the game saveGame saved: saved ${formatPy(want)}, loaded ${plain ? formatPy(plain) : formatObserved(observed)}`,
    formatPy(want),
    formatObserved(observed),
  );
}

/** The document's functions, in task order; each must explain its inputs and what it returns. */
export const DOCUMENTED_FUNCTIONS = [
  'newGame',
  'printBoard',
  'getValidMoves',
  'makeMove',
  'hasWon',
  'suggestMove1',
  'loadGame',
  'saveGame',
  'play',
  'suggestMove2',
] as const;

/** Why a docstring is not a meaningful one, or undefined when it is. */
export function docstringProblem(doc: string | null): string | undefined {
  if (doc === null || doc.trim() === '') return 'no docstring';
  if (/\bTODO\b/i.test(doc)) return "still the template's TODO";
  if (doc.trim().split(/\s+/).length < 4) return `too short to explain anything (${JSON.stringify(doc.trim())})`;
  return undefined;
}

export function checkDocstrings(observation: CaseObservation): CaseVerdict {
  const docs = replyFor(observation, 'docs', 'docstrings').value;
  if (docs.type !== 'list') throw new Error('internal: GradeDocstrings returned no list');
  const found = docs.items.flatMap((item) => {
    if (item.type !== 'list' || item.items.length !== 2) return [];
    const [name, doc] = item.items;
    return name?.type === 'str' ? [{ name: name.value, doc: doc?.type === 'str' ? doc.value : null }] : [];
  });
  if (!found.some((f) => !f.name.startsWith('module '))) {
    return { status: 'error', message: 'no function could be read: the module did not import, or defines none (see import.connect4)' };
  }
  const problems = found.flatMap(({ name, doc }) => {
    const problem = docstringProblem(doc);
    return problem ? [`${name}: ${problem}`] : [];
  });
  const missing = DOCUMENTED_FUNCTIONS.filter((name) => !found.some((f) => f.name === name));
  const note = missing.length > 0 ? `\n(not defined, so not checked here: ${missing.join(', ')})` : '';
  if (problems.length === 0) return { ...pass(), message: `${found.length} docstrings, all meaningful${note}` };
  return fail(
    `${problems.length} of ${found.length} docstrings are missing or not meaningful; print(functionname.__doc__) should explain the inputs and the returned values:\n${problems.map((p) => `  ${p}`).join('\n')}${note}`,
    'a docstring for the module and every function',
    problems.join('\n'),
  );
}
