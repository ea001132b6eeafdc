/**
 * Deadlines: a late policy's penalties for submissions a minute early, a minute late, a day and an hour late and
 * late with an extension, the same in every export; --at-deadline grading a repository's last commit by the
 * deadline, and with a push log the commit pushed by then, whatever date its commit claims.
 */
import { execa } from 'execa';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../helpers/cli.js';
import { deadlineOf, latenessOf, parseDuration, parseExtensions, parseInstant, parseLatePolicy } from '../../runner/class/deadlines.js';
import { gradescopeTime } from '../../runner/layout/exports.js';
import { timeSubmissions } from '../../runner/cli/deadline-setup.js';
import type { RunResults } from '../../runner/model/results.js';
import { PROJECT_ROOT } from '../../runner/project-root.js';
import { tempDirs } from '../temp-dirs.js';

const SAMPLES = join(PROJECT_ROOT, 'fixtures', 'submissions', 'cs61a-hw04');
const temp = tempDirs();
const DUE = '2026-12-04T23:59:00-05:00';
const at = (minutes: number) => new Date(new Date(DUE).getTime() + minutes * 60_000);

const results = (dir: string) => JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as RunResults;

describe('the late policy', () => {
  it('reads durations, times with their zone, policies and extensions, and refuses what it cannot read', async () => {
    expect(parseDuration('15m', '--grace')).toBe(900_000);
    expect(parseDuration('1d12h', '--grace')).toBe(129_600_000);
    expect(() => parseDuration('soon', '--grace')).toThrow("--grace: 'soon' is not a duration");
    expect(parseInstant(DUE, '--due').toISOString()).toBe('2026-12-05T04:59:00.000Z');
    expect(() => parseInstant('2026-12-04', '--due')).toThrow('must be an ISO date and time with its zone');
    expect(await parseLatePolicy('per: day\npenalty: 10\ncap: 30\n', 'late.yml')).toEqual({
      per: 'day',
      percent: 10,
      cap: 30,
      of: 'max',
      lateDays: 0,
    });
    await expect(parseLatePolicy('per: week\npenalty: 10\n', 'late.yml')).rejects.toThrow('late.yml: per is day or hour');
    await expect(parseLatePolicy('penalty: 10\nlatedays: 2\n', 'late.yml')).rejects.toThrow("'latedays' is not a key of a late policy");
    await expect(parseLatePolicy('per: hour\npenalty: 1\nlate_days: 2\n', 'late.yml')).rejects.toThrow('late_days count days');
    await expect(parseLatePolicy('cap: 50\n', 'late.yml')).rejects.toThrow('give penalty');
    const ext = parseExtensions(
      'student,due,reason,late_days\nada,+2d,illness,\nbob,2026-12-06T12:00:00Z,conference,1\n',
      'extensions.csv',
      new Map([
        ['ada', 'ada'],
        ['bob', 'bob'],
      ]),
    );
    expect(ext.get('ada')).toEqual({ line: 2, extraMs: 172_800_000, reason: 'illness' });
    expect(ext.get('bob')).toMatchObject({ due: new Date('2026-12-06T12:00:00Z'), lateDays: 1 });
    expect(() => parseExtensions('student,due\ncy,+1d\n', 'extensions.csv', new Map([['ada', 'ada']]))).toThrow(
      "extensions.csv, line 2: no submission 'cy' was graded",
    );
    // Names are matched without regard to case, and a typo is offered the nearest.
    expect(
      parseExtensions(
        'student,due,reason\nADA,+1d,flu\n',
        'extensions.csv',
        new Map([
          ['ada', 'ada'],
          ['ada@uni.edu', 'ada'],
        ]),
      ).get('ada'),
    ).toMatchObject({ extraMs: 86_400_000 });
    expect(() =>
      parseExtensions(
        'student,due\nadda,+1d\n',
        'extensions.csv',
        new Map([
          ['ada', 'ada'],
          ['bob', 'bob'],
        ]),
      ),
    ).toThrow("no submission 'adda' was graded; did you mean 'ada'?");
    expect(gradescopeTime('2026-12-04 23:58:00.939519000 -05:00')).toBe('2026-12-05T04:58:00.939Z');
  });

  it('takes a percent per started day beyond the deadline and grace, within its cap, spending late days first', () => {
    const policy = { per: 'day' as const, percent: 10, cap: 30, of: 'max' as const, lateDays: 0 };
    const deadline = deadlineOf(new Date(DUE), 0, undefined);
    expect(latenessOf(at(-1), 'gradescope', deadline, policy)).toMatchObject({ lateBySeconds: 0, percent: 0, reason: 'on time' });
    expect(latenessOf(at(1), 'gradescope', deadline, policy)).toMatchObject({
      lateBySeconds: 60,
      units: 1,
      percent: 10,
      reason: '1 min late (1 day counted); 10 % a day: -10 % of the points possible',
    });
    expect(latenessOf(at(25 * 60), 'gradescope', deadline, policy)).toMatchObject({ units: 2, percent: 20 });
    expect(latenessOf(at(7 * 24 * 60), 'gradescope', deadline, policy)).toMatchObject({
      units: 7,
      percent: 30,
      reason: expect.stringContaining('at most 30 %'),
    });
    expect(latenessOf(at(10), 'gradescope', deadlineOf(new Date(DUE), 900_000, undefined), policy)).toMatchObject({
      percent: 0,
      reason: 'on time: 10 min after the deadline, within the 15 min of grace',
    });
    expect(latenessOf(at(25 * 60), 'gradescope', deadline, { ...policy, lateDays: 1 })).toMatchObject({
      units: 2,
      lateDaysUsed: 1,
      percent: 10,
    });
    expect(latenessOf(undefined, 'canvas', deadline, policy)).toMatchObject({
      percent: 0,
      reason: expect.stringContaining("late by Canvas's mark"),
    });
  });

  it('reads a late cutoff, and does not grade work submitted after it', async () => {
    const policy = await parseLatePolicy('per: day\npenalty: 10\ncutoff: 3d\n', 'late.yml');
    expect(policy.cutoff).toEqual({ afterMs: 3 * 86_400_000, text: '3d' });
    expect((await parseLatePolicy(`penalty: 5\ncutoff: "${DUE}"\n`, 'late.yml')).cutoff).toMatchObject({ at: new Date(DUE) });
    await expect(parseLatePolicy('penalty: 5\ncutoff: soon\n', 'late.yml')).rejects.toThrow("late.yml: cutoff: 'soon' is not a duration");
    const deadline = deadlineOf(new Date(DUE), 0, undefined, '-05:00');
    expect(latenessOf(at(4 * 24 * 60), 'gradescope', deadline, policy)).toMatchObject({
      percent: 0,
      cutoff: '2026-12-08T04:59:00.000Z',
      reason: '96 h late, after the late cutoff (3d after the deadline): not graded',
    });
    // A Gradescope export's submission after the cutoff is not graded; one before it is.
    const setup = {
      due: new Date(DUE),
      zone: '-05:00',
      graceMs: 0,
      policy,
      policyFile: 'late.yml',
      extensions: new Map(),
      atDeadline: false,
      record: { due: DUE, graceMs: 0, hash: 'h' },
    };
    const submission = (id: string, minutes: number) => ({ id, path: id, files: [], submittedAt: at(minutes).toISOString() });
    const timed = await timeSubmissions([submission('late', 4 * 24 * 60), submission('ok', 60)], setup, [], new Set());
    expect([...timed.notGraded]).toEqual([
      [
        'late',
        'Not graded: submitted 2026-12-08T23:59:00-05:00, after the late cutoff (2026-12-07T23:59:00-05:00, 3d after the deadline).',
      ],
    ]);
  });
});

describe('grade with a due time', () => {
  it('gives submissions a minute early, a minute late, 25 hours late and late with an extension exactly their penalty, in every export', async () => {
    // A Gradescope export: each submission's created_at is its time.
    const klass = temp('deadline-gradescope-');
    const students = { early: -1, 'one-minute': 1, 'a-day': 25 * 60, extended: 25 * 60 };
    const meta: string[] = [];
    for (const [name, minutes] of Object.entries(students)) {
      cpSync(join(SAMPLES, 'correct-plain'), join(klass, `submission_${name}`), { recursive: true });
      const when = at(minutes);
      meta.push(
        `submission_${name}:`,
        '  :submitters:',
        `  - :name: ${name}`,
        `    :sid: '${name}'`,
        `  :created_at: ${when.toISOString().replace('T', ' ').replace('Z', ' +00:00')}`,
      );
    }
    writeFileSync(join(klass, 'submission_metadata.yml'), `${meta.join('\n')}\n`);
    const policy = join(temp('deadline-policy-'), 'late.yml');
    writeFileSync(policy, 'per: day\npenalty: 10\ncap: 30\n');
    const extensions = join(temp('deadline-ext-'), 'extensions.csv');
    writeFileSync(extensions, 'student,due,reason\nextended,+2d,a family emergency\n');
    const out = temp('deadline-out-');
    const graded = await cli(
      klass,
      '--assignment',
      'cs61a-hw04',
      '--out',
      out,
      '--format',
      'json,html,csv,gradescope,junit',
      '--due',
      DUE,
      '--late-policy',
      policy,
      '--extensions',
      extensions,
    );
    expect(graded.code, graded.err).toBe(0);
    expect(graded.out).toContain('2 of 4 timed submissions late');
    const run = results(out);
    const byId = Object.fromEntries(run.submissions.map((s) => [s.id, s]));
    const expected = { early: 40, 'one-minute': 36, 'a-day': 32, extended: 40 };
    for (const [id, score] of Object.entries(expected)) {
      const s = byId[`submission_${id}`]!;
      expect(s.score, id).toBe(40);
      expect(s.adjusted?.score ?? s.score, id).toBe(score);
      const gradescope = JSON.parse(readFileSync(join(out, 'gradescope', `submission_${id}.json`), 'utf8'));
      expect(gradescope.score, id).toBe(score);
      expect(readFileSync(join(out, 'scores.csv'), 'utf8')).toContain(`submission_${id},${score},40`);
      expect(readFileSync(join(out, 'gradebook.csv'), 'utf8')).toContain(`${id},${id},${id},,,${score}\r\n`);
    }
    expect(byId['submission_extended']!.late).toMatchObject({
      due: '2026-12-07T04:59:00.000Z',
      percent: 0,
      extension: 'a family emergency',
      reason: 'on time',
    });
    expect(byId['submission_a-day']!.adjusted!.rows).toEqual([
      expect.objectContaining({
        kind: 'late',
        applied: -8,
        reason: '25 h late (2 days counted); 10 % a day: -20 % of the points possible',
      }),
    ]);
    expect(readFileSync(join(out, 'junit.xml'), 'utf8')).toContain('-8 for late work: 25 h late');
    const page = readFileSync(join(out, 'submissions', 'submission_a-day.html'), 'utf8');
    expect(page).toContain('-8 for late work');
    // Times in the zone the deadline was given in, to the second: never UTC with milliseconds.
    expect(page).toContain('submitted 2026-12-06T00:59:00-05:00 (gradescope), due 2026-12-04T23:59:00-05:00: 25 h late');
    expect(page).not.toMatch(/\d\d:\d\d:\d\d\.\d{3}Z/u);
    expect(byId['submission_a-day']!.late).toMatchObject({ zone: '-05:00' });
    expect(graded.out).toContain('Due 2026-12-04T23:59:00-05:00, late policy');

    // A merge with the class's adjustments keeps the penalties: they are made again from each submission's time.
    const shards = [1, 2].map((i) => temp(`deadline-shard-${i}-`));
    for (const [i, dir] of shards.entries())
      expect(
        (
          await cli(
            klass,
            '--assignment',
            'cs61a-hw04',
            '--out',
            dir,
            '--format',
            'json',
            '--due',
            DUE,
            '--late-policy',
            policy,
            '--extensions',
            extensions,
            '--shard',
            `${i + 1}/2`,
          )
        ).code,
      ).toBe(0);
    const adjustments = join(temp('deadline-adj-'), 'adjustments.csv');
    writeFileSync(adjustments, 'student,test,change,reason,by\nsubmission_early,total,-1,a test,TA\n');
    const merged = temp('deadline-merged-');
    expect((await cli('merge', ...shards, '--out', merged, '--format', 'json', '--adjustments', adjustments)).code).toBe(0);
    const again = Object.fromEntries(results(merged).submissions.map((s) => [s.id, s.adjusted?.score ?? s.score]));
    expect(again).toEqual({ submission_early: 39, 'submission_one-minute': 36, 'submission_a-day': 32, submission_extended: 40 });
  }, 120_000);

  it('grades a repository at the deadline: the last commit dated by then, or with a push log the commit pushed by then', async () => {
    const klass = temp('deadline-git-');
    const repo = join(klass, 'ada');
    mkdirSync(repo);
    const git = (env: Record<string, string>, ...args: string[]) =>
      execa('git', ['-c', 'user.name=Ada', '-c', 'user.email=ada@uni.edu', '-C', repo, ...args], {
        env: { ...env, GIT_CONFIG_NOSYSTEM: '1' },
      });
    const dated = (minutes: number) => ({ GIT_AUTHOR_DATE: at(minutes).toISOString(), GIT_COMMITTER_DATE: at(minutes).toISOString() });
    await git({}, 'init', '-q', '-b', 'main');
    cpSync(join(SAMPLES, 'create-row-spaces', 'hw04.py'), join(repo, 'hw04.py'));
    await git(dated(-120), 'add', 'hw04.py');
    await git(dated(-120), 'commit', '-q', '-m', 'first try');
    const first = String((await git({}, 'rev-parse', 'HEAD')).stdout).trim();
    // The fix, committed after the deadline with its date set an hour before it: the date is the student's claim.
    cpSync(join(SAMPLES, 'correct-plain', 'hw04.py'), join(repo, 'hw04.py'));
    await git(dated(-60), 'commit', '-q', '-am', 'fixed');
    const second = String((await git({}, 'rev-parse', 'HEAD')).stdout).trim();

    const claimed = temp('deadline-git-out-');
    const byCommit = await cli(klass, '--assignment', 'cs61a-hw04', '--out', claimed, '--format', 'json', '--due', DUE, '--at-deadline');
    expect(byCommit.code, byCommit.err).toBe(0);
    expect(byCommit.out).toContain('their own claim');
    expect(results(claimed).submissions[0]).toMatchObject({ score: 40, late: { source: 'git commit', commit: second, percent: 0 } });

    const pushes = temp('deadline-pushes-');
    writeFileSync(
      join(pushes, 'ada.json'),
      JSON.stringify([
        { id: 2, before: first, after: second, ref: 'refs/heads/main', timestamp: at(180).toISOString(), activity_type: 'push' },
        {
          id: 1,
          before: '0000000000000000000000000000000000000000',
          after: first,
          ref: 'refs/heads/main',
          timestamp: at(-90).toISOString(),
          activity_type: 'branch_creation',
        },
      ]),
    );
    const pushed = temp('deadline-push-out-');
    const byPush = await cli(
      klass,
      '--assignment',
      'cs61a-hw04',
      '--out',
      pushed,
      '--format',
      'json',
      '--due',
      DUE,
      '--at-deadline',
      '--pushes',
      pushes,
    );
    expect(byPush.code, byPush.err).toBe(0);
    const ada = results(pushed).submissions[0]!;
    expect(ada.late).toMatchObject({ source: 'git push', commit: first, submittedAt: at(-90).toISOString(), percent: 0 });
    expect(ada.tests.filter((t) => t.status !== 'pass').map((t) => t.id)).toEqual(['create_row.document', 'create_row.generated']);

    // Nothing by the deadline: graded empty, and said.
    const early = await cli(
      klass,
      '--assignment',
      'cs61a-hw04',
      '--out',
      temp('deadline-none-'),
      '--format',
      'json',
      '--due',
      at(-24 * 60).toISOString(),
      '--at-deadline',
    );
    expect(early.code).toBe(0);
    expect(early.err).toContain('ada: no commit at or before');
    const refused = await cli(klass, '--assignment', 'cs61a-hw04', '--out', temp('deadline-refused-'), '--at-deadline');
    expect(refused).toMatchObject({ code: 2, err: expect.stringContaining('--at-deadline needs a due time') });
  }, 120_000);

  it('--at-deadline grades the last commit within the late window and takes the penalty, and nothing after the late cutoff', async () => {
    const klass = temp('deadline-window-');
    const commit = async (student: string, sample: string, minutes: number) => {
      const repo = join(klass, student);
      mkdirSync(repo, { recursive: true });
      const env = { GIT_CONFIG_NOSYSTEM: '1', GIT_AUTHOR_DATE: at(minutes).toISOString(), GIT_COMMITTER_DATE: at(minutes).toISOString() };
      const git = (...args: string[]) =>
        execa('git', ['-c', `user.name=${student}`, '-c', 'user.email=s@uni.edu', '-C', repo, ...args], { env });
      if (!existsSync(join(repo, '.git'))) await git('init', '-q', '-b', 'main');
      cpSync(join(SAMPLES, sample, 'hw04.py'), join(repo, 'hw04.py'));
      await git('add', 'hw04.py');
      await git('commit', '-q', '-m', `at ${minutes}`);
    };
    // ada fixes her work 25 hours late; bob commits only 25 hours late; cy only three weeks late; dee has a late day.
    await commit('ada', 'create-row-spaces', -60);
    await commit('ada', 'correct-plain', 25 * 60);
    await commit('bob', 'correct-plain', 25 * 60);
    await commit('cy', 'correct-plain', 21 * 24 * 60);
    await commit('dee', 'correct-plain', 25 * 60);
    const dir = temp('deadline-window-policy-');
    writeFileSync(join(dir, 'extensions.csv'), 'student,due,reason,late_days\ndee,+0d,late days,2\n');
    const grade = async (policy: string) => {
      writeFileSync(join(dir, 'late.yml'), policy);
      const out = temp('deadline-window-out-');
      const graded = await cli(
        klass,
        '--assignment',
        'cs61a-hw04',
        '--out',
        out,
        '--format',
        'json,html',
        '--due',
        DUE,
        '--at-deadline',
        '--late-policy',
        join(dir, 'late.yml'),
        '--extensions',
        join(dir, 'extensions.csv'),
        '--only',
        'create_row.',
      );
      expect(graded.code, graded.err).toBe(0);
      return { out, err: graded.err, byId: Object.fromEntries(results(out).submissions.map((s) => [s.id, s])) };
    };
    const open = await grade('per: day\npenalty: 10\ncap: 30\n');
    // No cutoff: the late commit is graded and pays 2 days; three weeks late pays the cap; a late day spent is free.
    expect(open.byId['ada']).toMatchObject({ score: 2, late: { units: 2, percent: 20 } });
    expect(open.byId['bob']).toMatchObject({ score: 2, late: { units: 2, percent: 20 } });
    expect(open.byId['cy']).toMatchObject({ late: { percent: 30 } });
    expect(open.byId['dee']).toMatchObject({ score: 2, late: { units: 2, lateDaysUsed: 2, percent: 0 } });

    const cut = await grade('per: day\npenalty: 10\ncap: 30\ncutoff: 3d\n');
    expect(cut.byId['ada']).toMatchObject({ status: 'graded', late: { units: 2, percent: 20 } });
    // Three weeks late is after the cutoff: not graded, and its page says so rather than that hw04.py is missing.
    expect(cut.byId['cy']).toMatchObject({
      status: 'error',
      score: 0,
      error: expect.stringMatching(
        /^Not graded: no commit at or before 2026-12-07T23:59:00-05:00 \(the late cutoff, 3d after their deadline\): the last commit, 2026-12-25T23:59:00-05:00, came after it\.$/u,
      ),
    });
    expect(cut.byId['cy']!.tests.every((t: { status: string }) => t.status === 'skipped')).toBe(true);
    const page = readFileSync(join(cut.out, 'submissions', 'cy.html'), 'utf8');
    expect(page).toContain('after the late cutoff');
    expect(page).not.toMatch(/missing|rename/iu);
    expect(cut.err).toContain('cy: no commit at or before');

    // A cutoff of one day: ada's on-time commit is the one graded; bob, with nothing by then, is not graded.
    const day = await grade('per: day\npenalty: 10\ncutoff: 1d\n');
    expect(day.byId['ada']).toMatchObject({ status: 'graded', late: { percent: 0, reason: 'on time' } });
    expect(day.byId['ada']!.score).toBeLessThan(2);
    expect(day.byId['bob']).toMatchObject({ status: 'error', error: expect.stringContaining('the late cutoff, 1d after their deadline') });
  }, 120_000);
});
