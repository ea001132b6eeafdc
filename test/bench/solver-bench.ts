/**
 * `npm run bench:solver` (also part of `npm run bench`): the reference solver on Pascal Pons's benchmark sets, beside
 * the times of his C++ solver (final version, no opening book) on a machine of this kind, from
 * ../shared/benchmarks/pons/README.md.
 *
 * As Pons's own test program does, one solver and its transposition table serve a whole set; the table is emptied
 * between sets. The search is compiled first on the last 50 Middle-Medium positions, not timed (a C++ program pays no such cost; the
 * compile is about 60 ms, once a process). Each set is timed three times, and the best mean is kept.
 *
 * BENCH_MIDDLE_MEDIUM=n sets how many Middle-Medium positions run (default 200). Results go to stdout and
 * test-results/bench-solver.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Solver } from '../../reference/core/solver.js';
import { PROJECT_ROOT } from '../../runner/project-root.js';
import { PONS_SETS, readPonsSet } from '../helpers/pons.js';

/** Pons's C++ solver, mean time per position in milliseconds. */
const PONS_MS = { 'End-Easy': 0.0079, 'Middle-Easy': 0.0565, 'Begin-Easy': 0.386, 'Middle-Medium': 5.4 } as const;
const COUNTS = {
  'End-Easy': 1000,
  'Middle-Easy': 1000,
  'Begin-Easy': 1000,
  'Middle-Medium': Number(process.env['BENCH_MIDDLE_MEDIUM'] ?? 200),
} as const;
const RUNS = 3;

interface Row {
  set: keyof typeof PONS_MS;
  positions: number;
  meanMs: number;
  ponsMs: number;
  ratio: number;
  nodesPerPosition: number;
}

function main(): void {
  const solver = new Solver();
  for (const p of readPonsSet('Middle-Medium', 1000).slice(950)) solver.solve(p.grid);

  const rows: Row[] = [];
  for (const set of Object.keys(PONS_MS) as (keyof typeof PONS_MS)[]) {
    const positions = readPonsSet(set, COUNTS[set]);
    let best = Infinity;
    let nodes = 0;
    for (let run = 0; run < RUNS; run++) {
      solver.reset();
      nodes = 0;
      const start = performance.now();
      for (const p of positions) {
        const { score, nodes: searched } = solver.solve(p.grid);
        if (score !== p.score) throw new Error(`${set} ${p.moves}: the solver says ${score}, Pons ${p.score}`);
        nodes += searched;
      }
      best = Math.min(best, (performance.now() - start) / positions.length);
    }
    rows.push({
      set,
      positions: positions.length,
      meanMs: best,
      ponsMs: PONS_MS[set],
      ratio: best / PONS_MS[set],
      nodesPerPosition: Math.round(nodes / positions.length),
    });
  }

  const fmt = (ms: number) => (ms < 1 ? `${(ms * 1000).toFixed(1)} µs` : `${ms.toFixed(2)} ms`);
  console.log('set            positions  this solver  Pons C++   ratio  nodes a position');
  for (const r of rows) {
    console.log(
      `${r.set.padEnd(15)}${String(r.positions).padStart(9)}  ${fmt(r.meanMs).padStart(11)}  ${fmt(r.ponsMs).padStart(8)}  ${r.ratio.toFixed(2).padStart(5)}×  ${r.nodesPerPosition}`,
    );
  }
  const out = join(PROJECT_ROOT, 'test-results');
  mkdirSync(out, { recursive: true });
  writeFileSync(
    join(out, 'bench-solver.json'),
    `${JSON.stringify({ measuredAt: new Date().toISOString(), files: PONS_SETS, rows }, null, 2)}\n`,
  );
}

main();
