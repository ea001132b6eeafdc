import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ASSIGNMENT_IDS } from '../../../runner/model/ids.js';
import { runCli } from '../../../runner/cli/run-cli.js';
import { lintPack, loadPack } from '../../../runner/pack/load-pack.js';
import { PROJECT_ROOT } from '../../../runner/project-root.js';
import { loadSpec, SpecError } from '../../../runner/pack/load-spec.js';
import { tempDirs } from '../../temp-dirs.js';

const temp = tempDirs();

async function cli(argv: string[], cwd: string): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(
    argv,
    (s) => (out += s),
    (s) => (err += s),
    { env: {}, cwd },
  );
  return { code, out, err };
}

/** A pack folder holding `text` as its assignment.yml. */
function pack(text: string): string {
  const dir = temp('pack-');
  writeFileSync(join(dir, 'assignment.yml'), text);
  return dir;
}

/** The line of the pack's text that holds `needle` (1-based). */
const lineOf = (text: string, needle: string): number => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

/** The faults lint finds, as `line:column: message` after the file name. */
function faults(text: string): string[] {
  const dir = pack(text);
  const result = lintPack(PROJECT_ROOT, dir);
  expect(result.spec).toBeUndefined();
  return result.problems.map((p) => `${p.line}:${p.column}: ${p.path.join('.')}: ${p.message}`);
}

describe('grade init writes a pack that changes nothing', () => {
  it.each(ASSIGNMENT_IDS)('%s: every test, group and file as the built-in has it', async (id) => {
    const cwd = temp('init-');
    const made = await cli(['init', id, '--out', 'course'], cwd);
    expect(made.code, made.err).toBe(0);
    const text = readFileSync(join(cwd, 'course', 'assignment.yml'), 'utf8');
    expect(text).toContain(`extends: ${id}`);
    const built = loadSpec(PROJECT_ROOT, id);
    const fromPack = loadPack(PROJECT_ROOT, join(cwd, 'course'));
    const { pack: info, ...rest } = fromPack;
    expect(info).toMatchObject({ extends: id, hash: expect.stringMatching(/^[0-9a-f]{16}$/u) });
    expect(rest).toEqual(built);
    const linted = await cli(['lint', './course'], cwd);
    expect(linted.code, linted.err).toBe(0);
    expect(linted.out).toContain('It changes nothing in the built-in.');
    // The built-in's own pack lints as the base it is.
    const own = await cli(['lint', join('spec', id)], PROJECT_ROOT);
    expect(own.code, own.err).toBe(0);
    expect(own.out).toContain(`spec/${id}/assignment.yml: ${built.title}, the built-in ${id}`);
  });

  it('refuses to write over a pack that is there, and an id that is not a built-in', async () => {
    const cwd = temp('init-');
    expect((await cli(['init', 'hmc-cs5-hw11', '--out', 'p'], cwd)).code).toBe(0);
    writeFileSync(join(cwd, 'p', 'assignment.yml'), 'extends: hmc-cs5-hw11\n# mine\n');
    const again = await cli(['init', 'hmc-cs5-hw11', '--out', 'p'], cwd);
    expect(again.code).toBe(2);
    expect(again.err).toContain('is there already');
    expect(readFileSync(join(cwd, 'p', 'assignment.yml'), 'utf8')).toContain('# mine');
    const unknown = await cli(['init', 'cs112'], cwd);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain("no built-in 'cs112'");
  });
});

describe('a fault in a pack is refused at load with its line and column', () => {
  const good = [
    'extends: cs111-ps9',
    'files:',
    '  ps9pr1: { names: [board.py] }',
    'groups:',
    '  problem-1: { name: Board }',
    'tests:',
    '  board.repr.document: { points: 3 }',
    '',
  ].join('\n');

  it('a good pack loads', () => {
    expect(lintPack(PROJECT_ROOT, pack(good)).problems).toEqual([]);
  });

  it.each([
    [
      'a built-in that is not there',
      good.replace('cs111-ps9', 'cs111-ps10'),
      'extends: cs111',
      "'cs111-ps10' is not a built-in assignment",
      'did you mean cs111-ps9?',
    ],
    ['a file role', good.replace('ps9pr1:', 'ps9_pr1:'), 'ps9_pr1', "no file role 'ps9_pr1' in cs111-ps9", 'did you mean ps9pr1?'],
    ['a group id', good.replace('problem-1:', 'problem-one:'), 'problem-one', "no group 'problem-one'", ''],
    [
      'a test id',
      good.replace('board.repr.document:', 'board.rep.document:'),
      'board.rep.document',
      "no test 'board.rep.document' in cs111-ps9",
      'did you mean board.repr.document?',
    ],
    [
      'a key of a test',
      good.replace('{ points: 3 }', '{ pts: 3 }'),
      'pts',
      "'pts' is not a key here (points, visibility, hint, enabled)",
      '',
    ],
    ['a type', good.replace('{ points: 3 }', '{ points: three }'), 'three', 'must be number', ''],
    ['a visibility', good.replace('{ points: 3 }', '{ visibility: secret }'), 'secret', 'must be one of visible, hidden, after-due', ''],
    ['a board size written as a list', `${good}boards:\n  sizes:\n    - [6, 7]\n`, '- [6, 7]', 'must be object', ''],
    [
      'a key of a board size',
      `${good}boards:\n  sizes:\n    - { rows: 5, columns: 6, cols: 6 }\n`,
      'cols',
      "'cols' is not a key here (rows, columns)",
      '',
    ],
    [
      'a board the builders are not made for',
      `${good}boards:\n  sizes:\n    - { rows: 5, columns: 6 }\n    - { rows: 5, columns: 12 }\n`,
      'columns: 12',
      'a board of 5 rows and 12 columns: generated boards have 4 to 10 rows and 4 to 10 columns',
      '',
    ],
    [
      'a number in a row',
      `${good}boards:\n  sizes:\n    - { rows: 5, columns: 6 }\n  inARow: 3\n`,
      'inARow',
      "'inARow' is not a key here (sizes)",
      '',
    ],
    [
      'boards where the generated cases draw every size already',
      'extends: cs61a-hw04\nboards:\n  sizes:\n    - { rows: 4, columns: 6 }\n',
      'boards:',
      "cs61a-hw04's generated cases already draw boards of every size",
      '',
    ],
    [
      'boards where the document fixes the board',
      'extends: manchester-connect4\nboards:\n  sizes:\n    - { rows: 5, columns: 6 }\n',
      'boards:',
      "manchester-connect4's document fixes its board, 6 rows by 7 columns",
      '',
    ],
    [
      'after-due with no due',
      good.replace('{ points: 3 }', '{ visibility: after-due }'),
      'after-due',
      "after-due needs the pack's due",
      '',
    ],
    ['a due that is no date', `due: 2026-02-30T23:59:00Z\n${good}`, 'due:', 'is not a date that exists', ''],
    ['a due with no zone', `due: 2026-12-04T23:59\n${good}`, 'due:', 'must be an ISO date and time with its zone', ''],
    [
      'a total that does not add up',
      good.replace('{ name: Board }', '{ name: Board, points: 30 }'),
      'points: 30',
      'add up to 31, not 30',
      '',
    ],
    [
      'a name of the API',
      `${good}names:\n  Board.add_cheker: add_move\n`,
      'add_cheker',
      "'Board.add_cheker' is not a name of cs111-ps9's API",
      'did you mean Board.add_checker?',
    ],
    ['a course name that is no identifier', `${good}names:\n  Board.add_checker: add move\n`, 'add move', 'must match pattern', ''],
    [
      'two names made one',
      `${good}names:\n  Board.add_checker: drop\n  Board.add_checkers: drop\n`,
      'add_checkers:',
      'Board.add_checkers and Board.add_checker would both be drop',
      '',
    ],
    [
      'a method named as another the pack does not rename',
      `${good}names:\n  Board.add_checker: add_checkers\n`,
      'add_checker:',
      'Board.add_checker would be add_checkers, which Board.add_checkers keeps as its name in class Board',
      '(rename Board.add_checkers too, or choose another)',
    ],
    [
      'a function named as another the pack does not rename',
      `${good}names:\n  process_move: connect_four\n`,
      'process_move:',
      'process_move would be connect_four, which connect_four keeps as its name in the module',
      '',
    ],
    [
      'a name passed from one method to another',
      `${good}names:\n  Board.add_checker: add_checkers\n  Board.add_checkers: drop_all\n`,
      'add_checker:',
      "add_checkers is the document's name of Board.add_checkers, which this pack renames",
      '',
    ],
    ['a name that is a Python keyword', `${good}names:\n  Board.reset: pass\n`, 'pass', 'pass is a Python keyword', ''],
    [
      'a text key',
      `${good}texts:\n  promt: "Column? "\n`,
      'promt',
      "no text 'promt' in cs111-ps9; did you mean prompt?",
      '(its texts: prompt, retry, welcome, congratulations, tie)',
    ],
    [
      'a command that is two words',
      'extends: conniption\ntexts:\n  undo: go back\n',
      'go back',
      'a command is one word typed on its own line',
      '',
    ],
    [
      'a text where the assignment fixes none',
      'extends: cs61a-hw04\ntexts:\n  prompt: "> "\n',
      'prompt',
      'it fixes no text a check compares',
      '',
    ],
    ['a YAML slip', good.replace('  ps9pr1: { names: [board.py] }', '  ps9pr1: { names: [board.py }'), 'ps9pr1', '', ''],
  ])('%s', (_kind, text, where, message, suggestion) => {
    const found = faults(text);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(new RegExp(`^${lineOf(text, where)}:\\d+: `, 'u'));
    expect(found[0]).toContain(message);
    expect(found[0]).toContain(suggestion);
  });

  it('every fault at once, in the order of the file', () => {
    const text = good
      .replace('ps9pr1:', 'ps9pr7:')
      .replace('{ points: 3 }', '{ points: 3, pts: 3 }')
      .replace('board.repr.document:', 'board.rep.document:');
    const found = faults(text);
    expect(found.map((f) => Number(f.split(':')[0]))).toEqual([3, 7, 7]);
  });

  it('every command stops with exit 2 naming the line, before grading anything', async () => {
    const dir = pack(good.replace('board.repr.document:', 'board.rep.document:'));
    for (const argv of [
      [join(PROJECT_ROOT, 'fixtures', 'submissions', 'cs111-ps9', 'correct-plain'), '--assignment', dir],
      ['list', dir],
      ['kit', dir, '--out', temp('kit-')],
      ['gradescope-bundle', dir, '--out', join(temp('gs-'), 'a.zip')],
      ['lint', dir],
    ]) {
      const run = await cli(argv, PROJECT_ROOT);
      expect(run.code, argv[0]).toBe(2);
      expect(run.err, argv[0]).toMatch(/assignment\.yml:7:3: .*no test 'board\.rep\.document'/u);
    }
  });

  it('a missing pack is said plainly: a folder without assignment.yml, or no folder at all', async () => {
    const empty = temp('empty-');
    const run = await cli(['lint', empty], PROJECT_ROOT);
    expect(run.code).toBe(2);
    expect(run.err).toContain(
      `no assignment.yml in ${empty}: a pack is a folder with assignment.yml in it; grade init <id> --out <folder> writes one`,
    );
    const none = await cli(['lint', './ps11'], empty);
    expect(none.code).toBe(2);
    expect(none.err).toContain(
      `there is no folder or file "./ps11" (looked for ${join(empty, 'ps11')}): give the folder that holds assignment.yml, or the file itself`,
    );
    expect(none.err).not.toContain('assignment.yml here');
  });

  it('a role, group or test that is not there is pointed to the right one, or the valid ones are listed', () => {
    const said = (text: string) => faults(text).join('\n');
    // problem-5 is as near problem-0 as problem-4: no guess, the list.
    expect(said(good.replace('problem-1:', 'problem-5:'))).toContain(
      `no group 'problem-5' in cs111-ps9 (its groups: problem-0 "Problem 0: Reading and response", problem-1 "Problem 1: Board", problem-2`,
    );
    expect(said(good.replace('problem-1:', 'problem-5:'))).not.toContain('did you mean');
    expect(said(good.replace('problem-1:', '"Problem 2: Player":'))).toContain('groups are keyed by id: "Problem 2: Player" is problem-2');
    expect(said(good.replace('ps9pr1:', 'ps9pr5:'))).toMatch(
      /no file role 'ps9pr5' in cs111-ps9 \(its roles: ps9pr0 for ps9pr0\.txt, ps9pr1 for ps9pr1\.py, .*ps9pr4 for ps9pr4\.py\)$/u,
    );
    expect(said(good.replace('ps9pr1:', 'ps9pr5:'))).not.toContain('did you mean');
    expect(said(good.replace('ps9pr1:', 'ps10pr3.py:'))).toContain("files are keyed by role: ps10pr3.py is ps9pr3's file");
    expect(
      said(`${good}names:\n  Board: Grid\n  Board.add_checker: add_move\n`.replace('board.repr.document:', 'grid.add_move:')),
    ).toContain("no test 'grid.add_move' in cs111-ps9; test ids keep the document's names: board.add_checker");
  });
});

describe('what a pack changes', () => {
  const base = loadSpec(PROJECT_ROOT, 'hmc-cs5-hw11');
  const someTest = base.tests.find((t) => t.points > 0 && t.visibility === 'visible')!;
  const other = base.tests.find((t) => t.points > 0 && t.groupId === someTest.groupId && t.id !== someTest.id)!;

  it('points and enabled move the group and the assignment totals', () => {
    const dir = pack(
      `extends: hmc-cs5-hw11\ntests:\n  ${someTest.id}: { points: ${someTest.points + 5} }\n  ${other.id}: { enabled: false }\n`,
    );
    const spec = loadPack(PROJECT_ROOT, dir);
    expect(spec.maxScore).toBe(base.maxScore + 5 - other.points);
    expect(spec.tests.map((t) => t.id)).not.toContain(other.id);
    const group = spec.groups.find((g) => g.id === someTest.groupId)!;
    expect(group.points).toBe(base.groups.find((g) => g.id === someTest.groupId)!.points + 5 - other.points);
  });

  it('after-due is hidden until the due date, then visible', () => {
    const text = `extends: hmc-cs5-hw11\ndue: 2026-12-04T23:59:00-05:00\ntests:\n  ${someTest.id}: { visibility: after-due, hint: "Look at the top row." }\n`;
    const dir = pack(text);
    const before = loadPack(PROJECT_ROOT, dir, { now: new Date('2026-12-04T23:58:00-05:00') });
    expect(before.tests.find((t) => t.id === someTest.id)).toMatchObject({ visibility: 'after-due', hint: 'Look at the top row.' });
    expect(before.due).toBe('2026-12-04T23:59:00-05:00');
    const after = loadPack(PROJECT_ROOT, dir, { now: new Date('2026-12-05T00:00:00-05:00') });
    expect(after.tests.find((t) => t.id === someTest.id)!.visibility).toBe('visible');
  });

  it("lint counts in words: '1 point', never '1 points'", async () => {
    const group = base.groups.find((g) => g.id === someTest.groupId)!;
    const dir = pack(`extends: hmc-cs5-hw11\ntests:\n  ${someTest.id}: { points: ${someTest.points === 1 ? 2 : 1} }\n`);
    const linted = await cli(['lint', dir], PROJECT_ROOT);
    expect(linted.code, linted.err).toBe(0);
    if (someTest.points !== 1) expect(linted.out).toContain(`tests.${someTest.id}: 1 point (was ${someTest.points})`);
    expect(linted.out).not.toMatch(/\b1 points\b/u);
    const one = pack(
      `extends: hmc-cs5-hw11\ntests:\n${group.tests
        .filter((t) => t.points > 0)
        .map((t, i) => `  ${t.id}: ${i === 0 ? '{ points: 1 }' : '{ enabled: false }'}\n`)
        .join('')}`,
    );
    const listed = await cli(['list', one], PROJECT_ROOT);
    expect(listed.code, listed.err).toBe(0);
    expect(listed.out).toContain(`${group.name}: 1 point`);
    expect(listed.out).not.toMatch(/\b1 points\b/u);
  });

  it('lint lists every change a TA reviews: the due date, the names and the texts among them', async () => {
    const dir = pack(
      'extends: cs111-ps9\ndue: 2027-04-16T23:59:00-04:00\nnames:\n  Board: Grid\n  Board.add_checker: add_move\ntexts:\n  prompt: "Column? "\n  welcome: "Hi!"\n',
    );
    const linted = await cli(['lint', dir], PROJECT_ROOT);
    expect(linted.code, linted.err).toBe(0);
    expect(linted.out).toContain('    due: 2027-04-16T23:59:00-04:00 (after-due tests are shown from then)\n');
    expect(linted.out).toContain('    names.Board: Grid (students write Grid; the document says Board)\n');
    expect(linted.out).toContain(
      '    names.Board.add_checker: add_move (students write Grid.add_move; the document says Board.add_checker)\n',
    );
    expect(linted.out).toContain(
      '    texts.prompt: "Column? " (was "Enter a column: ": the prompt next_move prints before reading a column)\n',
    );
    expect(linted.out).toContain(
      '    texts.welcome: "Hi!" (was "Welcome to Connect Four!": connect_four\'s first line); not graded: no test compares connect_four\'s first line',
    );
    expect(linted.out).toContain(
      "  Note: texts.welcome is not graded (no test compares connect_four's first line: a game's transcript is read for its boards, turns and ending): students' programs are not charged for another wording",
    );
  });

  it("grade init's file says which texts no test grades", async () => {
    const cwd = temp('init-');
    expect((await cli(['init', 'cs111-ps9', '--out', 'p'], cwd)).code).toBe(0);
    const text = readFileSync(join(cwd, 'p', 'assignment.yml'), 'utf8');
    expect(text).toContain(
      '#   welcome: "Welcome to Connect Four!"  # printed: connect_four\'s first line. Not graded: no test compares connect_four\'s first line',
    );
    expect(text).toContain('#   prompt: "Enter a column: "  # prompt: the prompt next_move prints before reading a column\n');
  });

  it("titles and hints say the pack's file names and texts", () => {
    const spec = loadPack(
      PROJECT_ROOT,
      pack(
        [
          'extends: cs111-ps9',
          'files:',
          '  ps9pr1: { names: [board.py, ps9pr1.py] }',
          '  ps9pr4: { names: [ai.py] }',
          'texts:',
          '  prompt: "Column? "',
          'tests:',
          '  import.ps9pr4: { hint: "Keep the game in {files.ps9pr3}; {files.ps9pr4} only defines AIPlayer." }',
          '',
        ].join('\n'),
      ),
    );
    const name = (id: string) => spec.tests.find((t) => t.id === id)!.name;
    expect(name('import.ps9pr1')).toBe('board.py imports without running, printing or asking for anything');
    expect(name('files.named')).toBe('The files are named as the assignment asks (board.py … ai.py)');
    expect(name('player.next_move.prompts')).toBe("next_move prompts 'Column? ' and answers 'Try again!'");
    expect(spec.tests.find((t) => t.id === 'import.ps9pr4')!.hint).toBe('Keep the game in ps9pr3.py; ai.py only defines AIPlayer.');
    // No title or hint of any built-in says a file's name or a text's wording but through the spec it is graded with.
    for (const id of ASSIGNMENT_IDS) {
      const built = loadSpec(PROJECT_ROOT, id);
      const said = (words: string) => built.tests.filter((t) => `${t.name}\n${t.hint ?? ''}`.includes(words)).map((t) => t.id);
      const raw = readFileSync(join(PROJECT_ROOT, 'spec', id, 'assignment.yml'), 'utf8');
      const literal = (words: string) => raw.split('\n').filter((l) => /^\s+(name|hint):/u.test(l) && l.includes(words));
      for (const file of built.files)
        for (const written of file.names.filter((n) => !n.startsWith('*')))
          expect(literal(written.replaceAll('*', '<name>')), `${id}: ${written}`).toEqual([]);
      for (const text of Object.values(built.texts ?? {}).filter((t) => t.text.length > 2))
        expect(literal(text.text.trim()), `${id}: ${text.text}`).toEqual([]);
      expect(said('{files.').concat(said('{texts.'))).toEqual([]);
    }
  });

  it('a placeholder that names no role or text is refused at its line', () => {
    const text = 'extends: cs61a-hw04\ntests:\n  import.hw04: { hint: "Run python3 -i {files.lab04}" }\n';
    const found = faults(text);
    expect(found).toEqual(['3:24: tests.import.hw04.hint: {files.lab04} names no file role (its roles: hw04, lab04_extra)']);
  });

  it('a changed pack is a changed spec: its hash moves', () => {
    const a = loadPack(PROJECT_ROOT, pack(`extends: hmc-cs5-hw11\ntests:\n  ${someTest.id}: { points: 1 }\n`));
    const b = loadPack(PROJECT_ROOT, pack(`extends: hmc-cs5-hw11\ntests:\n  ${someTest.id}: { points: 2 }\n`));
    expect(a.pack!.hash).not.toBe(b.pack!.hash);
  });

  it('a pack named as a file works as its folder does', () => {
    const dir = pack('extends: conniption\n');
    mkdirSync(join(dir, 'sub'));
    expect(loadSpec(PROJECT_ROOT, join(dir, 'assignment.yml')).pack!.extends).toBe('conniption');
    expect(() => loadSpec(PROJECT_ROOT, join(dir, 'sub'))).toThrow(SpecError);
  });
});

describe("a handout's examples", () => {
  const examples = [
    'extends: cs61a-hw04',
    'examples:',
    '  - test: create_row.document',
    '    call: create_row(3)',
    `    expected: "['-', '-', '-']"`,
    '  - test: print_board.pieces',
    `    call: "print_board([['-', 'O'], ['X', 'X']], 2, 2)"`,
    '    prints: "- O\\nX X\\n"',
    '',
  ].join('\n');

  it("join the test they name as visible cases, with the reference's answer and the example as their source", () => {
    const spec = loadPack(PROJECT_ROOT, pack(examples));
    const createRow = spec.tests.find((t) => t.id === 'create_row.document')!;
    expect(createRow.visibility).toBe('visible');
    expect(createRow.fixtureCases.at(-1)).toMatchObject({
      id: 'create_row.example.1',
      input: { size: 3 },
      python: 'create_row(3)',
      expected: { value: { type: 'list' } },
      source: { kind: 'document', document: 'assignment.yml', lines: [3, 3] },
    });
    expect(spec.tests.find((t) => t.id === 'print_board.pieces')!.fixtureCases.at(-1)).toMatchObject({
      id: 'print_board.example.2',
      expected: { stdout: '- O\nX X\n' },
    });
    expect(createRow.fixtureCases.length).toBe(
      loadSpec(PROJECT_ROOT, 'cs61a-hw04').tests.find((t) => t.id === 'create_row.document')!.fixtureCases.length + 1,
    );
  });

  it('take a list in any order where the document does (getValidMoves)', () => {
    const spec = loadPack(PROJECT_ROOT, join(PROJECT_ROOT, 'fixtures', 'packs', 'manchester-connect4'));
    expect(spec.tests.find((t) => t.id === 'getValidMoves.document')!.fixtureCases.at(-1)).toMatchObject({
      id: 'getValidMoves.example.1',
      expected: { value: { items: [{ value: 1 }, { value: 3 }, { value: 5 }] } },
    });
    expect(spec.tests.find((t) => t.id === 'suggestMove1.document')!.fixtureCases.at(-1)).toMatchObject({
      id: 'suggestMove1.example.2',
      facts: { reason: 'win' },
    });
  });

  it.each([
    [
      "a wrong expected value, beside the reference's",
      examples.replace(`"['-', '-', '-']"`, `"['-', '-']"`),
      "expected: \"['-', '-']\"",
      "the reference gives ['-', '-', '-'], not ['-', '-']",
    ],
    ['a wrong printed text', examples.replace('X X', 'X O'), 'prints:', 'the reference prints "- O\\nX X\\n", not "- O\\nX O\\n"'],
    [
      'a call of another function than the test grades',
      examples.replace('call: create_row(3)', 'call: create_board(3, 3)'),
      'create_board(3, 3)',
      'create_row.document grades create_row, not create_board',
    ],
    [
      'a call that is not Python',
      examples.replace('call: create_row(3)', 'call: create_row(3'),
      'create_row(3',
      'not a call with literal arguments',
    ],
    [
      'an argument of the wrong kind',
      examples.replace('call: create_row(3)', "call: create_row('3')"),
      "create_row('3')",
      'size is a whole number here',
    ],
    [
      'a test that is not there',
      examples.replace('test: create_row.document', 'test: create_row.documnt'),
      'create_row.documnt',
      "no test 'create_row.documnt' in this pack; did you mean create_row.document?",
    ],
    [
      'a Manchester board the wrong way up',
      'extends: manchester-connect4\nexamples:\n  - test: makeMove.document\n    call: "makeMove([[0,0,0,0,0,0,0],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0]], 3, 2)"\n    expected: "[[0,0,0,2,0,0,0],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0]]"\n',
      'expected:',
      'the reference gives [[0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 2, 0, 0, 0]]',
    ],
    [
      'a suggestMove1 answer the document does not allow',
      'extends: manchester-connect4\nexamples:\n  - test: suggestMove1.document\n    call: "suggestMove1([[0,0,0,0,0,0,0],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0],[1,1,1,0,2,2,0]], 1)"\n    expected: "6"\n',
      'expected:',
      'the reference gives one of 3, not 6',
    ],
    [
      'a call the examples do not take',
      'extends: conniption\nexamples:\n  - test: alpha_beta_search.shallow\n    call: |\n      s = Conniption(((), (), (), (), (), (), ()))\n      alpha_beta_search(s, 1, False)\n    expected: "0"\n',
      'call: |',
      'an example here ends in Conniption.isWin(s) or s.betterEval()',
    ],
    [
      'a Conniption keyword it does not take',
      'extends: conniption\nexamples:\n  - test: Conniption.betterEval.document\n    call: |\n      s = Conniption(((), (), (), (), (), (), ()), flips=3)\n      s.betterEval()\n    expected: "0"\n',
      'call: |',
      'Conniption takes player1Turn, flipsRem, flippable by name, not flips',
    ],
    [
      'a session line using a name no line made',
      "extends: hmc-cs5-hw11\nexamples:\n  - test: player.scoresFor.document\n    call: |\n      p = Player('X', 'LEFT', 1)\n      p.scoresFor(b)\n    expected: \"[50.0]\"\n",
      'call: |',
      'b is not made by a line before',
    ],
    [
      'an HMC board built height first',
      "extends: hmc-cs5-hw11\nexamples:\n  - test: player.nextMove.document\n    call: |\n      b = Board(6, 7)\n      b.setBoard('1211244445')\n      Player('X', 'LEFT', 1).nextMove(b)\n    expected: \"3\"\n",
      'expected:',
      'the reference gives',
    ],
    [
      'a CS111 example that ends in a method examples do not take',
      'extends: cs111-ps9\nexamples:\n  - test: board.remove_checker\n    call: |\n      b = Board(2, 2)\n      b.remove_checker(0)\n    expected: "None"\n',
      'call: |',
      'an example here ends in one of Board.is_win_for',
    ],
  ])('%s is refused at its line', (_kind, text, where, message) => {
    const found = faults(text);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(new RegExp(`^${lineOf(text, where)}:\\d+: `, 'u'));
    expect(found[0]).toContain(message);
  });
});

describe('the documentation', () => {
  it("docs/assignments.md's example pack loads as it is written, names and texts included", () => {
    const page = readFileSync(join(PROJECT_ROOT, 'docs', 'assignments.md'), 'utf8');
    const blocks = [...page.matchAll(/```yaml\n([\s\S]*?)```/gu)].map((m) => m[1]!);
    expect(blocks.map((b) => b.split('\n')[0])).toEqual([
      'extends: cs111-ps9                  # the built-in (required)',
      'extends: cs61a-hw04',
      'extends: hmc-cs5-hw11',
      'extends: cs111-ps9',
    ]);
    const spec = loadPack(PROJECT_ROOT, pack(blocks[0]!));
    expect(spec.names).toEqual({ 'Board.add_checker': 'add_move' });
    expect(spec.texts?.['prompt']?.text).toBe('Column? ');
    expect(spec.groups.find((g) => g.id === 'problem-1')!.points).toBe(33);
    expect(spec.tests.find((t) => t.id === 'names.used')).toMatchObject({
      groupId: 'problem-1',
      points: 1,
      visibility: 'visible',
      kind: 'names-used',
    });
    expect(lintPack(PROJECT_ROOT, pack(blocks[1]!)).problems).toEqual([]);
    expect(lintPack(PROJECT_ROOT, pack(blocks[2]!)).problems).toEqual([]);
    // The tests of the course's own, as the page shows them.
    const own = loadPack(PROJECT_ROOT, pack(blocks[3]!));
    expect(own.tests.filter((t) => t.kind === 'calls' || t.kind === 'session').map((t) => [t.id, t.fixtureCases.length])).toEqual([
      ['board.course.full-column', 3],
      ['connect_four.course.first-column', 1],
    ]);
  });
});
