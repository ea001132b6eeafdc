/**
 * What the student's kit may hold of CS61A: its plan's import graph reaches no reference and no case builder; every
 * step that puts the document's functions in place exists with the document's stand-ins only and names the parts
 * it stands in for; and the Python the kit ships (tools.py) defines only the kinds the kit's steps use, doubles.py
 * (never shipped) only the document's.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { kitPlanModules, pythonKinds } from '../../helpers/kit-plan.js';
import { KIT_PLAN } from '../../../runner/assignments/cs61a-hw04/kit.js';
import { PROJECT_ROOT } from '../../../runner/project-root.js';
import { loadSpec } from '../../../runner/pack/load-spec.js';

const FOLDER = join('runner', 'assignments', 'cs61a-hw04');

/** Every `double` step of every case of every test: its kind, which stand-ins it exists with, and its part. */
function doubleSteps(): { kind: string; only?: string; part?: string }[] {
  const spec = loadSpec(PROJECT_ROOT, 'cs61a-hw04');
  const found = new Map<string, { kind: string; only?: string; part?: string }>();
  for (const test of spec.tests.filter((t) => t.kind === 'cases')) {
    for (const testCase of test.fixtureCases) {
      for (const step of KIT_PLAN.interaction(test, testCase).steps) {
        if (step.request.op !== 'double') continue;
        const entry = {
          kind: step.request.kind,
          ...(step.only && { only: step.only }),
          ...(step.parts && { part: step.parts.map((p) => p.name).join(', ') }),
        };
        found.set(JSON.stringify(entry), entry);
      }
    }
  }
  return [...found.values()];
}

describe('CS61A kit plan', () => {
  it('reaches nothing of reference/ and no case builder (the kit bundle builds)', async () => {
    expect(await kitPlanModules('cs61a-hw04')).toContain('runner/assignments/cs61a-hw04/plan.ts');
  });

  it("marks the document's functions as stand-ins with the parts they stand in for, and gives the kit its own path", () => {
    const steps = doubleSteps();
    const document = steps.filter((s) => s.only === 'document');
    expect(new Set(document.map((s) => s.kind))).toEqual(new Set(['cs61a-list', 'cs61a-abstract']));
    // Each names the functions the document's version of the one under test calls (put_piece: get_piece and
    // replace_elem); a function that calls none (get_piece) has no part to name.
    expect(document.map((s) => s.part)).toContain('get_piece, replace_elem');
    expect(document.map((s) => s.part)).toContain('check_win_row, check_win_column');
    expect(document.some((s) => s.part === undefined || s.part === '')).toBe(true);
    expect(new Set(steps.filter((s) => s.only !== 'document').map((s) => s.kind))).toEqual(new Set(['cs61a-barrier', 'cs61a-given']));
    expect(steps.filter((s) => s.only !== 'document').every((s) => s.only === 'own')).toBe(true);
  });

  it("keeps the document's functions in doubles.py and the kit's tools in tools.py", () => {
    const { tools, doubles } = pythonKinds('cs61a-hw04');
    expect(doubles.doubles).toEqual([]);
    expect(tools.doubles).toEqual([]);
    expect(Object.keys(doubles.functions).sort()).toEqual(['cs61a-abstract', 'cs61a-list']);
    expect(Object.keys(tools.functions).sort()).toEqual(['cs61a-barrier', 'cs61a-given']);
  });
});

// The barrier around the student's own functions, driven as the harness does: tools.py's kind patched into the module.
const STUDENT = `
def create_row(size):
    return ['-'] * size

def create_board(rows, columns):
    return [create_row(columns) for _ in range(rows)]

def replace_elem(lst, index, elem):
    return lst[:index] + [elem] + lst[index + 1:]

def get_piece(board, row, column):
    return board[row][column]

def put_piece(board, max_rows, column, player):
    row = max_rows - 1
    while row >= 0 and get_piece(board, row, column) != '-':
        row -= 1
    if row < 0:
        return -1, board
    return row, replace_elem(board, row, replace_elem(board[row], column, player))

def put_piece_in_place(board, max_rows, column, player):
    board[max_rows - 1][column] = player
    return max_rows - 1, board

def count(board, max_rows, max_cols):
    return len(board)

def check_win(board, max_rows, max_cols, num_connect, row, col, player):
    return check_win_diagonal(board, max_rows, max_cols, num_connect, row, col, player)
`;

const DRIVER = `
import importlib.util, json, os, sys
sys.path.insert(0, sys.argv[2])
os.chdir(sys.argv[3])
spec = importlib.util.spec_from_file_location("hw04", "hw04.py"); hw04 = importlib.util.module_from_spec(spec)
sys.modules["hw04"] = hw04; spec.loader.exec_module(hw04)
spec = importlib.util.spec_from_file_location("tools", sys.argv[1]); tools = importlib.util.module_from_spec(spec); spec.loader.exec_module(tools)
for kind in ("cs61a-barrier", "cs61a-given"):
    hw04.__dict__.update({k: v for k, v in tools.FUNCTION_DOUBLES[kind]().items() if not k[:1].isupper()})
board = tools.AbstractBoard([list("--"), list("X-")])
def attempt(call):
    try:
        return call()
    except tools.AbstractionBarrierError as error:
        return "crossed: " + str(error)
row, after = hw04.put_piece(board, 2, 0, "O")
made = hw04.create_board(2, 3)
print(json.dumps({
    "put": [row, type(after).__name__, after.rows, board.rows],
    "created": [type(made).__name__, made.rows],
    "inPlace": attempt(lambda: hw04.put_piece_in_place(board, 2, 1, "O")),
    "len": attempt(lambda: hw04.count(board, 2, 2)),
    "listToGetPiece": attempt(lambda: hw04.get_piece([list("XO")], 0, 0)),
    "diagonal": [hw04.check_win(tools.AbstractBoard([list("X-"), list("-X")]), 2, 2, 2, 1, 1, "X"),
                 hw04.check_win(tools.AbstractBoard([list("-X"), list("X-")]), 2, 2, 2, 1, 0, "X"),
                 hw04.check_win(tools.AbstractBoard([list("X-"), list("O-")]), 2, 2, 2, 1, 0, "X")],
}))
`;

describe("CS61A kit barrier (tools.py) on the student's own functions", () => {
  it('lets the selectors see lists, hides the board everywhere else, and checks diagonals with them', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cs61a-barrier-'));
    try {
      writeFileSync(join(dir, 'hw04.py'), STUDENT);
      const out = execFileSync(
        'python3',
        ['-c', DRIVER, join(PROJECT_ROOT, FOLDER, 'tools.py'), join(PROJECT_ROOT, 'runner', 'harness', 'python'), dir],
        { encoding: 'utf8' },
      );
      const seen = JSON.parse(out) as Record<string, unknown>;
      expect(seen['put']).toEqual([
        0,
        'AbstractBoard',
        [
          ['O', '-'],
          ['X', '-'],
        ],
        [
          ['-', '-'],
          ['X', '-'],
        ],
      ]);
      expect(seen['created']).toEqual([
        'AbstractBoard',
        [
          ['-', '-', '-'],
          ['-', '-', '-'],
        ],
      ]);
      expect(seen['inPlace']).toMatch(/^crossed: assigned into a row of the board/u);
      expect(seen['len']).toMatch(/^crossed: took len\(\) of the board/u);
      expect(seen['listToGetPiece']).toMatch(/^crossed: passed get_piece a list/u);
      expect(seen['diagonal']).toEqual([true, true, false]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
