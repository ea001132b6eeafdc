import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/helpers/shared-setup.ts'],
    benchmark: { include: ['test/**/*.bench.ts'] },
    // Lookahead cross-checks and fixture regeneration are CPU-bound; give them room on a 2-core machine.
    testTimeout: 120_000,
  },
});
