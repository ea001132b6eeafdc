/**
 * `npm run bench:mutants`: each assignment's mutation score and what a run costs, per correct solution. `grade
 * mutants <id> --solution <sample>` on every bundled correct sample of the assignment (`correct-*`), or those
 * BENCH_SOLUTIONS names (`correct-plain,correct-split`), with --limit BENCH_MUTANTS (default 300) and --jobs
 * BENCH_JOBS (default 2), as an instructor would run it. Each solution is scored against its own reviewed list of
 * equivalents (runner/assignments/<id>/equivalent-mutants.json, `solutions`).
 *
 * Per assignment and solution: mutants generated, graded, killed, reviewed as equivalent, survivors (each named), the
 * score (without and with the equivalents) and the wall time. BENCH_ASSIGNMENTS=cs61a-hw04,conniption picks the
 * assignments. Results go to stdout and test-results/bench-mutants.json.
 */
import { execa } from 'execa';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ASSIGNMENT_IDS } from '../../runner/model/ids.js';
import type { MutationResults } from '../../runner/model/results.js';
import { PROJECT_ROOT } from '../../runner/project-root.js';
import { CLI_BUNDLE } from '../../runner/cli/cli-bundle.js';

const CLI = join(PROJECT_ROOT, CLI_BUNDLE);
const LIMIT = Number(process.env['BENCH_MUTANTS'] ?? 300);
const ASSIGNMENTS = process.env['BENCH_ASSIGNMENTS']?.split(',').map((s) => s.trim()) ?? ASSIGNMENT_IDS;
const SOLUTIONS = process.env['BENCH_SOLUTIONS']
  ?.split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const JOBS = process.env['BENCH_JOBS'] ?? '2';

/** The assignment's bundled correct solutions, or those named that it has. */
function solutionsOf(assignment: string): string[] {
  const dir = join(PROJECT_ROOT, 'fixtures', 'submissions', assignment);
  const bundled = existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => name.startsWith('correct-'))
        .sort()
    : [];
  return SOLUTIONS ? SOLUTIONS.filter((name) => bundled.includes(name)) : bundled;
}

interface Row {
  readonly assignment: string;
  readonly solution: string;
  readonly generated: number;
  readonly graded: number;
  readonly killed: number;
  readonly equivalent: number;
  readonly survived: number;
  readonly score: number;
  readonly scoreWithEquivalents: number;
  readonly wallSeconds: number;
  readonly perMutantSeconds: number;
  readonly survivors: readonly string[];
}

const rows: Row[] = [];
for (const assignment of ASSIGNMENTS) {
  for (const solution of solutionsOf(assignment)) {
    const out = mkdtempSync(join(tmpdir(), `bench-mutants-${assignment}-`));
    const folder = join(PROJECT_ROOT, 'fixtures', 'submissions', assignment, solution);
    const started = performance.now();
    const run = await execa(
      'node',
      [CLI, 'mutants', assignment, '--solution', folder, '--limit', String(LIMIT), '--jobs', JOBS, '--out', out, '--format', 'json'],
      { reject: false, env: { NO_COLOR: '1' } },
    );
    const wallSeconds = (performance.now() - started) / 1000;
    if (run.exitCode !== 0) {
      console.error(`${assignment} ${solution}: grade mutants exited ${run.exitCode}\n${run.stderr}`);
      process.exitCode = 1;
      continue;
    }
    const m = JSON.parse(readFileSync(join(out, 'mutants.json'), 'utf8')) as MutationResults;
    const survivors = m.mutants.filter((x) => x.status === 'survived').map((s) => `${s.id} ${s.file}:${s.line} ${s.function}: ${s.change}`);
    rows.push({
      assignment,
      solution,
      generated: m.generated,
      graded: m.graded,
      killed: m.killed,
      equivalent: m.equivalent,
      survived: m.survived,
      score: m.score,
      scoreWithEquivalents: m.scoreWithEquivalents,
      wallSeconds: Math.round(wallSeconds),
      perMutantSeconds: Math.round((wallSeconds / (m.graded + 1)) * 100) / 100,
      survivors,
    });
    console.log(
      `${assignment} ${solution}: ${m.score} % (${m.killed} killed, ${m.equivalent} equivalent, ${m.survived} survived of ${m.graded}; ${m.generated} generated) in ${Math.round(wallSeconds)} s`,
    );
    for (const line of survivors) console.log(`  survived ${line}`);
    for (const stale of m.staleEquivalents) console.log(`  listed as equivalent but killed by ${stale.killedBy}: ${stale.id}`);
    rmSync(out, { recursive: true, force: true });
  }
}

console.log(
  '\n| assignment | solution | generated | graded | killed | equivalent | survived | score | with equivalents | wall | per mutant |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const r of rows)
  console.log(
    `| ${r.assignment} | ${r.solution} | ${r.generated} | ${r.graded} | ${r.killed} | ${r.equivalent} | ${r.survived} | ${r.score} % | ${r.scoreWithEquivalents} % | ${r.wallSeconds} s | ${r.perMutantSeconds} s |`,
  );
mkdirSync(join(PROJECT_ROOT, 'test-results'), { recursive: true });
writeFileSync(
  join(PROJECT_ROOT, 'test-results', 'bench-mutants.json'),
  `${JSON.stringify({ at: new Date().toISOString(), limit: LIMIT, jobs: JOBS, rows }, null, 2)}\n`,
);
