import { configDefaults, defineConfig } from 'vitest/config';

/**
 * `npm test` runs the fast tests; the suites that grade every bundled sample and the real corpus (minutes each) run
 * with `npm run test:all`, and always under CI, which must run everything.
 */
export const SLOW_SUITES = ['test/assignments/*/samples.test.ts', 'test/assignments/*/kit-verdicts.test.ts', 'test/runner/samples-*.test.ts', 'test/calibration/**/*.test.ts'];
const everything = process.env.CI === 'true' || process.env.GRADE_TESTS === 'all';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: everything ? configDefaults.exclude : [...configDefaults.exclude, ...SLOW_SUITES],
    globalSetup: ['test/helpers/shared-setup.ts'],
    benchmark: { include: ['test/**/*.bench.ts'] },
    // Lookahead cross-checks and fixture regeneration are CPU-bound; give them room on a 2-core machine.
    testTimeout: 120_000,
  },
});
