/** How the benchmarks round and summarise what they measure. */
export const round = (n: number): number => Math.round(n * 100) / 100;
export const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
