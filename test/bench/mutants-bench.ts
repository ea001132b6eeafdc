/**
 * `npm run bench:mutants`: each assignment's mutation score and what a run costs. `grade mutants <id>` on the bundled
 * correct-plain with --limit BENCH_MUTANTS (default 300) and --jobs 2, as an instructor would run it.
 *
 * Per assignment: mutants generated, graded, killed, reviewed as equivalent, survivors, the score (without and with
 * the equivalents) and the wall time. BENCH_ASSIGNMENTS=cs61a-hw04,conniption picks the assignments. Results go to
 * stdout and test-results/bench-mutants.json.
 */
import { execa } from 'execa';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ASSIGNMENT_IDS } from '../../runner/model/ids.js';
import type { MutationResults } from '../../runner/model/results.js';
import { PROJECT_ROOT } from '../../runner/project-root.js';
import { CLI_BUNDLE } from '../../runner/cli/cli-bundle.js';

const CLI = join(PROJECT_ROOT, CLI_BUNDLE);
const LIMIT = Number(process.env['BENCH_MUTANTS'] ?? 300);
const ASSIGNMENTS = process.env['BENCH_ASSIGNMENTS']?.split(',').map((s) => s.trim()) ?? ASSIGNMENT_IDS;

interface Row {
  readonly assignment: string;
  readonly generated: number;
  readonly graded: number;
  readonly killed: number;
  readonly equivalent: number;
  readonly survived: number;
  readonly score: number;
  readonly scoreWithEquivalents: number;
  readonly wallSeconds: number;
  readonly perMutantSeconds: number;
}

const rows: Row[] = [];
for (const assignment of ASSIGNMENTS) {
  const out = mkdtempSync(join(tmpdir(), `bench-mutants-${assignment}-`));
  const started = performance.now();
  const run = await execa('node', [CLI, 'mutants', assignment, '--limit', String(LIMIT), '--jobs', '2', '--out', out, '--format', 'json'], { reject: false, env: { NO_COLOR: '1' } });
  const wallSeconds = (performance.now() - started) / 1000;
  if (run.exitCode !== 0) {
    console.error(`${assignment}: grade mutants exited ${run.exitCode}\n${run.stderr}`);
    process.exitCode = 1;
    continue;
  }
  const m = JSON.parse(readFileSync(join(out, 'mutants.json'), 'utf8')) as MutationResults;
  rows.push({ assignment, generated: m.generated, graded: m.graded, killed: m.killed, equivalent: m.equivalent, survived: m.survived, score: m.score, scoreWithEquivalents: m.scoreWithEquivalents, wallSeconds: Math.round(wallSeconds), perMutantSeconds: Math.round((wallSeconds / (m.graded + 1)) * 100) / 100 });
  console.log(`${assignment}: ${m.score} % (${m.killed} killed, ${m.equivalent} equivalent, ${m.survived} survived of ${m.graded}; ${m.generated} generated) in ${Math.round(wallSeconds)} s`);
  for (const s of m.mutants.filter((x) => x.status === 'survived')) console.log(`  survived ${s.id} ${s.file}:${s.line} ${s.function}: ${s.change}`);
  rmSync(out, { recursive: true, force: true });
}

console.log('\n| assignment | generated | graded | killed | equivalent | survived | score | with equivalents | wall | per mutant |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const r of rows) console.log(`| ${r.assignment} | ${r.generated} | ${r.graded} | ${r.killed} | ${r.equivalent} | ${r.survived} | ${r.score} % | ${r.scoreWithEquivalents} % | ${r.wallSeconds} s | ${r.perMutantSeconds} s |`);
mkdirSync(join(PROJECT_ROOT, 'test-results'), { recursive: true });
writeFileSync(join(PROJECT_ROOT, 'test-results', 'bench-mutants.json'), `${JSON.stringify({ at: new Date().toISOString(), limit: LIMIT, rows }, null, 2)}\n`);
