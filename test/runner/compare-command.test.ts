/**
 * The instructor's regrade, end to end on CS61A samples: grade a class, change one fixture case and one student's
 * files, grade again with --previous, and find exactly the students that moved, each with its reason.
 */
import { cpSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runGrade } from '../../runner/cli/grade-command.js';
import { runCli } from '../../runner/cli/run-cli.js';
import { PROJECT_ROOT } from '../../runner/project-root.js';
import { tempDirs } from '../temp-dirs.js';

const SAMPLES = join(PROJECT_ROOT, 'fixtures', 'submissions', 'cs61a-hw04');
const temp = tempDirs();

describe('grade compare and --previous', () => {
  it('lists exactly the students whose results changed, with the reason for each; identical runs compare empty', async () => {
    // A project root of our own, so one fixture case can change between the runs.
    const root = temp('grade-root-');
    cpSync(join(PROJECT_ROOT, 'spec'), join(root, 'spec'), { recursive: true });
    cpSync(join(PROJECT_ROOT, 'fixtures'), join(root, 'fixtures'), {
      recursive: true,
      filter: (path) => !path.includes(`${join('fixtures', 'submissions')}`),
    });
    const klass = temp('grade-class-');
    for (const name of ['correct-classic', 'create-row-spaces', 'get-piece-transposed'])
      cpSync(join(SAMPLES, name), join(klass, name), { recursive: true });
    let said = '';
    const io = {
      out: (s: string) => {
        said += s;
      },
      err: (s: string) => {
        said += s;
      },
      isTTY: false,
      env: {},
      cwd: klass,
    };
    const grade = (out: string, ...more: string[]) =>
      runGrade(
        [klass, '--assignment', 'cs61a-hw04', '--out', out, '--format', 'json,html', '--jobs', '2', ...more],
        io,
        root,
        '0',
        'grade',
      );

    const first = temp('grade-monday-');
    expect(await grade(first)).toBe(0);

    // One case of replace_elem.generated now expects something no submission returns: everyone who passed it drops.
    const fixture = join(root, 'fixtures', 'cs61a-hw04', 'replace-elem.json');
    const data = JSON.parse(readFileSync(fixture, 'utf8'));
    data.cases.find((c: { id: string }) => c.id === 'replace_elem.gen.000').expected = {
      value: { type: 'list', items: [{ type: 'str', value: 'nobody returns this' }] },
    };
    writeFileSync(fixture, JSON.stringify(data));
    // And one student fixes create_row.
    cpSync(join(SAMPLES, 'correct-classic', 'hw04.py'), join(klass, 'create-row-spaces', 'hw04.py'));

    const second = temp('grade-out-');
    said = '';
    expect(await grade(second, '--previous', first, '--audience', 'student')).toBe(0);
    const run = JSON.parse(readFileSync(join(second, 'results.json'), 'utf8'));
    const byId = Object.fromEntries(run.comparison.students.map((s: { id: string }) => [s.id, s]));
    expect(Object.keys(byId).sort()).toEqual(['correct-classic', 'create-row-spaces', 'get-piece-transposed']);
    expect(byId['correct-classic']).toMatchObject({
      passToFail: ['replace_elem.generated'],
      failToPass: [],
      reasons: ['fixture changed: replace_elem.generated'],
    });
    expect(byId['correct-classic'].delta).toBeLessThan(0);
    expect(byId['create-row-spaces'].reasons).toEqual(['submission changed', 'fixture changed: replace_elem.generated']);
    expect(byId['create-row-spaces'].failToPass).toEqual(expect.arrayContaining(['create_row.document', 'create_row.generated']));
    // Only the test that reads the case changed (replace_elem.new-list has cases of its own, so the kit never ships this one).
    expect(run.comparison.testsChanged).toEqual([{ id: 'replace_elem.generated', what: 'fixture' }]);
    const csv = readFileSync(join(second, 'changes.csv'), 'utf8').split('\r\n');
    expect(csv[0]).toBe(
      'student,name,old,new,delta,exported_old,exported_new,exported_delta,adjusted_old,adjusted_new,kept_old,kept_new,late_old,late_new,pass_to_fail,fail_to_pass,why',
    );
    const classicScores = `${byId['correct-classic'].old},${byId['correct-classic'].new},${byId['correct-classic'].delta}`;
    expect(csv).toContain(
      `correct-classic,,${classicScores},${classicScores},,,,,,,replace_elem.generated,,fixture changed: replace_elem.generated`,
    );
    expect(said).toMatch(/Compared with .*grade-monday-\w+: 3 students changed, \d lost points/);
    expect(readFileSync(join(second, 'index.html'), 'utf8')).toContain('<h2>What changed</h2>');

    // --keep-higher: the students whose score fell keep the earlier one in every export, and it is recorded.
    const kept = temp('grade-kept-');
    let keptSaid = '';
    expect(
      await runCli(
        ['compare', first, second, '--out', kept, '--keep-higher'],
        (s) => (keptSaid += s),
        (s) => (keptSaid += s),
        { env: {}, cwd: klass },
      ),
    ).toBe(0);
    const keptRun = JSON.parse(readFileSync(join(kept, 'results.json'), 'utf8'));
    const classic = keptRun.submissions.find((s: { id: string }) => s.id === 'correct-classic');
    expect(classic.keptHigher).toEqual({ score: byId['correct-classic'].old, from: first, automatic: byId['correct-classic'].old });
    expect(readFileSync(join(kept, 'scores.csv'), 'utf8')).toContain(`correct-classic,${byId['correct-classic'].old},`);
    expect(keptRun.comparison.keptHigher).toBeGreaterThanOrEqual(1);
    expect(keptSaid).toContain('keep the previous, higher score in every export');
    // The page handed back shows the kept score too: every page a compare rewrites agrees with the gradebooks.
    const handedBack = readFileSync(join(kept, 'for-students', 'correct-classic.html'), 'utf8');
    expect(handedBack).toContain(`kept ${byId['correct-classic'].old}, the higher score of an earlier grading`);
    // No path of the instructor's machine: not the earlier run's folder, not the class folder.
    expect(handedBack).not.toContain(first);
    expect(handedBack).not.toContain(klass);
    expect(readFileSync(join(kept, 'gradescope', 'correct-classic.json'), 'utf8')).not.toContain(first);

    // Graded again with --previous on the kept run, without --keep-higher, with an adjustment and a total override:
    // the automatic scores do not move, the exported ones do, and each says why.
    writeFileSync(
      join(klass, 'adjustments.csv'),
      'student,test,change,reason,by\ncreate-row-spaces,create_row.document,-1,copied the row,TA\nget-piece-transposed,total,=30,override,Prof\n',
    );
    const third = temp('grade-wednesday-');
    said = '';
    expect(await grade(third, '--previous', kept)).toBe(0);
    const wednesday = JSON.parse(readFileSync(join(third, 'results.json'), 'utf8')).comparison.students;
    const moved = Object.fromEntries(wednesday.map((s: { id: string }) => [s.id, s]));
    expect(moved['correct-classic']).toMatchObject({
      delta: 0,
      exported: { delta: byId['correct-classic'].delta },
      reasons: [expect.stringContaining('keep-higher not repeated')],
    });
    expect(moved['create-row-spaces']).toMatchObject({
      delta: 0,
      exported: { delta: -1 },
      reasons: ['adjustment -1 on create_row.document (copied the row): added (line 2)'],
    });
    // It had kept its Monday score too: both reasons are given.
    expect(moved['get-piece-transposed']).toMatchObject({
      delta: 0,
      exported: { new: 30 },
      reasons: ['total override =30 on the total (override): added (line 3)', expect.stringContaining('keep-higher not repeated')],
    });
    expect(said).not.toContain('no student changed');
    expect(said).toMatch(/correct-classic: exported \d+ → \d+ \(-\d+\), automatic \d+ → \d+ \(0\)/u);
    rmSync(join(klass, 'adjustments.csv'));

    // The same run compared with itself: nothing changed.
    let out = '';
    const code = await runCli(
      ['compare', second, second, '--out', temp('grade-cmp-')],
      (s) => (out += s),
      (s) => (out += s),
      { env: {}, cwd: klass },
    );
    expect(code).toBe(0);
    expect(out).toContain('no student changed');
  }, 180_000);

  it('refuses a folder without results.json, and two runs of different assignments, with exit 2', async () => {
    const empty = temp('grade-empty-');
    let err = '';
    expect(
      await runCli(
        ['compare', empty, empty],
        () => {},
        (s) => (err += s),
        { env: {}, cwd: empty },
      ),
    ).toBe(2);
    expect(err).toContain('has no results.json');
    const a = temp('grade-a-');
    const b = temp('grade-b-');
    const runOf = (assignment: string) => JSON.stringify({ generatedAt: 'x', seed: 1, settings: { assignment }, submissions: [] });
    writeFileSync(join(a, 'results.json'), runOf('cs111-ps9'));
    writeFileSync(join(b, 'results.json'), runOf('cs61a-hw04'));
    err = '';
    expect(
      await runCli(
        ['compare', a, b],
        () => {},
        (s) => (err += s),
        { env: {}, cwd: empty },
      ),
    ).toBe(2);
    expect(err).toContain('only runs of one assignment compare');
    err = '';
    expect(
      await runCli(
        ['compare', a],
        () => {},
        (s) => (err += s),
        { env: {}, cwd: empty },
      ),
    ).toBe(2);
    expect(err).toContain('give two run folders');
  });

  it('refuses an --out that would write over the run --previous compares with, before grading anything', async () => {
    const klass = temp('grade-class-');
    cpSync(join(SAMPLES, 'correct-plain'), join(klass, 'ada'), { recursive: true });
    const monday = temp('grade-monday-');
    const baseline = '{"the": "baseline"}\n';
    writeFileSync(join(monday, 'results.json'), baseline);
    // A symlink to the previous run's folder is that folder, and so is one to its parent with the same name below.
    const links = temp('grade-links-');
    symlinkSync(monday, join(links, 'latest'));
    symlinkSync(dirname(monday), join(links, 'runs'));
    for (const out of [monday, join(monday, 'again'), join(links, 'latest'), join(links, 'runs', basename(monday))]) {
      let err = '';
      const io = {
        out: () => {},
        err: (s: string) => {
          err += s;
        },
        isTTY: false,
        env: {},
        cwd: klass,
      };
      expect(
        await runGrade([klass, '--assignment', 'cs61a-hw04', '--out', out, '--previous', monday], io, PROJECT_ROOT, '0', 'grade'),
      ).toBe(2);
      expect(err).toMatch(
        /--out .* (is the folder|is inside the folder) of the run --previous compares with .*: this run would write over it/u,
      );
      expect(err).not.toContain('ada:');
    }
    expect(readFileSync(join(monday, 'results.json'), 'utf8')).toBe(baseline);
    // grade compare and grade merge compare their --out the same way.
    writeFileSync(
      join(monday, 'results.json'),
      JSON.stringify({ generatedAt: 'x', seed: 1, settings: { assignment: 'cs61a-hw04' }, submissions: [] }),
    );
    const tuesday = temp('grade-tuesday-');
    writeFileSync(
      join(tuesday, 'results.json'),
      JSON.stringify({ generatedAt: 'y', seed: 1, settings: { assignment: 'cs61a-hw04' }, submissions: [] }),
    );
    let err = '';
    expect(
      await runCli(
        ['compare', monday, tuesday, '--out', join(links, 'latest')],
        () => {},
        (t) => (err += t),
        { env: {}, cwd: klass },
      ),
    ).toBe(2);
    expect(err).toContain('of the earlier run');
    err = '';
    expect(
      await runCli(
        ['merge', monday, tuesday, '--out', join(links, 'latest')],
        () => {},
        (t) => (err += t),
        { env: {}, cwd: klass },
      ),
    ).toBe(2);
    expect(err).toContain('one of the runs being merged');
  });
});
