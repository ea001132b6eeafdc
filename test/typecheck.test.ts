/**
 * The whole project typechecks (tsc --noEmit), as a test beside the others rather than a step before them: on two
 * cores it then runs while the first test files do, instead of holding them back. Incremental, with its record under
 * node_modules/.cache (gone with every `npm ci`): a second `npm test` checks only what changed, about a third of the
 * first's time.
 */
import { execa } from 'execa';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../runner/project-root.js';

describe('the project', () => {
  it('typechecks', async () => {
    const tsc = await execa(
      process.execPath,
      [
        createRequire(import.meta.url).resolve('typescript/bin/tsc'),
        '-p',
        'tsconfig.json',
        '--noEmit',
        '--incremental',
        '--tsBuildInfoFile',
        join(PROJECT_ROOT, 'node_modules', '.cache', 'typecheck.tsbuildinfo'),
      ],
      { cwd: PROJECT_ROOT, reject: false },
    );
    expect(tsc.exitCode, `${tsc.stdout}${tsc.stderr}`).toBe(0);
  }, 120_000);
});
