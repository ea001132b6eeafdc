/**
 * The real student corpus beside the checkout (`../shared/real-corpus/<assignment>/<name>/`), read in place and
 * never copied, graded through the real CLI.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { PROJECT_ROOT } from '../project-root.js';
import type { RunResults } from '../grade/results.js';


/** The real corpus beside the checkout, or undefined when it is not there. */
export function realCorpusFolder(): string | undefined {
  const shared = process.env.CONNECT4_SHARED ? resolve(process.env.CONNECT4_SHARED) : resolve(PROJECT_ROOT, '..', 'shared');
  const dir = join(shared, 'real-corpus');
  return existsSync(dir) ? dir : undefined;
}

/** Grades one assignment's folder of the corpus into `out` with the CLI from source, and returns its results. */
export async function gradeCorpus(corpus: string, assignment: string, out: string, jobs = 2, env: Readonly<Record<string, string>> = {}): Promise<RunResults> {
  const cli = join(PROJECT_ROOT, 'runner', 'cli.ts');
  await execa(process.execPath, ['--import', 'tsx', cli, join(corpus, assignment), '--assignment', assignment, '--out', out, '--jobs', String(jobs), '--format', 'json'], { cwd: PROJECT_ROOT, stdin: 'ignore', stdout: 'ignore', stderr: 'inherit', env });
  return JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as RunResults;
}
