import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { slowFirstSequencer } from './test/helpers/slow-first-sequencer.js';

/**
 * `npm test` runs the fast tests; the suites that grade every bundled sample and the real corpus (minutes each) run
 * with `npm run test:all`, and always under CI, which must run everything.
 */
export const SLOW_SUITES = [
  'test/assignments/*/samples.test.ts',
  'test/assignments/*/kit-verdicts.test.ts',
  'test/runner/samples-*.test.ts',
  'test/calibration/**/*.test.ts',
  'test/runner/scale-slurm.test.ts',
];
/**
 * The slow suites by what they cost (the largest first): they start first, so none is left to run alone at the end.
 * Measured per file in a clean clone as CI runs it (2 cores, 2026-11-28, `4f2a265`: 646 s in all; docs/development.md
 * has the tables).
 */
const LONGEST_FIRST = [
  'test/assignments/cs111-ps9/samples.test.ts', // 192 s
  'test/assignments/manchester-connect4/samples.test.ts', // 163 s
  'test/assignments/hmc-cs5-hw11/samples.test.ts', // 142 s
  'test/assignments/cs111-ps9/kit-verdicts.test.ts', // 122 s
  'test/assignments/conniption/samples.test.ts', // 86 s
  'test/assignments/hmc-cs5-hw11/kit-verdicts.test.ts', // 66 s
  'test/assignments/manchester-connect4/kit-verdicts.test.ts', // 64 s
  'test/calibration/**/*.test.ts', // 57 s
  'test/runner/samples-packs.test.ts', // 46 s
  'test/assignments/cs61a-hw04/samples.test.ts', // 32 s
  'test/runner/samples-forked-programs.test.ts', // 24 s
  ...SLOW_SUITES, // the Conniption and CS61A kits (26 s, 15 s), the packs' boards and a hang's cost, the Slurm cluster
];
const everything = process.env.CI === 'true' || process.env.GRADE_TESTS === 'all';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: everything ? configDefaults.exclude : [...configDefaults.exclude, ...SLOW_SUITES],
    globalSetup: ['test/helpers/shared-setup.ts'],
    // Two files at a time even on 2 cores (vitest's default there is one): most files use one core, and the grading
    // suites run one submission at a time (test/helpers/suite-jobs.ts), so two of anything fit the machine.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A worker keeps its modules from one file to the next: importing the grader again for each of ~90 files cost
    // about a fifth of npm test's time. No test leaves state behind (an environment variable a file sets, it restores).
    isolate: false,
    sequence: { sequencer: slowFirstSequencer(import.meta.dirname, LONGEST_FIRST) },
    benchmark: { include: ['test/**/*.bench.ts'] },
    // Lookahead cross-checks and fixture regeneration are CPU-bound; give them room on a 2-core machine.
    testTimeout: 120_000,
  },
});
