/**
 * `npm run bench:pypy`: every bundled sample graded with another interpreter (BENCH_PYTHON, default pypy3: Debian's
 * package), its verdicts compared with the ones pinned for CPython (test/assignments/<id>/verdicts.ts), and each
 * sample's own time under both. Prints every difference; writes test-results/pypy-verdicts.json.
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ASSIGNMENT_IDS, type AssignmentId } from '../../runner/model/ids.js';
import { PROJECT_ROOT } from '../../runner/project-root.js';
import { PINS as CONNIPTION } from '../assignments/conniption/verdicts.js';
import { PINS as CS111 } from '../assignments/cs111-ps9/verdicts.js';
import { PINS as CS61A } from '../assignments/cs61a-hw04/verdicts.js';
import { PINS as HMC } from '../assignments/hmc-cs5-hw11/verdicts.js';
import { PINS as MANCHESTER } from '../assignments/manchester-connect4/verdicts.js';
import { gradeSamples, samplesFolder } from '../helpers/grade-samples.js';
import type { SamplePins } from '../helpers/sample-suite.js';

const PINS: Readonly<Record<AssignmentId, SamplePins>> = {
  'cs111-ps9': CS111,
  'hmc-cs5-hw11': HMC,
  'cs61a-hw04': CS61A,
  'manchester-connect4': MANCHESTER,
  conniption: CONNIPTION,
};
const PYTHON = process.env['BENCH_PYTHON'] ?? 'pypy3';

async function main(): Promise<void> {
  const wanted = (process.env['BENCH_ASSIGNMENTS'] ?? ASSIGNMENT_IDS.join(',')).split(',');
  const report: Record<string, unknown>[] = [];
  for (const assignment of ASSIGNMENT_IDS.filter((a) => wanted.includes(a))) {
    const pins = PINS[assignment];
    const samples = readdirSync(samplesFolder(assignment)).sort();
    const base = ['--strength', '--format', 'json', ...(assignment === 'conniption' ? ['--assignment', 'conniption'] : [])];
    const other = await gradeSamples({ assignment, samples, pins: pins.expected, args: [...base, '--python', PYTHON] });
    const cpython = await gradeSamples({ assignment, samples, pins: pins.expected, args: base });
    const differences: string[] = [];
    for (const submission of other.results.submissions) {
      const got = Object.fromEntries(submission.tests.filter((t) => t.status !== 'pass').map((t) => [t.id, t.status]));
      const pinned = pins.expected[submission.id] ?? {};
      for (const id of new Set([...Object.keys(got), ...Object.keys(pinned)])) {
        if (got[id] !== pinned[id])
          differences.push(
            `${submission.id} ${id}: ${pinned[id] ?? 'pass'} with CPython, ${got[id] ?? 'pass'} with ${PYTHON}: ${submission.tests.find((t) => t.id === id)?.message.split('\n')[0] ?? ''}`,
          );
      }
    }
    const own = (run: typeof other) => Math.round(run.results.submissions.reduce((n, s) => n + (s.studentMs ?? 0), 0) / 100) / 10;
    const row = {
      assignment,
      samples: samples.length,
      differences,
      studentS: { [PYTHON]: own(other), python3: own(cpython) },
      wallS: { [PYTHON]: other.results.cost?.wallS, python3: cpython.results.cost?.wallS },
    };
    report.push(row);
    console.log(
      `${assignment}: ${samples.length} samples, ${differences.length} verdicts differ; the samples' own time ${row.studentS[PYTHON]} s with ${PYTHON}, ${row.studentS.python3} s with CPython`,
    );
    for (const line of differences) console.log(`  ${line}`);
  }
  mkdirSync(join(PROJECT_ROOT, 'test-results'), { recursive: true });
  writeFileSync(
    join(PROJECT_ROOT, 'test-results', 'pypy-verdicts.json'),
    `${JSON.stringify({ date: new Date().toISOString(), python: PYTHON, report }, null, 2)}\n`,
  );
}

await main();
