/**
 * The Python mutator on a file small enough to list every mutant: each operator makes the changes it promises, one
 * at a time, on the one line it touches; docstrings, imports and the main guard are left alone; ids survive
 * unrelated edits.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateMutants, selectMutants } from '../../../runner/mutants/generate.js';
import { changedLines } from '../../../runner/mutants/score.js';
import { PROJECT_ROOT } from '../../../runner/project-root.js';
import { tempDirs } from '../../temp-dirs.js';

const temp = tempDirs();

const SMALL = `"""A tiny board."""
import random

class Board:
    def count(self, row, col):  # é in a comment
        """Counts."""
        total = 0
        for c in range(col, 4):
            if self.cells[row][c] == 'X' and c < 7:
                total += 1
            else:
                break
        return total

def other(checker):
    return 'O' if checker == 'X' else 'X'

if __name__ == '__main__':
    print(Board().count(0, 0) + 1)
`;

function write(text: string): string {
  const dir = temp('mutate-');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'board.py'), text);
  return dir;
}

describe('the mutator', () => {
  it("makes each operator's changes, one per mutant, and leaves docstrings, imports and the main guard alone", async () => {
    const made = await generateMutants(PROJECT_ROOT, 'python3', write(SMALL), ['board.py']);
    const changes = made.mutants.map((m) => `${m.line} ${m.function} ${m.operator}: ${m.change}`);
    expect(changes).toEqual([
      '7 Board.count remove: statement removed',
      '7 Board.count constant: `0` → `1`',
      '7 Board.count constant: `0` → `-1`',
      '8 Board.count swap: arguments 1 and 2 swapped',
      '8 Board.count range: `range` bound `col` → `col + 1`',
      '8 Board.count range: `range` bound `col` → `col - 1`',
      '8 Board.count constant: `4` → `5`',
      '8 Board.count constant: `4` → `3`',
      '9 Board.count boolean: `and` → `or`',
      '9 Board.count compare: `==` → `!=`',
      '9 Board.count negate: condition negated',
      "9 Board.count literal: `'X'` → `'O'`",
      '9 Board.count compare: `<` → `<=`',
      '9 Board.count compare: `<` → `>`',
      '9 Board.count constant: `7` → `8`',
      '9 Board.count constant: `7` → `6`',
      '10 Board.count arithmetic: `+=` → `-=`',
      '10 Board.count remove: statement removed',
      '10 Board.count constant: `1` → `2`',
      '10 Board.count constant: `1` → `0`',
      '12 Board.count break: `break` removed',
      '13 Board.count remove: `return` removed',
      '16 other remove: `return` removed',
      "16 other literal: `'O'` → `'X'`",
      '16 other compare: `==` → `!=`',
      '16 other negate: condition negated',
      "16 other literal: `'X'` → `'O'`",
      "16 other literal: `'X'` → `'O'`",
    ]);
    expect(new Set(made.mutants.map((m) => m.id)).size).toBe(made.mutants.length);
    for (const m of made.mutants) {
      const lines = changedLines(SMALL, m.source);
      expect(lines.before.length, m.change).toBe(1);
      expect(lines.line, m.change).toBe(m.line);
    }
    // The line with é before the change: the byte offsets are read as bytes, the text stays whole.
    const compare = made.mutants.find((m) => m.change === '`<` → `<=`')!;
    expect(changedLines(SMALL, compare.source).after).toEqual(["            if self.cells[row][c] == 'X' and c <= 7:"]);
    expect(made.files).toEqual([{ file: 'board.py', mutants: made.mutants.length }]);
  });

  it('checks each change on its function alone as it would on the whole file, whatever the layout around it', async () => {
    // Two module-level statements on a line (the second is checked in its file), a string over lines in a class, a
    // decorated method, a nested function's nonlocal (compiled with the function that binds it), `**` before a
    // negative number.
    const layout = `LIMIT = 3; DEPTH = 2


def logged(f):
    return f


class Board:
    HELP = """rows:
1 to 6
"""

    def __init__(self):
        super().__init__()
        self.rows = 6

    @logged
    def count(self, col):
        total = 0

        def add(n):
            nonlocal total
            total += n
        add(col - 1)
        return total ** 0


def deep(x):
    return -x if x > LIMIT else x
`;
    const made = await generateMutants(PROJECT_ROOT, 'python3', write(layout), ['board.py']);
    expect(made.mutants.map((m) => `${m.line} ${m.function} ${m.operator}: ${m.change} ${m.mutated}`)).toEqual([
      '1 <module> constant: `3` → `4` 4',
      '1 <module> constant: `3` → `2` 2',
      '1 <module> constant: `2` → `3` 3',
      '1 <module> constant: `2` → `1` 1',
      '5 logged remove: `return` removed pass',
      '14 Board.__init__ remove: statement removed pass',
      '15 Board.__init__ remove: statement removed pass',
      '15 Board.__init__ constant: `6` → `7` 7',
      '15 Board.__init__ constant: `6` → `5` 5',
      '19 Board.count constant: `0` → `1` 1',
      '19 Board.count constant: `0` → `-1` -1',
      '23 Board.count.add arithmetic: `+=` → `-=` total -= n',
      '23 Board.count.add remove: statement removed pass',
      '24 Board.count remove: statement removed pass',
      '24 Board.count arithmetic: `-` → `+` col + 1',
      '24 Board.count constant: `1` → `2` 2',
      '24 Board.count constant: `1` → `0` 0',
      '25 Board.count remove: `return` removed pass',
      '25 Board.count constant: `0` → `1` 1',
      '25 Board.count constant: `0` → `-1` -1',
      '29 deep remove: `return` removed pass',
      '29 deep compare: `>` → `>=` x >= LIMIT',
      '29 deep compare: `>` → `<` x < LIMIT',
      '29 deep negate: condition negated not (x > LIMIT)',
    ]);
    for (const m of made.mutants)
      expect(changedLines(layout, m.source), m.change).toMatchObject({ line: m.line, before: [layout.split('\n')[m.line - 1]] });
  });

  it("keeps each mutant's id when unrelated lines move, and lists a file it cannot read as skipped", async () => {
    const before = await generateMutants(PROJECT_ROOT, 'python3', write(SMALL), ['board.py']);
    const moved = SMALL.replace('import random\n', 'import random\n\nWIDTH = 7\n\n\n');
    const after = await generateMutants(PROJECT_ROOT, 'python3', write(moved), ['board.py']);
    const ids = new Set(after.mutants.map((m) => m.id));
    expect(before.mutants.filter((m) => !ids.has(m.id))).toEqual([]);
    const broken = write('def f(:\n');
    expect(await generateMutants(PROJECT_ROOT, 'python3', broken, ['board.py'])).toMatchObject({
      mutants: [],
      skipped: [{ file: 'board.py', reason: expect.stringMatching(/SyntaxError/) }],
    });
  });

  it('chooses under --limit by seed, the same for the same seed, and by function', async () => {
    const made = await generateMutants(PROJECT_ROOT, 'python3', write(SMALL), ['board.py']);
    const five = selectMutants(made.mutants, { limit: 5, seed: 1 });
    expect(five).toHaveLength(5);
    expect(selectMutants(made.mutants, { limit: 5, seed: 1 })).toEqual(five);
    expect(selectMutants(made.mutants, { limit: 5, seed: 2 }).map((m) => m.id)).not.toEqual(five.map((m) => m.id));
    expect(selectMutants(made.mutants, { seed: 1, functionPattern: 'other' }).every((m) => m.function === 'other')).toBe(true);
    expect(selectMutants(made.mutants, { seed: 1, functionPattern: 'count' })).toHaveLength(22);
  });
});
