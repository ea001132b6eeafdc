/**
 * How many submissions a suite that grades runs at once. Vitest runs two test files at a time (vitest.config.ts) and
 * the grading suites are CPU-bound under real time limits: one job each keeps two of them within a 2-core machine,
 * and a fast test file beside one of them fills the core it leaves.
 */
export const SUITE_JOBS = 1;

/** Runs `work` over the items, SUITE_JOBS at a time, results in order. */
export async function eachAtSuitePace<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: SUITE_JOBS }, worker));
  return results;
}
