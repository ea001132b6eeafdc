/**
 * Verdicts on play() runs. Games between humans were replayed by the reference when the fixtures were built: the
 * last board printed must be its final board, and the closing words must name the winner or the draw. Games with a
 * computer are judged by their own boards: each one the last plus one checker where it lands, X and O in turn,
 * ending in a win (the plan's referee says which boards are won) or a full board. The fuzz and end-of-input runs ask
 * one thing: no traceback, and an end.
 */
import type { Ask } from '../../plan/property.js';
import { playInput } from './inputs.js';
import { dropBetween, emptyBoard, isFull, sameRows, type Board, type Side } from './board.js';
import { refereeFailure, withCaveat, type Referee } from './referee.js';
import type { FixtureCase } from '../../model/fixture-types.js';
import type { PlayInput } from './steps.js';
import type { ProgramResult } from '../../pty/run-program.js';
import { ASK_MARKER } from '../../checks/program-markers.js';
import { drawBoardDiff } from '../../checks/boards.js';
import { CELL, readBoards, show } from './checks.js';
import { programEnding, TRACEBACK } from '../../checks/programs.js';
import { pyToPlain } from '../../checks/values.js';
import { fail, pass, type CaseVerdict } from '../../checks/verdict.js';
import { caseText } from '../../plan/case-texts.js';

/** The sessions of play.names, which grade the names' capitalisation (the other games read names in any case). */
const NAMES_GRADED: ReadonlySet<string> = new Set(['play.gen.names-reasked', 'play.gen.names-first-wins']);

// How programs announce the end, as real submissions word it ("Congradulations", "It's a Tie!", "board is full").
const WIN_WORDS = /\bw[oi]ns?\b|\bwinner\b|\bvictor|congra|\bfour in a row\b|\bbeats?\b/i;
const DRAW_WORDS = /\bdraw\b|\btie\b|\bno (valid )?moves? left\b|\bnobody\b|\bno one\b|\bboard is full\b|\bfull board\b/i;

interface Expectation {
  ending: string;
  winner?: string;
  board?: number[][];
  saves?: Record<string, string>;
}

function expectation(testCase: FixtureCase): Expectation {
  if (!('value' in testCase.expected) || testCase.expected.value?.type !== 'dict')
    throw new Error(`internal: ${testCase.id} has no expectation`);
  return pyToPlain(testCase.expected.value) as Expectation;
}

/** The verdict on one play() run; `referee` (asking through `ask`) says which of a computer game's boards are won. */
export async function checkManchesterPlay(
  check: string,
  testCase: FixtureCase,
  marked: ProgramResult,
  referee: Referee,
  ask: Ask,
): Promise<CaseVerdict> {
  const input = playInput(testCase);
  // What the program printed after the last question it asked (the answer's echo line dropped).
  const lastAnswer = marked.transcript.split(ASK_MARKER).at(-1)!.split('\n').slice(1).join('\n');
  const result = { ...marked, transcript: marked.transcript.replaceAll(ASK_MARKER, '') };
  switch (check) {
    case 'play-replay': {
      const verdict = await withEitherMarks(result, (r) =>
        checkReplay(expectation(testCase), r, lastAnswer, NAMES_GRADED.has(testCase.id)),
      );
      if (verdict.status !== 'pass') return verdict;
      const refused = testCase.facts?.['refused'];
      return (
        afterTheSave(marked.transcript, input.lines, caseText(testCase, 'save', 'S')) ??
        (Array.isArray(refused) ? warnedAfter(marked.transcript, input.lines, refused as number[]) : undefined) ??
        verdict
      );
    }
    case 'play-computer': {
      const ending = programEnding(result);
      if (ending) return ending;
      try {
        return await withEitherMarks(result, (r) => checkComputerGame(r.transcript, referee, ask));
      } catch (error) {
        return refereeFailure(error, referee, ['hasWon']);
      }
    }
    case 'play-robust':
      return checkRobust(input, result);
    default:
      throw new Error(`internal: unknown Manchester program check '${check}'`);
  }
}

/**
 * The game judged with the program's own marks: one that draws player 1 as O passes here with a note, as the
 * symbols cost only the printBoard tests.
 */
async function withEitherMarks(
  result: ProgramResult,
  judge: (r: ProgramResult) => CaseVerdict | Promise<CaseVerdict>,
): Promise<CaseVerdict> {
  const verdict = await judge(result);
  if (verdict.status === 'pass') return verdict;
  const swapped = await judge({ ...result, transcript: swapBoardMarks(result.transcript) });
  return swapped.status === 'pass'
    ? pass('the boards draw player 1 as O and player 2 as X; the symbols are graded by the printBoard tests')
    : verdict;
}

/** X and O exchanged in the drawn board rows only (names and messages stay as they are). */
export function swapBoardMarks(transcript: string): string {
  return transcript
    .split('\n')
    .map((line) =>
      /^\s*\|(?:[ XOxo.\-_·]*\|){7}\s*$/u.test(line) ? line.replace(/[XOxo]/gu, (c) => ({ X: 'O', O: 'X', x: 'o', o: 'x' })[c]!) : line,
    )
    .join('\n');
}

/**
 * Where the game says who won: the words after the board before the last, board rows left out, so a program that
 * announces the winner before it prints the final board is read as well as one that does so after.
 */
function closingText(transcript: string): string {
  const boards = readBoards(transcript);
  const lines = transcript.split('\n');
  const from = boards.length >= 2 ? boards.at(-2)!.endLine : 0;
  return lines
    .slice(from)
    .filter((line) => !/^\s*\|.*\|\s*$/u.test(line))
    .join('\n')
    .trim();
}

function checkReplay(want: Expectation, result: ProgramResult, afterLastAnswer: string, capitalisationGraded: boolean): CaseVerdict {
  const ending = programEnding(result);
  if (ending) return ending;
  const transcript = result.transcript;
  if (want.ending === 'load-failed') {
    if (readBoards(transcript).length > 0)
      return fail('the game went on after loading failed; it should end with an error message', undefined, tail(transcript));
    if (afterLastAnswer.trim() === '')
      return fail('loading failed and the program ended without a message; say why it could not load', undefined, tail(transcript));
    return pass();
  }
  const boards = readBoards(transcript);
  const last = boards.at(-1);
  if (!last) return fail(`no board the grader can read was printed (rows like | |X|O| | | | |)`, undefined, tail(transcript));
  if (!sameRows(last.rows, want.board!))
    return fail(`the game ended on a different board\n${drawBoardDiff(show(want.board!), show(last.rows))}`, undefined, tail(transcript));
  const closing = closingText(transcript);
  let note: string | undefined;
  if (want.ending === 'won') {
    const named = closing.includes(want.winner!);
    if (!(named || closing.toLowerCase().includes(want.winner!.toLowerCase())) || !WIN_WORDS.test(closing)) {
      return fail(
        `after the last move ${want.winner} has won, and the game should say so (with the name, first letter capitalised); it printed ${JSON.stringify(closing.slice(0, 300))}`,
        `${want.winner} has won!`,
        closing,
      );
    }
    // Capitalising the names is play.names' to grade; the other games read the winner's name in any case.
    if (!named && !capitalisationGraded)
      note = `the winner is named as typed, not capitalised (${want.winner}); that is graded by play.names`;
    else if (!named)
      return fail(
        `the winner's name should be capitalised: ${want.winner} (the document: names are capitalised); it printed ${JSON.stringify(closing.slice(0, 300))}`,
        `${want.winner} has won!`,
        closing,
      );
  } else if (!DRAW_WORDS.test(closing)) {
    return fail(
      `the board is full with no four in a row: the game should say it is a draw; it printed ${JSON.stringify(closing.slice(0, 300))}`,
      'a draw',
      closing,
    );
  }
  for (const [name, text] of Object.entries(want.saves ?? {})) {
    const saved = result.files?.[name];
    if (saved === null || saved === undefined)
      return fail(`S (then an empty file name) should save the game to ${name}; there is no ${name}`);
    if (saved !== text && saved !== text.replace(/\n$/, '')) {
      const sameButCase = saved.toLowerCase().replace(/\n$/, '') === text.toLowerCase().replace(/\n$/, '');
      if (!sameButCase || capitalisationGraded)
        return fail(`S saved ${name}, but not the position at that moment in the Task 8 format`, text, saved);
      note = `${name} keeps the names as typed, not capitalised; that is graded by play.names`;
    }
  }
  return pass(note);
}

/** How a program refuses what was typed ("Invalid input. Try again!", "That is not a valid column"). */
const REFUSAL_WORDS = /\binvalid\b|\btry again\b|\bnot (?:a )?valid\b|\billegal\b|\bnot allowed\b/iu;

/**
 * What follows a save: S is a command the column prompt accepts (Task 10), so once the file is saved the same player
 * is asked again with no word that the input was invalid (a save's \`continue\` left out prints "Invalid input. Try
 * again!" after "The game has been saved"). Judged between the answer to the question S brought (the file name) and
 * the next question, that question left out when it is the column prompt S was typed at. A program that asked no file
 * name after S took the next line as a column: nothing to judge then (undefined), as for a session without S.
 */
export function afterTheSave(transcript: string, lines: readonly string[], save: string): CaseVerdict | undefined {
  const at = lines.indexOf(save);
  if (at < 0) return undefined;
  // Segment i (i ≥ 1) is the echo of line i - 1, what the program printed after it, and the question it asked next.
  const segments = transcript.split(ASK_MARKER);
  const lastLine = (text: string | undefined) => (text ?? '').split('\n').at(-1)!.trim();
  const columnPrompt = lastLine(segments[at]);
  const asked = lastLine(segments[at + 1]);
  const after = segments[at + 2];
  if (after === undefined || asked === '' || asked === columnPrompt) return undefined;
  const printed = after.split('\n').slice(1);
  if (printed.length > 0 && printed.at(-1)!.trim() === columnPrompt) printed.pop();
  const refusal = printed.find((line) => REFUSAL_WORDS.test(line));
  if (!refusal) return undefined;
  return fail(
    `after ${JSON.stringify(save)} saved the game (the file name answered with ${JSON.stringify(lines[at + 1])}), the program said ${JSON.stringify(refusal.trim())}: S is a command the column prompt accepts (Task 10), so after saving it should ask the same player for a column again without calling the input invalid (a \`continue\` after the save missing?)`,
    'the column asked again, no warning',
    printed.join('\n').trim(),
  );
}

/** A board's row, its column numbers or its rule: what a program prints again after a refusal is not a warning. */
const BOARD_LINE = /^\s*(?:[|+][\s\dXOxo.\-_+|·*#]*[|+]|[\d\s]+)\s*$/u;

/**
 * Task 7 step 5: a column that is not a valid move gets "a warning message" and the question again. After each line
 * the document's play() refuses (facts.refused), the program must print something besides the board before it
 * asks again, or ask again in other words than the column prompt the line answered ("Invalid, which column? ").
 */
export function warnedAfter(transcript: string, lines: readonly string[], refused: readonly number[]): CaseVerdict | undefined {
  const segments = transcript.split(ASK_MARKER);
  const lastLine = (text: string | undefined) => (text ?? '').split('\n').at(-1)!.trim();
  for (const k of refused) {
    const after = segments[k + 1];
    if (after === undefined || segments[k + 2] === undefined) return undefined;
    const printed = after.split('\n').slice(1);
    const question = printed.pop()?.trim() ?? '';
    const said = printed.filter((line) => line.trim() !== '' && !BOARD_LINE.test(line));
    if (said.length > 0 || (question !== '' && question !== lastLine(segments[k]))) continue;
    return fail(
      `after ${JSON.stringify(lines[k])}, which is not a valid move, the program asked again without a warning; Task 7: "check that the user input corresponds to a valid move and otherwise print a warning message and repeat asking"`,
      'a warning, then the question again',
      after.split('\n').slice(1).join('\n').trim(),
    );
  }
  return undefined;
}

/**
 * A computer's game: every printed board one legal move on from the one before, and the right ending. The boards
 * are read first, then the referee is asked once which of them are won (a player can only win by their own move),
 * then the game is judged in order as it was played.
 */
async function checkComputerGame(transcript: string, referee: Referee, ask: Ask): Promise<CaseVerdict> {
  const boards = readBoards(transcript).map((b) => b.rows);
  if (boards.length === 0) return fail('no board the grader can read was printed (rows like | |X|O| | | | |)', undefined, tail(transcript));
  const moves: { index: number; board: Board; who: Side }[] = [];
  let problem: { index: number; before: Board; board: Board; problem: string } | undefined;
  let previous = emptyBoard();
  for (const [index, board] of boards.entries()) {
    if (sameRows(board, previous)) continue; // the same board printed again
    const who = ((moves.length % 2) + 1) as Side;
    const step = dropBetween(previous, board, who);
    if ('problem' in step) {
      problem = { index, before: previous, board, problem: step.problem };
      break;
    }
    moves.push({ index, board, who });
    previous = board;
  }
  const won = await referee.wins(ask, moves);
  const wonAt = won.indexOf(true);
  const judged = (verdict: CaseVerdict) => withCaveat(verdict, referee, ['hasWon']);
  // A move after the one that won comes before the board that does not follow, if there is one.
  if (wonAt >= 0 && wonAt < moves.length - 1)
    return judged(
      fail(`the game went on after a player had four in a row (board ${moves[wonAt + 1]!.index})`, undefined, tail(transcript)),
    );
  if (problem) {
    return fail(
      `board ${problem.index + 1} printed does not follow from the one before: ${problem.problem}\n${drawBoardDiff(show(problem.before), show(problem.board), ['before', 'after'])}`,
      undefined,
      tail(transcript),
    );
  }
  const closing = closingText(transcript);
  const last = moves.at(-1);
  if (last && wonAt === moves.length - 1) {
    if (!WIN_WORDS.test(closing))
      return judged(
        fail(
          `${CELL[last.who]} has four in a row after the last move, but the game does not say who won; it printed ${JSON.stringify(closing.slice(0, 300))}`,
          undefined,
          closing,
        ),
      );
    return pass();
  }
  if (isFull(previous))
    return DRAW_WORDS.test(closing)
      ? pass()
      : fail(
          `the board is full: the game should say it is a draw; it printed ${JSON.stringify(closing.slice(0, 300))}`,
          undefined,
          closing,
        );
  return judged(fail(`the game stopped after ${moves.length} moves with no winner and columns still open`, undefined, tail(transcript)));
}

/** Junk and end of input: no traceback, and the program ends (by itself, or when its input ends). */
function checkRobust(input: PlayInput, result: ProgramResult): CaseVerdict {
  const at = result.transcript.indexOf(TRACEBACK);
  const typed = (n: number) =>
    n === 0 ? 'before anything was typed' : `after typing ${JSON.stringify(input.lines[n - 1])} (line ${n} of the script)`;
  if (at >= 0) {
    const lines = result.transcript.slice(at).trimEnd().split('\n');
    const cause = input.mode === 'eof' && result.askedForMore ? 'at end of input (Ctrl-D)' : typed(result.answersSent);
    return fail(
      `the program crashed ${cause}: ${lines.at(-1)}. The document: "It should be impossible to crash the code."\n${lines.slice(-6).join('\n')}`,
      'no traceback',
      lines.at(-1),
    );
  }
  if (result.timedOut) {
    const why =
      input.mode === 'eof'
        ? 'after its input ended it kept waiting or asking; at end of input a program should stop'
        : result.timedOut.phase;
    return fail(`the program did not end: ${why} (${input.note})`, undefined, tail(result.transcript));
  }
  if (result.truncated)
    return {
      status: 'error',
      message: `the program printed more than ${result.maxChars} characters and was stopped: it probably loops on the same input`,
    };
  if (input.mode === 'fuzz' && result.askedForMore)
    return fail(
      `the program asked for more input than the script has (${input.lines.length} lines, the last ones valid columns); did the game end? (${input.note})`,
      undefined,
      tail(result.transcript),
    );
  if (result.signal !== undefined) return { status: 'error', message: `the program was killed by signal ${result.signal}` };
  return pass();
}

const tail = (text: string) => text.trimEnd().split('\n').slice(-20).join('\n');
