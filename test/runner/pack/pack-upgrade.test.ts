/**
 * A pack and the versions of its built-in: grade init records the built-in it was made from and freezes nothing;
 * lint says when the built-in has changed since, tells the values a pack keeps from it as it was from the course's
 * own changes, and with --upgrade lists the built-in's changes beside them; a pack from before madeFrom still loads.
 */
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ASSIGNMENT_IDS } from '../../../runner/model/ids.js';
import { runInit, runLint } from '../../../runner/cli/pack-commands.js';
import { builtInHistory, builtInValues, historyFile, valuesHash, type BuiltInVersion } from '../../../runner/pack/built-in-values.js';
import { builtInSpec } from '../../../runner/pack/load-built-in.js';
import { lintPack, loadPack } from '../../../runner/pack/load-pack.js';
import { PROJECT_ROOT } from '../../../runner/project-root.js';
import { loadSpec } from '../../../runner/pack/load-spec.js';
import { tempDirs } from '../../temp-dirs.js';

const temp = tempDirs();
const VERSION = (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

function run(command: typeof runInit, argv: string[], root: string, cwd: string): { code: number; out: string; err: string } {
  let out = '';
  let err = '';
  const code = command(argv, { out: (s) => (out += s), err: (s) => (err += s), cwd, env: {}, isTTY: false }, root, VERSION);
  return { code, out, err };
}

/** A project root whose built-in `id` is the project's edited by `edit` (a later version of it), with `history`. */
function laterBuiltIn(id: string, edit: (text: string) => string, history: readonly BuiltInVersion[]): string {
  const root = temp('later-');
  mkdirSync(join(root, 'spec', id), { recursive: true });
  for (const schema of ['schema.json', 'pack-schema.json']) cpSync(join(PROJECT_ROOT, 'spec', schema), join(root, 'spec', schema));
  const text = readFileSync(join(PROJECT_ROOT, 'spec', id, 'assignment.yml'), 'utf8');
  expect(edit(text)).not.toBe(text);
  writeFileSync(join(root, 'spec', id, 'assignment.yml'), edit(text));
  writeFileSync(join(root, 'spec', id, 'history.json'), JSON.stringify(historyFile(history)));
  symlinkSync(join(PROJECT_ROOT, 'fixtures'), join(root, 'fixtures'));
  return root;
}

function pack(text: string): string {
  const dir = temp('pack-');
  writeFileSync(join(dir, 'assignment.yml'), text);
  return dir;
}

const current = (id: string): BuiltInVersion => {
  const values = builtInValues(builtInSpec(PROJECT_ROOT, id));
  return { hash: valuesHash(values), grader: VERSION, values };
};

describe("each built-in's history", () => {
  it.each(ASSIGNMENT_IDS)('%s: records the built-in as it is now (npm run spec:history), each version under its own hash', (id) => {
    const history = builtInHistory(PROJECT_ROOT, id);
    expect(history.at(-1)!.hash).toBe(current(id).hash);
    expect(history.at(-1)!.values).toEqual(current(id).values);
    for (const version of history) expect(valuesHash(version.values)).toBe(version.hash);
  });
});

describe('grade init', () => {
  it.each(ASSIGNMENT_IDS)('%s: records what it was made from and writes every value as a comment, freezing none', (id) => {
    const cwd = temp('init-');
    expect(run(runInit, [id, '--out', 'course'], PROJECT_ROOT, cwd).code).toBe(0);
    const text = readFileSync(join(cwd, 'course', 'assignment.yml'), 'utf8');
    expect(parse(text)).toEqual({ extends: id, madeFrom: { builtIn: current(id).hash, grader: VERSION } });
    const built = builtInSpec(PROJECT_ROOT, id);
    for (const test of built.groups.flatMap((g) => g.tests))
      expect(text).toContain(`#   ${test.id}: { points: ${test.points}, visibility: ${test.visibility}`);
  });

  it('a line uncommented changes that value and nothing else', () => {
    const cwd = temp('init-');
    expect(run(runInit, ['cs61a-hw04', '--out', 'course'], PROJECT_ROOT, cwd).code).toBe(0);
    const file = join(cwd, 'course', 'assignment.yml');
    const text = readFileSync(file, 'utf8');
    const line = text.split('\n').find((l) => l.startsWith('#   print_board.pieces: '))!;
    writeFileSync(file, text.replace('\n# tests:\n', '\ntests:\n').replace(line, line.slice(2).replace(/points: \d+/u, 'points: 2')));
    const spec = loadPack(PROJECT_ROOT, join(cwd, 'course'));
    const built = loadSpec(PROJECT_ROOT, 'cs61a-hw04');
    expect(
      spec.tests.filter((t) => JSON.stringify(t) !== JSON.stringify(built.tests.find((b) => b.id === t.id))).map((t) => [t.id, t.points]),
    ).toEqual([['print_board.pieces', 2]]);
    expect(spec.groups.find((g) => g.id === 'question-5')!.points).toBe(
      built.groups.find((g) => g.id === 'question-5')!.points - built.tests.find((t) => t.id === 'print_board.pieces')!.points + 2,
    );
  });
});

describe('a built-in changed since the pack was made', () => {
  // The later built-in shows create_row.generated to students and rewords a hint; the pack was made from the
  // built-in as it is in this repository, froze create_row.generated's visibility, and changes print_board's points.
  const later = (text: string) =>
    text
      .replace(/(create_row\.generated:\n(?: {4}.*\n)*? {4}visibility: )hidden/u, '$1visible')
      .replace(
        'hint: Build each row with create_row(columns), one new row per row of the board.',
        'hint: Build each row with create_row(columns).',
      );
  const made = current('cs61a-hw04');
  const frozen = 'tests:\n  create_row.generated: { visibility: hidden }\n  print_board.pieces: { points: 2 }\n';

  it("is the built-in's change, not the course's: lint says so, and --upgrade lists it beside the pack's own", () => {
    const root = laterBuiltIn('cs61a-hw04', later, [made]);
    const now = valuesHash(builtInValues(builtInSpec(root, 'cs61a-hw04')));
    const dir = pack(`extends: cs61a-hw04\nmadeFrom: { builtIn: "${made.hash}", grader: "${VERSION}" }\n${frozen}`);
    const linted = run(runLint, [dir], root, PROJECT_ROOT);
    expect(linted.code, linted.err).toBe(0);
    const [own, rest] = linted.out.split('  The built-in has changed');
    expect(own).toContain('tests.print_board.pieces: 2 points (was 3)');
    expect(own).not.toContain('create_row.generated');
    expect(rest).toContain(
      ` since this pack was made from it (${made.hash}, grader ${VERSION}; now ${now}): 2 values, 1 of them kept here as they were. grade lint --upgrade lists them`,
    );
    expect(rest).toContain(
      '  Kept from the built-in as it was, not the course\'s changes (delete each to follow the built-in):\n    tests.create_row.generated.visibility: "hidden", the built-in now "visible"\n',
    );
    const upgrade = run(runLint, [dir, '--upgrade'], root, PROJECT_ROOT);
    expect(upgrade.code, upgrade.err).toBe(0);
    expect(upgrade.out).toContain(
      [
        `  The built-in's changes since ${made.hash}:`,
        '    tests.create_row.generated.visibility: "visible" (was "hidden"); this pack writes "hidden", the value it had then: delete it to follow the built-in',
        '    tests.create_board.generated.hint: "Build each row with create_row(columns)." (was "Build each row with create_row(columns), one new row per row of the board.")',
        "  The pack's own changes:",
        '    groups.question-5: 3 points (was 4)',
        '    tests.print_board.pieces: 2 points (was 3)',
      ].join('\n'),
    );
    expect(upgrade.out).not.toContain('What it changes');
  });

  it('a pack from before madeFrom is matched to the version whose values it keeps', () => {
    const root = laterBuiltIn('cs61a-hw04', later, [made]);
    const linted = run(runLint, [pack(`extends: cs61a-hw04\n${frozen}`)], root, PROJECT_ROOT);
    expect(linted.code, linted.err).toBe(0);
    expect(linted.out).toContain(
      `  It records no madeFrom (grade init wrote none then); the values it writes are the built-in's as it was at ${made.hash} (grader ${VERSION}), which has changed since: 2 values, 1 of them kept here as they were.`,
    );
  });

  it('a test the built-in has left out since is said so where the pack names it', () => {
    const older: BuiltInVersion = {
      ...made,
      values: { ...made.values, 'tests.create_row.old.group': 'question-1', 'tests.create_row.old.points': 1 },
    };
    const root = laterBuiltIn('cs61a-hw04', (text) => `${text}\n`, [{ ...older, hash: valuesHash(older.values) }, made]);
    const found = lintPack(root, pack('extends: cs61a-hw04\ntests:\n  create_row.old: { points: 1 }\n')).problems;
    expect(found.map((p) => p.message)).toEqual([
      "no test 'create_row.old' in cs61a-hw04: an earlier version of the built-in had it, and this one has left it out; delete its entry (grade lint --upgrade, once the pack loads, lists what else changed)",
    ]);
  });
});

describe('a pack from before madeFrom, every value frozen as grade init wrote them then', () => {
  it.each(['cs111-ps9', 'conniption'])('%s: still loads as the built-in, and lint asks for the line that records its base', (id) => {
    const built = builtInSpec(PROJECT_ROOT, id);
    const q = (value: string) => JSON.stringify(value);
    const text = [
      `extends: ${id}`,
      `title: ${q(built.title)}`,
      ...(built.texts ? ['texts:', ...Object.entries(built.texts).map(([key, t]) => `  ${key}: ${q(t.text)}`)] : []),
      'files:',
      ...built.files.flatMap((f) => [`  ${f.role}:`, `    names: [${f.names.map(q).join(', ')}]`]),
      'groups:',
      ...built.groups.flatMap((g) => [
        `  ${g.id}:`,
        `    name: ${q(g.name)}`,
        `    manualPoints: ${g.manualPoints ?? 0}`,
        `    points: ${g.points}`,
      ]),
      'tests:',
      ...built.groups.flatMap((g) =>
        g.tests.flatMap((t) => [
          `  ${t.id}:`,
          `    points: ${t.points}`,
          `    visibility: ${t.visibility}`,
          ...(t.hint === undefined ? [] : [`    hint: ${q(t.hint)}`]),
          '    enabled: true',
        ]),
      ),
      '',
    ].join('\n');
    const dir = pack(text);
    const { pack: _info, ...spec } = loadPack(PROJECT_ROOT, dir);
    expect(spec).toEqual(loadSpec(PROJECT_ROOT, id));
    const linted = run(runLint, [dir], PROJECT_ROOT, PROJECT_ROOT);
    expect(linted.code, linted.err).toBe(0);
    expect(linted.out).toContain('  It changes nothing in the built-in.\n');
    expect(linted.out).toContain(
      `  It records no madeFrom (written by hand, or by grade init before it recorded one), and no earlier version of the built-in explains its values better than the built-in as it is now: add the line grade init writes, madeFrom: { builtIn: "${current(id).hash}", grader: "${VERSION}" }`,
    );
  });
});
