/**
 * Sample folders graded by the real CLI in a child process, as an instructor runs it, for the suites that pin their
 * verdicts. Samples pinned to hang are graded under scaled time limits (CONNECT4_TEST_TIME_SCALE_FOR, in the same
 * run), and the very tests pinned to hang under half a second (CONNECT4_TEST_HANGS_FOR): their verdict is that they
 * hang, which a shorter limit shows as well as a long one.
 */
import { execa } from 'execa';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AssignmentId } from '../../runner/model/ids.js';
import type { RunResults } from '../../runner/model/results.js';
import { PROJECT_ROOT } from '../../runner/project-root.js';
import type { ResolvedSpec } from '../../runner/model/spec-types.js';
import type { Verdicts } from './sample-suite.js';
import { SUITE_JOBS } from './suite-jobs.js';
import { CLI_COMMAND } from './cli-command.js';

/** The time limits' factor for samples pinned to hang (none goes below 2 s: runner/model/limits.ts). */
export const HANG_TIME_SCALE = '0.1';

export const samplesFolder = (assignment: AssignmentId) => join(PROJECT_ROOT, 'fixtures', 'submissions', assignment);

/** Whether a sample's pinned verdicts say it hangs somewhere: a timeout is its verdict, not a limit's length. */
export const hangs = (verdicts: Verdicts | undefined) => Object.values(verdicts ?? {}).includes('timeout');

/**
 * Whether the way student processes are made (forked from a warm interpreter, or each group in a fresh one, programs
 * on a terminal or on pipes) could change a sample's verdicts: a trivia, open or hostile sample (but those whose
 * attack is on files, FILE_ATTACKS, which the sandbox meets alike around every process: hostile-reads-fixtures
 * stays, to show each fresh process is sandboxed too); `correct-plain`, and
 * a correct sample whose Python files are not as many as correct-plain's (the imports are what the process model
 * sees: the other correct samples differ from correct-plain in how their code is written, and cost the most to
 * grade); or a sample whose pinned failures include an import, a program, a hang or an error. The others fail value
 * tests only, whose verdicts are made from the harness's replies, the same whichever process gave them.
 */
export function processSensitive(sample: string, verdicts: Verdicts, spec: ResolvedSpec): boolean {
  if (FILE_ATTACKS.includes(sample)) return false;
  if (/^(trivia|open|hostile)-/u.test(sample) || sample === 'correct-plain') return true;
  if (sample.startsWith('correct-')) return pythonFiles(spec.assignment, sample) !== pythonFiles(spec.assignment, 'correct-plain');
  const kinds = new Map(spec.tests.map((t) => [t.id, t.kind]));
  return Object.entries(verdicts).some(([id, status]) => status !== 'fail' || kinds.get(id) === 'program' || kinds.get(id) === 'import');
}

/** The kinds of test the process model reaches: an import, the files, a program on a terminal or on pipes. */
const PROCESS_KINDS: ReadonlySet<string> = new Set(['import', 'file-present', 'file-names', 'program']);

/**
 * Whether a process-sensitive sample is regraded without fork on part of the spec only (processTests): a trivia or
 * one-bug sample, whose verdicts the process model could change only where it reaches (imports, files, programs) and
 * where its pins say something other than a plain wrong answer. The correct and hostile samples are regraded whole,
 * and so is a sample whose pins fail a quarter of the tests or more (a file that does not import fails them all).
 */
export function partlyRegraded(sample: string, verdicts: Verdicts, spec: ResolvedSpec): boolean {
  if (/^(correct|open|hostile)-/u.test(sample)) return false;
  return Object.keys(verdicts).length < spec.tests.length / 4;
}

/**
 * The tests a partly regraded run runs (`--only`, one run for all such samples): every test of a kind the process
 * model reaches, and every test pinned on any of the samples (a game played again with the document's version of a
 * part needs that part's failing test run first). The others are value tests, made from the harness's replies, which
 * the forked run pins and no process model changes.
 */
export function processTests(spec: ResolvedSpec, pins: readonly Verdicts[]): string[] {
  const pinned = new Set(pins.flatMap((verdicts) => Object.keys(verdicts)));
  return spec.tests.filter((t) => PROCESS_KINDS.has(t.kind) || pinned.has(t.id)).map((t) => t.id);
}

/** Hostile samples whose attack is reading or writing files the sandbox hides: not regraded without fork. */
export const FILE_ATTACKS: readonly string[] = [
  'hostile-answers-from-kit',
  'hostile-hunts-files',
  'hostile-writes-outside',
  'hostile-reads-grader-process',
];

const pythonFiles = (assignment: AssignmentId, sample: string) =>
  readdirSync(join(samplesFolder(assignment), sample)).filter((f) => f.endsWith('.py')).length;

export interface GradedSamples {
  readonly results: RunResults;
  /** Every run's standard error, for its progress lines and warnings. */
  readonly stderr: string;
}

/**
 * By sample, tests it hangs in whose verdict is not a timeout: a tournament whose moves forfeit for time (fail), a
 * one-rule test that passes on the call that never ended, an import whose top level is stopped at its CPU limit (fail).
 */
export type HangsIn = Readonly<Record<string, readonly string[]>>;

export interface SampleRun {
  readonly assignment: AssignmentId;
  readonly samples: readonly string[];
  /** Pinned verdicts, to know which samples hang. */
  readonly pins: Readonly<Record<string, Verdicts>>;
  /** And where else they hang. */
  readonly hangsIn?: HangsIn;
  readonly args?: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
}

/**
 * The environment that grades `hanging` (sample → the tests it hangs in) under short limits: the samples under a tenth
 * of every limit (CONNECT4_TEST_TIME_SCALE_FOR, none below 2 s), and the tests named under half a second
 * (CONNECT4_TEST_HANGS_FOR, `<sample>/<test>`), where the rest of a sample's tests keep the scaled limits. Empty when
 * nothing hangs.
 */
export function hangLimitsEnv(hanging: Readonly<Record<string, readonly string[]>>): Record<string, string> {
  const samples = Object.keys(hanging);
  if (samples.length === 0) return {};
  return {
    CONNECT4_TEST_TIME_SCALE_FOR: `${HANG_TIME_SCALE}:${samples.join(',')}`,
    CONNECT4_TEST_HANGS_FOR: samples.flatMap((s) => hanging[s]!.map((test) => `${s}/${test}`)).join(','),
  };
}

/**
 * Grades `samples` (folder names) in one CLI run; those pinned to hang under short limits (hangLimitsEnv: their tests
 * pinned `timeout`, and those `hangsIn` names, since a hang shows under a short limit as under a long one, whatever
 * the test makes of it); the others under the spec's own.
 */
export async function gradeSamples({ assignment, samples, pins, hangsIn = {}, args = [], env = {} }: SampleRun): Promise<GradedSamples> {
  const hanging = Object.fromEntries(
    samples
      .filter((s) => hangs(pins[s]) || hangsIn[s] !== undefined)
      .map((s) => [s, [...Object.keys(pins[s]!).filter((test) => pins[s]![test] === 'timeout'), ...(hangsIn[s] ?? [])]]),
  );
  const graded = await gradeFolders(assignment, samples, args, { ...env, ...hangLimitsEnv(hanging) });
  const order = new Map(samples.map((s, i) => [s, i]));
  const submissions = [...graded.results.submissions].sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  return { results: { ...graded.results, submissions }, stderr: graded.stderr };
}

/**
 * One CLI run over a class folder holding copies of the named samples: graded side by side as a class is (a folder
 * with no file of the assignment is a student only beside others).
 */
async function gradeFolders(
  assignment: AssignmentId,
  names: readonly string[],
  args: readonly string[],
  env: Readonly<Record<string, string>>,
): Promise<GradedSamples> {
  const work = mkdtempSync(join(tmpdir(), `${assignment}-samples-`));
  const [klass, out] = [join(work, 'class'), join(work, 'out')];
  mkdirSync(klass);
  for (const name of names)
    cpSync(join(samplesFolder(assignment), name), join(klass, name), { recursive: true, filter: (path) => !path.includes('__pycache__') });
  try {
    // No --assignment unless the suite passes one: the assignment is detected from the samples' files, as a class's is.
    const run = await execa(process.execPath, [...CLI_COMMAND, klass, '--out', out, '--jobs', String(SUITE_JOBS), ...args], {
      cwd: PROJECT_ROOT,
      env: { CI: 'true', ...env },
      reject: false,
    });
    const stderr = String(run.stderr);
    if (run.exitCode !== 0)
      throw new Error(`grade ${assignment} (${names.length} samples) exited ${run.exitCode}: ${stderr.slice(-2_000)}`);
    return { results: JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as RunResults, stderr };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
