/**
 * The real student corpus beside the checkout (`../shared/real-corpus/<assignment>/<name>/`), read in place and
 * never copied, graded through the real CLI.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { PROJECT_ROOT } from '../project-root.js';
import type { RunResults } from '../model/results.js';

/** The real corpus beside the checkout, or undefined when it is not there. */
export function realCorpusFolder(): string | undefined {
  const shared = process.env.CONNECT4_SHARED ? resolve(process.env.CONNECT4_SHARED) : resolve(PROJECT_ROOT, '..', 'shared');
  const dir = join(shared, 'real-corpus');
  return existsSync(dir) ? dir : undefined;
}

/** The CLI from source, as Node's arguments before the CLI's own. */
export const SOURCE_CLI: readonly string[] = ['--import', 'tsx', join(PROJECT_ROOT, 'runner', 'cli.ts')];

/**
 * Grades one assignment's folder of the corpus into `out` with the CLI (`cli`: from source unless told, as Node's
 * arguments before the CLI's own), and returns its results.
 */
export async function gradeCorpus(
  corpus: string,
  assignment: string,
  out: string,
  jobs = 2,
  env: Readonly<Record<string, string>> = {},
  cli: readonly string[] = SOURCE_CLI,
): Promise<RunResults> {
  await execa(
    process.execPath,
    [...cli, join(corpus, assignment), '--assignment', assignment, '--out', out, '--jobs', String(jobs), '--format', 'json'],
    { cwd: PROJECT_ROOT, stdin: 'ignore', stdout: 'ignore', stderr: 'inherit', env },
  );
  return JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as RunResults;
}
