/**
 * The easy AI's mistakes (Manchester's suggestMove1): on every fixture case, each mistaken AI played as a student's
 * moves is named, and only it; the document's own AI, a move the document accepts on a failing case (the board left
 * changed), a crash, or moves no mistake allows name nothing.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { suggestMove1Acceptable, type BoardRows } from '../../reference/manchester-connect4.js';
import type { FixtureCase } from '../../runner/model/fixture-types.js';
import { positionFromRows, type SeenCase } from '../../runner/plan/lookahead-cases.js';
import { diagnoseLookahead } from '../../runner/plan/lookahead-diagnosis.js';
import { SUGGEST_MISTAKES } from '../../runner/assignments/manchester-connect4/suggest-mistakes.js';
import { PROJECT_ROOT } from '../../runner/project-root.js';

const fixture = JSON.parse(readFileSync(join(PROJECT_ROOT, 'fixtures', 'manchester-connect4', 'suggest-move1.json'), 'utf8')) as {
  cases: FixtureCase[];
};
const CASES = fixture.cases.map((c) => {
  const { board, who } = c.input as { board: BoardRows; who: 1 | 2 };
  const position = positionFromRows(
    board.map((row) => row.map((v) => ' XO'[v]).join('')),
    who === 1 ? 'X' : 'O',
    1,
  )!;
  return { id: c.id, board, who, position, expected: suggestMove1Acceptable(board, who).columns };
});

/** The cases as a student who always plays `move` would leave them. */
function played(move: (board: BoardRows, who: 1 | 2, position: SeenCase['position']) => number | undefined): SeenCase[] {
  return CASES.map(({ id, board, who, position, expected }) => {
    const column = move(board, who, position);
    return {
      id,
      position,
      expected,
      passed: column !== undefined && expected.includes(column),
      ...(column !== undefined && { actual: [column] }),
    };
  });
}

const diagnose = (seen: readonly SeenCase[]) => diagnoseLookahead(seen, ['document'], 'choices', SUGGEST_MISTAKES);

describe("suggestMove1's mistakes", () => {
  it.each(SUGGEST_MISTAKES.map((m) => [m.id, m] as const))('%s, played on every fixture case, is named and only it', (id, mistake) => {
    // The mistaken AI's first column, as a student's loop over the valid moves would find it.
    const seen = played((_board, _who, position) => mistake.choices(position)[0]);
    expect(
      seen.some((c) => !c.passed),
      `${id} fails some case`,
    ).toBe(true);
    expect(diagnose(seen)).toMatchObject({
      variant: id,
      sentence: expect.stringMatching(/^Your moves are those of an AI that /u),
      of: CASES.length,
    });
  });

  it("names nothing for the document's own AI, a right move failed for another reason, a crash, or moves no mistake allows", () => {
    expect(diagnose(played((board, who) => suggestMove1Acceptable(board, who).columns[0]))).toBeUndefined();
    // Right moves, the board left changed on one case: that case fails with an accepted move.
    const changed = played((board, who) => suggestMove1Acceptable(board, who).columns[0]).map((c, i) =>
      i === 0 ? { ...c, passed: false } : c,
    );
    expect(diagnose(changed)).toBeUndefined();
    const crashed = played((_board, _who, position) => SUGGEST_MISTAKES[1]!.choices(position)[0]).map((c, i) =>
      i === 0 ? { id: c.id, position: c.position, expected: c.expected, passed: false } : c,
    );
    expect(diagnose(crashed)).toBeUndefined();
    // A block check that works in some columns and not others is no AI that never blocks: where it worked, it blocked.
    const evenBlocks = (board: BoardRows, who: 1 | 2) => {
      const { columns, reason } = suggestMove1Acceptable(board, who);
      if (reason !== 'block') return columns[0];
      return columns.find((c) => c % 2 === 0) ?? [...board[0]!.keys()].find((c) => board[0]![c] === 0 && !columns.includes(c));
    };
    const partial = played(evenBlocks);
    expect(
      partial.some((c) => !c.passed) &&
        partial.some(
          (c) =>
            c.passed &&
            suggestMove1Acceptable(CASES.find((k) => k.id === c.id)!.board, CASES.find((k) => k.id === c.id)!.who).reason === 'block',
        ),
    ).toBe(true);
    expect(diagnose(partial)).toBeUndefined();
    // Always the last valid column: wrong on wins and blocks alike, which no single mistake gives.
    expect(diagnose(played((board) => [...board[0]!.keys()].filter((c) => board[0]![c] === 0).at(-1)))).toBeUndefined();
  });
});
