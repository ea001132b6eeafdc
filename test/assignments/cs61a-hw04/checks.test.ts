/** CS61A's checks: tuples and lists, the board left alone, a new list, printed pieces, and the barrier verdict. */
import { describe, expect, it } from 'vitest';
import { checkCs61aCase } from '../../../runner/assignments/cs61a-hw04/checks.js';
import type { CaseObservation, ObservedReply } from '../../../runner/checks/observation.js';
import { verdictForFailure } from '../../../runner/checks/outcome.js';
import { barrierCrossed } from '../../../runner/assignments/cs61a-hw04/barrier.js';
import type { FixtureCase } from '../../../runner/model/fixture-types.js';
import type { ObservedValue } from '../../../runner/harness/protocol.js';
import type { PyValue } from '../../../runner/model/py-value.js';

const rows = (...lines: string[]): PyValue & ObservedValue => ({
  type: 'list',
  items: lines.map((line) => ({ type: 'list', items: [...line].map((value) => ({ type: 'str', value })) })),
});
const int = (value: number) => ({ type: 'int', value }) as const;
const reply = (value: ObservedValue, stdout = ''): ObservedReply => ({ value, stdout, prompts: [], inputsLeft: 0, durationMs: 1 });
const observed = (replies: Record<string, ObservedReply>): CaseObservation => ({ replies });

const putPiece: FixtureCase = {
  id: 'put_piece.doc.1',
  source: { kind: 'generated', seed: 1, family: 't' },
  python: '',
  input: { board: rows('--', '--'), max_rows: 2, column: 0, player: 'X' },
  expected: { value: { type: 'tuple', items: [int(1), rows('--', 'X-')] } },
};
const printBoard: FixtureCase = {
  id: 'print_board.doc.1',
  source: { kind: 'generated', seed: 1, family: 't' },
  python: '',
  input: { board: rows('--', 'X-'), max_rows: 2, max_cols: 2 },
  expected: { stdout: '- -\nX -\n', value: { type: 'none' } },
};
const replaceElem: FixtureCase = {
  id: 'replace_elem.doc.1',
  source: { kind: 'generated', seed: 1, family: 't' },
  python: '',
  input: { lst: { type: 'list', items: [int(1), int(2)] }, index: 0, elem: int(5) },
  expected: { value: { type: 'list', items: [int(5), int(2)] } },
};
const call = "put_piece(b, 2, 0, 'X')";

describe('CS61A checks', () => {
  it('accepts a list where the document asks for the (row, board) tuple, with a note', () => {
    const asList = checkCs61aCase(
      'value',
      putPiece,
      observed({ result: reply({ type: 'list', items: [int(1), rows('--', 'X-')] }) }),
      call,
    );
    expect(asList).toMatchObject({ status: 'pass', note: expect.stringMatching(/a list was accepted|got a list/u) });
    const wrong = checkCs61aCase(
      'value',
      putPiece,
      observed({ result: reply({ type: 'tuple', items: [int(0), rows('X-', '--')] }) }),
      call,
    );
    expect(wrong.status).toBe('fail');
  });

  it('reads the AbstractBoard in barrier tests, and refuses a plain list of lists there', () => {
    const abstract: ObservedValue = {
      type: 'object',
      class: 'AbstractBoard',
      repr: 'AbstractBoard(...)',
      attrs: { rows: rows('--', 'X-') },
    };
    expect(
      checkCs61aCase('barrier-value', putPiece, observed({ result: reply({ type: 'tuple', items: [int(1), abstract] }) }), call).status,
    ).toBe('pass');
    const plain = checkCs61aCase(
      'barrier-value',
      putPiece,
      observed({ result: reply({ type: 'tuple', items: [int(1), rows('--', 'X-')] }) }),
      call,
    );
    expect(plain).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('a new board comes only from create_board and replace_elem'),
    });
  });

  it('fails a function that changed the board it was given, drawing before and after', () => {
    expect(checkCs61aCase('unchanged', putPiece, observed({ board: reply(rows('--', '--')) }), call).status).toBe('pass');
    const changed = checkCs61aCase('unchanged', putPiece, observed({ board: reply(rows('--', 'X-')) }), call);
    expect(changed.message).toContain('changed the board it was given');
    expect(changed.message).toContain('|X|-|');
  });

  it('wants a new list from replace_elem, and the old one as it was', () => {
    const base = { result: reply({ type: 'list', items: [int(5), int(2)] }), old: reply({ type: 'list', items: [int(1), int(2)] }) };
    expect(
      checkCs61aCase(
        'new-list',
        replaceElem,
        observed({ ...base, oldId: reply(int(10)), newId: reply(int(11)) }),
        'replace_elem(old, 0, 5)',
      ).status,
    ).toBe('pass');
    expect(
      checkCs61aCase(
        'new-list',
        replaceElem,
        observed({ ...base, oldId: reply(int(10)), newId: reply(int(10)) }),
        'replace_elem(old, 0, 5)',
      ).message,
    ).toContain('new is old is True');
    const mutated = { ...base, old: reply({ type: 'list', items: [int(5), int(2)] }), oldId: reply(int(10)), newId: reply(int(11)) };
    expect(checkCs61aCase('new-list', replaceElem, observed(mutated), 'replace_elem(old, 0, 5)').message).toContain(
      'changed the list it was given',
    );
  });

  it('grades the printed pieces apart from the spacing, and a trailing space by the spacing alone, as the document warns', () => {
    const trailing = observed({ result: reply({ type: 'none' }, '- - \nX - \n') });
    expect(checkCs61aCase('printed-pieces', printBoard, trailing, 'print_board(b, 2, 2)')).toMatchObject({
      status: 'pass',
      note: expect.stringContaining('spacing'),
    });
    expect(checkCs61aCase('printed-exactly', printBoard, trailing, 'print_board(b, 2, 2)')).toMatchObject({
      status: 'fail',
      message: expect.stringMatching(/space at the end of row 1.*strip\(\)/u),
    });
    expect(
      checkCs61aCase('printed-exactly', printBoard, observed({ result: reply({ type: 'none' }, '- -\nX -') }), 'print_board(b, 2, 2)')
        .status,
    ).toBe('pass');
    const doubled = observed({ result: reply({ type: 'none' }, '-  -\nX  -\n') });
    expect(checkCs61aCase('printed-exactly', printBoard, doubled, 'print_board(b, 2, 2)')).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('expected "- -", got "-  -"'),
    });
    const wrong = checkCs61aCase(
      'printed-pieces',
      printBoard,
      observed({ result: reply({ type: 'none' }, '- -\n- X\n') }),
      'print_board(b, 2, 2)',
    );
    expect(wrong.message).toContain('printed a different board');
  });

  it('turns an AbstractionBarrierError into a wrong answer naming the function that crossed', () => {
    const verdict = verdictForFailure(
      {
        kind: 'exception',
        step: "check_win_row(b, 4, 4, 2, 3, 'X')",
        stdout: '',
        exception: {
          type: 'AbstractionBarrierError',
          message: 'indexed a row of the board (row[0]) instead of calling get_piece(board, row, col)',
          frames: [
            { file: 'hw04.py', line: 9, function: 'check_win_row', code: 'x = board[row][0]' },
            { file: 'hw04.py', line: 10, function: '<genexpr>', code: 'board[row][c]' },
          ],
        },
      },
      barrierCrossed,
    );
    expect(verdict.status).toBe('fail');
    expect(verdict.message).toMatch(/^check_win_row crossed the abstraction barrier: it indexed a row of the board/);
    expect(verdict.message).toContain('hw04.py, line 10');
  });
});
