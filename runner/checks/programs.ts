/**
 * Verdicts on a program run through the pseudo-terminal: how it ended (a hang, a traceback, more input wanted than
 * the test types), then what it printed, by meaning: the final board by its cells and how the game ended
 * (`program-result`), or every board, whose turn it was and the ending (`program-output`).
 */
import type { FixtureCase } from '../model/fixture-types.js';
import type { ProgramResult } from '../pty/run-program.js';
import { boardsInText, drawBoardDiff, isSameBoard } from './boards.js';
import { compareEnding, compareGameByMeaning } from './game-messages.js';
import { withoutAskMarkers } from './program-markers.js';
import { fail, type CaseVerdict } from './verdict.js';

/** How Python starts a traceback: its presence in a transcript means the program crashed. */
export const TRACEBACK = 'Traceback (most recent call last):';

/** What a program's check leaves to other tests, as the run stands when it is judged. */
export interface ProgramJudging {
  /** The failed test that already charged what the program's messages say (ProgramPlan.messagesGradedBy). */
  readonly messagesChargedBy?: string;
}

/** How the run ended, when that alone decides the verdict. */
export function programEnding(result: ProgramResult): CaseVerdict | undefined {
  const tail = result.transcript.trimEnd().split('\n').slice(-12).join('\n');
  if (result.timedOut)
    return {
      status: 'timeout',
      message: `${result.timedOut.phase}: nothing within ${result.timedOut.limitMs} ms. The end of the transcript:\n${tail}`,
    };
  if (result.truncated)
    return {
      status: 'error',
      message: `the program printed more than ${result.maxChars} characters and was stopped (a game prints a few thousand). The start of what it printed:\n${result.transcript.slice(0, 600)}`,
    };
  if (result.askedForMore)
    return fail(
      `the program asked for more input than the test types (${result.answersSent} lines); the game should have ended. The end of the transcript:\n${tail}`,
    );
  const at = result.transcript.indexOf(TRACEBACK);
  if (at >= 0) {
    const lines = result.transcript.slice(at).trimEnd().split('\n');
    return { status: 'error', message: `the program crashed: ${lines.at(-1)}\n${lines.slice(-6).join('\n')}` };
  }
  if (result.exitCode !== undefined && result.exitCode !== 0) {
    return {
      status: 'error',
      message: `the program exited with code ${result.exitCode} before the game was over. The end of the transcript:\n${tail}`,
    };
  }
  if (result.signal !== undefined)
    return { status: 'error', message: `the program was killed by signal ${result.signal}. The end of the transcript:\n${tail}` };
  return undefined;
}

export function checkProgram(
  check: string,
  testCase: FixtureCase,
  marked: ProgramResult,
  _ask?: unknown,
  judged: ProgramJudging = {},
): CaseVerdict {
  const result = withoutAskMarkers(marked);
  const ending = programEnding(result);
  if (ending) return ending;
  const expected = testCase.expected;
  if (!('stdout' in expected)) throw new Error(`internal: ${testCase.id} has no stdout`);
  if (check === 'program-output')
    return compareGameByMeaning('the transcript', expected.stdout, result.transcript, judged.messagesChargedBy);
  if (check !== 'program-result') throw new Error(`internal: unknown program check '${check}'`);
  const wantBoard = boardsInText(expected.stdout).at(-1);
  const gotBoard = boardsInText(result.transcript).at(-1);
  if (wantBoard && (!gotBoard || !isSameBoard(wantBoard, gotBoard))) {
    return fail(
      `the game ended on a different board${gotBoard ? `\n${drawBoardDiff(wantBoard, gotBoard)}` : ' (no board printed)'}`,
      expected.stdout,
      result.transcript,
    );
  }
  return compareEnding("the game's end", expected.stdout, result.transcript, judged.messagesChargedBy);
}
