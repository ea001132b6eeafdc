/**
 * `npm run bench:check`: `grade check` as students run it, on the real corpus's submissions
 * (`../shared/real-corpus`, or `$CONNECT4_SHARED/real-corpus`): whether a check answers within the 2 s target on work
 * the grader never saw, and where it does not, whose time it was. `bench:class` times the check of our plain samples;
 * this times the class's.
 *
 * Each submission is copied to a temporary folder (the corpus is read, never written) and checked BENCH_CHECK_RUNS
 * times (default 3), the bundled CLI, off a terminal; the median wall time is kept, with that run's account from its
 * results.json: the student's own time in the check, the test that took longest, and the tests stopped at a time
 * limit (a program that hangs costs its limit, whatever the grader does). BENCH_ASSIGNMENTS=hmc-cs5-hw11,… picks the
 * assignments. Results go to stdout and test-results/bench-check.json.
 */
import { execa } from 'execa';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ASSIGNMENT_IDS } from '../../runner/model/ids.js';
import { realCorpusFolder } from '../../runner/calibrate/corpus.js';
import { CLI_BUNDLE } from '../../runner/cli/cli-bundle.js';
import type { RunResults } from '../../runner/model/results.js';
import { PROJECT_ROOT } from '../../runner/project-root.js';
import { median, round } from './figures.js';

const RUNS = Number(process.env['BENCH_CHECK_RUNS'] ?? 3);
const ASSIGNMENTS = process.env['BENCH_ASSIGNMENTS']?.split(',') ?? ASSIGNMENT_IDS;
const TARGET_S = 2;
const CLI = join(PROJECT_ROOT, CLI_BUNDLE);

interface CheckRun {
  readonly wallS: number;
  readonly studentS: number;
  readonly visible: string;
  readonly slowest: { readonly id: string; readonly wallS: number; readonly studentS: number };
  readonly atLimit: string[];
}

/** One `grade check` of `folder`, timed, with what its results.json says the time went to. */
async function checkOnce(assignment: string, folder: string, out: string): Promise<CheckRun> {
  rmSync(out, { recursive: true, force: true });
  const started = performance.now();
  const ran = await execa(process.execPath, [CLI, 'check', folder, '--assignment', assignment, '--out', out], {
    cwd: folder,
    reject: false,
    stdin: 'ignore',
    env: { CI: '' },
  });
  const wallS = (performance.now() - started) / 1000;
  // A check exits 1 when a test fails, as real work mostly does; anything else is the grader's failure.
  if (ran.exitCode !== 0 && ran.exitCode !== 1)
    throw new Error(`grade check of ${folder} (${assignment}) exited ${ran.exitCode}: ${`${ran.stdout}\n${ran.stderr}`.slice(-600)}`);
  const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as RunResults;
  const submission = results.submissions[0];
  if (!submission || submission.status !== 'graded')
    throw new Error(`grade check of ${folder} (${assignment}) graded nothing: ${ran.stdout.slice(-600)}`);
  const slowest = [...submission.tests].sort((a, b) => (b.durationMs ?? 0) - (a.durationMs ?? 0))[0]!;
  return {
    wallS,
    studentS: (submission.studentMs ?? 0) / 1000,
    visible: `${submission.score}/${submission.maxScore}`,
    slowest: { id: slowest.id, wallS: (slowest.durationMs ?? 0) / 1000, studentS: (slowest.studentMs ?? 0) / 1000 },
    atLimit: submission.tests.filter((t) => t.status === 'timeout').map((t) => t.id),
  };
}

async function main(): Promise<void> {
  const corpus = realCorpusFolder();
  if (!corpus) {
    console.error(
      'bench:check: no real-corpus folder beside the checkout (../shared/real-corpus); set CONNECT4_SHARED to the folder that holds it',
    );
    process.exit(2);
  }
  const work = mkdtempSync(join(tmpdir(), 'bench-check-'));
  const rows = [];
  try {
    for (const assignment of ASSIGNMENTS) {
      const dir = join(corpus, assignment);
      let students: string[];
      try {
        students = readdirSync(dir, { withFileTypes: true })
          .filter((e) => e.isDirectory())
          .map((e) => e.name)
          .sort();
      } catch {
        continue;
      }
      for (const student of students) {
        const folder = join(work, assignment, student);
        mkdirSync(folder, { recursive: true });
        cpSync(join(dir, student), folder, { recursive: true });
        const runs: CheckRun[] = [];
        for (let i = 0; i < RUNS; i++) runs.push(await checkOnce(assignment, folder, join(work, 'out')));
        const middle = runs.find((r) => r.wallS === median(runs.map((x) => x.wallS)))!;
        const row = {
          assignment,
          student,
          wallS: round(middle.wallS),
          walls: runs.map((r) => round(r.wallS)),
          studentS: round(middle.studentS),
          visible: middle.visible,
          slowest: { ...middle.slowest, wallS: round(middle.slowest.wallS), studentS: round(middle.slowest.studentS) },
          atLimit: middle.atLimit,
        };
        rows.push(row);
        const over =
          row.wallS < TARGET_S
            ? ''
            : `  over ${TARGET_S} s: ${row.atLimit.length > 0 ? `stopped at a time limit in ${row.atLimit.join(', ')}` : `slowest ${row.slowest.id} ${row.slowest.wallS} s (the student's own ${row.slowest.studentS} s)`}`;
        console.log(
          `${assignment} ${student}: ${row.wallS} s (runs ${row.walls.join(', ')}), the student's own ${row.studentS} s, visible ${row.visible}${over}`,
        );
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  console.log('');
  for (const assignment of ASSIGNMENTS) {
    const of = rows.filter((r) => r.assignment === assignment);
    if (of.length === 0) continue;
    const under = of.filter((r) => r.wallS < TARGET_S).length;
    const walls = of.map((r) => r.wallS);
    console.log(
      `${assignment}: ${under} of ${of.length} checks under ${TARGET_S} s; median ${median(walls)} s, slowest ${Math.max(...walls)} s`,
    );
  }
  mkdirSync(join(PROJECT_ROOT, 'test-results'), { recursive: true });
  writeFileSync(
    join(PROJECT_ROOT, 'test-results', 'bench-check.json'),
    `${JSON.stringify({ measuredAt: new Date().toISOString(), cpus: cpus().length, runs: RUNS, targetS: TARGET_S, rows }, null, 2)}\n`,
  );
}

await main();
