/**
 * The stand-ins' win check (grade_harness/lines.py `four_in_a_row`), which CS111's `is_win_for` and `scores_for`
 * and HMC's `scoreBoard` and `scoresFor` stand-ins use: a look-ahead asks it tens of thousands of times a submission,
 * so it reads a board as one number. It must answer as a plain walk over every cell does, on boards of every size,
 * and read anything but one-character cells in rows of one width cell by cell.
 */
import { execa } from 'execa';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../../runner/project-root.js';
import { HARNESS_DIR } from '../../../runner/sandbox/environment.js';

const CHECK = String.raw`
import json, random, sys
harness, assignments = sys.argv[1], sys.argv[2]
sys.path.insert(0, harness)
from grade_harness.lines import cell_by_cell, four_in_a_row
import importlib.util

def load(assignment):
    spec = importlib.util.spec_from_file_location(f"doubles_{assignment.replace('-', '_')}", f"{assignments}/{assignment}/doubles.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module

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
for _ in range(5000):
    h, w, full = rng.randint(1, 8), rng.randint(1, 9), rng.random()
    s = [[rng.choice('XO ') if rng.random() < full else ' ' for _ in range(w)] for _ in range(h)]
    for c in 'XO':
        got = four_in_a_row(s, c)
        assert got == walk(s, c) == cell_by_cell(s, c) == four_in_a_row([''.join(row) for row in s], c), (s, c, got)
        boards += 1
        wins += got

cs111 = load('cs111-ps9').cs111_board(object)(6, 7)
for col in (0, 1, 2):
    cs111.add_checker('O', col)
before = cs111.is_win_for('O')
cs111.add_checker('O', 3)

class Board:
    """A student's HMC Board, read by the stand-ins through its repr only."""
    def __init__(self, rows):
        self.rows = rows
    def __repr__(self):
        return ''.join('|' + '|'.join(row) + '|\n' for row in self.rows) + '-' * 15 + '\n'

hmc = load('hmc-cs5-hw11').hmc_player(object)('X', 'LEFT', 1)
empty = ['       '] * 6
scored = [hmc.scoreBoard(Board(empty[:5] + ['XXXX   '])), hmc.scoreBoard(Board(empty[:2] + [' O     '] * 4)), hmc.scoreBoard(Board(empty))]

odd = [
    four_in_a_row([['X', 'X', 'X', 'X', 'O'], ['O']], 'X'),   # rows of two widths
    four_in_a_row([['XX', 'X', 'X', 'X']], 'X'),              # a two-character cell
    four_in_a_row([[1, 1, 1, 1]], 1),                         # not strings
    four_in_a_row([['|'] * 4], '|'),                          # the separator as a checker
    four_in_a_row([['\u2600'] * 4], '\u2600'),                # a checker of more than one byte
    four_in_a_row([], 'X'),
]
print(json.dumps({"boards": boards, "wins": wins, "isWinFor": [before, cs111.is_win_for('O'), cs111.is_win_for('X')], "scoreBoard": scored, "odd": odd}))
`;

describe("the stand-ins' four in a row", () => {
  it("answers as a walk over every cell on 10,000 random boards of 1–8 rows and 1–9 columns, reads odd boards cell by cell, and decides CS111's is_win_for and HMC's scoreBoard", async () => {
    const ran = await execa('python3', ['-c', CHECK, HARNESS_DIR, join(PROJECT_ROOT, 'runner', 'assignments')]);
    const result = JSON.parse(String(ran.stdout)) as {
      boards: number;
      wins: number;
      isWinFor: boolean[];
      scoreBoard: number[];
      odd: boolean[];
    };
    expect(result.boards).toBe(10_000);
    // Enough of each answer that a check always giving one of them fails.
    expect(result.wins).toBeGreaterThan(300);
    expect(result.wins).toBeLessThan(9_700);
    expect(result.isWinFor).toEqual([false, true, false]);
    expect(result.scoreBoard).toEqual([100, 0, 50]);
    expect(result.odd).toEqual([true, false, true, true, true, false]);
  });
});
