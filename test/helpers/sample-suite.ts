/**
 * One assignment's sample submissions graded end to end by the real CLI, in a child process as an instructor runs
 * it, and every verdict pinned: correct samples get full marks, a one-bug sample loses exactly the tests its
 * `BUG.md` names, hostile ones get their timeout / error / fail verdicts while everything else still passes. Each
 * sample is graded once with fork; the samples whose verdicts the process model could change are graded again
 * without it (test/helpers/grade-samples.ts).
 */
import { existsSync, readdirSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AssignmentId } from '../../runner/model/ids.js';
import { PROJECT_ROOT } from '../../runner/project-root.js';
import type { RunResults, TestStatus } from '../../runner/model/results.js';
import { loadSpec } from '../../runner/pack/load-spec.js';
import { onlyPattern } from '../../runner/spec/globs.js';
import {
  FILE_ATTACKS,
  gradeSamples,
  partlyRegraded,
  processSensitive,
  processTests,
  samplesFolder,
  type HangsIn,
} from './grade-samples.js';

export type Verdicts = Record<string, TestStatus>;

const statusOf =
  (status: TestStatus) =>
  (...ids: string[]): Verdicts =>
    Object.fromEntries(ids.map((id) => [id, status]));
export const fail = statusOf('fail');
export const error = statusOf('error');
export const timeout = statusOf('timeout');

/** An assignment's samples and the verdicts pinned on each (test/assignments/<id>/verdicts.ts). */
export interface SamplePins {
  /** Samples that must get full marks. */
  readonly correct: readonly string[];
  /** Every sample's tests that do not pass, with their status; all the others must pass. */
  readonly expected: Readonly<Record<string, Verdicts>>;
  /**
   * Where a sample pinned to hang also hangs without a timeout for its verdict (HangsIn): its tests are waited on as
   * briefly as its timeouts, and each must say it met the hang.
   */
  readonly hangsIn?: HangsIn;
}

export interface SampleSuite extends SamplePins {
  readonly assignment: AssignmentId;
  /** The target whose tests the fixture-snooping sample (`hostile-reads-fixtures`) tries to game. */
  readonly snoopedTarget: string;
  /** Passed to grade as well: Conniption's files have any names, so it is named with --assignment. */
  readonly args?: readonly string[];
  /** The look-ahead mistake each sample is named with; every sample not listed must get no name. */
  readonly diagnoses?: Readonly<Record<string, string>>;
  /**
   * Failing generated cases shown again on a smaller board (results `smallest`), by sample and test: the checkers on
   * the board it came from and on the smaller one. Every smaller board any sample shows is checked besides.
   */
  readonly smallest?: Readonly<Record<string, Readonly<Record<string, readonly [from: number, to: number]>>>>;
}

const countOf = (rows: readonly string[], piece: string) => rows.join('').split(piece).length - 1;

/** Every checker rests on another or on the bottom row. */
const settled = (rows: readonly string[]) =>
  rows.every((row, r) => [...row].every((cell, c) => cell === ' ' || r === rows.length - 1 || rows[r + 1]![c] !== ' '));

/** A value only the grader's own environment holds during a sample run (hostile samples look for the name). */
const CANARY = `canary-${process.pid}-${Date.now()}`;
/** The file the escaping samples try to write everywhere (fixtures/submissions/<assignment>/hostile-writes-outside). */
const ESCAPE_PROBE = /^escape-probe/u;

/** A sample's tests that did not pass, among those `ran` (all by default), with why. */
const notPassing = (submissions: RunResults['submissions'], id: string, ran: (test: string) => boolean = () => true) => {
  const submission = submissions.find((s) => s.id === id)!;
  const failing = submission.tests.filter((t) => t.status !== 'pass' && ran(t.id));
  return {
    submission,
    verdicts: Object.fromEntries(failing.map((t) => [t.id, t.status])),
    why: failing.map((t) => `${t.id}: ${t.message}`).join('\n\n'),
  };
};

/**
 * How a test's message says it met a hang it does not time out on: a call that never ended, a move forfeited for
 * time, a top level stopped at its CPU limit.
 */
const MET_A_HANG = /never ended|a move took longer than|ms of CPU time/u;

export function describeSampleSuite({
  assignment,
  correct,
  expected,
  hangsIn = {},
  snoopedTarget,
  args: own = [],
  diagnoses = {},
  smallest = {},
}: SampleSuite): void {
  // The 0-point strength tests run too (grade --strength), so every verdict of the spec is pinned.
  const args = ['--strength', ...own];
  const samples = samplesFolder(assignment);
  const folders = readdirSync(samples).sort();
  const spec = loadSpec(PROJECT_ROOT, assignment);
  let results: RunResults;
  let stderr: string;

  beforeAll(async () => {
    // The canary is a secret of the grader's environment: no student process may ever see it.
    // Each sample with the spec's tests in an order of its own (CONNECT4_TEST_ORDER): no pinned verdict may rest on
    // where a test stands.
    ({ results, stderr } = await gradeSamples({
      assignment,
      samples: folders,
      pins: expected,
      hangsIn,
      args,
      env: { GRADER_CANARY: CANARY, CONNECT4_TEST_ORDER: '7' },
    }));
  }, 900_000);

  describe(`the ${assignment} sample submissions`, () => {
    it('are all graded, each with a pinned set of verdicts', () => {
      expect(results.submissions.every((s) => s.assignment === assignment)).toBe(true);
      expect(results.submissions.map((s) => s.id).sort()).toEqual(folders);
      expect(Object.keys(expected).sort()).toEqual(folders);
      // The run counts its submissions, and ends with its last.
      expect(
        stderr
          .match(/^\[(\d+)\/\1\] /gmu)
          ?.map((line) => Number(/\d+/u.exec(line)![0]))
          .reduce((a, b) => a + b, 0),
      ).toBe(folders.length);
    });

    it.each(Object.keys(expected))('%s gets exactly its expected verdicts', (id) => {
      const { submission, verdicts, why } = notPassing(results.submissions, id);
      expect(submission.status).toBe('graded');
      expect(verdicts, why).toEqual(expected[id]);
      expect(submission.score).toBe(submission.tests.filter((t) => t.status === 'pass').reduce((n, t) => n + t.maxScore, 0));
    });

    it('meets every hang pinned without a timeout where it is pinned', () => {
      for (const [id, tests] of Object.entries(hangsIn)) {
        const submission = results.submissions.find((s) => s.id === id)!;
        for (const test of tests) expect(submission.tests.find((t) => t.id === test)?.message, `${id} ${test}`).toMatch(MET_A_HANG);
      }
    });

    it(`gives the correct submissions, written in ${correct.length} styles, full marks`, () => {
      for (const id of correct)
        expect(results.submissions.find((s) => s.id === id)).toMatchObject({ score: spec.maxScore, maxScore: spec.maxScore });
    });

    it('names the look-ahead mistake of each sample pinned with one, on every failing look-ahead test, and no mistake elsewhere', () => {
      const named = Object.fromEntries(
        results.submissions.map((s) => [s.id, [...new Set(s.tests.flatMap((t) => (t.diagnosis ? [t.diagnosis.variant] : [])))]]),
      );
      const pinned = Object.fromEntries(results.submissions.map((s) => [s.id, diagnoses[s.id] ? [diagnoses[s.id]!] : []]));
      expect(named).toEqual(pinned);
      for (const [id, variant] of Object.entries(diagnoses)) {
        const submission = results.submissions.find((s) => s.id === id)!;
        for (const t of submission.tests.filter((x) => x.diagnosis))
          expect(t.message, `${id} ${t.id}`).toContain(`The likely mistake (${variant}, matches all`);
      }
    });

    it('shows each pinned failing case again on its smaller board, and every smaller board shown is a real one, smaller, that still fails', () => {
      for (const [id, tests] of Object.entries(smallest)) {
        const submission = results.submissions.find((s) => s.id === id)!;
        for (const [test, [from, to]] of Object.entries(tests)) {
          const shown = submission.tests.find((t) => t.id === test)?.smallest;
          expect(shown && [shown.from, shown.checkers], `${id} ${test}`).toEqual([from, to]);
        }
      }
      for (const submission of results.submissions) {
        for (const t of submission.tests.filter((x) => x.smallest)) {
          const s = t.smallest!;
          const where = `${submission.id} ${t.id}`;
          // Only a failed test's generated case, on a board a game could reach with the same side to move.
          expect(t.status, where).toBe('fail');
          expect(s.case, where).toMatch(/\.gen\./u);
          expect(s.checkers, where).toBeLessThan(s.from);
          expect(settled(s.board) && settled(s.original), where).toBe(true);
          expect(countOf(s.board, 'X') - countOf(s.board, 'O'), where).toBe(countOf(s.original, 'X') - countOf(s.original, 'O'));
          // What the check said of the smaller board (Conniption's children are summed up as "28 children" both sides).
          expect(s.message.length, where).toBeGreaterThan(0);
          expect(s.reproduce.length, where).toBeGreaterThan(0);
        }
      }
    });

    it('has a note naming the bug beside every other sample', () => {
      for (const id of Object.keys(expected).filter((k) => !correct.includes(k)))
        expect(existsSync(join(samples, id, 'BUG.md')), id).toBe(true);
    });

    it('has, for every test of the spec, a sample it passes and a sample it fails', () => {
      for (const test of spec.tests) {
        const statuses = results.submissions.map((s) => s.tests.find((t) => t.id === test.id)!.status);
        expect(statuses, test.id).toContain('pass');
        expect(
          statuses.some((s) => s === 'fail' || s === 'error'),
          test.id,
        ).toBe(true);
      }
    });

    const strengthTests = spec.tests.filter((t) => t.kind === 'strength');
    if (strengthTests.length > 0) {
      it('gives every sample whose AI runs a strength figure, over every position', () => {
        for (const test of strengthTests) {
          // A sample whose look-ahead is wrong by design may choose full columns: how many it answers is not the point.
          for (const submission of results.submissions.filter((s) => !diagnoses[s.id])) {
            const result = submission.tests.find((t) => t.id === test.id)!;
            if (result.status !== 'pass') continue;
            expect(result.strength?.positions, `${submission.id} ${test.id}`).toBe(test.fixtureCases.length);
            expect(result.strength!.answered, `${submission.id} ${test.id}: ${result.message}`).toBeGreaterThan(
              test.fixtureCases.length / 2,
            );
          }
        }
      });
    }

    it('explains every failure: what was called, both sides, and a reproduce snippet', () => {
      for (const submission of results.submissions) {
        for (const test of submission.tests.filter(
          (t) => t.status === 'fail' && t.target !== 'import' && t.target !== 'files' && !t.target.endsWith('.txt'),
        )) {
          expect(test.message.length, `${submission.id} ${test.id}`).toBeGreaterThan(20);
          expect(test.reproduce, `${submission.id} ${test.id}`).toBeTruthy();
        }
      }
    });

    it('keeps every submission in its folder: nothing written outside, nothing of the grader read', () => {
      const places = [tmpdir(), PROJECT_ROOT, join(PROJECT_ROOT, '..'), homedir(), samples];
      for (const place of places)
        expect(
          readdirSync(place).filter((name) => ESCAPE_PROBE.test(name)),
          place,
        ).toEqual([]);
      const text = JSON.stringify(results);
      expect(text).not.toContain(CANARY);
      expect(text).not.toMatch(/FOUND-OUTSIDE|LEAKED: /u);
      // CI installs bubblewrap, so the suites there prove the sandbox, not just the absence of a hostile sample.
      if (process.env['CI'] === 'true') expect(results.sandbox.isolation).toBe('bubblewrap');
    });

    it('never shows a submission what the grader expected through its own process', () => {
      const snooper = results.submissions.find((s) => s.id === 'hostile-reads-fixtures')!;
      // It answers wrongly unless it finds the answers; the hidden tests, whose cases it cannot know, show it found none.
      const snooped = snooper.tests.filter((t) => t.target === snoopedTarget && t.visibility === 'hidden');
      expect(snooped.length).toBeGreaterThan(0);
      expect(snooped.map((t) => t.status)).toEqual(snooped.map(() => 'fail'));
    });
  });

  // Without fork, the 0-point strength figures are left out: they are harness cases like the rest, and the costliest.
  describeWithoutFork(assignment, expected, hangsIn, own);
}

/**
 * The samples whose verdicts the process model could change (test/helpers/grade-samples.ts, processSensitive),
 * graded as on Windows without node-pty (CONNECT4_NO_FORK=1 CONNECT4_NO_PTY=1: each group of tests in a fresh
 * interpreter, every program too, on pipes): each must get exactly the verdicts pinned for the forked path. The
 * correct and hostile samples are regraded whole; the trivia and one-bug ones on the tests the process model reaches
 * and those pinned (partlyRegraded, processTests), in a second run. Programs on a real terminal are the forked path's
 * first session of each target, and every session of test/runner/samples-forked-programs.test.ts.
 */
function describeWithoutFork(assignment: AssignmentId, expected: SampleSuite['expected'], hangsIn: HangsIn, args: readonly string[]): void {
  const spec = loadSpec(PROJECT_ROOT, assignment);
  const sensitive = Object.keys(expected)
    .filter((sample) => processSensitive(sample, expected[sample]!, spec))
    .sort();
  const partly = sensitive.filter((sample) => partlyRegraded(sample, expected[sample]!, spec));
  const whole = sensitive.filter((sample) => !partly.includes(sample));
  const only = onlyPattern(
    processTests(
      spec,
      partly.map((sample) => expected[sample]!),
    ).join(','),
  );
  const strength = new Set(spec.tests.filter((t) => t.kind === 'strength').map((t) => t.id));
  describe('without fork or node-pty (CONNECT4_NO_FORK=1 CONNECT4_NO_PTY=1, as on Windows)', () => {
    let results: RunResults;
    let partResults: RunResults | undefined;
    beforeAll(async () => {
      const env = { CONNECT4_NO_FORK: '1', CONNECT4_NO_PTY: '1' };
      const flags = [...args, '--format', 'json'];
      ({ results } = await gradeSamples({ assignment, samples: whole, pins: expected, hangsIn, args: flags, env }));
      if (partly.length > 0)
        ({ results: partResults } = await gradeSamples({
          assignment,
          samples: partly,
          pins: expected,
          hangsIn,
          args: [...flags, '--only', only.pattern],
          env,
        }));
    }, 1_800_000);
    const graded = () => [...results.submissions, ...(partResults?.submissions ?? [])];

    it("says so once, in the run's notes", () => {
      for (const run of [results, partResults ?? results])
        expect(run.sandbox.notes.filter((n) => n.includes('fresh Python'))).toHaveLength(1);
    });

    it('regrades every trivia and hostile sample (but the file attacks the sandbox meets alike), correct-plain and each correct sample laid out in other files, and every one-bug sample a program, an import, a hang or an error decides', () => {
      expect(sensitive.filter((s) => /^(trivia|hostile)-/u.test(s)).length).toBe(
        Object.keys(expected).filter((s) => /^(trivia|hostile)-/u.test(s) && !FILE_ATTACKS.includes(s)).length,
      );
      if ('hostile-reads-fixtures' in expected) expect(sensitive).toContain('hostile-reads-fixtures');
      expect(whole).toContain('correct-plain');
      expect(whole.filter((s) => /^hostile-/u.test(s))).toEqual(sensitive.filter((s) => /^hostile-/u.test(s)));
      expect(
        graded()
          .map((s) => s.id)
          .sort(),
      ).toEqual(sensitive);
    });

    it('regrades the trivia and one-bug samples on every import, file and program test, and on each test pinned on any of them', () => {
      const ran = new Set(spec.tests.filter((t) => only.regex.test(t.id)).map((t) => t.id));
      for (const t of spec.tests.filter((x) => x.kind === 'program' || x.kind === 'import')) expect(ran.has(t.id), t.id).toBe(true);
      for (const sample of partly) for (const id of Object.keys(expected[sample]!)) expect(ran.has(id), `${sample} ${id}`).toBe(true);
      for (const submission of partResults?.submissions ?? []) {
        expect(
          submission.tests.filter((t) => !ran.has(t.id)).map((t) => t.status),
          submission.id,
        ).toEqual(submission.tests.filter((t) => !ran.has(t.id)).map(() => 'skipped'));
      }
    });

    it.each(sensitive)('%s gets the same verdicts as with fork (the strength figures aside)', (id) => {
      const ran = (test: string) => !partly.includes(id) || only.regex.test(test);
      const { verdicts, why } = notPassing(graded(), id, ran);
      const skipped = Object.keys(verdicts).filter((t) => strength.has(t));
      expect(skipped.map((t) => verdicts[t])).toEqual(skipped.map(() => 'skipped'));
      const pinned = Object.fromEntries(Object.entries(expected[id]!).filter(([t]) => !strength.has(t) && ran(t)));
      expect(Object.fromEntries(Object.entries(verdicts).filter(([t]) => !strength.has(t))), why).toEqual(pinned);
    });
  });
}
