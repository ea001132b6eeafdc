/**
 * `npm run bench:kit`: the student's kit as a student meets it, on a busy machine. For each assignment its kit is
 * built and installed from the tarball into a fresh prefix with an empty npm cache, once offline and once as npm
 * normally runs (the time, and every warning npm prints); then `connect4-check` runs on a copy of `correct-plain`
 * BENCH_KIT_RUNS times (default 20) while two CPU-bound processes run beside it, and every run must be green. A kit
 * that is ever red on correct work is a kit students cannot trust, so the bench exits 1 when one run is.
 *
 * BENCH_ASSIGNMENTS=cs111-ps9,hmc-cs5-hw11 picks the assignments, BENCH_KIT_SAMPLE another correct sample. Results
 * go to stdout and test-results/bench-kit.json.
 */
import { execa } from 'execa';
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { ASSIGNMENT_IDS, type AssignmentId } from '../../runner/model/ids.js';
import type { RunResults } from '../../runner/model/results.js';
import { buildKit } from '../../runner/kit/build-kit.js';
import { PROJECT_ROOT } from '../../runner/project-root.js';
import { median, round } from './figures.js';

const RUNS = Number(process.env['BENCH_KIT_RUNS'] ?? 20);
const SAMPLE = process.env['BENCH_KIT_SAMPLE'] ?? 'correct-plain';
const ASSIGNMENTS = (process.env['BENCH_ASSIGNMENTS']?.split(',') ?? ASSIGNMENT_IDS) as AssignmentId[];

interface Install {
  readonly seconds: number;
  readonly warnings: string[];
  readonly bin: string;
}

/** npm install -g of the tarball into a fresh prefix and cache: how long, and what npm warned about. */
async function install(tarball: string, into: string, offline: boolean): Promise<Install> {
  const prefix = join(into, 'prefix');
  const started = performance.now();
  const ran = await execa('npm', ['install', '-g', '--prefix', prefix, '--cache', join(into, 'cache'), '--no-audit', '--no-fund', ...(offline ? ['--offline'] : []), tarball], { reject: false, env: { npm_config_update_notifier: 'false' } });
  const seconds = (performance.now() - started) / 1000;
  if (ran.exitCode !== 0) throw new Error(`npm install ${tarball}${offline ? ' --offline' : ''} exited ${ran.exitCode}: ${ran.stderr}`);
  const warnings = `${ran.stdout}\n${ran.stderr}`.split('\n').filter((line) => /warn|deprecated|gyp|error/iu.test(line));
  // The kit's one command, named for its assignment as its package is (connect4-check-<id>).
  return { seconds, warnings, bin: join(prefix, 'bin', basename(tarball).replace(/-\d+\.\d+\.\d+-spec\.[0-9a-f]+\.tgz$/u, '')) };
}

/** Two processes that keep a core each busy, as a student's browser and editor do. */
function hogs(count: number): ChildProcess[] {
  return Array.from({ length: count }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
}


const rows = [];
let red = 0;
console.log(`Kit benchmark, ${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores; ${SAMPLE}, ${RUNS} runs each beside two CPU-bound processes`);
for (const assignment of ASSIGNMENTS) {
  const work = mkdtempSync(join(tmpdir(), `bench-kit-${assignment}-`));
  try {
    const built = await buildKit({ assignment, out: join(work, 'kit'), classroom: false, version: '0.0.0-bench' });
    const offline = await install(built.tarball, join(work, 'offline'), true);
    const online = await install(built.tarball, join(work, 'online'), false);
    const folder = join(work, 'student');
    cpSync(join(PROJECT_ROOT, 'fixtures', 'submissions', assignment, SAMPLE), folder, { recursive: true, filter: (path) => !path.endsWith('BUG.md') });
    const busy = hogs(2);
    const times: number[] = [];
    const failures: string[] = [];
    try {
      for (let i = 0; i < RUNS; i++) {
        const out = join(work, `run-${i}`);
        const started = performance.now();
        const ran = await execa(offline.bin, ['--out', out], { cwd: folder, reject: false, env: { CI: '' } });
        times.push((performance.now() - started) / 1000);
        if (ran.exitCode === 0) continue;
        const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as RunResults;
        const failing = results.submissions[0]?.tests.filter((t) => t.status !== 'pass' && t.status !== 'skipped') ?? [];
        failures.push(`run ${i + 1} exited ${ran.exitCode}: ${failing.map((t) => `${t.id} (${t.status}): ${t.message.split('\n')[0]}`).join('; ') || ran.stderr}`);
      }
    } finally {
      for (const hog of busy) hog.kill('SIGKILL');
    }
    red += failures.length;
    const row = { assignment, green: RUNS - failures.length, runs: RUNS, installOfflineS: round(offline.seconds), installS: round(online.seconds), warnings: [...offline.warnings, ...online.warnings], checkMedianS: round(median(times)), checkMaxS: round(Math.max(...times)), failures };
    rows.push(row);
    console.log(`${assignment}: ${row.green}/${RUNS} green; install ${row.installOfflineS} s offline, ${row.installS} s online, ${row.warnings.length === 0 ? 'no warnings' : `warnings: ${row.warnings.join(' | ')}`}; check median ${row.checkMedianS} s, slowest ${row.checkMaxS} s`);
    for (const failure of failures) console.log(`  ${failure}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
mkdirSync(join(PROJECT_ROOT, 'test-results'), { recursive: true });
writeFileSync(join(PROJECT_ROOT, 'test-results', 'bench-kit.json'), `${JSON.stringify({ date: new Date().toISOString(), cores: cpus().length, sample: SAMPLE, rows }, null, 2)}\n`);
process.exitCode = red === 0 ? 0 : 1;
