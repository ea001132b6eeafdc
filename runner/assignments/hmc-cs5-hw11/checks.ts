/**
 * The checks of HMC CS5 Homework 11's tests. Scores keep their types (`50.0`, not `50`); the Player's three-line
 * description and the printed games are compared as loosely as the document's own examples disagree with each
 * other (`with tiebreak:` or `with tiebreak type:`, indentation, trailing blank lines, the dash line's length).
 * A board built `Board(6, 7)` style (height first, as in CS111) is named as such wherever it shows.
 */
import type { FixtureCase } from '../../model/fixture-types.js';
import { hmcInput } from './inputs.js';
import type { ProgramResult } from '../../pty/run-program.js';
import { boardsInText, drawBoardDiff, isSameBoard, rowsFromStrings, type BoardRows } from '../../checks/boards.js';
import { replyFor, type CaseObservation, type ObservedReply } from '../../checks/observation.js';
import { programEnding } from '../../checks/programs.js';
import { checkOpenColumns, checkReturned, checkTypes } from '../../checks/returns.js';
import { messageLines } from '../../checks/text.js';
import { formatObserved } from '../../checks/values.js';
import { fail, pass, withSentence, type CaseVerdict } from '../../checks/verdict.js';
import { withoutAskMarkers } from '../../checks/program-markers.js';
import { caseText } from '../../plan/case-texts.js';

/** The document's prompt for a 'HUMAN' player's column (test/assignments/hmc-cs5-hw11 pins it to the reference's). */
export const HMC_PROMPT = 'Where would you like to place a checker? ';

const WIDTH_FIRST = "HMC's Board takes (width, height): Board(7, 6) is 7 columns wide and 6 rows high (CS111's Board takes height first)";

/** The tests where the document's float scores (`50.0`) are graded, one per method; elsewhere numbers count by value. */
export const HMC_TYPES_TESTS: Readonly<Record<string, string>> = {
  'Player.scoreBoard': 'player.scoreBoard.generated',
  'Player.scoresFor': 'player.scoresFor.float-scores',
};
const typesTestOf = (testCase: FixtureCase) => HMC_TYPES_TESTS[testCase.id.split('.').slice(0, 2).join('.')];

/** The document writes a full column's score both ways: "-1.0 represents a column that is full", "assigns a -1". */
const FULL_COLUMN = { value: -1, written: "the document writes a full column's score both as -1.0 and as -1" } as const;

export function checkHmcCase(check: string, testCase: FixtureCase, observation: CaseObservation, call: string): CaseVerdict {
  const reply = (key: string): ObservedReply => replyFor(observation, key, testCase.id);
  switch (check) {
    case 'value':
      return withWidthNote(
        checkReturned(call, testCase.expected, testCase.lenient, reply('result').value, {
          ...(typesTestOf(testCase) && { typesTest: typesTestOf(testCase)! }),
        }),
        testCase,
        reply('result'),
      );
    case 'types':
      return checkTypes(call, testCase.expected, reply('result').value, { bothWays: FULL_COLUMN });
    case 'game-over':
      // A full column's -1.0 on a won board is the ply groups' rule.
      return withWidthNote(checkOpenColumns(call, testCase, reply('result').value, 'the ply tests'), testCase, reply('result'));
    case 'value-types':
      return withWidthNote(
        checkReturned(call, testCase.expected, testCase.lenient, reply('result').value, { strictTypes: true }),
        testCase,
        reply('result'),
      );
    case 'repr': {
      const expected = 'value' in testCase.expected && testCase.expected.value?.type === 'str' ? testCase.expected.value.value : undefined;
      if (expected === undefined) throw new Error(`internal: ${testCase.id} has no str to compare a repr with`);
      const got = reply('result').value;
      return comparePlayerRepr(call, expected, got.type === 'str' ? got.value : formatObserved(got));
    }
    case 'human': {
      const result = reply('result');
      if (result.prompts.length === 0)
        return fail(`${call} returned without asking for a column: a 'HUMAN' player's nextMove asks with input()`);
      const returned = checkReturned(
        `${call} (typing ${(hmcInput(testCase).inputs ?? []).join(', ')})`,
        testCase.expected,
        testCase.lenient,
        result.value,
      );
      const prompt = caseText(testCase, 'prompt', HMC_PROMPT);
      if (returned.status !== 'pass' || result.prompts[0] === prompt) return returned;
      return pass(
        `it asked ${JSON.stringify(result.prompts[0])}; the ${testCase.texts?.['prompt'] ? 'course' : 'document'} asks ${JSON.stringify(prompt)}`,
      );
    }
    default:
      throw new Error(`internal: unknown HMC check '${check}'`);
  }
}

/** A list of 6 scores where 7 are due is what a height-first Board gives: say so. */
function withWidthNote(verdict: CaseVerdict, testCase: FixtureCase, result: ObservedReply): CaseVerdict {
  if (verdict.status === 'pass') return verdict;
  const board = hmcInput(testCase).board;
  const got = result.value;
  if (board && got.type === 'list' && got.items.length === board.height && board.height !== board.width) {
    return withSentence(verdict, 'height-first', `That is ${board.height} scores for a board ${board.width} wide: ${WIDTH_FIRST}.`);
  }
  return verdict;
}

/** The document's variants of the three lines, set aside: indentation, blank lines, `tiebreak type:`, extra spaces. */
function normalizeRepr(text: string): string[] {
  return text
    .split('\n')
    .map((line) =>
      line
        .trim()
        .replace(/\s+/gu, ' ')
        .replace(/^with tiebreak type:/u, 'with tiebreak:'),
    )
    .filter((line) => line !== '');
}

export function comparePlayerRepr(call: string, expected: string, actual: string): CaseVerdict {
  if (expected === actual) return pass();
  const want = normalizeRepr(expected);
  const got = normalizeRepr(actual);
  if (want.join('\n') === got.join('\n'))
    return pass('accepted with the indentation, blank lines or "tiebreak type:" wording the document\'s examples also show');
  const line = want.findIndex((w, i) => w !== got[i]);
  const at = line < 0 ? want.length : line;
  return fail(
    `repr(${call.split('\n').at(-1)}) should be the three lines of the document; line ${at + 1}: expected ${JSON.stringify(want[at] ?? '(no line)')}, got ${JSON.stringify(got[at] ?? '(no line)')}`,
    expected,
    actual,
  );
}

/** `b = Board(7, 6); b.setBoard('1211244445'); b` draws the document's board. */
export function checkBoardSetup(
  observation: CaseObservation,
  board: { width: number; height: number; rows: readonly string[]; moves?: string },
): CaseVerdict {
  const reply = observation.replies['board'];
  if (!reply) return fail('the board was not observed');
  const text = reply.value.type === 'str' ? reply.value.value : formatObserved(reply.value);
  const drawn = boardsInText(text).at(0);
  const want = rowsFromStrings(board.rows);
  const what = `Board(${board.width}, ${board.height}) after setBoard('${board.moves}')`;
  if (!drawn) return fail(`${what} drew no board rows like |X| |O|; its repr was:\n${text.slice(0, 600)}`, board.rows.join('\n'), text);
  if (isSameBoard(want, drawn)) return pass();
  const transposed = drawn.length === board.width && drawn.every((row) => row.length === board.height);
  return fail(
    `${what} is not the document's board${transposed ? `: it is ${board.height} wide and ${board.width} high. ${WIDTH_FIRST}` : ''}\n${drawBoardDiff(want, drawn)}\nEvery other test builds its boards this way, so this Board may be why they fail.`,
    board.rows.join('\n'),
    text,
  );
}

/** 200 RANDOM tie-breaks: only tied columns, each of them at least once (missing one by chance: < 1e-35). */
export function checkRandomSpread(observation: CaseObservation, scores: readonly number[], calls: number): CaseVerdict {
  const reply = observation.replies['columns'];
  if (!reply || reply.value.type !== 'list') return fail('tiebreakMove results missing');
  const best = Math.max(...scores);
  const tied = scores.flatMap((s, i) => (s === best ? [String(i)] : []));
  const counts = new Map<string, number>();
  for (const item of reply.value.items) counts.set(formatObserved(item), (counts.get(formatObserved(item)) ?? 0) + 1);
  const summary = [...counts.entries()].map(([k, n]) => `${k}: ${n}`).join(', ');
  const call = `Player('X', 'RANDOM', 1).tiebreakMove([${scores.map((s) => s.toFixed(1)).join(', ')}])`;
  const wrong = [...counts.keys()].filter((k) => !tied.includes(k));
  if (wrong.length > 0)
    return fail(
      `over ${calls} calls, ${call} returned ${wrong.join(', ')}; only the tied best columns ${tied.join(', ')} may come back (counts ${summary})`,
      tied.join(', '),
      summary,
    );
  const missing = tied.filter((k) => !counts.has(k));
  if (missing.length > 0)
    return fail(
      `over ${calls} calls, ${call} never returned column ${missing.join(', ')} (counts ${summary}); RANDOM picks among all the tied columns`,
      tied.join(', '),
      summary,
    );
  return pass();
}

/**
 * A whole game of playGame: it ends, its last board has the reference's cells, and a closing line names the winner
 * (the document shows `X wins!`; `X wins -- Congratulations!` says the same) or the tie.
 */
export function checkHmcGame(testCase: FixtureCase, marked: ProgramResult): CaseVerdict {
  const result = withoutAskMarkers(marked);
  const ending = programEnding(result);
  if (ending) return ending;
  if (!('stdout' in testCase.expected)) throw new Error(`internal: ${testCase.id} has no stdout`);
  const expected = testCase.expected.stdout;
  const want = boardsInText(expected).at(-1);
  const got = boardsInText(result.transcript).at(-1);
  if (!want) throw new Error(`internal: ${testCase.id} has no final board`);
  if (!got)
    return fail(
      `the game printed no board rows like |X| |O|. The end of the transcript:\n${tail(result.transcript)}`,
      expected,
      result.transcript,
    );
  if (!isSameBoard(want, got)) {
    const transposed = got.length === 7 && got.every((row) => row.length === 6);
    return fail(
      `the game ended on a different board${transposed ? ` (a board 6 wide and 7 high: ${WIDTH_FIRST})` : ''}\n${drawBoardDiff(want, got)}`,
      drawRows(want),
      drawRows(got),
    );
  }
  const closing = messageLines(expected).at(-1) ?? '';
  const winner = /^([XO]) wins/u.exec(closing)?.[1];
  const said = messageLines(result.transcript).slice(-3);
  const names = winner
    ? (line: string) => new RegExp(`\\b${winner}\\b`, 'u').test(line) && /win/iu.test(line)
    : (line: string) => /tie|draw/iu.test(line);
  if (!said.some(names)) {
    return fail(
      `the game ended on the right board, but its last lines do not say ${winner ? `that ${winner} wins` : "it's a tie"} (the document prints ${JSON.stringify(closing)}); they were ${JSON.stringify(said.join('\n'))}`,
      closing,
      said.join('\n'),
    );
  }
  return said.includes(closing) ? pass() : pass(`a closing message other than the document's ${JSON.stringify(closing)} was accepted`);
}

const tail = (text: string) => text.trimEnd().split('\n').slice(-10).join('\n');
const drawRows = (rows: BoardRows) => rows.map((row) => `|${row.join('|')}|`).join('\n');
