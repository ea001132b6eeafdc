/**
 * `grade compare <old-out> <new-out> [--out <dir>]`: what changed between two runs of one class. Writes
 * `changes.csv`, adds `comparison` to the new run's results.json and a "What changed" section to its class summary
 * (in --out, default the new run's folder), and prints every student who lost points.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { RunComparison, RunResults, StudentChange } from '../model/results.js';
import { compareExports, keepHigher } from '../class/compare-runs.js';
import { writeOutputs } from './write-outputs.js';
import { realFolder, sameOrInside } from './real-path.js';
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
  if (!Array.isArray(run.submissions))
    throw new CompareError(`${relative(io.cwd, path) || path} has no submissions: it is not a grade run's results.json`);
  return run;
}

/**
 * `current` as its exports will stand (the previous run's higher scores kept with `keepHigher`) and compared with the
 * run in `previousDir`; refused when the two graded different assignments.
 */
export function compareWith(
  previousDir: string,
  previous: RunResults,
  current: RunResults,
  keep = false,
): RunResults & { comparison: RunComparison } {
  const a = previous.settings?.assignment ?? previous.submissions[0]?.assignment;
  const b = current.settings?.assignment ?? current.submissions[0]?.assignment;
  if (a && b && a !== b) throw new CompareError(`${previousDir} graded ${a}, this run ${b}: only runs of one assignment compare`);
  const part = current.settings?.only ?? previous.settings?.only;
  if (keep && part !== undefined)
    throw new CompareError(
      `${current.settings?.only !== undefined ? 'this run' : previousDir} graded only the tests matching ${part}: --keep-higher keeps whole scores, which a part of the tests does not give`,
    );
  const run = keep ? keepHigher(current, previous, previousDir) : current;
  return { ...run, comparison: compareExports(previous, run, previousDir, keep) };
}

/** The lines `grade` prints about a comparison: the counts, then every student whose exported or automatic score dropped. */
export function formatComparison(c: RunComparison): string {
  const exported = (s: StudentChange) => s.exported?.delta ?? s.delta;
  const drops = c.students.filter((s) => exported(s) < 0 || s.delta < 0);
  const lines = [
    `Compared with ${c.previous.path}${c.only ? ` on the tests both ran (--only ${c.only})` : ''}: ${c.students.length === 0 ? 'no student changed' : `${c.students.length} student${c.students.length === 1 ? '' : 's'} changed, ${drops.length} lost points`}${c.added.length ? `; ${c.added.length} new (${c.added.join(', ')})` : ''}${c.removed.length ? `; ${c.removed.length} gone (${c.removed.join(', ')})` : ''}`,
  ];
  if (c.keptHigher)
    lines.push(
      `  --keep-higher: ${c.keptHigher} student${c.keptHigher === 1 ? ' keeps' : 's keep'} the previous, higher score in every export`,
    );
  for (const s of drops) {
    const auto = `${s.old} → ${s.new} (${signed(s.delta)})`;
    const score =
      s.exported && (s.exported.old !== s.old || s.exported.new !== s.new)
        ? `exported ${s.exported.old} → ${s.exported.new} (${signed(s.exported.delta)}), automatic ${auto}`
        : auto;
    lines.push(`  ${s.id}: ${score}; now failing ${s.passToFail.join(', ') || 'nothing new'}; ${s.reasons.join('; ')}`);
  }
  return `${lines.join('\n')}\n`;
}

const signed = (n: number) => `${n > 0 ? '+' : ''}${n}`;

export function runCompare(argv: readonly string[], io: Io): number {
  const fail = (message: string) => {
    io.err(`grade compare: ${message}\n`);
    return 2;
  };
  let values: { out?: string | undefined; 'keep-higher'?: boolean | undefined };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: { out: { type: 'string', short: 'o' }, 'keep-higher': { type: 'boolean' } },
    }));
  } catch (error) {
    return fail((error as Error).message);
  }
  if (positionals.length !== 2) return fail('give two run folders: grade compare <old-out> <new-out> [--out <dir>] [--keep-higher]');
  const [oldDir, newDir] = positionals as [string, string];
  try {
    const previous = readRun(oldDir, io);
    const current = readRun(newDir, io);
    const run = compareWith(oldDir, previous, current, values['keep-higher'] === true);
    const out = resolve(io.cwd, values.out ?? newDir);
    // The earlier run is the baseline: the comparison is never written into it (symlinks followed).
    if (sameOrInside(out, resolve(io.cwd, oldDir)))
      return fail(
        `--out ${values.out ?? newDir} is ${realFolder(out) === realFolder(resolve(io.cwd, oldDir)) ? 'the folder' : 'inside the folder'} of the earlier run ${oldDir} (compared on disk): writing there would replace its reports; give another folder`,
      );
    // Keeping the higher scores changes the gradebooks: they are written again with the HTML.
    // The pages handed back are written again where the new run wrote them: they show the score every export shows.
    const handedBack = existsSync(join(resolve(io.cwd, newDir), 'for-students'));
    const written = writeOutputs(run, out, {
      formats: values['keep-higher'] ? ['html', 'csv', 'junit', 'gradescope'] : ['html'],
      ...(handedBack && { audience: 'student' as const }),
    });
    io.out(formatComparison(run.comparison));
    io.out(`Wrote ${written.map((p) => relative(io.cwd, p) || p).join(', ')}\n`);
    return 0;
  } catch (error) {
    if (error instanceof CompareError) return fail(error.message);
    throw error;
  }
}
