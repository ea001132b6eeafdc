/**
 * No verdict depends on where a test stands in the spec: one sample of each kind (correct, one-bug, trivia, hostile)
 * of every assignment, graded with the spec's tests in three seeded orders of their own (CONNECT4_TEST_ORDER), gets
 * the same results each time, and its pinned verdicts. The one-bug samples are those whose verdicts rest on a rule
 * that reads other tests: an excuse that needs the charging test failed, a mistake charged once, a crash charged by
 * the first test that meets it, a messages test that sets a game's messages aside.
 */
import { describe, expect, it } from 'vitest';
import type { AssignmentId } from '../../runner/model/ids.js';
import type { RunResults, TestResult } from '../../runner/model/results.js';
import { PINS as CONNIPTION } from '../assignments/conniption/verdicts.js';
import { PINS as CS111 } from '../assignments/cs111-ps9/verdicts.js';
import { PINS as CS61A } from '../assignments/cs61a-hw04/verdicts.js';
import { PINS as HMC } from '../assignments/hmc-cs5-hw11/verdicts.js';
import { PINS as MANCHESTER } from '../assignments/manchester-connect4/verdicts.js';
import { gradeSamples } from '../helpers/grade-samples.js';
import type { SamplePins } from '../helpers/sample-suite.js';

const ORDERS = ['1', '2', '3'];

const CLASSES: readonly { assignment: AssignmentId; pins: SamplePins; samples: readonly string[]; args?: readonly string[] }[] = [
  {
    assignment: 'cs111-ps9',
    pins: CS111,
    samples: ['correct-classic', 'process-move-checker-from-repr', 'trivia-turn-print-comma', 'hostile-input-at-import'],
  },
  {
    assignment: 'hmc-cs5-hw11',
    pins: HMC,
    samples: ['correct-classic', 'board-delmove-takes-bottom', 'trivia-int-minus-one', 'hostile-input-at-import'],
  },
  {
    assignment: 'cs61a-hw04',
    pins: CS61A,
    samples: ['correct-classic', 'put-piece-mutates', 'trivia-misnamed-file', 'hostile-prints-at-import'],
  },
  {
    assignment: 'manchester-connect4',
    pins: MANCHESTER,
    samples: ['correct-classic', 'column-input-crashes', 'trivia-player1-as-O', 'hostile-plays-at-import'],
  },
  {
    assignment: 'conniption',
    pins: CONNIPTION,
    samples: ['correct-classic', 'hostile-syntax-error-in-search', 'trivia-returns-children', 'hostile-repl-at-import'],
    args: ['--assignment', 'conniption'],
  },
];

/** What a test's verdict is, without what its running cost (times; a tournament's message says its slowest move's). */
const verdictOf = (t: TestResult) => ({
  id: t.id,
  status: t.status,
  score: t.score,
  message: t.message.replace(/slowest move \d+\.\d+ s/gu, 'slowest move (timed) s'),
  expected: t.expected,
  actual: t.actual,
  reproduce: t.reproduce,
});

describe.each(CLASSES)('$assignment graded with its tests in three orders of their own', ({ assignment, pins, samples, args = [] }) => {
  it('gives every sample the same results each time, and its pinned verdicts', async () => {
    const runs: RunResults[] = [];
    for (const order of ORDERS)
      runs.push(
        (
          await gradeSamples({
            assignment,
            samples,
            pins: pins.expected,
            args: [...args, '--format', 'json'],
            env: { CONNECT4_TEST_ORDER: order },
          })
        ).results,
      );
    for (const sample of samples) {
      const [first, ...others] = runs.map((run) => run.submissions.find((s) => s.id === sample)!);
      // The 0-point strength figures are not run here (no --strength), so they are not among the verdicts compared.
      const pinned = Object.fromEntries(
        Object.entries(pins.expected[sample]!).filter(([id]) => first!.tests.find((t) => t.id === id)?.status !== 'skipped'),
      );
      expect(
        Object.fromEntries(first!.tests.filter((t) => t.status !== 'pass' && t.status !== 'skipped').map((t) => [t.id, t.status])),
        sample,
      ).toEqual(pinned);
      for (const other of others) expect(other.tests.map(verdictOf), sample).toEqual(first!.tests.map(verdictOf));
    }
  }, 600_000);
});
