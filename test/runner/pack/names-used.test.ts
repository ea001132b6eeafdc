/**
 * What a pack's `names` promise is what students get: a submission that keeps the document's name loses one test,
 * names.used, which says the name the course asks for, and nothing else; what it reads of its code says the name it
 * wrote; and the test ids the kit names are the spec's, whatever the course calls the method.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../runner/cli/run-cli.js';
import type { RunResults, SubmissionResult } from '../../../runner/model/results.js';
import { loadPack } from '../../../runner/pack/load-pack.js';
import { PROJECT_ROOT } from '../../../runner/project-root.js';
import { PINS } from '../../assignments/cs61a-hw04/verdicts.js';
import { tempDirs } from '../../temp-dirs.js';

const temp = tempDirs();

async function cli(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(
    argv,
    (s) => (out += s),
    (s) => (err += s),
    { env: {}, cwd: PROJECT_ROOT },
  );
  return { code, out, err };
}

function pack(text: string): string {
  const dir = temp('pack-');
  writeFileSync(join(dir, 'assignment.yml'), text);
  return dir;
}

/** A sample copied into `klass` as `as`, each of `edits` made in every file. */
function copy(assignment: string, sample: string, klass: string, as: string, edits: readonly (readonly [RegExp, string])[] = []): void {
  const from = join(PROJECT_ROOT, 'fixtures', 'submissions', assignment, sample);
  mkdirSync(join(klass, as));
  for (const name of readdirSync(from).filter((n) => n !== 'BUG.md' && n !== '__pycache__')) {
    writeFileSync(
      join(klass, as, name),
      edits.reduce((text, [from, to]) => text.replace(from, to), readFileSync(join(from, name), 'utf8')),
    );
  }
}

const notPassed = (s: SubmissionResult) =>
  Object.fromEntries(s.tests.filter((t) => t.status !== 'pass' && t.status !== 'skipped').map((t) => [t.id, t.status]));

/** A test of the course's own, in the course's names: a submission keeping the document's name runs it all the same. */
const OWN = `  drop_piece.course:
    kind: calls
    group: question-4
    name: drop_piece drops into the bottom row, and leaves a column below 0 alone
    points: 1
    calls:
      - call: "drop_piece([['-', '-'], ['-', '-']], 2, 2, 1, 'X')"
      - call: "drop_piece([['-', '-'], ['-', '-']], 2, 2, -1, 'X')"
`;

describe('a pack that renames make_move to drop_piece (CS61A)', () => {
  const dir = pack(
    `extends: cs61a-hw04\nnames:\n  make_move: drop_piece\ntests:\n  make_move.document: { hint: "A column below 0 is no column." }\n${OWN}`,
  );
  const spec = loadPack(PROJECT_ROOT, dir);
  let run: RunResults;
  beforeAll(async () => {
    const klass = temp('class-');
    copy('cs61a-hw04', 'correct-plain', klass, 'keeps-make-move');
    copy('cs61a-hw04', 'correct-plain', klass, 'writes-drop-piece', [[/\bmake_move\b/gu, 'drop_piece']]);
    copy('cs61a-hw04', 'make-move-negative-column', klass, 'keeps-make-move-with-a-bug');
    copy('cs61a-hw04', 'make-move-negative-column', klass, 'writes-drop-piece-with-a-bug', [[/\bmake_move\b/gu, 'drop_piece']]);
    const out = temp('out-');
    const graded = await cli([klass, '--assignment', dir, '--out', out, '--format', 'json', '--jobs', '2']);
    expect(graded.code, graded.err).toBe(0);
    run = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as RunResults;
  }, 120_000);
  const graded = (id: string) => run.submissions.find((s) => s.id === id)!;

  it("adds names.used, one point, visible, after the test of the files' names", () => {
    const ids = spec.tests.map((t) => t.id);
    expect(ids.indexOf('names.used')).toBe(ids.indexOf('files.named') + 1);
    expect(spec.tests.find((t) => t.id === 'names.used')).toMatchObject({
      points: 1,
      visibility: 'visible',
      name: "The classes, functions and methods have this course's names (drop_piece)",
    });
    expect(spec.maxScore).toBe(42);
  });

  it('a submission that keeps the old name loses names.used only, told which name the course asks for', () => {
    const kept = graded('keeps-make-move');
    // The course's own test, which calls drop_piece, runs on make_move: keeping the name costs names.used alone.
    expect(notPassed(kept)).toEqual({ 'names.used': 'fail' });
    expect(kept.score).toBe(41);
    expect(kept.tests.find((t) => t.id === 'names.used')!.message).toContain(
      "make_move keeps the document's name; this course names it drop_piece: rename make_move to drop_piece",
    );
    expect(notPassed(graded('writes-drop-piece'))).toEqual({});
  });

  it("a bug costs its tests either way, and what the student reads says the name they wrote; a crash shows the test's hint", () => {
    const pinned = PINS.expected['make-move-negative-column']!;
    expect(notPassed(graded('keeps-make-move-with-a-bug'))).toEqual({ ...pinned, 'names.used': 'fail', 'drop_piece.course': 'error' });
    expect(notPassed(graded('writes-drop-piece-with-a-bug'))).toEqual({ ...pinned, 'drop_piece.course': 'error' });
    const said = (id: string) =>
      graded(id)
        .tests.filter((t) => (t.id.startsWith('make_move.') || t.id === 'drop_piece.course') && t.status !== 'pass')
        .map((t) => `${t.message}\n${t.reproduce ?? ''}`)
        .join('\n');
    // The course's own test says the name the student wrote too.
    const own = (id: string) => graded(id).tests.find((t) => t.id === 'drop_piece.course')!;
    expect(own('keeps-make-move-with-a-bug')).toMatchObject({
      message: expect.stringContaining("make_move([['-', '-'], ['-', '-']], 2, 2, -1, 'X') raised AssertionError: Index is out of bounds"),
      reproduce: "make_move([['-', '-'], ['-', '-']], 2, 2, -1, 'X')",
    });
    expect(own('writes-drop-piece-with-a-bug').reproduce).toBe("drop_piece([['-', '-'], ['-', '-']], 2, 2, -1, 'X')");
    expect(said('keeps-make-move-with-a-bug')).toMatch(/\bmake_move\(/u);
    expect(said('keeps-make-move-with-a-bug')).not.toContain('drop_piece(');
    expect(said('writes-drop-piece-with-a-bug')).toMatch(/\bdrop_piece\(/u);
    expect(said('writes-drop-piece-with-a-bug')).not.toMatch(/\bmake_move\(/u);
    const crashed = graded('writes-drop-piece-with-a-bug').tests.find((t) => t.id === 'make_move.document')!;
    expect(crashed.status).toBe('error');
    expect(crashed.message).toMatch(/\nHint: A column below 0 is no column\.$/u);
  });
});

describe("a method renamed (CS111's Board.add_checker: add_move), graded as the student's kit grades", () => {
  it('keeping add_checker costs names.used, snippets say the name written, and every test id named is a test of the spec', async () => {
    const dir = pack('extends: cs111-ps9\nnames:\n  Board.add_checker: add_move\n');
    const ids = new Set(loadPack(PROJECT_ROOT, dir).tests.map((t) => t.id));
    const klass = temp('class-');
    copy('cs111-ps9', 'add-checker-top-row', klass, 'keeps');
    copy('cs111-ps9', 'add-checker-top-row', klass, 'renames', [[/\badd_checker\b/gu, 'add_move']]);
    const out = temp('out-');
    const graded = await cli([
      klass,
      '--assignment',
      dir,
      '--stand-ins',
      'own',
      '--only',
      'names.used,board.add_checker,process_move.result',
      '--out',
      out,
      '--format',
      'json',
      '--jobs',
      '2',
    ]);
    expect(graded.code, graded.err).toBe(0);
    const run = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as RunResults;
    const [keeps, renames] = ['keeps', 'renames'].map((id) => run.submissions.find((s) => s.id === id)!);
    expect(notPassed(keeps!)).toEqual({ 'names.used': 'fail', 'board.add_checker': 'fail', 'process_move.result': 'fail' });
    expect(notPassed(renames!)).toEqual({ 'board.add_checker': 'fail', 'process_move.result': 'fail' });
    expect(keeps!.tests.find((t) => t.id === 'names.used')!.message).toContain(
      "Board.add_checker keeps the document's name; this course names it Board.add_move: rename the method add_checker to add_move in class Board",
    );
    const test = (s: SubmissionResult, id: string) => s.tests.find((t) => t.id === id)!;
    expect(test(keeps!, 'board.add_checker').name).toBe('add_move drops a checker to the lowest empty slot');
    expect(test(keeps!, 'board.add_checker').reproduce).toContain('b.add_checker(');
    expect(test(keeps!, 'board.add_checker').reproduce).not.toContain('add_move');
    expect(test(renames!, 'board.add_checker').reproduce).toContain('b.add_move(');
    // The kit names the tests of the parts a failure may come from by their ids, whatever the course calls the method.
    for (const s of [keeps!, renames!]) {
      const named = s.tests.flatMap((t) => [...t.message.matchAll(/own tests fail \(([^)]*)\)/gu)].flatMap((m) => m[1]!.split(', ')));
      expect(named, s.id).toContain('board.add_checker');
      for (const id of named) expect(ids, id).toContain(id);
    }
  }, 120_000);
});
