/**
 * The kit's Board under a look-ahead on the student's own parts (grade_harness/memo.py): the win check answered once
 * per board state and arguments, the student's own answer each time, and a deepcopy that gives what deepcopy gives
 * (rows shared stay shared), so the kit costs about what the grade costs without judging anything differently.
 */
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { HARNESS_DIR, probeSandbox } from '../../../runner/sandbox/environment.js';

const SCRIPT = `
import copy, json, sys
sys.path.insert(0, ${JSON.stringify(HARNESS_DIR)})
from grade_harness.memo import memo_class
calls = []
class Board:
    def __init__(self):
        self.slots = [[' '] * 7 for _ in range(6)]
    def add(self, col, c):
        r = max(r for r in range(6) if self.slots[r][col] == ' ')
        self.slots[r][col] = c
    def is_win_for(self, c):
        calls.append(c)
        return any(all(self.slots[5][k + i] == c for i in range(4)) for k in range(4))
    def raises(self):
        calls.append('raise')
        raise ValueError('no')
B = memo_class(Board, ['is_win_for', 'raises', 'missing'])
b = B()
answers = [b.is_win_for('X'), b.is_win_for('X'), b.is_win_for('O')]
for k in range(4): b.add(k, 'X')
answers += [b.is_win_for('X'), b.is_win_for('X')]
raised = 0
for _ in range(2):
    try: b.raises()
    except ValueError: raised += 1
c = copy.deepcopy(b)
shared = B(); shared.slots = [[' '] * 7] * 6
d = copy.deepcopy(shared)
print(json.dumps({"answers": answers, "calls": calls, "raised": raised, "name": type(b).__name__, "isBoard": isinstance(b, Board),
                  "copied": c.slots == b.slots and c.slots is not b.slots and all(x is not y for x, y in zip(c.slots, b.slots)),
                  "copyType": type(c) is B, "sharedKept": d.slots[0] is d.slots[5] and d.slots[0] is not shared.slots[0],
                  "none": memo_class(Board, ['missing']) is Board}))
`;

describe("the kit's remembering Board", () => {
  it("answers each board's win check once with the student's own answer, keeps no exception, and copies as deepcopy does", async () => {
    const { python } = await probeSandbox('python3');
    const got = JSON.parse((await execa(python, ['-I', '-c', SCRIPT])).stdout) as Record<string, unknown>;
    expect(got['answers']).toEqual([false, false, false, true, true]);
    expect(got['calls']).toEqual(['X', 'O', 'X', 'raise', 'raise']);
    expect(got['raised']).toBe(2);
    expect([got['name'], got['isBoard'], got['copied'], got['copyType'], got['sharedKept'], got['none']]).toEqual([
      'Board',
      true,
      true,
      true,
      true,
      true,
    ]);
  });
});
