/**
 * `npm run bench:kit`: the student's kit as a student meets it, on a busy machine. For each assignment its kit is
 * built and installed from the tarball into a fresh prefix with an empty npm cache, once offline and once as npm
 * normally runs (the time, and every warning npm prints); then `connect4-check` runs on a copy of `correct-plain`
 * BENCH_KIT_RUNS times (default 20) while two CPU-bound processes run beside it, and every run must be green. A kit
 * that is ever red on correct work is a kit students cannot trust, so the bench exits 1 when one run is.
 *
 * Then (test/bench/kit-agreement.ts) every bundled sample is graded as grade check and as the kit grade it, and each
 * visible verdict must agree or the kit's own line say why it differs (and the kit never pass what grade check
 * fails); the installed kit and grade check each check `correct-naive` (BENCH_KIT_SPEED_RUNS times, default 3,
 * alternated, on a machine not otherwise made busy), and the kit must take at most twice as long (Manchester, whose
 * visible tournaments are the student's own search, is reported and set apart); and each checks the assignment's
 * looping sample, the kit stopping it within twice grade check's time. BENCH_KIT_PARTS picks among
 * install,busy,agreement,speed,loop (all by default).
 *
 * BENCH_ASSIGNMENTS=cs111-ps9,hmc-cs5-hw11 picks the assignments, BENCH_KIT_SAMPLE another correct sample. Results
 * go to stdout and test-results/bench-kit.json. The bench builds dist/ first (grade check runs from it).
 */
import { execa } from 'execa';
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { ASSIGNMENT_IDS, type AssignmentId } from '../../runner/model/ids.js';
import type { RunResults } from '../../runner/model/results.js';
import { buildKit } from '../../runner/kit/build-kit.js';
import { PROJECT_ROOT } from '../../runner/project-root.js';
import { median, round } from './figures.js';
import { agreement, LOOPING, sideBySide } from './kit-agreement.js';

const RUNS = Number(process.env['BENCH_KIT_RUNS'] ?? 20);
const SAMPLE = process.env['BENCH_KIT_SAMPLE'] ?? 'correct-plain';
const ASSIGNMENTS = (process.env['BENCH_ASSIGNMENTS']?.split(',') ?? ASSIGNMENT_IDS) as AssignmentId[];
const PARTS = new Set(process.env['BENCH_KIT_PARTS']?.split(',') ?? ['install', 'busy', 'agreement', 'speed', 'loop']);
const SPEED_RUNS = Number(process.env['BENCH_KIT_SPEED_RUNS'] ?? 3);
/** Set apart from the kit's time target: its visible tournaments are the student's own search (the README's Speed). */
const SET_APART: readonly AssignmentId[] = ['manchester-connect4'];

interface Install {
  readonly seconds: number;
  readonly warnings: string[];
  readonly bin: string;
}

/** npm install -g of the tarball into a fresh prefix and cache: how long, and what npm warned about. */
async function install(tarball: string, into: string, offline: boolean): Promise<Install> {
  const prefix = join(into, 'prefix');
  const started = performance.now();
  const ran = await execa(
    'npm',
    [
      'install',
      '-g',
      '--prefix',
      prefix,
      '--cache',
      join(into, 'cache'),
      '--no-audit',
      '--no-fund',
      ...(offline ? ['--offline'] : []),
      tarball,
    ],
    { reject: false, env: { npm_config_update_notifier: 'false' } },
  );
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
console.log(
  `Kit benchmark, ${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores, load ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}; ${SAMPLE}, ${RUNS} runs each beside two CPU-bound processes`,
);
for (const assignment of ASSIGNMENTS) {
  const work = mkdtempSync(join(tmpdir(), `bench-kit-${assignment}-`));
  try {
    const built = await buildKit({ assignment, out: join(work, 'kit'), classroom: false, version: '0.0.0-bench' });
    const offline = await install(built.tarball, join(work, 'offline'), true);
    const online = await install(built.tarball, join(work, 'online'), false);
    const folder = join(work, 'student');
    cpSync(join(PROJECT_ROOT, 'fixtures', 'submissions', assignment, SAMPLE), folder, {
      recursive: true,
      filter: (path) => !path.endsWith('BUG.md'),
    });
    const times: number[] = [];
    const failures: string[] = [];
    if (PARTS.has('busy')) {
      const busy = hogs(2);
      try {
        for (let i = 0; i < RUNS; i++) {
          const out = join(work, `run-${i}`);
          const started = performance.now();
          const ran = await execa(offline.bin, ['--out', out], { cwd: folder, reject: false, env: { CI: '' } });
          times.push((performance.now() - started) / 1000);
          if (ran.exitCode === 0) continue;
          const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as RunResults;
          const failing = results.submissions[0]?.tests.filter((t) => t.status !== 'pass' && t.status !== 'skipped') ?? [];
          failures.push(
            `run ${i + 1} exited ${ran.exitCode}: ${failing.map((t) => `${t.id} (${t.status}): ${t.message.split('\n')[0]}`).join('; ') || ran.stderr}`,
          );
        }
      } finally {
        for (const hog of busy) hog.kill('SIGKILL');
      }
      red += failures.length;
    }
    const installOfflineS = round(offline.seconds);
    const installS = round(online.seconds);
    const row: Record<string, unknown> = { assignment, installOfflineS, installS, warnings: [...offline.warnings, ...online.warnings] };
    console.log(
      `${assignment}: install ${installOfflineS} s offline, ${installS} s online, ${offline.warnings.length + online.warnings.length === 0 ? 'no warnings' : `warnings: ${[...offline.warnings, ...online.warnings].join(' | ')}`}`,
    );
    if (PARTS.has('busy')) {
      const checkMedianS = round(median(times));
      const checkMaxS = round(Math.max(...times));
      Object.assign(row, { green: RUNS - failures.length, runs: RUNS, checkMedianS, checkMaxS, failures });
      console.log(
        `  beside two CPU hogs: ${RUNS - failures.length}/${RUNS} green on ${SAMPLE}; median ${checkMedianS} s, slowest ${checkMaxS} s`,
      );
      for (const failure of failures) console.log(`    ${failure}`);
    }
    if (PARTS.has('agreement')) {
      const a = await agreement(assignment, join(work, 'agreement'));
      row['agreement'] = a;
      const differ = a.verdicts - a.agree;
      console.log(
        `  agreement on ${a.samples} samples: ${a.agree} of ${a.verdicts} visible verdicts the same (${round((100 * a.agree) / a.verdicts)} %); ${differ} differ, ${a.explained} of them explained in the kit's line (${a.stricter} stricter, ${a.later} decided after submitting, ${a.lenient.length} more lenient)`,
      );
      for (const line of [...a.lenient.map((l) => `MORE LENIENT: ${l}`), ...a.unexplained.map((l) => `unexplained: ${l}`)])
        console.log(`    ${line}`);
      if (a.lenient.length > 0 || a.unexplained.length > 0) red++;
    }
    if (PARTS.has('speed')) {
      const s = await sideBySide(assignment, offline.bin, 'correct-naive', SPEED_RUNS);
      row['speed'] = s;
      const apart = SET_APART.includes(assignment);
      console.log(
        `  correct-naive, median of ${SPEED_RUNS}: grade check ${s.checkS} s, the kit ${s.kitS} s (${s.ratio}x${apart ? ', set apart from the target' : s.ratio <= 2 ? ', within 2x' : ', OVER 2x'})`,
      );
      if (!apart && s.ratio > 2) red++;
    }
    if (PARTS.has('loop')) {
      const l = await sideBySide(assignment, offline.bin, LOOPING[assignment], 1);
      row['loop'] = { sample: LOOPING[assignment], ...l };
      console.log(
        `  ${LOOPING[assignment]} stopped: grade check ${l.checkS} s, the kit ${l.kitS} s (${l.ratio}x${l.ratio <= 2 ? ', within 2x' : ', OVER 2x'})`,
      );
      if (l.ratio > 2) red++;
    }
    rows.push(row);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
mkdirSync(join(PROJECT_ROOT, 'test-results'), { recursive: true });
writeFileSync(
  join(PROJECT_ROOT, 'test-results', 'bench-kit.json'),
  `${JSON.stringify({ date: new Date().toISOString(), cores: cpus().length, sample: SAMPLE, rows }, null, 2)}\n`,
);
process.exitCode = red === 0 ? 0 : 1;
