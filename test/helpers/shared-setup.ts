/**
 * Global set-up: a line saying the slow suites are left out (outside CI), one when the shared folder is missing, and
 * a failure under CI, which must run every test; and python3 found once for every process the tests start.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import { PROJECT_ROOT } from '../../runner/project-root.js';

/**
 * The folder of the interpreter `python3` runs, first on PATH: where python3 is a version manager's shim (pyenv's
 * runs a dozen bash processes, a tenth of a CPU-second, before Python starts), each of the hundreds of starts the
 * tests make (the grader's probe in every CLI they spawn, their own scripts) runs the same interpreter directly.
 */
function pythonFirstOnPath(): void {
  const found = spawnSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' });
  const executable = found.status === 0 ? found.stdout.trim() : '';
  if (executable && existsSync(join(dirname(executable), 'python3')))
    process.env.PATH = `${dirname(executable)}${delimiter}${process.env.PATH ?? ''}`;
}

export default function setup(): void {
  pythonFirstOnPath();
  if (process.env.CI !== 'true' && process.env.GRADE_TESTS !== 'all') {
    console.warn(
      '\n  the sample suites and the real-corpus calibration are left out (minutes each): npm run test:all runs them, as CI does\n',
    );
  }
  const dir = process.env.CONNECT4_SHARED ? resolve(process.env.CONNECT4_SHARED) : resolve(PROJECT_ROOT, '..', 'shared');
  if (existsSync(join(dir, 'seeds'))) return;
  const line = `tests that need the seed documents, Pons's benchmarks and the real corpus are skipped: no ${join(dir, 'seeds')} (set CONNECT4_SHARED=<dir> to the folder that holds seeds/ to run them)`;
  if (process.env.CI === 'true') throw new Error(`CI must run every test, but ${line}`);
  console.warn(`\n  ${line}\n`);
}
