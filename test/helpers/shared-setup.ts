/** Global set-up: one line when the shared folder is missing, and a failure under CI, which must run every test. */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PROJECT_ROOT } from '../../runner/fixtures/shared-documents.js';

export default function setup(): void {
  const dir = process.env.CONNECT4_SHARED ? resolve(process.env.CONNECT4_SHARED) : resolve(PROJECT_ROOT, '..', 'shared');
  if (existsSync(join(dir, 'seeds'))) return;
  const line = `tests that need the seed documents, Pons's benchmarks and the real corpus are skipped: no ${join(dir, 'seeds')} (set CONNECT4_SHARED=<dir> to the folder that holds seeds/ to run them)`;
  if (process.env.CI === 'true') throw new Error(`CI must run every test, but ${line}`);
  console.warn(`\n  ${line}\n`);
}
