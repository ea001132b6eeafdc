/**
 * The student's kit against `grade check`, on one assignment's samples. The kit is built and packed as a course
 * would, unpacked, and run as `connect4-check`. What the kit grades with (its plan, tools and limits, the student's own
 * parts) is what `grade --visible --stand-ins own` grades with, so the samples are graded that way in class runs, one
 * with fork and node-pty (as on Linux or macOS) and one without (as on Windows); the installed bundle runs a few of
 * them besides and must give the class runs' statuses and scores: correct-classic both ways, a trivia sample, a one-bug
 * sample, and the sample pinned for a named look-ahead mistake (only the bundle names one, from the table it carries).
 * A correct or trivia sample gets exactly `grade check`'s verdicts, with fork and without (the trivia samples and
 * correct-classic; the sample suites prove that path gives the forked path's verdicts on every sample it could
 * change). A one-bug sample whose bug a visible test catches fails at least every test `grade check` fails it on (the
 * kit runs a test on the student's own other parts where the grader uses the document's, so it may fail more, and
 * then says where the failure may come from).
 *
 * `oldest`: the suite runs every grade and the bundle on the oldest Python the grader supports, named by
 * CONNECT4_OLDEST_PYTHON (.ci/run sets it to pyenv's 3.8 where the machine has one): a student's Python may be that
 * old, and what the harness calls must be there. Without it the suite runs on python3 and says so; under CI that is a
 * failure.
 */
import { execa } from 'execa';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssignmentId } from '../../runner/model/ids.js';
import type { RunResults, SubmissionResult, TestResult } from '../../runner/model/results.js';
import { buildKit } from '../../runner/kit/build-kit.js';
import { PROJECT_ROOT } from '../../runner/project-root.js';
import { loadSpec } from '../../runner/pack/load-spec.js';
import type { ResolvedTest } from '../../runner/model/spec-types.js';
import type { SamplePins, Verdicts } from './sample-suite.js';
import { hangs } from './grade-samples.js';
import { eachAtSuitePace, SUITE_JOBS } from './suite-jobs.js';
import { CLI_COMMAND } from './cli-command.js';
import { DECIDED_LATER, NAMES_ANOTHER_PART } from './kit-explains.js';

/** How the kit runs as on Linux or macOS, and as on Windows. */
const MODES = { fork: {}, 'no fork, no node-pty': { CONNECT4_NO_FORK: '1', CONNECT4_NO_PTY: '1' } } as const;

const failing = (s: SubmissionResult): Map<string, TestResult> =>
  new Map(s.tests.filter((t) => t.status !== 'pass' && t.status !== 'skipped').map((t) => [t.id, t]));
/** The tests the kit could not play as the grader does: neither passed nor failed there (policies/decided-later.ts). */
const undecided = (s: SubmissionResult): Map<string, TestResult> => new Map(s.tests.filter((t) => t.decidedLater).map((t) => [t.id, t]));
/** Each test's status, the kit's undecided ones left out of both sides: what must agree. */
const statuses = (s: SubmissionResult, leftOut: ReadonlyMap<string, unknown> = new Map()) =>
  Object.fromEntries(s.tests.filter((t) => !leftOut.has(t.id)).map((t) => [t.id, t.status]));

/** grade check's result on a sample, read from its pinned verdicts on the visible tests. */
function pinnedCheck(
  sample: string,
  pinned: Verdicts,
  visible: readonly ResolvedTest[],
  samplesDir: string,
  assignment: AssignmentId,
): SubmissionResult {
  const tests: TestResult[] = visible.map((t) => {
    const status = pinned[t.id] ?? 'pass';
    return {
      id: t.id,
      name: t.name,
      group: t.group,
      target: t.target,
      status,
      score: status === 'pass' ? t.points : 0,
      maxScore: t.points,
      visibility: t.visibility,
      message: 'pinned',
    };
  });
  const sum = (key: 'score' | 'maxScore') => Math.round(tests.reduce((n, t) => n + t[key], 0) * 1000) / 1000;
  return {
    id: sample,
    path: join(samplesDir, sample),
    assignment,
    status: 'graded',
    score: sum('score'),
    maxScore: sum('maxScore'),
    durationMs: 0,
    tests,
  };
}

/**
 * `diagnosisOnly`: one-bug samples that exist to pin the grader's naming of a look-ahead mistake, which the kit does
 * not make (it holds no look-ahead); the kit's verdicts on a look-ahead bug are pinned on the assignment's older ones.
 */
export function describeKitVerdicts(
  assignment: AssignmentId,
  pins: SamplePins,
  given: readonly string[] = [],
  diagnosisOnly: readonly string[] = [],
  named?: { readonly sample: string; readonly variant: string },
  oldest = false,
): void {
  const oldestPython = oldest ? process.env['CONNECT4_OLDEST_PYTHON'] : undefined;
  const python = oldestPython ? ['--python', oldestPython] : [];
  const args = [...given, ...python];
  const samplesDir = join(PROJECT_ROOT, 'fixtures', 'submissions', assignment);
  // Hostile samples are the sample suites' (and their time limits the slowest runs); the rule is about real work. So
  // are the one-bug samples pinned to hang: the kit gives the student's own code four times the grader's limits, so
  // each hang there costs a minute of waiting to show what the sample suites show already.
  const samples = readdirSync(samplesDir)
    .filter((name) => !name.startsWith('hostile-') && !hangs(pins.expected[name]) && !diagnosisOnly.includes(name))
    .sort();
  const alike = samples.filter((name) => /^(correct|trivia)-/u.test(name));
  // As on Windows, without fork and node-pty: the trivia samples (texts a program prints) and the classic correct one.
  // The sample suites prove that path's verdicts on every sample it could change.
  const windows = alike.filter((name) => name.startsWith('trivia-') || name === 'correct-classic');
  const oneBug = samples.filter((name) => !alike.includes(name));
  let work: string;
  let check: Map<string, SubmissionResult>;
  /** The installed bundle's results, by mode and sample. */
  const bundle = new Map<string, Map<string, SubmissionResult>>();
  /** The samples graded as the kit grades them, in one class run per mode. */
  const graded = new Map<string, Map<string, SubmissionResult>>();
  let bridge: string | undefined;
  /** Through the bundle, by mode: the samples it runs, each also in that mode's class run. */
  const throughBundle = new Map<string, string[]>();

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), `kit-verdicts-${assignment}-`));
    const spec = loadSpec(PROJECT_ROOT, assignment);
    const visible = spec.tests.filter((t) => t.visibility === 'visible');
    // grade check's verdicts are the sample suite's pins on the visible tests, but for one thing: a visible game that
    // goes wrong is played again with the document's versions of the parts whose tests failed before it, and without
    // the hidden tests fewer have. So a sample a hidden test fails is graded as grade check grades it; on the others
    // the pins, which the sample suites prove, are grade check's verdicts.
    const hidden = new Set(spec.tests.filter((t) => t.visibility === 'hidden').map((t) => t.id));
    const checked = samples.filter((sample) => Object.keys(pins.expected[sample] ?? {}).some((id) => hidden.has(id)));
    const gradeRun = (names: readonly string[], out: string, more: readonly string[], env: Readonly<Record<string, string>> = {}) =>
      execa(
        process.execPath,
        [
          ...CLI_COMMAND,
          ...names.map((s) => join(samplesDir, s)),
          '--assignment',
          assignment,
          '--visible',
          '--format',
          'json',
          '--jobs',
          String(SUITE_JOBS),
          '--out',
          out,
          ...more,
          ...args,
        ],
        { cwd: PROJECT_ROOT, env: { CI: 'true', ...env }, reject: false },
      );
    const readRun = async (run: ReturnType<typeof gradeRun>, out: string) => {
      const ran = await run;
      expect(ran.exitCode, String(ran.stderr)).toBe(0);
      return new Map((JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as RunResults).submissions.map((s) => [s.id, s]));
    };
    const baseline = join(work, 'grade-check');
    const checkRun = checked.length === 0 ? undefined : gradeRun(checked, baseline, []);
    const built = await buildKit({ assignment, out: join(work, 'kit'), classroom: false, version: '0.0.0-test' });
    const unpacked = join(work, 'installed');
    mkdirSync(unpacked);
    await execa('tar', ['-xzf', built.tarball, '-C', unpacked]);
    // The kit as npm installs it: its own node-pty is in the tarball.
    const root = join(unpacked, 'package');
    check = new Map(
      samples
        .filter((s) => !checked.includes(s))
        .map((sample) => [sample, pinnedCheck(sample, pins.expected[sample] ?? {}, visible, samplesDir, assignment)]),
    );
    if (checkRun) for (const [id, s] of await readRun(checkRun, baseline)) check.set(id, s);
    // A one-bug sample whose bug no visible test catches has nothing to compare: the kit is not run on it.
    const compared = oneBug.filter((sample) => failing(check.get(sample)!).size > 0);
    bridge = named?.sample ?? compared[0];
    const trivia = windows.find((name) => name.startsWith('trivia-'));
    throughBundle.set('fork', [...new Set(['correct-classic', ...(trivia ? [trivia] : []), ...(bridge ? [bridge] : [])])]);
    throughBundle.set('no fork, no node-pty', ['correct-classic']);
    const runs = [...throughBundle].flatMap(([mode, names]) => names.map((sample) => [mode, sample] as const));
    const results = await eachAtSuitePace(runs, async ([mode, sample]) => {
      const out = join(work, mode.replace(/\W+/gu, '-'), sample);
      const ran = await execa(
        process.execPath,
        [join(root, 'bin', 'connect4-check.js'), join(samplesDir, sample), '--out', out, ...python],
        { cwd: work, env: { CI: 'true', ...MODES[mode as keyof typeof MODES] }, reject: false },
      );
      if (ran.exitCode !== 0 && ran.exitCode !== 1)
        throw new Error(`connect4-check ${sample} (${mode}) exited ${ran.exitCode}: ${String(ran.stderr)}`);
      return (JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as RunResults).submissions[0]!;
    });
    runs.forEach(([mode, sample], i) => bundle.set(mode, (bundle.get(mode) ?? new Map()).set(sample, results[i]!)));
    // The class runs, as the kit grades: every sample compared, and every one the bundle ran in that mode.
    const forked = [...new Set([...alike, ...compared, ...throughBundle.get('fork')!])];
    const unforked = [...new Set([...windows, ...throughBundle.get('no fork, no node-pty')!])];
    for (const [mode, names] of [
      ['fork', forked],
      ['no fork, no node-pty', unforked],
    ] as const) {
      const out = join(work, `own-parts-${mode.replace(/\W+/gu, '-')}`);
      graded.set(mode, await readRun(gradeRun(names, out, ['--stand-ins', 'own'], MODES[mode]), out));
    }
  }, 1_800_000);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  if (oldest) {
    it(`runs on the oldest Python the grader supports (CONNECT4_OLDEST_PYTHON: ${oldestPython ?? 'not set, so python3'})`, () => {
      if (!oldestPython) {
        // Only CI must have it: .ci/run names pyenv's 3.8 (docs/development.md).
        expect(process.env['CI'] === 'true' ? 'CONNECT4_OLDEST_PYTHON is not set under CI' : 'skipped').toBe('skipped');
        return;
      }
      for (const runs of [...graded.values(), ...bundle.values()]) {
        for (const [sample, result] of runs) expect(result.status, sample).toBe('graded');
      }
      const ran = JSON.parse(readFileSync(join(work, 'own-parts-fork', 'results.json'), 'utf8')) as RunResults;
      expect(ran.sandbox.python).toMatch(/\(3\.8\.\d+\)$/u);
    });
  }

  if (named) {
    it(`names ${named.sample}'s look-ahead mistake (${named.variant}) from its table of answers, as grade check does`, () => {
      const checked = bundle.get('fork')!.get(named.sample)!;
      const diagnosed = checked.tests.filter((t) => t.diagnosis);
      expect(diagnosed.length, checked.tests.map((t) => `${t.id}: ${t.status}`).join('\n')).toBeGreaterThan(0);
      for (const t of diagnosed) {
        expect(t.diagnosis!.variant).toBe(named.variant);
        expect(t.message).toContain(`The likely mistake (${named.variant}, matches all`);
      }
    });
  }

  it('gives each sample it runs through the installed bundle the statuses and scores of the class run graded as the kit grades', () => {
    // Statuses and scores: a tournament's message holds its slowest move's time, which varies, and only the bundle names
    // a look-ahead mistake (from the table it carries; the named sample's test above).
    const view = (s: SubmissionResult) => s.tests.map((t) => [t.id, t.status, t.score]);
    for (const [mode, names] of throughBundle) {
      for (const sample of names) {
        const bundled = bundle.get(mode)!.get(sample)!;
        const inClass = graded.get(mode)!.get(sample);
        expect(inClass, `${sample} (${mode}) is not in the class run`).toBeDefined();
        expect(view(bundled), `${sample} (${mode})`).toEqual(view(inClass!));
      }
    }
    if (bridge) expect(failing(bundle.get('fork')!.get(bridge)!).size, `${bridge} fails no test in the kit`).toBeGreaterThan(0);
  });

  describe.each(['fork', 'no fork, no node-pty'])(`the ${assignment} kit (%s)`, (mode) => {
    it.each(mode === 'fork' ? alike : windows)(
      "gives %s exactly grade check's verdicts, but those it says are decided after the student submits",
      (sample) => {
        const theirs = check.get(sample)!;
        const ours = graded.get(mode)!.get(sample)!;
        const later = undecided(ours);
        expect(statuses(ours, later), [...failing(ours).values()].map((t) => `${t.id}: ${t.message}`).join('\n\n')).toEqual(
          statuses(theirs, later),
        );
        for (const t of later.values()) expect(t.message, t.id).toMatch(DECIDED_LATER);
        const theirsLater = theirs.tests.filter((t) => later.has(t.id)).reduce((n, t) => n + t.score, 0);
        expect(ours.score).toBe(Math.round((theirs.score - theirsLater) * 1000) / 1000);
      },
    );

    // The one-bug samples as on Linux and macOS: the sample suites show the process model does not change a verdict.
    if (mode === 'fork')
      it.each(oneBug)('fails %s on every test grade check fails it on, and says where a failure beyond those may come from', (sample) => {
        const theirs = failing(check.get(sample)!);
        const checked = graded.get('fork')!.get(sample);
        if (!checked) return expect(theirs.size, 'a sample the kit was not run on').toBe(0);
        const ours = failing(checked);
        const later = undecided(checked);
        // Never more lenient: a test grade check fails, the kit fails too, or leaves to the grader, saying why.
        expect(
          [...theirs.keys()].filter((id) => !ours.has(id) && !later.has(id)),
          'tests the kit passes',
        ).toEqual([]);
        for (const t of later.values()) expect(t.message, t.id).toMatch(DECIDED_LATER);
        for (const [id, test] of ours) if (!theirs.has(id)) expect(test.message, `${id}: ${test.message}`).toMatch(NAMES_ANOTHER_PART);
      });
  });
}
