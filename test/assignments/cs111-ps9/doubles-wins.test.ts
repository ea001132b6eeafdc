/**
 * CS111's stand-ins read a win from a board as one number (doubles.py `_wins`, which the document's `is_win_for` and
 * `scores_for` stand-ins use: a look-ahead asks it tens of thousands of times a submission). It must answer as a
 * plain walk over every cell does, on boards of every size, and read anything but one-character cells in rows of one
 * width cell by cell.
 */
import { execa } from 'execa';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../../runner/project-root.js';

const CHECK = String.raw`
import json, random, sys
sys.path.insert(0, sys.argv[1])
import doubles

def walk(s, c):
    """Every cell, every direction, each of the four cells looked at: no cleverness."""
    for r in range(len(s)):
        for col in range(len(s[r])):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (-1, 1)):
                cells = [(r + k * dr, col + k * dc) for k in range(4)]
                if all(0 <= rr < len(s) and 0 <= cc < len(s[rr]) and s[rr][cc] == c for rr, cc in cells):
                    return True
    return False

rng = random.Random(7)
boards = wins = 0
for _ in range(20000):
    h, w, full = rng.randint(1, 8), rng.randint(1, 9), rng.random()
    s = [[rng.choice('XO ') if rng.random() < full else ' ' for _ in range(w)] for _ in range(h)]
    for c in 'XO':
        got = doubles._wins(s, c)
        assert got == walk(s, c) == doubles._wins_cell_by_cell(s, c), (s, c, got)
        boards += 1
        wins += got
board = doubles.cs111_board(object)(6, 7)
for col in (0, 1, 2):
    board.add_checker('O', col)
before = board.is_win_for('O')
board.add_checker('O', 3)
odd = [
    doubles._wins([['X', 'X', 'X', 'X', 'O'], ['O']], 'X'),   # rows of two widths
    doubles._wins([['XX', 'X', 'X', 'X']], 'X'),              # a two-character cell
    doubles._wins([[1, 1, 1, 1]], 1),                         # not strings
    doubles._wins([['|'] * 4], '|'),                          # the separator as a checker
    doubles._wins([['\u2600'] * 4], '\u2600'),                # a checker of more than one byte
    doubles._wins([], 'X'),
]
print(json.dumps({"boards": boards, "wins": wins, "isWinFor": [before, board.is_win_for('O'), board.is_win_for('X')], "odd": odd}))
`;

describe("CS111's stand-ins' win check", () => {
  it('answers as a walk over every cell on 40,000 random boards of 1–8 rows and 1–9 columns, and reads odd boards cell by cell', async () => {
    const ran = await execa('python3', ['-c', CHECK, join(PROJECT_ROOT, 'runner', 'assignments', 'cs111-ps9')]);
    const result = JSON.parse(String(ran.stdout)) as { boards: number; wins: number; isWinFor: boolean[]; odd: boolean[] };
    expect(result.boards).toBe(40_000);
    // Enough of each answer that a check always saying one of them fails.
    expect(result.wins).toBeGreaterThan(1_000);
    expect(result.wins).toBeLessThan(39_000);
    expect(result.isWinFor).toEqual([false, true, false]);
    expect(result.odd).toEqual([true, false, true, true, true, false]);
  });
});
