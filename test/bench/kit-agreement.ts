/**
 * What `npm run bench:kit` measures beyond the install and the busy machine: for one assignment, the kit's verdicts
 * against `grade check`'s on every bundled sample (each visible test agrees, or the kit's own line says why it
 * differs), the kit's time beside `grade check`'s on `correct-naive`, and the time each takes to stop a looping sample.
 *
 * The samples are graded twice in class runs, as `grade check` grades them (`--visible`) and as the kit grades them
 * (`--visible --stand-ins own`: its plan, tools, limits and the student's own parts, which the kit suites hold to the
 * installed bundle's verdicts). The times are the installed kit's command and the built `grade check`, each run
 * alone on the same machine.
 */
import { execa } from 'execa';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AssignmentId } from '../../runner/model/ids.js';
import type { RunResults, SubmissionResult, TestResult } from '../../runner/model/results.js';
import { PROJECT_ROOT } from '../../runner/project-root.js';
import { NAMES_ANOTHER_PART } from '../helpers/kit-explains.js';
import { median, round } from './figures.js';

const GRADE = join(PROJECT_ROOT, 'dist', 'grade.js');
const samplesOf = (assignment: AssignmentId) => join(PROJECT_ROOT, 'fixtures', 'submissions', assignment);

/** One looping sample per assignment: its own code never ends where a test calls it. */
export const LOOPING: Readonly<Record<AssignmentId, string>> = {
  'cs111-ps9': 'hostile-infinite-loop',
  'cs61a-hw04': 'hostile-infinite-loop',
  'hmc-cs5-hw11': 'hostile-infinite-loop',
  conniption: 'hostile-search-loops',
  'manchester-connect4': 'hostile-suggest2-loops',
};

export interface Agreement {
  readonly samples: number;
  /** Visible verdicts compared, and of them: the same status, a difference the kit's line explains, and neither. */
  readonly verdicts: number;
  readonly agree: number;
  readonly explained: number;
  readonly unexplained: readonly string[];
  /** Of the differences: the kit fails where grade check passes, leaves a test to the grader, or passes where grade check fails. */
  readonly stricter: number;
  readonly later: number;
  readonly lenient: readonly string[];
}

async function classRun(assignment: AssignmentId, out: string, more: readonly string[]): Promise<Map<string, SubmissionResult>> {
  const samples = readdirSync(samplesOf(assignment))
    .sort()
    .map((s) => join(samplesOf(assignment), s));
  const ran = await execa(
    process.execPath,
    [GRADE, ...samples, '--assignment', assignment, '--visible', '--format', 'json', '--jobs', '2', '--out', out, ...more],
    { reject: false, env: { CI: '' } },
  );
  if (ran.exitCode !== 0) throw new Error(`grade ${assignment} ${more.join(' ')} exited ${ran.exitCode}: ${ran.stderr}`);
  return new Map((JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as RunResults).submissions.map((s) => [s.id, s]));
}

/** Why the kit's verdict on a test differs from grade check's, in the kit's own words, if its line says. */
const explains = (ours: TestResult): boolean => ours.decidedLater === true || NAMES_ANOTHER_PART.test(ours.message);
const passed = (t: TestResult) => t.status === 'pass';

/** Every bundled sample graded both ways, each visible verdict compared. */
export async function agreement(assignment: AssignmentId, work: string): Promise<Agreement> {
  const check = await classRun(assignment, join(work, 'check'), []);
  const kit = await classRun(assignment, join(work, 'kit'), ['--stand-ins', 'own']);
  let verdicts = 0;
  let agree = 0;
  let explained = 0;
  let stricter = 0;
  let later = 0;
  const unexplained: string[] = [];
  const lenient: string[] = [];
  for (const [sample, theirs] of check) {
    const ours = new Map(kit.get(sample)!.tests.map((t) => [t.id, t]));
    for (const t of theirs.tests) {
      const k = ours.get(t.id)!;
      verdicts++;
      if (k.status === t.status && !k.decidedLater) {
        agree++;
        continue;
      }
      if (k.decidedLater) later++;
      else if (passed(k) && !passed(t)) lenient.push(`${sample} ${t.id}: the kit passes, grade check says ${t.status}`);
      else if (!passed(k) && passed(t)) stricter++;
      if (explains(k)) explained++;
      else unexplained.push(`${sample} ${t.id}: kit ${k.status}, grade check ${t.status}: ${k.message.split('\n')[0]!.slice(0, 160)}`);
    }
  }
  return { samples: check.size, verdicts, agree, explained, unexplained, stricter, later, lenient };
}

/** Wall seconds of one command, and its exit code. */
async function timed(command: string, args: readonly string[], cwd: string): Promise<{ seconds: number; exitCode: number | undefined }> {
  const started = performance.now();
  const ran = await execa(command, args, { cwd, reject: false, env: { CI: '' } });
  return { seconds: (performance.now() - started) / 1000, exitCode: ran.exitCode };
}

/** The median of `runs` runs of grade check and of the installed kit on `sample`, alternated, and their ratio. */
export async function sideBySide(
  assignment: AssignmentId,
  kitBin: string,
  sample: string,
  runs: number,
): Promise<{ checkS: number; kitS: number; ratio: number }> {
  const folder = join(samplesOf(assignment), sample);
  const check: number[] = [];
  const kit: number[] = [];
  for (let i = 0; i < runs; i++) {
    check.push((await timed(process.execPath, [GRADE, 'check', folder, '--assignment', assignment], PROJECT_ROOT)).seconds);
    kit.push((await timed(kitBin, [folder], PROJECT_ROOT)).seconds);
  }
  const checkS = round(median(check));
  const kitS = round(median(kit));
  return { checkS, kitS, ratio: round(kitS / checkS) };
}
