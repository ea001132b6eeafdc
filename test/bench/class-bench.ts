/**
 * `npm run bench:class` (also the end of `npm run bench`): a class per assignment written the plain way students
 * write it, graded as an instructor would, beside the least it could cost, and `grade check` as a student runs it.
 *
 * - A class of BENCH_CLASS_SIZE (default 300) per assignment: three correct submissions to every one-bug one. The
 *   correct ones are the plainly written samples (`correct-naive`, the way the plainest students write: deepcopy per
 *   trial move, full scans for a win, the board scored again and again; and `correct-plain`, the way the documents
 *   lead a student); the one-bug ones are one-change mutants of `correct-naive` (`grade mutants`' mutator, a seeded
 *   spread, none in code the document gives), so they are as slow as the code they come from. Graded with
 *   `--jobs 2`. Wall time, peak memory of the whole process tree, and the run's own account of its cost
 *   (results.json `cost`): the floor (Python started and each submission imported), the students' own code in the
 *   documents' examples and in everything else, and the grader's own time.
 * - `grade check` on `correct-naive` on a pseudo-terminal: wall time and the time to its first output.
 *
 * BENCH_ASSIGNMENTS=cs111-ps9,hmc-cs5-hw11 picks the assignments; BENCH_PYTHON=pypy3 grades with another
 * interpreter; BENCH_KEEP=1 keeps each class's results.json (test-results/bench-class-<id>-results.json), to read
 * per test where the time went. Results go to stdout and test-results/bench-class[-<python>].json.
 */
import { execa } from 'execa';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { basename, join } from 'node:path';
import * as pty from 'node-pty';
import { ASSIGNMENT_IDS } from '../../runner/model/ids.js';
import type { ClassCost, RunResults } from '../../runner/model/results.js';
import { loadReviewed } from '../../runner/mutants/equivalents.js';
import { generateMutants, matchesFunction, selectMutants, specSolutionFiles, writeMutantFolders } from '../../runner/mutants/generate.js';
import { PROJECT_ROOT } from '../../runner/project-root.js';
import { CLI_BUNDLE } from '../../runner/cli/cli-bundle.js';
import { loadSpec } from '../../runner/pack/load-spec.js';
import { median, round } from './figures.js';

const ASSIGNMENTS = ASSIGNMENT_IDS;
/** The correct styles a plain class is written in, and the one its one-bug submissions are mutants of. */
const PLAIN_STYLES = ['correct-naive', 'correct-plain'];
const NAIVE = 'correct-naive';

const CLI = join(PROJECT_ROOT, CLI_BUNDLE);
const SIZE = Number(process.env['BENCH_CLASS_SIZE'] ?? 300);
const PYTHON = process.env['BENCH_PYTHON'] ?? 'python3';
const CORRECT_SHARE = 0.75;

const samplesDir = (assignment: string) => join(PROJECT_ROOT, 'fixtures', 'submissions', assignment);

/** `size` submission folders: the plain correct styles in turn, then mutants of the naive one, each a student. */
async function buildClass(assignment: string, size: number, into: string): Promise<string[]> {
  const correct = PLAIN_STYLES.map((style) => join(samplesDir(assignment), style));
  const buggy = Math.max(0, size - Math.round(size * CORRECT_SHARE));
  const mutants = buggy === 0 ? [] : await mutantFolders(assignment, buggy, join(into, '..', 'mutants'));
  const folders: string[] = [];
  for (let i = 0; i < size; i++) {
    const isCorrect = i < size - buggy;
    const source = isCorrect ? correct[i % correct.length]! : mutants[(i - (size - buggy)) % mutants.length]!;
    const target = join(into, `student-${String(i + 1).padStart(3, '0')}`);
    cpSync(source, target, { recursive: true, filter: (path) => !path.endsWith('BUG.md') && !path.includes('__pycache__') });
    // Which sample a student was made from; a dot file, so no grader reads it as the student's.
    writeFileSync(join(target, '.bench-source'), basename(source));
    folders.push(target);
  }
  return folders;
}

/** Up to `count` one-change mutants of the naive sample, a seeded spread, none in code the document gives whole. */
async function mutantFolders(assignment: string, count: number, dir: string): Promise<string[]> {
  const solution = join(samplesDir(assignment), NAIVE);
  const spec = loadSpec(PROJECT_ROOT, assignment);
  const made = await generateMutants(PROJECT_ROOT, 'python3', solution, specSolutionFiles(spec, solution));
  const given = loadReviewed(PROJECT_ROOT, assignment).given;
  const theirs = made.mutants.filter((m) => !given.some((g) => matchesFunction(g.function, m.function)));
  const chosen = selectMutants(theirs, { limit: count, seed: 1 });
  writeMutantFolders(solution, chosen, dir);
  return chosen.map((m) => join(dir, m.id));
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
      } catch {
        /* gone */
      }
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
  return {
    stop: () => {
      clearInterval(timer);
      return Math.round(peak / 1024 / 1024);
    },
  };
}

async function gradeClass(
  assignment: string,
  dir: string,
  out: string,
  plain: ReadonlySet<string>,
): Promise<{ wallS: number; peakMb: number; run: RunResults; cost: ClassCost; plainStudentS: number }> {
  const started = performance.now();
  const child = execa(
    process.execPath,
    [CLI, dir, '--assignment', assignment, '--jobs', '2', '--out', out, '--format', 'json', '--python', PYTHON],
    { reject: false, stdin: 'ignore' },
  );
  const memory = watchMemory(child.pid!);
  const result = await child;
  const peakMb = memory.stop();
  if (result.exitCode !== 0) throw new Error(`grade exited ${result.exitCode}: ${String(result.stderr).slice(-800)}`);
  const run = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as RunResults;
  const plainStudentS = median(run.submissions.filter((s) => plain.has(s.id)).map((s) => (s.studentMs ?? 0) / 1000));
  return { wallS: (performance.now() - started) / 1000, peakMb, run, cost: run.cost!, plainStudentS };
}

/**
 * `grade check` on a pseudo-terminal, as a student runs it: the whole run and the first output. Named with
 * --assignment (Conniption's files have any names), and refused unless it graded every visible test and passed them:
 * a check that stops at once measures nothing.
 */
function timeCheck(assignment: string, folder: string): Promise<{ wallS: number; firstOutputS: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let first: number | undefined;
    let printed = '';
    const terminal = pty.spawn(process.execPath, [CLI, 'check', folder, '--assignment', assignment, '--python', PYTHON], {
      cols: 120,
      rows: 40,
      cwd: folder,
      env: { ...process.env, CI: '' },
    });
    terminal.onData((data) => {
      first ??= performance.now();
      printed += data;
    });
    terminal.onExit(({ exitCode }) => {
      const score = /Score on the visible tests: (?:\x1b\[\d+m)?(\d+)\/(\d+)/u.exec(printed);
      if (exitCode !== 0 || !score || score[1] !== score[2])
        return reject(new Error(`grade check of ${folder} (${assignment}) exited ${exitCode} without full marks: ${printed.slice(-600)}`));
      resolve({ wallS: (performance.now() - started) / 1000, firstOutputS: ((first ?? performance.now()) - started) / 1000 });
    });
  });
}

async function main(): Promise<void> {
  const wanted = (process.env['BENCH_ASSIGNMENTS'] ?? ASSIGNMENTS.join(',')).split(',');
  const machine = `${cpus().length} cores (${cpus()[0]?.model.trim() ?? '?'}), ${Math.round(totalmem() / 2 ** 30)} GiB`;
  console.log(
    `Class benchmark, ${new Date().toISOString().slice(0, 10)}, ${machine}; ${SIZE} submissions per class written the plain way, --jobs 2, ${PYTHON}\n`,
  );
  const rows: Record<string, unknown>[] = [];
  for (const assignment of ASSIGNMENTS.filter((a) => wanted.includes(a))) {
    const scratch = mkdtempSync(join(tmpdir(), `bench-${assignment}-`));
    try {
      const folders = await buildClass(assignment, SIZE, join(scratch, 'class'));
      const naive = new Set(folders.filter((f) => readFileSync(join(f, '.bench-source'), 'utf8') === NAIVE).map((f) => basename(f)));
      const graded = await gradeClass(assignment, join(scratch, 'class'), join(scratch, 'out'), naive);
      const checks = [];
      for (let i = 0; i < 3; i++) checks.push(await timeCheck(assignment, join(samplesDir(assignment), NAIVE)));
      const { cost } = graded;
      const row = {
        assignment,
        submissions: SIZE,
        python: PYTHON,
        wallS: round(graded.wallS),
        peakMb: graded.peakMb,
        floorS: cost.floorS,
        examplesS: cost.examplesS,
        restS: cost.restS,
        tailS: cost.tailS ?? 0,
        graderS: cost.graderS,
        graderShare: round(cost.graderS / cost.wallS),
        naiveStudentS: round(graded.plainStudentS),
        // Every correct student must get full marks: a bench that fails them measures nothing.
        correctFullMarks: `${graded.run.submissions.filter((s) => PLAIN_STYLES.includes(readFileSync(join(scratch, 'class', s.id, '.bench-source'), 'utf8')) && s.score === s.maxScore).length}/${Math.round(SIZE * CORRECT_SHARE)}`,
        checkS: round(median(checks.map((c) => c.wallS))),
        checkFirstOutputS: round(median(checks.map((c) => c.firstOutputS))),
      };
      rows.push(row);
      if (process.env['BENCH_KEEP'] === '1') {
        mkdirSync(join(PROJECT_ROOT, 'test-results'), { recursive: true });
        cpSync(join(scratch, 'out', 'results.json'), join(PROJECT_ROOT, 'test-results', `bench-class-${assignment}-results.json`));
      }
      console.log(
        `${assignment}: ${row.wallS} s for ${SIZE}, peak ${row.peakMb} MB; floor ${row.floorS} s, the documents' examples ${row.examplesS} s, the other tests ${row.restS} s, jobs idle at the end ${row.tailS} s, the grader ${row.graderS} s (${Math.round(100 * row.graderShare)} %); correct ones at full marks ${row.correctFullMarks}; a ${NAIVE} submission's own code ${row.naiveStudentS} s (median); grade check of it ${row.checkS} s, first output ${row.checkFirstOutputS} s`,
      );
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }
  mkdirSync(join(PROJECT_ROOT, 'test-results'), { recursive: true });
  const suffix = PYTHON === 'python3' ? '' : `-${basename(PYTHON)}`;
  writeFileSync(
    join(PROJECT_ROOT, 'test-results', `bench-class${suffix}.json`),
    `${JSON.stringify({ date: new Date().toISOString(), machine, size: SIZE, python: PYTHON, rows }, null, 2)}\n`,
  );
  if (PYTHON === 'python3') writeNowTable(rows as unknown as Row[], machine);
}

interface Row {
  readonly assignment: string;
  readonly wallS: number;
  readonly floorS: number;
  readonly examplesS: number;
  readonly restS: number;
  readonly tailS: number;
  readonly graderS: number;
  readonly graderShare: number;
  readonly correctFullMarks: string;
  readonly checkS: number;
}

/** docs/performance.md's current table, between its markers: the rows of this run, dated, with the machine. */
function writeNowTable(rows: readonly Row[], machine: string): void {
  const file = join(PROJECT_ROOT, 'docs', 'performance.md');
  const text = readFileSync(file, 'utf8');
  const [begin, end] = ['<!-- bench:class writes this table: do not edit it by hand -->', '<!-- end of bench:class -->'];
  const from = text.indexOf(begin);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${file} has lost its bench:class markers`);
  const share = (r: Row) => `${Math.round(100 * r.graderShare)} %`;
  const table = [
    `Measured ${new Date().toISOString().slice(0, 10)} on ${machine}, classes of ${SIZE}, \`--jobs 2\`, \`npm run bench:class\`.`,
    '',
    "| assignment | wall | floor | the documents' examples | the other tests | jobs idle at the end | the grader (share) | correct at full marks | `grade check` of correct-naive |",
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.assignment} | ${r.wallS} s | ${r.floorS} s | ${r.examplesS} s | ${r.restS} s | ${r.tailS} s | ${r.graderS} s (${share(r)}) | ${r.correctFullMarks} | ${r.checkS} s |`,
    ),
  ].join('\n');
  writeFileSync(file, `${text.slice(0, from + begin.length)}\n${table}\n${text.slice(to)}`);
}

await main();
