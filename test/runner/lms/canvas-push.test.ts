/**
 * `grade push canvas` against a fake Canvas on 127.0.0.1 (test/helpers/fake-canvas.ts): a class graded with its
 * roster and notes is pushed (each score, one comment with the summary, the notes and the page on the current
 * attempt, every change read back, one request at a time), pushed again with nothing new (no write, no second
 * comment), and pushed after one change (only that student written). Throttling and server errors are met as Canvas
 * gives them; the waits are recorded, not slept.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runPush } from '../../../runner/cli/push-command.js';
import { PROJECT_ROOT } from '../../../runner/project-root.js';
import type { RunResults } from '../../../runner/model/results.js';
import { canvasComment, canvasPage } from '../../../reports/canvas-comment.js';
import { cli } from '../../helpers/cli.js';
import { FakeCanvas, type FakeCanvasOptions, type FakeStudent } from '../../helpers/fake-canvas.js';
import { tempDirs } from '../../temp-dirs.js';

const SAMPLES = join(PROJECT_ROOT, 'fixtures', 'submissions', 'cs61a-hw04');
const temp = tempDirs();
const TOKEN = 'instructor-token';
/** Four students of the roster, by folder and Canvas user id. */
const CLASS = [
  ['alovelace', 'correct-plain', 1001],
  ['cbabbage', 'create-row-spaces', 1002],
  ['aturing', 'put-piece-top-row', 1003],
  ['ghopper', 'create-row-spaces', 1004],
] as const;

let out: string;
let run: RunResults;
const fakes: FakeCanvas[] = [];
afterEach(async () => {
  while (fakes.length > 0) await fakes.pop()!.close();
});

beforeAll(async () => {
  const klass = temp('push-class-');
  for (const [folder, sample] of CLASS)
    cpSync(join(SAMPLES, sample), join(klass, folder), { recursive: true, filter: (p) => !p.endsWith('BUG.md') });
  const roster = join(klass, '..', `${klass.split('/').pop()}-roster.csv`);
  writeFileSync(
    roster,
    `Student,ID,SIS User ID,SIS Login ID,Section,Homework 4 (9001)\n    Points Possible,,,,,40\n${CLASS.map(([login, , id]) => `"${login}",${id},,${login},A,`).join('\n')}\n`,
  );
  writeFileSync(
    join(klass, 'notes.yml'),
    'create_row.generated: "Look at the **spaces**: none between the cells. See [lecture 9](https://example.edu/l9)."\n',
  );
  out = temp('push-run-');
  const graded = await cli(
    klass,
    '--assignment',
    'cs61a-hw04',
    '--out',
    out,
    '--format',
    'json',
    '--roster',
    roster,
    '--only',
    'create_row,put_piece',
  );
  expect(graded.code, graded.err).toBe(0);
  run = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as RunResults;
  // The assignment's id came from the roster's column of it: the push finds it there.
  expect(run.gradebook?.canvasAssignmentId).toBe('9001');
}, 120_000);

async function fake(options: Partial<FakeCanvasOptions> = {}, students?: FakeStudent[]): Promise<FakeCanvas> {
  const max = run.submissions[0]!.maxScore;
  const canvas = await FakeCanvas.start({
    token: TOKEN,
    course: 77,
    assignment: { id: 9001, name: 'Homework 4', points_possible: max },
    students: students ?? CLASS.map(([, , userId]) => ({ userId })),
    perPage: 3,
    ...options,
  });
  fakes.push(canvas);
  return canvas;
}

/** Runs the push against `canvas`, the waits recorded instead of slept. */
async function push(canvas: FakeCanvas, ...argv: string[]) {
  return pushWith(canvas, {}, ...argv);
}

async function pushWith(canvas: FakeCanvas, hooks: { timeoutMs?: number }, ...argv: string[]) {
  let text = '';
  let err = '';
  const waits: number[] = [];
  const code = await runPush(
    ['canvas', out, '--course', '77', ...argv],
    {
      out: (s) => (text += s),
      err: (s) => (err += s),
      isTTY: false,
      env: { CANVAS_TOKEN: TOKEN, CANVAS_URL: canvas.url },
      cwd: PROJECT_ROOT,
    },
    { sleep: async (ms) => void waits.push(ms), backoffMs: 100, ...hooks },
  );
  return { code, out: text, err, waits };
}

const submission = (id: string) => run.submissions.find((s) => s.id === id)!;

describe('grade push canvas', () => {
  it('enters each score, one comment with the summary, the notes and the page on the current attempt, reads each back, one request at a time', async () => {
    const canvas = await fake();
    const pushed = await push(canvas);
    expect(pushed.code, pushed.err).toBe(0);
    expect(pushed.out).toContain('Pushed 4 of 4 changes, each read back');
    for (const [login, , userId] of CLASS) {
      const s = canvas.students.get(userId)!;
      expect(s.enteredScore).toBe(submission(login).score);
      expect(s.comments).toHaveLength(1);
      expect(s.comments![0]).toMatchObject({ comment: canvasComment(run, submission(login)), attempt: 1 });
      expect(canvas.attachment(s.comments![0]!)).toBe(canvasPage(run, submission(login)));
    }
    const bob = canvas.students.get(1002)!.comments![0]!.comment;
    expect(bob).toMatch(/^Autograder: CS 61A Homework 4/u);
    expect(bob).toContain('Notes from your instructor:\n- On ');
    expect(bob).toContain('Look at the spaces: none between the cells. See lecture 9 (https://example.edu/l9).');
    expect(canvas.students.get(1001)!.comments![0]!.comment).not.toContain('Notes from your instructor');
    // One request at a time; the token never went to the upload's address; each PUT was read back.
    expect(canvas.maxInFlight).toBe(1);
    expect(canvas.tokenOnUpload).toBe(0);
    const puts = canvas.requests.map((r, i) => ({ r, i })).filter(({ r }) => r.method === 'PUT');
    expect(puts).toHaveLength(4);
    for (const { r, i } of puts) {
      expect(r.form!.get('comment[attempt]')).toBe('1');
      expect(canvas.requests[i + 1]).toMatchObject({ method: 'GET', path: r.path });
    }
    // Every page of the list was read (three to a page here).
    expect(canvas.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/submissions'))).toHaveLength(2);
  });

  it('pushed again with nothing new writes nothing and adds no second comment; one score changed in Canvas is one write', async () => {
    const canvas = await fake();
    expect((await push(canvas)).code).toBe(0);
    const before = canvas.writes();
    const again = await push(canvas);
    expect(again.code, again.err).toBe(0);
    expect(canvas.writes()).toBe(before);
    expect(again.out).toContain('Canvas already holds every score and comment: nothing to write');
    for (const [, , userId] of CLASS) expect(canvas.students.get(userId)!.comments).toHaveLength(1);

    // Someone changed one score by hand in Canvas: the push enters the grade's score again, and nothing else.
    canvas.students.get(1003)!.enteredScore = 1;
    const fixed = await push(canvas);
    expect(fixed.code, fixed.err).toBe(0);
    expect(canvas.writes()).toBe(before + 1);
    expect(
      canvas.requests
        .filter((r) => r.method === 'PUT')
        .at(-1)!
        .form!.get('submission[posted_grade]'),
    ).toBe(String(submission('aturing').score));
    expect(canvas.students.get(1003)!.comments).toHaveLength(1);

    // The grade changed for one student (a regrade row): that student's score and a new comment with the page, and no one else's.
    const changed = {
      ...run,
      submissions: run.submissions.map((x) =>
        x.id === 'cbabbage'
          ? {
              ...x,
              adjusted: {
                score: x.score + 1,
                maxScore: x.maxScore,
                rows: [{ line: 2, test: 'total', kind: 'total' as const, op: '+' as const, amount: 1, reason: 'regrade', applied: 1 }],
              },
            }
          : x,
      ),
    };
    const dir = temp('push-changed-');
    writeFileSync(join(dir, 'results.json'), JSON.stringify(changed));
    const writesBefore = canvas.writes();
    let said = '';
    expect(
      await runPush(['canvas', dir, '--course', '77'], {
        out: (t) => (said += t),
        err: (t) => (said += t),
        isTTY: false,
        env: { CANVAS_TOKEN: TOKEN, CANVAS_URL: canvas.url },
        cwd: PROJECT_ROOT,
      }),
    ).toBe(0);
    expect(canvas.writes() - writesBefore).toBe(3);
    expect(
      canvas.requests
        .filter((r) => r.method !== 'GET')
        .slice(-3)
        .map((r) => `${r.method} ${r.path.replace(/^.*\/submissions/u, '…')}`),
    ).toEqual([
      'POST …/1002/comments/files',
      'POST /files_api/upload/' +
        canvas.requests
          .filter((r) => r.path.startsWith('/files_api/'))
          .at(-1)!
          .path.split('/')
          .pop(),
      'PUT …/1002',
    ]);
    expect(canvas.students.get(1002)!.enteredScore).toBe(submission('cbabbage').score + 1);
    expect(canvas.students.get(1002)!.comments!.map((c) => c.comment.split('\n')[1])).toEqual([
      `Score: ${submission('cbabbage').score}/${submission('cbabbage').maxScore}`,
      `Score: ${submission('cbabbage').score + 1}/${submission('cbabbage').maxScore}`,
    ]);
    expect(said).toContain('Pushed 1 of 1 change, each read back; 3 already as graded');
  });

  it('--dry-run lists what would change and writes nothing', async () => {
    const canvas = await fake({}, [
      { userId: 1001, enteredScore: submission('alovelace').score, comments: [] },
      { userId: 1002 },
      { userId: 1003 },
      { userId: 1004 },
    ]);
    const dry = await push(canvas, '--dry-run');
    expect(dry.code, dry.err).toBe(0);
    expect(canvas.writes()).toBe(0);
    expect(dry.out).toContain(
      `cbabbage (user 1002): would write score none → ${submission('cbabbage').score}, a comment with grade-cbabbage.html on attempt 1`,
    );
    expect(dry.out).toContain(`alovelace (user 1001): would write a comment with grade-alovelace.html on attempt 1`);
    expect(dry.out).toContain('Would change 4 students; 0 already as graded. Nothing was written');
  });

  it('waits out 429 and 403 Rate Limit Exceeded (Retry-After, else doubling), retries a read on 5xx, and reads a lost write back before trying again', async () => {
    const canvas = await fake({ upload: 'created' });
    canvas.fail({ method: 'GET', path: /\/submissions$/u, status: 429, headers: { 'Retry-After': '2' } });
    canvas.fail({ method: 'GET', path: /\/late_policy$/u, status: 503 });
    canvas.fail({ method: 'POST', path: /\/comments\/files$/u, status: 403, body: '403 Forbidden (Rate Limit Exceeded)', times: 2 });
    // The first PUT is applied but its answer lost; the second fails before it is applied.
    canvas.fail({ method: 'PUT', path: /\/submissions\/1001$/u, status: 502, after: true });
    canvas.fail({ method: 'PUT', path: /\/submissions\/1002$/u, status: 500 });
    const pushed = await push(canvas);
    expect(pushed.code, pushed.err).toBe(0);
    expect(pushed.waits).toEqual([100, 2000, 100, 200, 100]);
    expect(pushed.err).toContain("Canvas's rate limit (429) on GET");
    expect(pushed.err).toContain("Canvas's rate limit (403) on POST");
    // The lost answer was read back: one comment, not two; the failed one was written on the second try.
    expect(canvas.students.get(1001)!.comments).toHaveLength(1);
    expect(canvas.students.get(1002)!.comments).toHaveLength(1);
    expect(canvas.requests.filter((r) => r.method === 'PUT' && r.path.endsWith('/1001'))).toHaveLength(1);
    expect(canvas.requests.filter((r) => r.method === 'PUT' && r.path.endsWith('/1002'))).toHaveLength(2);
    expect(canvas.maxInFlight).toBe(1);
  });

  it('goes on past a student Canvas keeps throttling (reported, the others pushed), and stops at a 403 that is not its rate limit', async () => {
    const throttled = await fake();
    throttled.fail({ method: 'PUT', path: /\/submissions\/1002$/u, status: 403, body: '403 Forbidden (Rate Limit Exceeded)', times: 100 });
    const pushed = await push(throttled);
    expect(pushed.code).not.toBe(0);
    expect(pushed.err).toContain('Canvas kept refusing for its rate limit');
    for (const userId of [1001, 1003, 1004]) expect(throttled.students.get(userId)!.comments, String(userId)).toHaveLength(1);
    expect(throttled.students.get(1002)!.comments ?? []).toHaveLength(0);

    const refused = await fake();
    refused.fail({
      method: 'PUT',
      path: /\/submissions\/100\d$/u,
      status: 403,
      body: '{"errors":[{"message":"user not authorized to perform that action"}]}',
      times: 100,
    });
    const stopped = await push(refused);
    expect(stopped.code).not.toBe(0);
    // Every other student would be refused alike: one PUT, then the push stops.
    expect(refused.requests.filter((r) => r.method === 'PUT')).toHaveLength(1);
  });

  it('takes a request Canvas never answers as an answer lost: a read is tried again, a write read back first', async () => {
    const canvas = await fake();
    canvas.fail({ method: 'GET', path: /\/late_policy$/u, status: 0 });
    canvas.fail({ method: 'PUT', path: /\/submissions\/1003$/u, status: 0, after: true });
    canvas.fail({ method: 'POST', path: /\/1004\/comments\/files$/u, status: 503 });
    const pushed = await pushWith(canvas, { timeoutMs: 1000 });
    expect(pushed.code, pushed.err).toBe(0);
    expect(pushed.err).toContain('no answer');
    expect(canvas.students.get(1003)!.comments).toHaveLength(1);
    expect(canvas.requests.filter((r) => r.method === 'PUT' && r.path.endsWith('/1003'))).toHaveLength(1);
    // An upload that failed is started again from its first step.
    expect(pushed.err).toContain('uploading grade-ghopper.html');
    expect(canvas.students.get(1004)!.comments).toHaveLength(1);
  });

  it("puts the comment on the current attempt, not beside the last push's on an earlier one, and leaves out work submitted after the grading", async () => {
    const earlier = {
      id: 1,
      comment: canvasComment(run, submission('alovelace')),
      attempt: 1,
      created_at: '2026-11-21T00:00:00Z',
      author_id: 1,
      author_name: 'Instructor',
      attachments: [],
    };
    const canvas = await fake({}, [
      {
        userId: 1001,
        attempt: 2,
        submittedAt: '2026-11-22T10:00:00Z',
        enteredScore: submission('alovelace').score,
        gradeMatchesCurrent: false,
        comments: [earlier],
      },
      { userId: 1002, attempt: 3, submittedAt: '2099-01-01T00:00:00Z' },
      { userId: 1003 },
      { userId: 1004 },
    ]);
    const pushed = await push(canvas);
    expect(pushed.code, pushed.err).toBe(0);
    const ada = canvas.students.get(1001)!;
    expect(ada.comments!.map((c) => c.attempt)).toEqual([1, 2]);
    expect(ada.gradeMatchesCurrent).toBe(true);
    expect(canvas.students.get(1002)!.comments).toHaveLength(0);
    expect(pushed.out).toContain('cbabbage (cbabbage): left out: submitted attempt 3 at 2099-01-01T00:00:00Z, after this run graded');
  });

  it('adds no comment already on the current attempt, and only enters the score', async () => {
    const there = {
      id: 1,
      comment: canvasComment(run, submission('aturing')),
      attempt: 1,
      created_at: '2026-11-21T00:00:00Z',
      author_id: 1,
      author_name: 'Instructor',
      attachments: [],
    };
    const canvas = await fake({}, [{ userId: 1001 }, { userId: 1002 }, { userId: 1003, comments: [there] }, { userId: 1004 }]);
    expect((await push(canvas)).code).toBe(0);
    expect(canvas.students.get(1003)!.comments).toHaveLength(1);
    expect(canvas.students.get(1003)!.enteredScore).toBe(submission('aturing').score);
    expect(canvas.requests.filter((r) => r.method === 'POST' && r.path.includes('/1003/'))).toHaveLength(0);
  });
});

describe('grade push canvas refuses before writing anything', () => {
  it('an unpublished assignment, points possible that differ, and a late penalty Canvas would take again', async () => {
    const unpublished = await fake({
      assignment: { id: 9001, name: 'Homework 4', points_possible: run.submissions[0]!.maxScore, published: false },
    });
    const a = await push(unpublished);
    expect(a).toMatchObject({ code: 2, err: expect.stringContaining('is unpublished: Canvas takes no grade for it') });
    expect(unpublished.writes()).toBe(0);

    const points = await fake({ assignment: { id: 9001, name: 'Homework 4', points_possible: 100 } });
    expect(await push(points)).toMatchObject({
      code: 2,
      err: expect.stringContaining(`out of 100 points in Canvas, the grader's scores out of ${run.submissions[0]!.maxScore}`),
    });
    expect(points.writes()).toBe(0);

    // The grader took a late penalty from one student whom Canvas marks late under a deducting policy.
    const late = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as RunResults;
    const penalized = {
      ...late,
      submissions: late.submissions.map((s) =>
        s.id === 'cbabbage'
          ? {
              ...s,
              adjusted: {
                score: s.score - 1,
                maxScore: s.maxScore,
                rows: [{ line: 0, test: 'total', kind: 'late' as const, op: '-' as const, amount: 1, reason: '1 day late', applied: -1 }],
              },
            }
          : s,
      ),
    };
    const dir = temp('push-late-');
    writeFileSync(join(dir, 'results.json'), JSON.stringify(penalized));
    const policy = await fake(
      { latePolicy: { late_submission_deduction_enabled: true, late_submission_deduction: 10, late_submission_interval: 'day' } },
      [{ userId: 1001 }, { userId: 1002, late: true }, { userId: 1003 }, { userId: 1004 }],
    );
    let err = '';
    const code = await runPush(['canvas', dir, '--course', '77'], {
      out: () => {},
      err: (s) => (err += s),
      isTTY: false,
      env: { CANVAS_TOKEN: TOKEN, CANVAS_URL: policy.url },
      cwd: PROJECT_ROOT,
    });
    expect(code).toBe(2);
    expect(err).toContain(
      "Canvas's late policy takes 10 % a day from late work, and the grader already took the late penalty from cbabbage (cbabbage)",
    );
    expect(policy.writes()).toBe(0);
  });

  it('warns under a manual posting policy and still pushes', async () => {
    const canvas = await fake({
      assignment: { id: 9001, name: 'Homework 4', points_possible: run.submissions[0]!.maxScore, post_manually: true },
    });
    const pushed = await push(canvas);
    expect(pushed.code, pushed.err).toBe(0);
    expect(pushed.out).toContain('posts grades by hand: the scores and comments stay hidden from the students until you post them');
  });

  it('no token, an address that is not https, a refused token, and no assignment id', async () => {
    const canvas = await fake();
    const io = (env: Record<string, string>) => ({
      out: () => {},
      err: (s: string) => void (said += s),
      isTTY: false,
      env,
      cwd: PROJECT_ROOT,
    });
    let said = '';
    expect(await runPush(['canvas', out, '--course', '77'], io({ CANVAS_URL: canvas.url }))).toBe(2);
    expect(said).toContain('set CANVAS_TOKEN');
    expect(await runPush(['canvas', out, '--course', '77'], io({ CANVAS_TOKEN: TOKEN, CANVAS_URL: 'http://canvas.example.edu' }))).toBe(2);
    expect(said).toContain('is not https: the token would travel in the clear');
    expect(await runPush(['canvas', out, '--course', '77'], io({ CANVAS_TOKEN: 'wrong', CANVAS_URL: canvas.url }))).toBe(2);
    expect(said).toContain('Canvas refused the token');
    expect(canvas.writes()).toBe(0);
    // A run graded without a roster has no Canvas user id for sure, and one without the assignment's id names none.
    const { roster: _roster, gradebook: _gradebook, ...bare } = run;
    const dir = temp('push-bare-');
    writeFileSync(join(dir, 'results.json'), JSON.stringify(bare));
    expect(await runPush(['canvas', dir, '--course', '77'], io({ CANVAS_TOKEN: TOKEN, CANVAS_URL: canvas.url }))).toBe(2);
    expect(said).toContain('the run was graded without a roster');
    writeFileSync(join(dir, 'results.json'), JSON.stringify({ ...bare, roster: { ...run.roster!, file: 'gone.csv' } }));
    expect(await runPush(['canvas', dir, '--course', '77'], io({ CANVAS_TOKEN: TOKEN, CANVAS_URL: canvas.url }))).toBe(2);
    expect(said).toContain('give the Canvas assignment: --assignment <the number in its address>');
    expect(canvas.writes()).toBe(0);
  });
});
