/** A heavy test's cases split in two groups of about the same work, by the boards their fixtures say they cost. */
import { describe, expect, it } from 'vitest';
import { caseGroups, SPLIT_BOARDS } from '../../../runner/grade/case-groups.js';

describe('caseGroups', () => {
  it('splits the document scoresFor cases so the ply-4 case runs beside all the others', () => {
    // HMC's player.scoresFor.document: plies 0, 0, 1, 2, 3, 3, 4.
    expect(caseGroups([1, 1, 8, 56, 342, 356, 2124])).toEqual([[0, 1, 2, 3, 4, 5], [6]]);
  });

  it('balances many cases, each group in the cases order, the first case in the first group', () => {
    const groups = caseGroups([600, 500, 400, 300, 200, 100]);
    expect(groups).toEqual([
      [0, 3, 4],
      [1, 2, 5],
    ]);
    expect(groups.flat().sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('keeps one group where the work is small, unknown, or all in one case', () => {
    expect(caseGroups([SPLIT_BOARDS / 2 - 1, SPLIT_BOARDS / 2])).toEqual([[0, 1]]);
    expect(caseGroups([undefined, undefined, undefined])).toEqual([[0, 1, 2]]);
    expect(caseGroups([5000, 10, 10])).toEqual([[0, 1, 2]]);
    expect(caseGroups([5000])).toEqual([[0]]);
    expect(caseGroups([])).toEqual([[]]);
  });

  it('counts a case of unknown work as none', () => {
    expect(caseGroups([undefined, 800, 700, undefined])).toEqual([[0, 2, 3], [1]]);
  });
});
