/**
 * `grade compare <old-out> <new-out> [--out <dir>]`: what changed between two runs of one class. Writes
 * `changes.csv`, adds `comparison` to the new run's results.json and a "What changed" section to its class summary
 * (in --out, default the new run's folder), and prints every student who lost points.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { RunComparison, RunResults } from '../grade/results.js';
import { compareRuns, keepHigher } from '../insight/compare-runs.js';
import { writeOutputs } from './write-outputs.js';
import type { Io } from './io.js';

export class CompareError extends Error {}

/** A run's results.json, read and checked enough to compare; a clear error otherwise. */
export function readRun(dir: string, io: Pick<Io, 'cwd'>): RunResults {
  const path = join(resolve(io.cwd, dir), 'results.json');
  if (!existsSync(path)) throw new CompareError(`${dir} has no results.json: give the --out folder of a finished run`);
  let run: RunResults;
  try {
    run = JSON.parse(readFileSync(path, 'utf8')) as RunResults;
  } catch (error) {
    throw new CompareError(`${relative(io.cwd, path) || path} is not JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(run.submissions)) throw new CompareError(`${relative(io.cwd, path) || path} has no submissions: it is not a grade run's results.json`);
  return run;
}

/** The comparison of `current` with the run in `previousDir`, refused when the two graded different assignments. */
export function compareWith(previousDir: string, previous: RunResults, current: RunResults): RunComparison {
  const a = previous.settings?.assignment ?? previous.submissions[0]?.assignment;
  const b = current.settings?.assignment ?? current.submissions[0]?.assignment;
  if (a && b && a !== b) throw new CompareError(`${previousDir} graded ${a}, this run ${b}: only runs of one assignment compare`);
  return compareRuns(previous, current, previousDir);
}

/** The lines `grade` prints about a comparison: the counts, then every drop. */
export function formatComparison(c: RunComparison): string {
  const drops = c.students.filter((s) => s.delta < 0);
  const lines = [`Compared with ${c.previous.path}: ${c.students.length === 0 ? 'no student changed' : `${c.students.length} student${c.students.length === 1 ? '' : 's'} changed, ${drops.length} lost points`}${c.added.length ? `; ${c.added.length} new` : ''}${c.removed.length ? `; ${c.removed.length} gone` : ''}`];
  if (c.keptHigher) lines.push(`  --keep-higher: ${c.keptHigher} student${c.keptHigher === 1 ? ' keeps' : 's keep'} the previous, higher score in every export`);
  for (const s of drops) lines.push(`  ${s.id}: ${s.old} → ${s.new} (${s.delta}); now failing ${s.passToFail.join(', ') || 'nothing new'}; ${s.reasons.join('; ')}`);
  return `${lines.join('\n')}\n`;
}

export function runCompare(argv: readonly string[], io: Io): number {
  const fail = (message: string) => {
    io.err(`grade compare: ${message}\n`);
    return 2;
  };
  let values: { out?: string | undefined; 'keep-higher'?: boolean | undefined };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({ args: [...argv], allowPositionals: true, options: { out: { type: 'string', short: 'o' }, 'keep-higher': { type: 'boolean' } } }));
  } catch (error) {
    return fail((error as Error).message);
  }
  if (positionals.length !== 2) return fail('give two run folders: grade compare <old-out> <new-out> [--out <dir>] [--keep-higher]');
  const [oldDir, newDir] = positionals as [string, string];
  try {
    const previous = readRun(oldDir, io);
    const current = readRun(newDir, io);
    const comparison = compareWith(oldDir, previous, current);
    const compared = { ...current, comparison };
    const run = values['keep-higher'] ? keepHigher(compared, previous, oldDir) : compared;
    const out = resolve(io.cwd, values.out ?? newDir);
    // Keeping the higher scores changes the gradebooks: they are written again with the HTML.
    const written = writeOutputs(run, out, { formats: values['keep-higher'] ? ['html', 'csv', 'junit', 'gradescope'] : ['html'] });
    io.out(formatComparison(run.comparison!));
    io.out(`Wrote ${written.map((p) => relative(io.cwd, p) || p).join(', ')}\n`);
    return 0;
  } catch (error) {
    if (error instanceof CompareError) return fail(error.message);
    throw error;
  }
}
