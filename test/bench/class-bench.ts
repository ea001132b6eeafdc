/**
 * `npm run bench:class` (also the end of `npm run bench`): a synthetic class graded as an instructor would, beside the
 * floor any grader pays, and `grade check` as a student runs it.
 *
 * - A class of BENCH_CLASS_SIZE (default 300) per assignment, built from the bundled samples: 75 % correct ones (in
 *   their several styles, `correct-plain` among them), the rest one-bug ones; graded with `--jobs 2`. Wall time,
 *   submissions per second, peak memory of the whole process tree, and the median time a `correct-plain`
 *   submission's own code ran.
 * - The floor, in the same run: `python3 -c 'import <module>'` in each submission's folder, two at a time.
 * - `grade check` on the plain correct submission: wall time and the time to its first output, on a pseudo-terminal.
 *
 * BENCH_ASSIGNMENTS=cs111-ps9,hmc-cs5-hw11 picks the assignments. Results go to stdout and
 * test-results/bench-class.json.
 */
import { execa } from 'execa';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { basename, join } from 'node:path';
import * as pty from 'node-pty';
import { ASSIGNMENT_IDS } from '../../runner/assignments/ids.js';
import { PROJECT_ROOT } from '../../runner/project-root.js';

const ASSIGNMENTS = ASSIGNMENT_IDS;
/** The style a class is measured in: code written the way the documents lead a student, nothing clever for speed. */
const PLAIN = 'correct-plain';

const CLI = join(PROJECT_ROOT, 'dist', 'runner', 'cli.js');
const SIZE = Number(process.env['BENCH_CLASS_SIZE'] ?? 300);
const CORRECT_SHARE = 0.75;

/** The bundled samples of one kind: correct-*, or the one-bug ones (neither hostile, trivia nor open). */
function samples(assignment: string): { correct: string[]; buggy: string[] } {
  const dir = join(PROJECT_ROOT, 'fixtures', 'submissions', assignment);
  const names = readdirSync(dir).filter((n) => !n.startsWith('.')).sort();
  return {
    correct: names.filter((n) => n.startsWith('correct')).map((n) => join(dir, n)),
    buggy: names.filter((n) => !/^(correct|hostile|trivia|open)/u.test(n)).map((n) => join(dir, n)),
  };
}

/** `size` submission folders, spread over the samples so every style and every bug appears. */
function buildClass(assignment: string, size: number, into: string): string[] {
  const { correct, buggy } = samples(assignment);
  const folders: string[] = [];
  for (let i = 0; i < size; i++) {
    const isCorrect = i < Math.round(size * CORRECT_SHARE);
    const pool = isCorrect ? correct : buggy;
    const source = pool[i % pool.length]!;
    const target = join(into, `student-${String(i + 1).padStart(3, '0')}`);
    cpSync(source, target, { recursive: true, filter: (path) => !path.endsWith('BUG.md') && !path.includes('__pycache__') });
    // Which sample a student was made from; a dot file, so no grader reads it as the student's.
    writeFileSync(join(target, '.bench-source'), basename(source));
    folders.push(target);
  }
  return folders;
}

/** Resident memory of a process and everything below it, in MB, sampled until stopped; the peak. */
function watchMemory(pid: number): { stop: () => number } {
  let peak = 0;
  const sample = () => {
    const children = new Map<number, number[]>();
    const rss = new Map<number, number>();
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/u.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const parent = Number(fields[1]);
        rss.set(Number(entry), Number(fields[21]) * 4096);
        children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
      } catch { /* gone */ }
    }
    let total = 0;
    const stack = [pid];
    while (stack.length > 0) {
      const p = stack.pop()!;
      total += rss.get(p) ?? 0;
      stack.push(...(children.get(p) ?? []));
    }
    peak = Math.max(peak, total);
  };
  const timer = setInterval(sample, 250);
  return { stop: () => { clearInterval(timer); return Math.round(peak / 1024 / 1024); } };
}

async function gradeClass(assignment: string, dir: string, out: string, plain: ReadonlySet<string>): Promise<{ wallS: number; peakMb: number; scores: number[]; studentS: number; plainStudentS: number }> {
  const started = performance.now();
  const child = execa(process.execPath, [CLI, dir, '--assignment', assignment, '--jobs', '2', '--out', out, '--format', 'json'], { reject: false, stdin: 'ignore' });
  const memory = watchMemory(child.pid!);
  const result = await child;
  const peakMb = memory.stop();
  if (result.exitCode !== 0) throw new Error(`grade exited ${result.exitCode}: ${String(result.stderr).slice(-800)}`);
  const run = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as { submissions: { id: string; score: number; studentMs?: number }[] };
  const studentS = run.submissions.reduce((sum, s) => sum + (s.studentMs ?? 0), 0) / 1000;
  const plainStudentS = median(run.submissions.filter((s) => plain.has(s.id)).map((s) => (s.studentMs ?? 0) / 1000));
  return { wallS: (performance.now() - started) / 1000, peakMb, scores: run.submissions.map((s) => s.score), studentS, plainStudentS };
}

/** The floor: Python started and the submission's modules imported, for every submission, two at a time. */
async function floor(folders: readonly string[]): Promise<number> {
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < folders.length) {
      const folder = folders[next++]!;
      const modules = readdirSync(folder).filter((n) => /^[A-Za-z_]\w*\.py$/u.test(n)).map((n) => n.slice(0, -3));
      await execa('python3', ['-c', `import ${modules.join(', ')}`], { cwd: folder, reject: false, stdin: 'ignore', timeout: 60_000 });
    }
  };
  await Promise.all([worker(), worker()]);
  return (performance.now() - started) / 1000;
}

/** `grade check` on a pseudo-terminal, as a student runs it: the whole run and the first output. */
function timeCheck(folder: string): Promise<{ wallS: number; firstOutputS: number; exitCode: number }> {
  return new Promise((resolve) => {
    const started = performance.now();
    let first: number | undefined;
    const terminal = pty.spawn(process.execPath, [CLI, 'check', folder], { cols: 120, rows: 40, cwd: folder, env: { ...process.env, CI: '' } as Record<string, string> });
    terminal.onData(() => { first ??= performance.now(); });
    terminal.onExit(({ exitCode }) => resolve({ wallS: (performance.now() - started) / 1000, firstOutputS: ((first ?? performance.now()) - started) / 1000, exitCode }));
  });
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const wanted = (process.env['BENCH_ASSIGNMENTS'] ?? ASSIGNMENTS.join(',')).split(',');
  const machine = `${cpus().length} cores (${cpus()[0]?.model.trim() ?? '?'}), ${Math.round(totalmem() / 2 ** 30)} GiB`;
  console.log(`Class benchmark, ${new Date().toISOString().slice(0, 10)}, ${machine}; ${SIZE} submissions per class, --jobs 2\n`);
  const rows: Record<string, unknown>[] = [];
  for (const assignment of ASSIGNMENTS.filter((a) => wanted.includes(a))) {
    const scratch = mkdtempSync(join(tmpdir(), `bench-${assignment}-`));
    try {
      const folders = buildClass(assignment, SIZE, join(scratch, 'class'));
      const plain = new Set(folders.filter((f) => readFileSync(join(f, '.bench-source'), 'utf8') === PLAIN).map((f) => basename(f)));
      const graded = await gradeClass(assignment, join(scratch, 'class'), join(scratch, 'out'), plain);
      const floorS = await floor(folders);
      const correct = samples(assignment).correct.find((c) => basename(c) === PLAIN) ?? samples(assignment).correct[0]!;
      const checks = [];
      for (let i = 0; i < 3; i++) checks.push(await timeCheck(correct));
      const row = {
        assignment,
        submissions: SIZE,
        wallS: round(graded.wallS),
        perSecond: round(SIZE / graded.wallS),
        peakMb: graded.peakMb,
        floorS: round(floorS),
        ratio: round(graded.wallS / floorS),
        // The students' own code, as results.json's studentMs adds it up, spread over the two jobs: what the tests
        // ask of it (a look-ahead, a whole game) is a floor too.
        studentS: round(graded.studentS / 2),
        plainStudentS: round(graded.plainStudentS),
        ratioWithStudentCode: round(graded.wallS / (floorS + graded.studentS / 2)),
        checkS: round(median(checks.map((c) => c.wallS))),
        checkFirstOutputS: round(median(checks.map((c) => c.firstOutputS))),
      };
      rows.push(row);
      console.log(`${assignment}: ${row.wallS} s for ${SIZE} (${row.perSecond}/s), peak ${row.peakMb} MB; import floor ${row.floorS} s (ratio ${row.ratio}); the students' code ${row.studentS} s a job (ratio to both ${row.ratioWithStudentCode}); a ${PLAIN} submission's own code ${row.plainStudentS} s (median); grade check ${row.checkS} s, first output ${row.checkFirstOutputS} s`);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }
  mkdirSync(join(PROJECT_ROOT, 'test-results'), { recursive: true });
  writeFileSync(join(PROJECT_ROOT, 'test-results', 'bench-class.json'), `${JSON.stringify({ date: new Date().toISOString(), machine, size: SIZE, rows }, null, 2)}\n`);
}

const round = (n: number) => Math.round(n * 100) / 100;

await main();
