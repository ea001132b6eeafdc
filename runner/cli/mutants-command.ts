/**
 * `grade mutants <assignment> [--solution <dir>] [--limit N] [--seed S] [--function <glob>]`: how many plausible
 * one-change bugs the assignment's tests would miss. The mutants of a correct solution are written as submission
 * folders under --out and graded by the normal path (sandbox, --jobs, streaming, --resume); mutants.json and the class
 * summary's "How many bugs the tests catch" section say what became of each.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { MutationResults, RunResults } from '../model/results.js';
import { bundledSolutionName, EquivalentsError, loadReviewed } from '../mutants/equivalents.js';
import {
  generateMutants,
  matchesFunction,
  MutantsError,
  selectMutants,
  SOLUTION_ID,
  specSolutionFiles,
  writeMutantFolders,
} from '../mutants/generate.js';
import { scoreMutants } from '../mutants/score.js';
import { loadSpec, SpecError } from '../pack/load-spec.js';
import { isPackRef } from '../pack/pack-ref.js';
import type { ResolvedSpec } from '../model/spec-types.js';
import { runGrade } from './grade-command.js';
import { availableSpecs } from './spec-files.js';
import type { Io } from './io.js';

interface MutantsFlags {
  readonly assignment: string;
  readonly solution: string;
  readonly out: string;
  readonly limit?: number;
  readonly seed: number;
  readonly functionPattern?: string;
  readonly python: string;
  /** Passed on to the grading as they are: --jobs, --resume, --python, --format. */
  readonly gradeArgs: readonly string[];
}

class UsageError extends Error {}

function parseFlags(argv: readonly string[], io: Io, root: string): MutantsFlags {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      solution: { type: 'string' },
      limit: { type: 'string' },
      seed: { type: 'string' },
      function: { type: 'string' },
      out: { type: 'string', short: 'o' },
      jobs: { type: 'string', short: 'j' },
      resume: { type: 'boolean' },
      python: { type: 'string' },
      format: { type: 'string', short: 'f' },
    },
  });
  const graded = availableSpecs(root);
  const named = positionals[0];
  const pack = named !== undefined && isPackRef(named);
  if (named === undefined || positionals.length > 1 || (!pack && !graded.includes(named))) {
    const assignment = named;
    throw new UsageError(
      `give one assignment: grade mutants <${graded.join(' | ')}> [--solution <dir>] [--limit N] [--seed S]${positionals.length > 1 ? ` (got ${positionals.join(' ')})` : assignment ? ` (no spec for ${assignment})` : ''}`,
    );
  }
  // A course's pack: its folder as named from here; the solution and the reviewed lists are its base's.
  const assignment = pack ? resolve(io.cwd, named) : named;
  const base = pack ? loadSpec(root, assignment).assignment : named;
  const limit = values.limit === undefined ? undefined : Number(values.limit);
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1))
    throw new UsageError(`--limit must be a whole number ≥ 1, got ${values.limit}`);
  const seed = values.seed === undefined ? 1 : Number(values.seed);
  if (!Number.isSafeInteger(seed) || seed < 0) throw new UsageError(`--seed must be a whole number ≥ 0, got ${values.seed}`);
  const solution =
    values.solution === undefined ? join(root, 'fixtures', 'submissions', base, 'correct-plain') : resolve(io.cwd, values.solution);
  const gradeArgs = [
    ...(values.jobs !== undefined ? ['--jobs', values.jobs] : []),
    ...(values.resume ? ['--resume'] : []),
    ...(values.python !== undefined ? ['--python', values.python] : []),
    '--format',
    values.format ?? 'json,html',
  ];
  return {
    assignment,
    solution,
    out: resolve(io.cwd, values.out ?? 'mutants-report'),
    seed,
    python: values.python ?? 'python3',
    gradeArgs,
    ...(limit !== undefined && { limit }),
    ...(values.function !== undefined && { functionPattern: values.function }),
  };
}

export async function runMutants(argv: readonly string[], io: Io, root: string, version: string): Promise<number> {
  let flags: MutantsFlags;
  try {
    flags = parseFlags(argv, io, root);
  } catch (error) {
    if (error instanceof UsageError || error instanceof SpecError || (error instanceof TypeError && 'code' in error)) {
      io.err(`grade mutants: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  let mutation: MutationResults | undefined;
  let spec: ResolvedSpec | undefined;
  try {
    spec = loadSpec(root, flags.assignment);
    const files = specSolutionFiles(spec, flags.solution);
    if (files.length === 0)
      throw new MutantsError(`no file of ${spec.title} in ${flags.solution} (looked for ${spec.files.flatMap((f) => f.names).join(', ')})`);
    const made = await generateMutants(root, flags.python, flags.solution, files);
    for (const skipped of made.skipped) io.err(`grade mutants: ${skipped.file} is not mutated: ${skipped.reason}\n`);
    // The reviewed equivalents are per solution: a bundled sample's own list, none for a solution of one's own.
    const { equivalents, given } = loadReviewed(root, spec.assignment, bundledSolutionName(root, spec.assignment, flags.solution) ?? '');
    // The document's own functions are not the student's work: their mutants say nothing about the tests.
    const givenOf = (m: (typeof made.mutants)[number]) => given.find((g) => matchesFunction(g.function, m.function));
    const theirs = made.mutants.filter((m) => !givenOf(m));
    const chosen = selectMutants(theirs, { limit: flags.limit, seed: flags.seed, functionPattern: flags.functionPattern });
    if (chosen.length === 0)
      throw new MutantsError(
        flags.functionPattern
          ? `no mutant in a function matching --function ${flags.functionPattern}${theirs.length < made.mutants.length ? ' outside the functions the document gives' : ''}`
          : `the solution yields no mutant (files: ${files.join(', ')})`,
      );
    const givenCounts = given.map((g) => ({ ...g, mutants: made.mutants.filter((m) => givenOf(m) === g).length }));
    const folder = join(flags.out, 'mutants');
    writeMutantFolders(flags.solution, chosen, folder);
    const givenSaid =
      theirs.length < made.mutants.length ? `, ${made.mutants.length - theirs.length} of them in functions the document gives` : '';
    io.err(
      `grade mutants: ${made.mutants.length} mutants of ${relative(io.cwd, flags.solution) || flags.solution} (${files.join(', ')})${givenSaid}; grading ${chosen.length} and the unchanged solution\n`,
    );
    const originals = new Map(files.map((f) => [f, readFileSync(join(flags.solution, f), 'utf8')]));
    const extend = (run: RunResults): RunResults => {
      mutation = scoreMutants(run.submissions, {
        solution: relative(io.cwd, flags.solution) || flags.solution,
        solutionId: SOLUTION_ID,
        seed: flags.seed,
        generated: made.mutants.length,
        limit: flags.limit,
        functionFilter: flags.functionPattern,
        mutants: chosen,
        originals,
        equivalents,
        given: givenCounts,
        skippedFiles: made.skipped,
      });
      return { ...run, mutation };
    };
    const code = await runGrade(
      [folder, '--assignment', flags.assignment, '--out', flags.out, '--seed', String(flags.seed), ...flags.gradeArgs],
      io,
      root,
      version,
      'grade',
      { similarity: false, firstFailure: true, extend },
    );
    if (code !== 0 || mutation === undefined) return code;
  } catch (error) {
    if (error instanceof MutantsError || error instanceof EquivalentsError || error instanceof SpecError) {
      io.err(`grade mutants: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  const file = join(flags.out, 'mutants.json');
  writeFileSync(
    file,
    `${JSON.stringify({ tool: { name: 'connect-four-grader', version }, assignment: spec?.assignment ?? flags.assignment, generatedAt: new Date().toISOString(), ...mutation }, null, 2)}\n`,
  );
  io.out(formatMutation(mutation, relative(io.cwd, file) || file));
  return 0;
}

/** The terminal's account: the score, the survivors worth reading, and where the rest is. */
export function formatMutation(m: MutationResults, file: string): string {
  const lines = [
    '',
    `Mutation score: ${m.score} % — ${m.killed} of ${m.graded - m.equivalent} mutants killed${m.equivalent ? ` (${m.equivalent} reviewed as equivalent; ${m.scoreWithEquivalents} % counting them)` : ''}, ${m.survived} survived.`,
  ];
  const given = m.given.filter((g) => g.mutants > 0);
  if (given.length) lines.push(`Not graded, as the document gives them: ${given.map((g) => `${g.function} (${g.mutants})`).join(', ')}.`);
  if (m.solutionFailures.length)
    lines.push(`The unchanged solution fails ${m.solutionFailures.join(', ')}: those tests kill nothing here.`);
  for (const stale of m.staleEquivalents)
    lines.push(`${stale.id} is listed as equivalent but ${stale.killedBy} kills it: take it off the list.`);
  const survivors = m.mutants.filter((x) => x.status === 'survived');
  for (const s of survivors.slice(0, 15)) lines.push(`  survived ${s.id}  ${s.file}:${s.line} ${s.function}: ${s.change}`);
  if (survivors.length > 15) lines.push(`  … and ${survivors.length - 15} more in the report`);
  lines.push(`Every mutant, its change and its first killing test: ${file}`, '');
  return lines.join('\n');
}
