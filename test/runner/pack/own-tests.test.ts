/**
 * A course's own tests in its pack (kind: calls, kind: session): loaded into the problems they count in, their Python
 * read by Python and split into statements, each call's value the reference's where the call uses only the API (a
 * wrong value refused with the reference's), and every fault of how they are written said at its line.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../runner/cli/run-cli.js';
import { lintPack, loadPack } from '../../../runner/pack/load-pack.js';
import type { CourseCallInput, CourseSessionInput } from '../../../runner/model/course-cases.js';
import { PROJECT_ROOT } from '../../../runner/project-root.js';
import { loadSpec } from '../../../runner/pack/load-spec.js';
import { tempDirs } from '../../temp-dirs.js';

const temp = tempDirs();

function pack(text: string): string {
  const dir = temp('own-');
  writeFileSync(join(dir, 'assignment.yml'), text);
  return dir;
}

const lineOf = (text: string, needle: string): number => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

function faults(text: string): string[] {
  const result = lintPack(PROJECT_ROOT, pack(text));
  expect(result.spec).toBeUndefined();
  return result.problems.map((p) => `${p.line}:${p.column}: ${p.path.join('.')}: ${p.message}`);
}

const CS111 = `extends: cs111-ps9
tests:
  board.course.full-column:
    kind: calls
    group: problem-1
    name: "a full column takes no more"
    points: 2
    hint: "Look at row 0."
    setup: |
      b = Board(6, 7)
      b.add_checkers('000000')
    calls:
      - call: b.can_add_to(0)
      - call: b.is_full()
        expected: "False"
      - call: b.slots[0][0]
        expected: "'O'"
      - call: |
          b.remove_checker(0)
          b.slots[0][0]
        expected: "' '"
  connect_four.course.first-column:
    kind: session
    group: problem-3
    name: "X wins in the first column"
    points: 1
    run: connect_four(Player('X'), Player('O'))
    input: ["0", "1", "0", "1", "0", "1", "0"]
    shows:
      - "Welcome to Connect Four!"
      - { pattern: "X wins in 4 moves" }
`;

describe("a pack's own tests", () => {
  it('join the problems they count in, after the built-in tests, with their cases made', () => {
    const spec = loadPack(PROJECT_ROOT, pack(CS111));
    const built = loadSpec(PROJECT_ROOT, 'cs111-ps9');
    const group = spec.groups.find((g) => g.id === 'problem-1')!;
    expect(group.tests.at(-1)!.id).toBe('board.course.full-column');
    expect(group.points).toBe(built.groups.find((g) => g.id === 'problem-1')!.points + 2);
    expect(spec.maxScore).toBe(built.maxScore + 3);
    const calls = spec.tests.find((t) => t.id === 'board.course.full-column')!;
    expect(calls).toMatchObject({
      kind: 'calls',
      target: 'Board.can_add_to',
      points: 2,
      visibility: 'visible',
      hint: 'Look at row 0.',
      uses: ['Board'],
    });
    expect(calls.fixtureCases.map((c) => [c.id, c.source])).toEqual([
      ['board.course.full-column.1', { kind: 'course', file: 'assignment.yml', line: 13, reference: 'computed' }],
      ['board.course.full-column.2', { kind: 'course', file: 'assignment.yml', line: 14, reference: 'checked' }],
      ['board.course.full-column.3', { kind: 'course', file: 'assignment.yml', line: 16 }],
      ['board.course.full-column.4', { kind: 'course', file: 'assignment.yml', line: 19 }],
    ]);
    expect(calls.fixtureCases[0]).toMatchObject({
      expected: { value: { type: 'bool', value: false } },
      python: "b = Board(6, 7)\nb.add_checkers('000000')\nb.can_add_to(0)",
    });
    expect((calls.fixtureCases[3]!.input as unknown as CourseCallInput).statements).toEqual([
      { text: 'b = Board(6, 7)', line: 10 },
      { text: "b.add_checkers('000000')", line: 11 },
      { text: 'b.remove_checker(0)', line: 19 },
      { text: 'b.slots[0][0]', line: 20 },
    ]);
    const session = spec.tests.find((t) => t.id === 'connect_four.course.first-column')!;
    expect(session).toMatchObject({
      kind: 'session',
      target: 'connect_four',
      group: 'Problem 3: process_move, connect_four and RandomPlayer',
    });
    expect(session.fixtureCases[0]!.input as unknown as CourseSessionInput).toEqual({
      run: "connect_four(Player('X'), Player('O'))",
      answers: ['0', '1', '0', '1', '0', '1', '0'],
      shows: [{ line: 'Welcome to Connect Four!' }, { pattern: 'X wins in 4 moves' }],
    });
  });

  it('grade lint says what each adds, and how many of its values the reference gave or checked', async () => {
    let out = '';
    expect(
      await runCli(
        ['lint', pack(CS111)],
        (s) => (out += s),
        () => undefined,
        { env: {}, cwd: PROJECT_ROOT },
      ),
    ).toBe(0);
    expect(out).toContain(
      'tests.board.course.full-column: added, 2 points, visible: a full column takes no more (4 calls of Board.can_add_to: 1 computed by the reference, 1 checked against it, 2 as the pack writes them)',
    );
    expect(out).toContain(
      'tests.connect_four.course.first-column: added, 1 point, visible: X wins in the first column (a session of connect_four, on the terminal)',
    );
  });

  it("call the course's names, and the reference reads them as the document's", () => {
    const spec = loadPack(
      PROJECT_ROOT,
      pack(
        "extends: cs61a-hw04\nnames:\n  get_piece: piece_at\ntests:\n  piece_at.course:\n    kind: calls\n    group: question-3\n    name: piece_at reads a row\n    points: 1\n    calls:\n      - call: \"piece_at([['-', 'X'], ['O', '-']], 1, 0)\"\n",
      ),
    );
    const test = spec.tests.find((t) => t.id === 'piece_at.course')!;
    expect(test).toMatchObject({ target: 'piece_at', uses: ['get_piece'] });
    expect(test.fixtureCases[0]).toMatchObject({ expected: { value: { type: 'str', value: 'O' } }, source: { reference: 'computed' } });
  });

  it("keep each right answer the reference knows where the course wrote one of them, and the document's any order", () => {
    const spec = loadPack(
      PROJECT_ROOT,
      pack(
        'extends: manchester-connect4\ntests:\n  suggestMove1.course:\n    kind: calls\n    group: task-4\n    name: two answers\n    points: 1\n    calls:\n      - call: "getValidMoves([[1,0,1,0,1,0,1],[2,2,2,2,2,2,2],[1,1,1,1,1,1,1],[2,2,2,2,2,2,2],[1,1,1,1,1,1,1],[2,2,2,2,2,2,2]])"\n        expected: "[5, 3, 1]"\n',
      ),
    );
    const made = spec.tests.find((t) => t.id === 'suggestMove1.course')!.fixtureCases[0]!;
    expect(made).toMatchObject({ expected: { value: { items: [{ value: 1 }, { value: 3 }, { value: 5 }] } }, input: { anyOrder: true } });
  });

  it('are hidden or after-due as any test: after-due until the due date, then visible; a hidden one never', () => {
    const text = CS111.replace('extends: cs111-ps9\n', 'extends: cs111-ps9\ndue: 2026-12-04T23:59:00-05:00\n')
      .replace('    points: 2\n', '    points: 2\n    visibility: after-due\n')
      .replace('    points: 1\n', '    points: 1\n    visibility: hidden\n');
    const visibility = (now: string) =>
      loadPack(PROJECT_ROOT, pack(text), { now: new Date(now) })
        .tests.filter((t) => t.id.includes('.course.'))
        .map((t) => t.visibility);
    expect(visibility('2026-12-01T00:00:00Z')).toEqual(['after-due', 'hidden']);
    expect(visibility('2026-12-06T00:00:00Z')).toEqual(['visible', 'hidden']);
  });

  it.each([
    [
      "a wrong value, beside the reference's",
      CS111.replace('expected: "False"', 'expected: "True"'),
      'expected: "True"',
      'tests.board.course.full-column.calls.1.expected: the reference gives False, not True',
    ],
    [
      'Python that is not Python, at its line and column',
      CS111.replace("b.add_checkers('000000')", "b.add_checkers('000000'"),
      "b.add_checkers('000000'",
      'tests.board.course.full-column.setup: Python reads it as: ',
    ],
    [
      'a call whose last line is no expression',
      CS111.replace('      - call: b.can_add_to(0)', '      - call: ok = b.can_add_to(0)'),
      'ok = b.can_add_to(0)',
      'the last line of a call is the expression whose value is graded (such as b.undo() or len(b.slots)), not an assignment',
    ],
    [
      'a call the reference cannot answer, with no value written',
      CS111.replace('        expected: "\'O\'"\n', ''),
      '- call: b.slots[0][0]',
      "the reference cannot say what this call gives (it reads only calls of the assignment's API with values written out",
    ],
    [
      'a value that is no Python literal',
      CS111.replace('expected: "\'O\'"', 'expected: "Board(6, 7)"'),
      'Board(6, 7)"',
      'not a Python value written out (a number, a string, True, False, None, a list, a tuple or a dict)',
    ],
    [
      'an exception the reference does not raise',
      CS111.replace('      - call: b.can_add_to(0)', '      - call: b.can_add_to(0)\n        raises: ValueError'),
      'raises: ValueError',
      'the reference returns an answer here and raises nothing',
    ],
    [
      'a value and an exception both',
      CS111.replace('expected: "\'O\'"', 'expected: "\'O\'"\n        raises: IndexError'),
      'raises: IndexError',
      'a call either gives an answer (expected, prints) or raises, not both',
    ],
    [
      'a built-in id given a kind',
      CS111.replace('board.course.full-column:', 'board.is_full:'),
      'kind: calls',
      "board.is_full is a test of cs111-ps9: a test of the course's own takes an id of its own (such as board.is_full.course)",
    ],
    [
      "a built-in test given what only a test of the course's own has",
      `${CS111}  board.reset: { points: 1, setup: "b = 1" }\n`,
      'board.reset:',
      "setup belongs to a test of the course's own, which says its kind (calls or session) under an id of its own",
    ],
    [
      'a new id with no kind',
      `${CS111}  board.undo: { points: 1 }\n`,
      'board.undo:',
      "no test 'board.undo' in cs111-ps9 (a test of the course's own says its kind: calls or session)",
    ],
    ['a group that is not there', CS111.replace('group: problem-1', 'group: problem-7'), 'problem-7', "no group 'problem-7' in cs111-ps9"],
    [
      'no group',
      CS111.replace('    group: problem-1\n', ''),
      'board.course.full-column:',
      "a test of the course's own says its group, the problem it counts in (problem-0, problem-1",
    ],
    ['no points', CS111.replace('    points: 2\n', ''), 'board.course.full-column:', "a test of the course's own says its points"],
    ['no calls', CS111.replace(/ {4}calls:\n(?: {6}.*\n)+/u, ''), 'board.course.full-column:', 'a calls test lists its calls'],
    [
      'a key of the other kind',
      CS111.replace('    points: 2\n', '    points: 2\n    shows: ["x"]\n'),
      'shows: ["x"]',
      'shows is for a session test; this one is kind: calls',
    ],
    [
      'a test id that is not names joined by dots',
      CS111.replace('board.course.full-column:', 'fullcolumn:'),
      'fullcolumn:',
      "a test's id is names joined by dots",
    ],
    [
      'a session that runs nothing',
      CS111.replace("    run: connect_four(Player('X'), Player('O'))\n", ''),
      'connect_four.course.first-column:',
      'a session says what it runs: run',
    ],
    [
      'a session that runs two programs',
      CS111.replace(
        "    run: connect_four(Player('X'), Player('O'))\n",
        "    run: connect_four(Player('X'), Player('O'))\n    main: true\n",
      ),
      'main: true',
      'a session runs one program: run or main, not both',
    ],
    [
      'a pattern that is not a regular expression',
      CS111.replace('X wins in 4 moves', 'X wins (in'),
      'X wins (in',
      'not a regular expression',
    ],
    [
      'a key a session does not take',
      CS111.replace('    input: ["0"', '    inputs: ["0"'),
      'inputs:',
      "'inputs' is not a key here (kind, group, name, points, visibility, hint, target, run or main, input, shows, limits)",
    ],
    [
      'a test of its own left out by enabled',
      CS111.replace('    points: 1\n', '    points: 1\n    enabled: false\n'),
      'enabled: false',
      "a test of the course's own is left out by deleting it",
    ],
    [
      'a name with a placeholder that names nothing',
      CS111.replace('name: "X wins in the first column"', 'name: "{files.ps9pr7} plays"'),
      '{files.ps9pr7}',
      '{files.ps9pr7} names no file role',
    ],
  ])('%s is refused at its line', (_kind, text, where, message) => {
    const found = faults(text);
    expect(found, found.join('\n')).toHaveLength(1);
    expect(found[0]).toMatch(new RegExp(`^${lineOf(text, where)}:\\d+: `, 'u'));
    expect(found[0]).toContain(message);
  });

  it('points a fault in a block of Python at the line and column Python names', () => {
    const text = CS111.replace('      b = Board(6, 7)\n', '      b = Board(6, 7)\n      for c in range(3)\n        pass\n');
    const [found] = faults(text);
    expect(found).toMatch(
      new RegExp(`^${lineOf(text, 'for c in range(3)')}:2[0-9]: tests\\.board\\.course\\.full-column\\.setup: Python reads it as: `, 'u'),
    );
  });
});
