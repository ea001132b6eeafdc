/**
 * `npm run samples [-- --out <folder>]`: grades a small, representative set of the bundled samples for each
 * assignment into `grade-report/<assignment>/` with the built `grade`, writes the index over them, and ends with
 * where to open it. The whole sample suites are graded by the tests (`test/runner/samples-*.test.ts`).
 */
import { execa } from 'execa';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { PROJECT_ROOT } from '../project-root.js';
import { CLI_BUNDLE } from '../cli/cli-bundle.js';
import { gradeShowcase, ShowcaseError } from './showcase.js';

const { values } = parseArgs({ options: { out: { type: 'string', short: 'o' } } });
const out = values.out === undefined ? join(PROJECT_ROOT, 'grade-report') : resolve(values.out);
const cli = join(PROJECT_ROOT, CLI_BUNDLE);
try {
  await gradeShowcase(
    out,
    async (argv) => {
      await execa(process.execPath, [cli, ...argv], { stdio: ['ignore', 'inherit', 'inherit'] });
    },
    (line) => console.log(line),
  );
} catch (error) {
  if (!(error instanceof ShowcaseError)) throw error;
  console.error(`npm run samples: ${error.message}`);
  process.exitCode = 2;
}
