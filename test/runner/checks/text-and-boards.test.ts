import { describe, expect, it } from 'vitest';
import { boardFromValue, boardsInText, drawBoardDiff, rowsFromStrings } from '../../../runner/checks/boards.js';
import { compareMessages, compareVisibleText, messageLines } from '../../../runner/checks/text.js';

const board = (rows: string[]) =>
  `${rows.map((r) => `|${[...r].join('|')}|`).join('\n')}\n${'-'.repeat(rows[0]!.length * 2 + 1)}\n${[...rows[0]!].map((_, i) => ` ${i % 10}`).join('')}\n`;
const turn = (rows: string[]) => `Player X's turn\nEnter a column: 3\n\n${board(rows)}\n`;

describe('boards', () => {
  it('reads slots and marks every differing cell under the side-by-side drawing', () => {
    const diff = drawBoardDiff(rowsFromStrings(['X ', 'OX']), rowsFromStrings(['  ', 'OX']));
    expect(diff.split('\n')).toEqual(['expected   yours', '|X| |      | | |', '            ^   ← differs', '|O|X|      |O|X|']);
  });

  it('says what is wrong with slots that are not a list of lists of strings', () => {
    expect(boardFromValue({ type: 'list', items: [{ type: 'str', value: 'X O' }] })).toEqual({ problem: 'slots[0] is a str, not a list' });
    expect(boardFromValue({ type: 'object', class: 'Board', repr: '' })).toEqual({
      problem: 'slots is a Board object, not a list of rows',
    });
  });

  it('finds the boards drawn in a transcript', () => {
    expect(boardsInText(turn(['  ', 'XO']) + turn(['X ', 'XO']))).toEqual([rowsFromStrings(['  ', 'XO']), rowsFromStrings(['X ', 'XO'])]);
  });
});

describe('printed text', () => {
  it('compares exactly where the document fixes the format, naming the first differing line', () => {
    expect(compareVisibleText('repr(b)', 'a\nb\n', 'a\nc\n').message).toBe('repr(b) differs: line 2: expected "b", got "c"');
    expect(compareVisibleText('repr(b)', 'a\n', 'a\n').status).toBe('pass');
  });

  it('accepts extra blank lines, trailing spaces and a different board frame in messages, with a note', () => {
    const expected = `${turn(['  ', 'XO'])}Player X wins in 1 moves.\nCongratulations!\n`;
    const actual = `\n${turn(['  ', 'XO']).replace('---', '--')}Player X wins in 1 moves.  \n\nCongratulations!\n\n`;
    const verdict = compareMessages('process_move', expected, actual);
    expect(verdict.status).toBe('pass');
    expect(verdict.note).toContain('__repr__');
  });

  it('fails a typo in a message, and a board with a wrong cell', () => {
    const expected = `${turn(['  ', 'XO'])}It's a tie!\n`;
    expect(compareMessages('m', expected, expected.replace('tie', 'Tie')).message).toContain(`expected "It's a tie!", got "It's a Tie!"`);
    const wrongBoard = compareMessages('m', expected, expected.replace('|X|O|', '|O|O|'));
    expect(wrongBoard.status).toBe('fail');
    expect(wrongBoard.message).toContain('board 1 printed differs');
  });

  it('keeps message lines and drops board lines', () => {
    expect(messageLines(turn(['X ', 'XO']))).toEqual(["Player X's turn", 'Enter a column: 3']);
  });
});
