/** `grade check --ci` as GitHub Actions runs it, `--watch` re-running on a change, colours and the progress bar. */
import { execa } from 'execa';
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { colorsEnabled, makeColors } from '../../runner/cli/colors.js';
import { checkProgressLine, createCheckProgress, progressBar } from '../../runner/cli/progress.js';
import { formatCheckReport, ownTimeLines } from '../../runner/cli/summary.js';
import type { SubmissionResult, TestResult } from '../../runner/model/results.js';
import { PROJECT_ROOT } from '../../runner/project-root.js';
import { tempDirs } from '../temp-dirs.js';
import { CLI_COMMAND } from '../helpers/cli-command.js';

const SAMPLES = join(PROJECT_ROOT, 'fixtures', 'submissions', 'cs61a-hw04');
const CLI = CLI_COMMAND;
const temp = tempDirs();

describe('grade check --ci', () => {
  it('annotates the line that crossed the barrier, prints the points line, writes JUnit, the job summary and the outputs', async () => {
    const sample = join(SAMPLES, 'print-board-indexes-board');
    const work = temp('ci-');
    const summary = join(work, 'summary.md');
    const outputs = join(work, 'outputs.txt');
    const run = await execa(process.execPath, [...CLI, 'check', '--ci', sample, '--out', join(work, 'out')], {
      cwd: PROJECT_ROOT,
      reject: false,
      env: { CI: 'true', GITHUB_ACTIONS: 'true', GITHUB_WORKSPACE: PROJECT_ROOT, GITHUB_STEP_SUMMARY: summary, GITHUB_OUTPUT: outputs },
    });
    expect(run.exitCode).toBe(1);
    const folder = relative(PROJECT_ROOT, sample);
    expect(run.stdout).toMatch(
      new RegExp(
        `^::error file=${folder}/hw04\\.py,line=46,title=print_board works when the board is not a list%2C using only the constructors and selectors \\(0/1\\)::barrier\\.print_board: `,
        'm',
      ),
    );
    expect(run.stdout).toMatch(/^::notice title=Autograding complete::Points 23\/24$/m);
    expect(readFileSync(summary, 'utf8')).toContain('**23/24** points on the visible tests');
    expect(readFileSync(outputs, 'utf8')).toBe('points=23\ntotal-points=24\n');
    expect(readFileSync(join(work, 'out', 'junit.xml'), 'utf8')).toContain('<failure message="print_board crossed the abstraction barrier');
  }, 60_000);
});

describe('grade check --watch', () => {
  it('grades again when a file changes', async () => {
    const work = temp('watch-');
    cpSync(join(SAMPLES, 'print-board-indexes-board'), work, { recursive: true });
    const child = execa(process.execPath, [...CLI, 'check', '--watch', work], { cwd: PROJECT_ROOT, reject: false, env: { CI: 'true' } });
    let out = '';
    const waitFor = (count: number) =>
      new Promise<void>((resolveWait, reject) => {
        const timer = setTimeout(() => reject(new Error(`no report ${count} within 60 s:\n${out}`)), 60_000);
        const check = () => {
          if ((out.match(/Watching .* for changes/gu) ?? []).length >= count) {
            clearTimeout(timer);
            child.stdout.off('data', onData);
            resolveWait();
          }
        };
        const onData = (chunk: Buffer) => {
          out += chunk.toString();
          check();
        };
        child.stdout.on('data', onData);
        check();
      });
    await waitFor(1);
    expect(out).toContain('Score on the visible tests: 23/24');
    // The fix: print_board through get_piece, behind the abstraction barrier.
    writeFileSync(join(work, 'hw04.py'), readFileSync(join(SAMPLES, 'correct-classic', 'hw04.py')));
    await waitFor(2);
    expect(out).toContain('Score on the visible tests: 24/24');
    // 24/24 is not full marks, and the check says so.
    expect(out).toMatch(/Score on the visible tests: 24\/24\n\d+ hidden tests worth 16 points are graded after you submit\./u);
    child.kill('SIGINT');
    await child;
    expect(existsSync(join(work, 'grade-report'))).toBe(false);
  }, 150_000);
});

describe('terminal colours and progress', () => {
  it('follow FORCE_COLOR, then NO_COLOR, then whether a terminal is reading', () => {
    expect(colorsEnabled({}, true)).toBe(true);
    expect(colorsEnabled({}, false)).toBe(false);
    expect(colorsEnabled({ NO_COLOR: '1' }, true)).toBe(false);
    expect(colorsEnabled({ NO_COLOR: '' }, true)).toBe(true);
    expect(colorsEnabled({ FORCE_COLOR: '1' }, false)).toBe(true);
    expect(colorsEnabled({ FORCE_COLOR: '1', NO_COLOR: '1' }, false)).toBe(true);
    expect(colorsEnabled({ FORCE_COLOR: '0' }, true)).toBe(false);
    expect(makeColors(true).green('✓')).toBe('\x1b[32m✓\x1b[39m');
    expect(makeColors(false).green('✓')).toBe('✓');
  });

  it('colours the check report only when asked', async () => {
    const sample = join(SAMPLES, 'print-board-indexes-board');
    // The tests of print_board only: one it passes, one it fails, and the report's every part around them.
    const check = ['check', sample, '--only', 'print_board.,barrier.print_board'];
    const plain = await execa(process.execPath, [...CLI, ...check], {
      cwd: PROJECT_ROOT,
      reject: false,
      env: { CI: 'true', NO_COLOR: '1' },
    });
    expect(plain.stdout).toContain('✗');
    expect(plain.stdout).not.toContain('\x1b[');
    const forced = await execa(process.execPath, [...CLI, ...check], {
      cwd: PROJECT_ROOT,
      reject: false,
      env: { CI: 'true', FORCE_COLOR: '1' },
    });
    expect(forced.stdout).toContain('\x1b[31m✗\x1b[39m');
    expect(forced.stdout).toContain('\x1b[32m✓\x1b[39m');
  }, 60_000);

  it("names the check's running test, cut to fit an 80-column line", () => {
    const line = checkProgressLine(7, 20, 1340, 'suggestMove2 is better than suggestMove1');
    expect(line.bar).toBe('████░░░░░░░░');
    expect(line.text).toBe(' 7/20  1.3 s');
    expect(line.now).toBe('  suggestMove2 is better than suggestMove1');
    const long = checkProgressLine(0, 20, 0, `a test named at length, ${'and on '.repeat(20)}`);
    expect(long.now.endsWith('…')).toBe(true);
    expect((long.bar + long.text + long.now).length).toBe(78);
    expect(checkProgressLine(20, 20, 0, undefined).now).toBe('');
  });

  it("rewrites the check's line on a terminal, from test to test, and clears it at the end", () => {
    let said = '';
    const io = {
      out: () => {},
      err: (s: string) => {
        said += s;
      },
      isTTY: true,
      env: {},
      cwd: '.',
    };
    const progress = createCheckProgress(io, 2, makeColors(false));
    progress.testStarted("newGame on the document's example");
    progress.testFinished();
    progress.testStarted('suggestMove2 is better than suggestMove1');
    progress.testFinished();
    progress.done();
    const lines = said.split('\r\x1b[K').filter(Boolean);
    expect(lines[0]).toMatch(/^░+ 0\/2 {2}\d+\.\d s {2}newGame on the document's example$/u);
    expect(lines[1]).toMatch(/^█{6}░{6} 1\/2 {2}\d+\.\d s {2}suggestMove2 is better than suggestMove1$/u);
    expect(said.endsWith('\r\x1b[K')).toBe(true);
    // Off a terminal, or in CI, the report alone.
    let piped = '';
    const quiet = createCheckProgress(
      {
        ...io,
        err: (s: string) => {
          piped += s;
        },
        env: { CI: 'true' },
      },
      2,
      makeColors(false),
    );
    quiet.testStarted('newGame');
    quiet.done();
    expect(piped).toBe('');
  });

  it("says how long the student's own code ran in a check of a second or more, and the tests it ran longest in", () => {
    const test = (name: string, studentMs: number, status: TestResult['status'] = 'pass') =>
      ({
        id: name,
        name,
        group: 'Task 11',
        target: 'suggestMove2',
        status,
        score: 0,
        maxScore: 1,
        visibility: 'visible',
        message: '',
        studentMs,
      }) as TestResult;
    const tests = [
      test('newGame', 3),
      test('suggestMove2 wins most games against a random player', 1700),
      test('play() waits at a prompt', 5000, 'timeout'),
      test('suggestMove2 is better than suggestMove1', 2800),
      test('suggestMove1', 300),
      test('hasWon', 240),
    ];
    expect(ownTimeLines({ studentMs: 10_100, tests })).toEqual([
      'Your own code ran for 10.1 s in this check; the tests it took longest in:',
      '   5.0 s  play() waits at a prompt (stopped at its time limit)',
      '   2.8 s  suggestMove2 is better than suggestMove1',
      '   1.7 s  suggestMove2 wins most games against a random player',
    ]);
    // A second spread thinly: the total alone. Under a second: nothing, the check was quick.
    expect(ownTimeLines({ studentMs: 1200, tests: [test('newGame', 240), test('hasWon', 200)] })).toEqual([
      'Your own code ran for 1.2 s in this check.',
    ]);
    expect(ownTimeLines({ studentMs: 999, tests: [test('newGame', 900)] })).toEqual([]);
    expect(ownTimeLines({ tests })).toEqual([]);
    // In the report: after what is graded later, before the notes.
    const result = {
      id: 'ada',
      path: '.',
      assignment: 'manchester-connect4',
      status: 'graded',
      score: 0,
      maxScore: 6,
      durationMs: 9000,
      studentMs: 10_100,
      tests,
    } as SubmissionResult;
    const report = formatCheckReport(
      { title: 'Manchester', groups: [{ id: 'task-11', name: 'Task 11', points: 6, tests: [] }] },
      result,
      'Graded later.',
      ['ran with python3'],
    );
    expect(report).toMatch(
      /Graded later\.\nYour own code ran for 10\.1 s in this check; the tests it took longest in:\n {3}5\.0 s {2}play\(\) waits at a prompt \(stopped at its time limit\)\n(.*\n){2}Note: ran with python3\n$/u,
    );
  });

  it('shows a test the kit leaves to the grader neither passed nor failed, with what it saw, and counts its points', () => {
    const test = (id: string, status: TestResult['status'], extra: Partial<TestResult> = {}): TestResult => ({
      id,
      name: id,
      group: 'Task 11',
      target: 'suggestMove2',
      status,
      score: status === 'pass' ? 2 : 0,
      maxScore: id === 'later' ? 4 : 2,
      visibility: 'visible',
      message: 'ok',
      ...extra,
    });
    const tests = [
      test('won', 'pass'),
      test('later', 'skipped', { decidedLater: true, message: 'Decided after you submit: here the opponent was your own suggestMove1.' }),
    ];
    const result = {
      id: 'ada',
      path: '.',
      assignment: 'manchester-connect4',
      status: 'graded',
      score: 2,
      maxScore: 6,
      durationMs: 900,
      tests,
    } as SubmissionResult;
    const report = formatCheckReport(
      { title: 'Manchester', groups: [{ id: 'task-11', name: 'Task 11', points: 6, tests: [] }] },
      result,
      undefined,
    );
    expect(report).toContain(
      '  ✓ won  (2/2)\n  ? later  (-/4) [decided after you submit]\n      Decided after you submit: here the opponent was your own suggestMove1.\n',
    );
    expect(report).toContain(
      'Score on the visible tests: 2/6\n1 visible test worth 4 points is decided after you submit: this check cannot play it as the grader does.\n',
    );
    expect(report).not.toMatch(/✓ later/u);
  });

  it("explains each part's first failure of each kind: a wrong answer after a crash of the same part is shown too", () => {
    const failed = (id: string, kind: 'crash' | 'answer' | 'consequence', message: string): TestResult => ({
      id,
      name: id,
      group: 'P',
      target: 'process_move',
      status: kind === 'answer' ? 'fail' : 'error',
      score: 0,
      maxScore: 1,
      visibility: 'visible',
      message,
      failure: { kind, said: message },
    });
    const tests = [
      failed('a', 'consequence', 'blocked here'),
      failed('b', 'crash', 'it raised'),
      failed('c', 'crash', 'it raised again'),
      failed('d', 'answer', 'the wrong board'),
    ];
    const result = {
      id: 'ada',
      path: '.',
      assignment: 'cs111-ps9',
      status: 'graded',
      score: 0,
      maxScore: 4,
      durationMs: 900,
      tests,
    } as SubmissionResult;
    const report = formatCheckReport({ title: 'CS111', groups: [{ id: 'p', name: 'P', points: 4, tests: [] }] }, result, undefined);
    expect(report).toContain('blocked here');
    expect(report).toContain('it raised');
    expect(report).not.toContain('it raised again');
    expect(report).toContain('the wrong board');
  });

  it("says a SyntaxError's place once, and a test blocked by it in words, not test ids", async () => {
    const run = await execa(process.execPath, [...CLI, 'check', join(SAMPLES, 'hostile-syntax-error')], {
      cwd: PROJECT_ROOT,
      reject: false,
    });
    expect(run.exitCode).toBe(1);
    const raised = run.stdout.split('\n').find((l) => l.includes('raised SyntaxError'))!;
    expect(raised.match(/line 45/gu), raised).toHaveLength(1);
    expect(run.stdout).toContain('create_row is defined in hw04.py, which did not import\n');
    expect(run.stdout).not.toMatch(/blocked by import\./u);
  });

  it('says once that a folder holds no submission', async () => {
    const empty = temp('empty-');
    const run = await execa(process.execPath, [...CLI, 'check', empty, '--assignment', 'cs61a-hw04'], { cwd: PROJECT_ROOT, reject: false });
    expect(run.exitCode).toBe(2);
    expect(run.stderr.trim().split('\n')).toEqual([
      `grade check: ${empty}: no submission files found (looked for hw04.py, lab04.py, lab04_extra.py, …)`,
    ]);
  });

  it('draws the bar from done out of total', () => {
    expect(progressBar(0, 4, 8)).toBe('░░░░░░░░');
    expect(progressBar(1, 4, 8)).toBe('██░░░░░░');
    expect(progressBar(4, 4, 8)).toBe('████████');
  });
});
