/**
 * Global set-up: a line saying the slow suites are left out (outside CI), one when the shared folder is missing, and
 * a failure under CI, which must run every test.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PROJECT_ROOT } from '../../runner/project-root.js';

export default function setup(): void {
  if (process.env.CI !== 'true' && process.env.GRADE_TESTS !== 'all') {
    console.warn('\n  the sample suites and the real-corpus calibration are left out (minutes each): npm run test:all runs them, as CI does\n');
  }
  const dir = process.env.CONNECT4_SHARED ? resolve(process.env.CONNECT4_SHARED) : resolve(PROJECT_ROOT, '..', 'shared');
  if (existsSync(join(dir, 'seeds'))) return;
  const line = `tests that need the seed documents, Pons's benchmarks and the real corpus are skipped: no ${join(dir, 'seeds')} (set CONNECT4_SHARED=<dir> to the folder that holds seeds/ to run them)`;
  if (process.env.CI === 'true') throw new Error(`CI must run every test, but ${line}`);
  console.warn(`\n  ${line}\n`);
}
