/**
 * Adjustments through whole runs: found beside the submissions, applied to every export, kept by --resume and by
 * merge, and a bad row refused before anything is graded. CS111's reading response (4 points graded by hand) and
 * --only keep the runs short.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../runner/cli/run-cli.js';
import { PROJECT_ROOT } from '../../runner/project-root.js';
import { tempDirs } from '../temp-dirs.js';

const SAMPLES = join(PROJECT_ROOT, 'fixtures', 'submissions', 'cs111-ps9');
const temp = tempDirs();

async function run(cwd: string, ...argv: string[]) {
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

const ADJUSTMENTS = [
  'student,test,change,reason,by',
  'correct-classic,problem-0,=4,,TA Kim',
  'empty-reading-response,problem-0,=1,"a sentence, no more",TA Kim',
  'empty-reading-response,total,+2,"regrade request, granted",Prof. Lee',
].join('\n');

describe('adjustments in a run', () => {
  const klass = temp('grade-class-');
  for (const name of ['correct-classic', 'empty-reading-response']) cpSync(join(SAMPLES, name), join(klass, name), { recursive: true });
  writeFileSync(join(klass, 'adjustments.csv'), `${ADJUSTMENTS}\n`);
  // The class named relative to the folder the command runs in: adjustments.csv is found beside it all the same.
  const grade = (out: string, ...more: string[]) =>
    run(
      join(klass, '..'),
      basename(klass),
      '--assignment',
      'cs111-ps9',
      '--only',
      'reading',
      '--out',
      out,
      '--format',
      'json,csv,gradescope,junit,html',
      '--jobs',
      '2',
      ...more,
    );

  it('finds adjustments.csv beside the submissions and every export uses the adjusted totals', async () => {
    const out = temp('grade-out-');
    const { code, out: said } = await grade(out);
    expect(code).toBe(0);
    expect(said).toContain('Adjustments from');
    expect(said).toContain('3 rows, 2 scores changed; 4 hand-graded points added to every maximum');
    const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'));
    const [classic, empty] = results.submissions;
    expect(classic).toMatchObject({ score: 1, maxScore: 96, adjusted: { score: 5, maxScore: 100 } });
    expect(empty).toMatchObject({
      score: 0,
      adjusted: {
        score: 3,
        maxScore: 100,
        rows: [
          { line: 3, test: 'problem-0', applied: 1 },
          { line: 4, test: 'total', applied: 2, reason: 'regrade request, granted', by: 'Prof. Lee' },
        ],
      },
    });
    expect(readFileSync(join(out, 'scores.csv'), 'utf8')).toBe('id,score,max\r\ncorrect-classic,5,100\r\nempty-reading-response,3,100\r\n');
    expect(JSON.parse(readFileSync(join(out, 'gradescope', 'empty-reading-response.json'), 'utf8'))).toMatchObject({
      score: 3,
      output: expect.stringContaining('+2 on the total: regrade request, granted (Prof. Lee)'),
    });
    expect(readFileSync(join(out, 'junit.xml'), 'utf8')).toContain('<property name="score" value="3"/>');
    expect(readFileSync(join(out, 'submissions', 'empty-reading-response.html'), 'utf8')).toContain('regrade request, granted');

    // A rerun with --resume takes the graded results from results.jsonl and applies the file again.
    const resumed = await grade(out, '--resume');
    expect(resumed.err).toContain('resuming: 2 submissions already graded');
    expect(
      JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')).submissions.map((s: { adjusted: { score: number } }) => s.adjusted.score),
    ).toEqual([5, 3]);
  }, 120_000);

  it('keeps them through shards and merge, and merge --adjustments applies a file to the whole class', async () => {
    const one = temp('grade-shard-');
    const two = temp('grade-shard-');
    expect((await grade(one, '--shard', '1/2')).code).toBe(0);
    expect((await grade(two, '--shard', '2/2')).code).toBe(0);
    const merged = temp('grade-merged-');
    expect((await run(klass, 'merge', one, two, '--out', merged)).code).toBe(0);
    expect(
      JSON.parse(readFileSync(join(merged, 'results.json'), 'utf8')).submissions.map(
        (s: { adjusted: { score: number } }) => s.adjusted.score,
      ),
    ).toEqual([5, 3]);
    const other = join(temp('grade-adj-'), 'late.csv');
    writeFileSync(other, 'student,test,change,reason\ncorrect-classic,total,-1,late\n');
    const again = temp('grade-merged-');
    expect((await run(klass, 'merge', one, two, '--out', again, '--adjustments', other)).code).toBe(0);
    const scores = JSON.parse(readFileSync(join(again, 'results.json'), 'utf8')).submissions.map(
      (s: { score: number; adjusted?: { score: number } }) => s.adjusted?.score ?? s.score,
    );
    expect(scores).toEqual([0, 0]);
  }, 120_000);

  it('refuses a bad row before grading, naming the file and the line', async () => {
    const bad = join(temp('grade-adj-'), 'adjustments.csv');
    writeFileSync(bad, 'student,test,change,reason\ncorrect-classic,total,+2,ok\nnobody,total,+1,typo\n');
    const { code, err } = await grade(temp('grade-out-'), '--adjustments', bad);
    expect(code).toBe(2);
    expect(err).toContain(`${bad}, line 3: no submission 'nobody' was graded`);
  });
});
