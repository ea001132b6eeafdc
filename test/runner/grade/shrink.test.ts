import { describe, expect, it } from 'vitest';
import { fail, pass, type CaseVerdict } from '../../../runner/checks/verdict.js';
import type { FixtureCase } from '../../../runner/fixtures/fixture-types.js';
import { checkersOn, failsTheSameWay, SHRINK_SHARE, shrinkCase, shrinkTimeLeft, smallerBoards, type CaseShrinker } from '../../../runner/grade/shrink.js';

const BOARD = ['       ', '       ', '       ', '   X   ', '  OO   ', ' XXOX  '];

const caseOf = (rows: readonly string[], id = 'T.gen.001'): FixtureCase => ({ id, source: { kind: 'generated', seed: 1, family: 'f' }, input: { board: { rows } }, python: '', expected: { value: { type: 'none' } } });
const shrinker: CaseShrinker = { rows: (c) => (c.input['board'] as { rows: string[] }).rows, withRows: (c, rows, id) => caseOf(rows, id) };

describe('smallerBoards', () => {
  it('takes one X and one O off column tops, so the side to move stays, and keeps every checker resting on another', () => {
    const boards = smallerBoards(BOARD);
    expect(boards.length).toBeGreaterThan(0);
    for (const board of boards) {
      expect(checkersOn(board)).toBe(checkersOn(BOARD) - 2);
      const count = (p: string) => board.join('').split(p).length - 1;
      expect(count('X') - count('O')).toBe(1);
      for (let c = 0; c < 7; c++) {
        const column = board.map((row) => row[c]).join('');
        expect(column.trimStart(), `column ${c} of ${JSON.stringify(board)}`).not.toContain(' ');
      }
    }
  });

  it('tries the top two of one column when they are one of each', () => {
    expect(smallerBoards(['  ', 'O ', 'X '])).toEqual([['  ', '  ', '  ']]);
    expect(smallerBoards(['  ', 'X ', 'X '])).toEqual([]);
  });

  it('is deterministic, left columns first', () => {
    expect(smallerBoards(BOARD)).toEqual(smallerBoards(BOARD));
    expect(smallerBoards(['   ', 'XOX'])[0]).toEqual(['   ', '  X']);
  });
});

describe('failsTheSameWay', () => {
  it('wants a wrong answer again, and the same two answers where each is one short value', () => {
    expect(failsTheSameWay(fail('m', 'True', 'False'), fail('m2', 'True', 'False'))).toBe(true);
    expect(failsTheSameWay(fail('m', 'True', 'False'), fail('m', 'False', 'True'))).toBe(false);
    expect(failsTheSameWay(fail('m', '[0, 50]', '[50, 50]'), fail('m', '[100, 0]', '[0, 0]'))).toBe(true);
    expect(failsTheSameWay(fail('m', '2', '3'), pass())).toBe(false);
    expect(failsTheSameWay(fail('m', '2', '3'), { status: 'error', message: 'raised' })).toBe(false);
  });
});

describe('shrinkCase', () => {
  it('keeps the first smaller board that still fails, until none does, and says how many it asked', async () => {
    // The "student" is wrong while column 3 holds two checkers or more.
    const wrong = (rows: readonly string[]) => rows.filter((row) => row[3] !== ' ').length >= 2;
    const judge = async (c: FixtureCase): Promise<CaseVerdict> => (wrong(shrinker.rows(c)!) ? fail('wrong', '[1]', '[2]') : pass());
    const shrunk = await shrinkCase(caseOf(BOARD), fail('wrong', '[1]', '[2]'), shrinker, judge, { calls: 100, ms: 1000, spentMs: 0 });
    expect(shrunk).toBeDefined();
    const rows = shrinker.rows(shrunk!.testCase)!;
    expect(wrong(rows)).toBe(true);
    expect(checkersOn(rows)).toBeLessThan(checkersOn(BOARD));
    // No smaller board of it fails.
    expect(smallerBoards(rows).some(wrong)).toBe(false);
    expect(shrunk!.testCase.id).toMatch(/^T\.gen\.001#smaller-\d+$/u);
  });

  it('gives nothing when no smaller board fails, or the first verdict is not a wrong answer', async () => {
    const judge = async (): Promise<CaseVerdict> => pass();
    expect(await shrinkCase(caseOf(BOARD), fail('wrong'), shrinker, judge, { calls: 100, ms: 1000, spentMs: 0 })).toBeUndefined();
    expect(await shrinkCase(caseOf(BOARD), { status: 'timeout', message: 't' }, shrinker, judge, { calls: 100, ms: 1000, spentMs: 0 })).toBeUndefined();
  });

  it('stops at a hang or a crash, and within the budget', async () => {
    let asked = 0;
    const hangs = async (): Promise<CaseVerdict | undefined> => { asked++; return undefined; };
    expect(await shrinkCase(caseOf(BOARD), fail('wrong'), shrinker, hangs, { calls: 100, ms: 1000, spentMs: 0 })).toBeUndefined();
    expect(asked).toBe(1);
    asked = 0;
    const budget = { calls: 2, ms: 1000, spentMs: 0 };
    const never = async (): Promise<CaseVerdict> => { asked++; return pass(); };
    await shrinkCase(caseOf(BOARD), fail('wrong'), shrinker, never, budget);
    expect(asked).toBe(2);
    expect(budget.calls).toBe(0);
  });

  it('does not ask a smaller board that costs more than the first allows', async () => {
    const costly: CaseShrinker = { ...shrinker, cost: (_c, rows) => (checkersOn(rows) < checkersOn(BOARD) ? 10_000 : 1) };
    let asked = 0;
    const judge = async (): Promise<CaseVerdict> => { asked++; return fail('wrong'); };
    expect(await shrinkCase(caseOf(BOARD), fail('wrong'), costly, judge, { calls: 100, ms: 1000, spentMs: 0 })).toBeUndefined();
    expect(asked).toBe(0);
  });
});

describe('shrinkTimeLeft', () => {
  it('is what is left of the budget, and never more than the share of the time the student spent on everything else', () => {
    expect(shrinkTimeLeft({ calls: 10, ms: 2000, spentMs: 0 }, 100_000)).toBe(2000);
    expect(shrinkTimeLeft({ calls: 10, ms: 2000, spentMs: 0 }, 1000)).toBeCloseTo(1000 * SHRINK_SHARE);
    // 1,050 ms in all, 50 of them shrinking: the share of the other 1,000 is spent.
    expect(shrinkTimeLeft({ calls: 10, ms: 1950, spentMs: 50 }, 1050)).toBeCloseTo(1000 * SHRINK_SHARE - 50);
  });
});
