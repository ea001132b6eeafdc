import { describe, expect, it } from 'vitest';
import { fail, pass, type CaseVerdict } from '../../../runner/checks/verdict.js';
import type { FixtureCase } from '../../../runner/model/fixture-types.js';
import { checkersOn, failsTheSameWay, shrinkCase, smallerBoards, type CaseShrinker } from '../../../runner/plan/shrink.js';

const BOARD = ['       ', '       ', '       ', '   X   ', '  OO   ', ' XXOX  '];

const caseOf = (rows: readonly string[], id = 'T.gen.001'): FixtureCase => ({
  id,
  source: { kind: 'generated', seed: 1, family: 'f' },
  input: { board: { rows } },
  python: '',
  expected: { value: { type: 'none' } },
});
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
    // A summary is not an answer: any wrong answer fails the same way.
    expect(failsTheSameWay(fail('m', '28 children', '28 children'), fail('m', '10 children', '9 children'))).toBe(true);
    expect(failsTheSameWay(fail('m', 'one of 3, 4', '0'), fail('m', '2', '0'))).toBe(true);
    expect(failsTheSameWay(fail('m', '3', '0'), fail('m', '2', '0'))).toBe(false);
    expect(failsTheSameWay(fail('m', '2', '3'), pass())).toBe(false);
    expect(failsTheSameWay(fail('m', '2', '3'), { status: 'error', message: 'raised' })).toBe(false);
  });
});

describe('shrinkCase', () => {
  it('keeps the first smaller board that still fails, until none does, and says how many it asked', async () => {
    // The "student" is wrong while column 3 holds two checkers or more.
    const wrong = (rows: readonly string[]) => rows.filter((row) => row[3] !== ' ').length >= 2;
    const judge = async (c: FixtureCase): Promise<CaseVerdict> => (wrong(shrinker.rows(c)!) ? fail('wrong', '[1]', '[2]') : pass());
    const shrunk = await shrinkCase(caseOf(BOARD), fail('wrong', '[1]', '[2]'), shrinker, judge, { calls: 100, boards: 10_000, ms: 1000 });
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
    expect(await shrinkCase(caseOf(BOARD), fail('wrong'), shrinker, judge, { calls: 100, boards: 10_000, ms: 1000 })).toBeUndefined();
    expect(
      await shrinkCase(caseOf(BOARD), { status: 'timeout', message: 't' }, shrinker, judge, { calls: 100, boards: 10_000, ms: 1000 }),
    ).toBeUndefined();
  });

  it('stops at a hang or a crash, and within the budget', async () => {
    let asked = 0;
    const hangs = async (): Promise<CaseVerdict | undefined> => {
      asked++;
      return undefined;
    };
    expect(await shrinkCase(caseOf(BOARD), fail('wrong'), shrinker, hangs, { calls: 100, boards: 10_000, ms: 1000 })).toBeUndefined();
    expect(asked).toBe(1);
    asked = 0;
    const budget = { calls: 2, boards: 10_000, ms: 1000 };
    const never = async (): Promise<CaseVerdict> => {
      asked++;
      return pass();
    };
    await shrinkCase(caseOf(BOARD), fail('wrong'), shrinker, never, budget);
    expect(asked).toBe(2);
    expect(budget.calls).toBe(0);
  });

  it('does not ask a smaller board that costs more than the first allows', async () => {
    const costly: CaseShrinker = { ...shrinker, cost: (_c, rows) => (checkersOn(rows) < checkersOn(BOARD) ? 10_000 : 1) };
    let asked = 0;
    const judge = async (): Promise<CaseVerdict> => {
      asked++;
      return fail('wrong');
    };
    expect(await shrinkCase(caseOf(BOARD), fail('wrong'), costly, judge, { calls: 100, boards: 10_000, ms: 1000 })).toBeUndefined();
    expect(asked).toBe(0);
  });
});

describe('the boards budget', () => {
  it('asks the cheapest smaller boards first, and none the budget cannot pay for', async () => {
    // Each board costs what its checkers leave open: fewer checkers, dearer.
    const priced: CaseShrinker = { ...shrinker, cost: (_c, rows) => 100 - checkersOn(rows) };
    const costs: number[] = [];
    const judge = async (c: FixtureCase): Promise<CaseVerdict> => {
      costs.push(100 - checkersOn(shrinker.rows(c)!));
      return fail('wrong');
    };
    // 7 checkers: boards of 5, 3 and 1 cost 95, 97 and 99; the budget pays for the first two.
    const budget = { calls: 100, boards: 95 + 97 + 50, ms: 1000 };
    const shrunk = await shrinkCase(caseOf(BOARD), fail('wrong'), priced, judge, budget);
    expect(shrunk).toBeDefined();
    expect(costs).toEqual([95, 97]);
    expect(budget.boards).toBe(50);
    expect(checkersOn(shrinker.rows(shrunk!.testCase)!)).toBe(3);
  });
});
