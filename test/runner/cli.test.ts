import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../runner/cli/run-cli.js';
import { runGrade } from '../../runner/cli/grade-command.js';
import { PROJECT_ROOT } from '../../runner/project-root.js';
import { allAssignments } from '../../runner/assignments/registry.js';
import { withoutTestTimings } from '../helpers/timings.js';
import type { TestResult } from '../../runner/model/results.js';

const SAMPLES = join(PROJECT_ROOT, 'fixtures', 'submissions', 'cs111-ps9');

async function run(...argv: string[]) {
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

const made: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
};
const outDir = () => tempDir('grade-out-');
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});
const readResults = (dir: string) => JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8'));

describe('grade CLI', () => {
  it('prints its help with no arguments and with --help', async () => {
    expect((await run()).out).toContain('grade list [id]');
    expect(await run('--help')).toMatchObject({ code: 0, err: '' });
  });

  it('lists the five assignments, all graded', async () => {
    const { code, out } = await run('list');
    expect(code).toBe(0);
    expect(out).toMatch(/^cs111-ps9 .*\(graded; 18 targets, \d+ golden cases\)$/m);
    for (const id of ['hmc-cs5-hw11', 'cs61a-hw04', 'manchester-connect4', 'conniption'])
      expect(out).toMatch(new RegExp(`^${id} .*\\(graded; \\d+ targets, \\d+ golden cases\\)$`, 'm'));
    expect(out).not.toContain('not graded yet');
  });

  it('lists the Manchester and Conniption tests, the programs and the tournament among them', async () => {
    const manchester = await run('list', 'manchester-connect4');
    expect(manchester.code).toBe(0);
    expect(manchester.out).toMatch(/^ {2}play\.fuzz\s+3 {2}hidden/m);
    expect(manchester.out).toMatch(/^ {2}suggestMove2\.vs-suggestMove1\s+3 {2}visible/m);
    expect(manchester.out).toMatch(/^ {2}suggestMove2\.nearly-full\s+1 {2}hidden/m);
    expect(manchester.out).toContain('39 tests, 75 points graded automatically, 20 by hand');
    const conniption = await run('list', 'conniption');
    expect(conniption.code).toBe(0);
    expect(conniption.out).toMatch(/^ {2}repl\.moves\s+3 {2}visible/m);
    expect(conniption.out).toContain('17 tests, 40 points graded automatically');
  });

  it("lists one assignment's tests with their points", async () => {
    const { code, out } = await run('list', 'cs111-ps9');
    expect(code).toBe(0);
    expect(out).toMatch(/^Problem 4: AIPlayer: 30 points$/m);
    expect(out).toMatch(/^ {2}board\.is_win_for\.down-diagonal\s+2 {2}hidden/m);
    expect(out).toContain('51 tests, 96 points graded automatically, 4 by hand');
  });

  it('lists the HMC and CS61A tests with their points, the barrier group among them', async () => {
    const hmc = await run('list', 'hmc-cs5-hw11');
    expect(hmc.code).toBe(0);
    expect(hmc.out).toMatch(/^ {2}player\.scoresFor\.document\s+5 {2}visible/m);
    expect(hmc.out).toMatch(/^ {2}board\.setup\s+0 {2}visible/m);
    expect(hmc.out).toContain('22 tests, 40 points graded automatically');
    const cs61a = await run('list', 'cs61a-hw04');
    expect(cs61a.code).toBe(0);
    expect(cs61a.out).toMatch(/^The abstraction barrier: the game works on any board representation: 6 points$/m);
    expect(cs61a.out).toMatch(/^ {2}barrier\.check_win\s+1 {2}visible/m);
    expect(cs61a.out).toContain('31 tests, 40 points graded automatically');
  });

  it("list --cost grades the bundled correct samples and shows each test's cost to their code", async () => {
    const { code, out } = await run('list', 'cs61a-hw04', '--cost');
    expect(code).toBe(0);
    expect(out).toMatch(
      /^test\s+correct-classic\s+correct-lab04-split\s+correct-naive\s+correct-no-diagonal\s+correct-plain\s+correct-recursive\s+correct-windows$/m,
    );
    expect(out).toMatch(/^create_row\.document(\s+\d+\.\d\d s){7}$/m);
    expect(out).toMatch(/^all tests(\s+\d+\.\d\d s){7}$/m);
    expect(await run('list', '--cost')).toMatchObject({ code: 2, err: expect.stringContaining('give one assignment') });
    expect(await run('list', 'cs112', '--cost')).toMatchObject({ code: 2, err: expect.stringContaining("unknown assignment 'cs112'") });
  }, 120_000);

  it('exits 2 naming the known ids for an unknown assignment', async () => {
    const { code, err } = await run('list', 'cs112');
    expect(code).toBe(2);
    expect(err).toContain("unknown assignment 'cs112'; known: cs111-ps9");
  });

  it('exits 2 on usage errors: an unknown option, no submissions, --out inside reports/, an unknown format', async () => {
    expect((await run('--frobnicate')).code).toBe(2);
    const empty = tempDir('empty-');
    expect(await run(empty)).toMatchObject({ code: 2, err: expect.stringContaining('no submissions found') });
    expect(await run(SAMPLES, '--out', join(PROJECT_ROOT, 'reports', 'x'))).toMatchObject({
      code: 2,
      err: expect.stringContaining('inside the source folder reports/'),
    });
    expect(await run(SAMPLES, '--format', 'xml')).toMatchObject({
      code: 2,
      err: expect.stringContaining("unknown --format 'xml'; known: json, html, junit, gradescope, csv"),
    });
    expect(await run(SAMPLES, '--jobs', 'many')).toMatchObject({ code: 2, err: expect.stringContaining('--jobs') });
  });

  it('exits 2 when the Python it is given cannot run, saying what to do', async () => {
    const { code, err } = await run(join(SAMPLES, 'correct-classic'), '--python', '/no/such/python3', '--out', outDir());
    expect(code).toBe(2);
    expect(err).toContain("cannot run Python as '/no/such/python3'");
    expect(err).toContain('pass --python <path>');
  });

  it('exits 2 with the line of the fault when the spec does not match its schema', async () => {
    const root = tempDir('grade-root-');
    cpSync(join(PROJECT_ROOT, 'spec'), join(root, 'spec'), { recursive: true });
    symlinkSync(join(PROJECT_ROOT, 'fixtures'), join(root, 'fixtures'));
    const file = join(root, 'spec', 'cs111-ps9', 'assignment.yml');
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.replace('kind: file-present\n    points: 1', 'kind: file-present\n    points: one'));
    const line = readFileSync(file, 'utf8').split('\n').indexOf('    points: one') + 1;
    expect(line).toBeGreaterThan(0);
    let err = '';
    const code = await runGrade(
      [join(SAMPLES, 'correct-classic')],
      { out: () => {}, err: (s) => (err += s), isTTY: false, env: {}, cwd: root },
      root,
      '0',
      'grade',
    );
    expect(code).toBe(2);
    expect(err).toContain(`spec/cs111-ps9/assignment.yml:${line}:13: tests.reading.ps9pr0.present.points: must be number`);
  });

  it('grades a folder into results.json with exactly the fields of the contract, and says which tests were not run', async () => {
    const out = outDir();
    const {
      code,
      out: text,
      err,
    } = await run(
      join(SAMPLES, 'correct-classic'),
      join(SAMPLES, 'repr-short-dashes'),
      '--only',
      'board.repr',
      '--out',
      out,
      '--jobs',
      '2',
    );
    expect(code).toBe(0);
    expect(err).toMatch(/^\[1\/2\] /m);
    expect(text).toMatch(/^correct-classic\s+3\/96/m);
    const results = readResults(out);
    expect(Object.keys(results).sort()).toEqual([
      'clusters',
      'cost',
      'generatedAt',
      'sandbox',
      'seed',
      'settings',
      'similarity',
      'submissions',
      'tool',
    ]);
    // The class's cost adds up to its wall time: the floor, the students' own code in two parts, the jobs idle at the
    // end, and the grader's.
    const { cost } = results;
    expect(cost).toMatchObject({ submissions: 2, jobs: 2 });
    expect(cost.floorS + cost.examplesS + cost.restS + cost.tailS + cost.graderS).toBeCloseTo(cost.wallS, 0);
    expect(cost.tailS).toBeGreaterThanOrEqual(0);
    // Each submission's floor is measured (the class's is rounded to a tenth of a second, and two fast starts may round to 0).
    expect(cost.floorS).toBeGreaterThanOrEqual(0);
    expect(results.submissions.every((s: { floorMs?: number }) => (s.floorMs ?? 0) > 0)).toBe(true);
    expect(results.settings).toMatchObject({
      assignment: 'cs111-ps9',
      manualPoints: 4,
      only: 'board.repr',
      limits: { callMs: 5000, memoryMb: 1024 },
    });
    const [classic, dashes] = results.submissions;
    expect(Object.keys(classic).sort()).toEqual([
      'assignment',
      'durationMs',
      'filesHash',
      'floorMs',
      'id',
      'importMs',
      'maxScore',
      'path',
      'score',
      'status',
      'studentMs',
      'tests',
    ]);
    expect(classic).toMatchObject({ id: 'correct-classic', assignment: 'cs111-ps9', status: 'graded', score: 3, maxScore: 96 });
    const repr = dashes.tests.find((t: { id: string }) => t.id === 'board.repr.document');
    // The document's own example is among its cases: its share of the student's time is counted apart.
    expect(Object.keys(repr).sort()).toEqual([
      'actual',
      'documentMs',
      'durationMs',
      'expected',
      'failure',
      'group',
      'id',
      'maxScore',
      'message',
      'name',
      'reproduce',
      'said',
      'score',
      'status',
      'studentMs',
      'target',
      'visibility',
    ]);
    // Its message's sentences as data beside it: the message is their texts, one a line.
    expect(repr.said.map((w: { text: string }) => w.text).join('\n')).toBe(repr.message);
    expect(repr.said[0]).toMatchObject({ by: 'test', id: 'failedFirst' });
    // Its first failure as facts, which groups the students who made the same mistake.
    expect(repr.failure).toMatchObject({ case: expect.stringMatching(/^Board\.__repr__\.doc\./u), kind: 'answer' });
    expect(repr.documentMs).toBeLessThanOrEqual(repr.studentMs);
    // What each test cost: its wall time, and within it the student's own; a test that was not run costs nothing.
    for (const test of classic.tests) expect(test.studentMs).toBeLessThanOrEqual(test.durationMs + 1);
    expect(classic.tests.reduce((n: number, t: { studentMs: number }) => n + t.studentMs, 0)).toBeGreaterThan(0);
    expect(dashes.tests.find((t: { id: string }) => t.id === 'player.repr')).toMatchObject({ durationMs: 0, studentMs: 0 });
    expect(repr).toMatchObject({
      status: 'fail',
      score: 0,
      maxScore: 2,
      target: 'Board.__repr__',
      group: 'Problem 1: Board',
      visibility: 'visible',
      reproduce: expect.stringContaining('b = Board(6, 7)'),
    });
    expect(dashes.tests.find((t: { id: string }) => t.id === 'player.repr')).toMatchObject({
      status: 'skipped',
      message: 'not run: --only board.repr',
    });
  });

  it("measures an AI's strength, a figure for information, only when given --strength", async () => {
    const strength = async (...flags: string[]) => {
      const out = outDir();
      expect((await run(join(SAMPLES, 'correct-classic'), '--only', 'aiplayer.next_move.strength', '--out', out, ...flags)).code).toBe(0);
      const results = readResults(out);
      return {
        test: results.submissions[0].tests.find((t: TestResult) => t.id === 'aiplayer.next_move.strength') as TestResult,
        settings: results.settings,
      };
    };
    const without = await strength();
    expect(without.test).toMatchObject({ status: 'skipped', score: 0, maxScore: 0, message: expect.stringContaining('--strength') });
    expect(without.settings.strength).toBeUndefined();
    const measured = await strength('--strength');
    expect(measured.test.status).toBe('pass');
    expect(measured.test.strength).toMatchObject({ positions: 16, answered: 16 });
    expect(measured.settings.strength).toBe(true);
  }, 120_000);

  it('gives the same results for the same seed, random players included', async () => {
    const tests = async () => {
      const out = outDir();
      await run(join(SAMPLES, 'correct-classic'), '--only', 'random_player', '--out', out, '--seed', '7');
      return readResults(out).submissions[0].tests.map((t: TestResult) => withoutTestTimings(t));
    };
    expect(await tests()).toEqual(await tests());
  });

  it('check: visible tests only, the first failure expanded with its reproduce snippet, exit 1 on a failure', async () => {
    const failing = await run('check', join(SAMPLES, 'is-full-returns-none'), '--only', 'board.is_full', '--out', outDir());
    expect(failing.code).toBe(1);
    expect(failing.out).toContain('✗ is_full is True exactly when no column has room');
    expect(failing.out).toContain('returned None (None: is a return statement missing?)');
    expect(failing.out).toContain('b.is_full()');
    expect(failing.out).not.toContain('board.is_win_for.down-diagonal');
    const work = tempDir('student-');
    cpSync(join(SAMPLES, 'correct-classic'), work, { recursive: true });
    let printed = '';
    const code = await runGrade(
      ['--only', 'board.is_full'],
      { out: (s) => (printed += s), err: () => {}, isTTY: false, env: {}, cwd: work },
      PROJECT_ROOT,
      '0',
      'check',
    );
    expect(code).toBe(0);
    expect(printed).toContain('✓ is_full is True exactly when no column has room  (2/2)');
    expect(existsSync(join(work, 'grade-report')), 'check writes results.json only when --out is given').toBe(false);
  });
});

describe('grade --visible', () => {
  it('grades a class on the visible tests exactly as grade check grades each student', async () => {
    const samples = ['correct-classic', 'no-down-diagonal', 'next-move-no-count'];
    const klass = outDir();
    const graded = await run(...samples.map((s) => join(SAMPLES, s)), '--visible', '--format', 'json', '--jobs', '2', '--out', klass);
    expect(graded.code, graded.err).toBe(0);
    const results = readResults(klass) as {
      submissions: { id: string; tests: { id: string; status: string; visibility: string; message: string }[] }[];
    };
    for (const sample of samples) {
      const checked = outDir();
      await run('check', join(SAMPLES, sample), '--out', checked);
      const one = (readResults(checked) as typeof results).submissions[0]!;
      const inClass = results.submissions.find((s) => s.id === sample)!;
      expect(inClass.tests.every((t) => t.visibility === 'visible')).toBe(true);
      expect(
        inClass.tests.map((t) => [t.id, t.status, t.message]),
        sample,
      ).toEqual(one.tests.map((t) => [t.id, t.status, t.message]));
    }
  }, 120_000);
});

describe("the README's first command", () => {
  it('grades samples that exist, at least one correct and one that fails, for every assignment', () => {
    expect(
      allAssignments()
        .map((a) => a.id)
        .sort(),
    ).toEqual(['conniption', 'cs111-ps9', 'cs61a-hw04', 'hmc-cs5-hw11', 'manchester-connect4']);
    for (const { id: assignment, showcase: names } of allAssignments()) {
      expect(names).toContain('correct-classic');
      expect(names.length).toBeGreaterThan(2);
      for (const name of names)
        expect(existsSync(join(PROJECT_ROOT, 'fixtures', 'submissions', assignment, name)), `${assignment}/${name}`).toBe(true);
    }
  });
});
