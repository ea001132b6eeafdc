/**
 * Comparing printed text. Exact where the document fixes the format; otherwise by lines with blank lines and
 * trailing spaces set aside, boards compared by their cells, so a typo costs the typo's points and nothing more.
 */
import { boardsInText, isSameBoard, drawBoardDiff } from './boards.js';
import { fail, pass, type CaseVerdict } from './verdict.js';

/** The first line where two texts differ, shown with both versions and its line number. */
export function firstDifference(expected: string, actual: string): string {
  const want = expected.split('\n');
  const got = actual.split('\n');
  for (let i = 0; i < Math.max(want.length, got.length); i++) {
    if (want[i] !== got[i]) {
      return `line ${i + 1}: expected ${show(want[i])}, got ${show(got[i])}`;
    }
  }
  return 'the texts are equal';
}

const show = (line: string | undefined) => (line === undefined ? 'no line' : JSON.stringify(line));

/** Text as a person sees it: trailing spaces on each line and blank lines at the very end do not show. */
export function visibleText(text: string): string {
  return text
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n+$/u, '');
}

/**
 * Exact where the document fixes the text, but only in what can be seen: a trailing space or a final newline is
 * accepted with a note; a dash short or labels spaced differently still fail.
 */
export function compareVisibleText(what: string, expected: string, actual: string): CaseVerdict {
  if (expected === actual) return pass();
  if (visibleText(expected) === visibleText(actual))
    return pass(`${what.replace(/\(.*$/u, '')} accepted with invisible differences (trailing spaces or a final newline)`);
  return fail(`${what} differs: ${firstDifference(visibleText(expected), visibleText(actual))}`, expected, actual);
}

const isBoardLine = (line: string) => /^\|(.\|)+$/u.test(line.trim()) || /^-+$/u.test(line.trim()) || /^( \d)+$/u.test(line);

/** Message lines (not board drawings), trailing spaces removed, blank lines dropped. */
export function messageLines(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l !== '' && !isBoardLine(l));
}

/**
 * Printed output checked for what it says: every message line exactly, in order, and every board by its cells.
 * Blank lines, trailing spaces and the board's dashes and labels are left to the tests of `__repr__`.
 */
export function compareMessages(what: string, expected: string, actual: string): CaseVerdict {
  const want = messageLines(expected);
  const got = messageLines(actual);
  for (let i = 0; i < Math.max(want.length, got.length); i++) {
    if (want[i] !== got[i]) {
      return fail(
        `${what}: message ${i + 1} ${want[i] === undefined ? 'is extra' : 'differs'}: expected ${show(want[i])}, got ${show(got[i])}`,
        expected,
        actual,
      );
    }
  }
  const wantBoards = boardsInText(expected);
  const gotBoards = boardsInText(actual);
  if (wantBoards.length !== gotBoards.length) {
    return fail(
      `${what}: expected ${wantBoards.length} board${wantBoards.length === 1 ? '' : 's'} printed, found ${gotBoards.length}`,
      expected,
      actual,
    );
  }
  for (const [i, board] of wantBoards.entries()) {
    if (!isSameBoard(board, gotBoards[i]!)) {
      return fail(`${what}: board ${i + 1} printed differs\n${drawBoardDiff(board, gotBoards[i]!)}`, expected, actual);
    }
  }
  const note =
    expected === actual
      ? undefined
      : 'accepted with different blank lines, trailing spaces or board frame; the board format itself is graded by the __repr__ tests';
  return pass(note);
}

/** `a`, `a and b`, `a, b and c`: names in a sentence. */
export const joinNames = (names: readonly string[]): string =>
  names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
