/**
 * A student's check of one submission, on the visible tests: `grade check` from the repository and `connect4-check`
 * from the student's kit are this one command, each with its own source of specs and plans (CheckSource), so the
 * kit gives the verdicts `grade check` gives. Exit codes as DESIGN.md says: 0 all passed, 1 a test failed, 2 a
 * set-up or usage problem.
 */
import type { DiagnoseLookahead } from '../plan/lookahead-cases.js';
import { createHash } from 'node:crypto';
import { appendFileSync, readdirSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import type { AssignmentPlan } from '../plan/assignment.js';
import { gradeSubmission, type GradeOptions } from '../grade/grade-submission.js';
import { testFingerprints } from '../class/journal.js';
import { discoverSubmissions, type Submission } from '../layout/layout.js';
import type { RunResults, SubmissionResult } from '../model/results.js';
import type { StandIns } from '../plan/interaction.js';
import { SetupError, type SandboxEnvironment } from '../sandbox/environment.js';
import { prepareSandbox, probeEarly } from '../sandbox/prepare-sandbox.js';
import type { ResolvedSpec } from '../model/spec-types.js';
import { onlyPattern } from '../spec/globs.js';
import { isPackRef } from '../pack/pack-ref.js';
import { annotations, classroomPoints, jobSummary } from '../../reports/github.js';
import { colorsEnabled, makeColors } from './colors.js';
import { detectAssignment, knownDefinitions, knownNames, type SpecFiles } from './detect-assignment.js';
import type { Io } from './io.js';
import { createCheckProgress, type CheckProgress } from './progress.js';
import { formatCheckReport } from './summary.js';

/** A mistake in how the command was called: one line, exit 2. */
export class UsageError extends Error {}

/** Where a check gets its assignment, plan and outputs from: the repository (`grade check`) or the kit's data. */
export interface CheckSource {
  /** The command as messages name it: `grade check`, `connect4-check`. */
  readonly command: string;
  readonly tool: { readonly name: string; readonly version: string };
  /** The assignments a folder may hold (the kit has one); `assignment` is `--assignment`, when the source offers it. */
  readonly specs: (assignment: string | undefined) => readonly SpecFiles[];
  /** The chosen assignment with its tests and their cases. */
  readonly load: (spec: SpecFiles) => ResolvedSpec;
  /** The plan, the harness's Python files and the stand-ins a test of one part runs with. */
  readonly grading: (
    spec: ResolvedSpec,
    standIns: StandIns,
  ) => {
    readonly plan: AssignmentPlan;
    readonly doubles: readonly string[];
    readonly standIns: StandIns;
    readonly diagnose?: DiagnoseLookahead;
    readonly shrink?: GradeOptions['shrink'];
  };
  /** What the check does not grade, said at its end: the hidden tests' count and points, and the points graded by hand. */
  readonly later: (spec: ResolvedSpec) => string | undefined;
  /** The formats --format may name, and how a run is written into --out (results.json always). */
  readonly formats: readonly string[];
  readonly write: (run: RunResults, out: string, formats: readonly string[]) => string[];
  /** When no file name says the assignment: a hint at the one the code plainly is. */
  readonly hint?: (submissions: readonly Submission[]) => string;
  /** The options only `grade check` has: --assignment (several assignments) and --stand-ins (grade as the kit does). */
  readonly offers: { readonly assignment: boolean; readonly standIns: boolean };
  /** A folder --out may not be in (the grader's own reports/ sources). */
  readonly forbiddenOut?: string;
  /** Errors that are the user's to fix (a bad spec, a missing Python): one line, exit 2. */
  readonly setupErrors: readonly (abstract new (...args: never[]) => Error)[];
}

interface CheckFlags {
  readonly path: string;
  readonly assignment?: string;
  /** results.json (and JUnit with --ci) go here; without --out and --ci, a student's folder stays clean. */
  readonly out: string | undefined;
  readonly seed: number;
  readonly only?: { readonly pattern: string; readonly regex: RegExp };
  readonly python: string;
  readonly formats: readonly string[];
  readonly ci: boolean;
  readonly watch: boolean;
  readonly standIns: StandIns;
}

/** The seed of every random choice when --seed is not given: the grader's, so a check sees what grading sees. */
export const DEFAULT_SEED = 1;

function parseCheckFlags(argv: readonly string[], io: Io, source: CheckSource): CheckFlags {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      ...(source.offers.assignment && { assignment: { type: 'string', short: 'a' } }),
      ...(source.offers.standIns && { 'stand-ins': { type: 'string' } }),
      out: { type: 'string', short: 'o' },
      format: { type: 'string', short: 'f' },
      seed: { type: 'string' },
      only: { type: 'string' },
      python: { type: 'string' },
      ci: { type: 'boolean' },
      watch: { type: 'boolean' },
    },
  });
  const value = (name: string): string | undefined => (values as Record<string, string | boolean | undefined>)[name] as string | undefined;
  if (positionals.length > 1)
    throw new UsageError(`give one folder to check (got ${positionals.length}); to grade a class, use grade <folder>`);
  const standIns = value('stand-ins') ?? 'document';
  if (standIns !== 'document' && standIns !== 'own') throw new UsageError(`--stand-ins is document or own, got ${standIns}`);
  const out = values.out !== undefined ? resolve(io.cwd, values.out) : values.ci ? ciOut(io) : undefined;
  const forbidden = source.forbiddenOut;
  if (out !== undefined && forbidden !== undefined && (out === forbidden || out.startsWith(forbidden + sep)))
    throw new UsageError(`--out ${values.out} is inside the source folder reports/; choose another folder`);
  const seed = values.seed === undefined ? DEFAULT_SEED : Number(values.seed);
  if (!Number.isSafeInteger(seed) || seed < 0) throw new UsageError(`--seed must be a whole number ≥ 0, got ${values.seed}`);
  const formats =
    values.format === undefined
      ? values.ci
        ? ['json', 'junit']
        : ['json']
      : values.format
          .split(',')
          .map((f) => f.trim())
          .filter(Boolean);
  for (const format of formats)
    if (!source.formats.includes(format)) throw new UsageError(`unknown --format '${format}'; known: ${source.formats.join(', ')}`);
  const only = values.only === undefined ? undefined : onlyPattern(values.only);
  const named = value('assignment');
  // A pack's folder is named from where the command runs.
  const assignment = named !== undefined && isPackRef(named) ? resolve(io.cwd, named) : named;
  return {
    path: positionals[0] ?? '.',
    out,
    seed,
    python: values.python ?? 'python3',
    formats,
    ci: values.ci ?? false,
    watch: values.watch ?? false,
    standIns,
    ...(assignment && { assignment }),
    ...(only && { only }),
  };
}

/** `check [path]`: parses the flags, then checks once, or again after every change with --watch. */
export async function runCheck(argv: readonly string[], io: Io, source: CheckSource): Promise<number> {
  let flags: CheckFlags;
  let specs: readonly SpecFiles[];
  try {
    flags = parseCheckFlags(argv, io, source);
    specs = source.specs(flags.assignment);
  } catch (error) {
    return setupFailure(io, source, error);
  }
  if (!flags.watch) return checkOnce(flags, specs, io, source);
  const folder = resolve(io.cwd, flags.path);
  for (;;) {
    if (io.isTTY) io.out('\x1b[2J\x1b[H');
    // Taken before grading, so a save made while the check runs is seen too.
    const before = folderSnapshot(folder);
    await checkOnce(flags, specs, io, source);
    io.out(`\nWatching ${relative(io.cwd, folder) || '.'} for changes (Ctrl-C to stop)…\n`);
    await nextChange(folder, before);
  }
}

async function checkOnce(flags: CheckFlags, specs: readonly SpecFiles[], io: Io, source: CheckSource): Promise<number> {
  const begun = performance.now();
  const colors = makeColors(colorsEnabled(io.env, io.isTTY));
  // The sandbox probe waits on processes: it runs while the submission is found and the spec is loaded.
  const probing = probeEarly(flags.python);
  const found = discoverSubmissions([resolve(io.cwd, flags.path)], knownNames(specs), knownDefinitions(specs));
  for (const warning of found.warnings) io.err(`${source.command}: ${warning}\n`);
  const submission = found.submissions[0];
  if (!submission) {
    // Said once: where a warning above already says the folder holds nothing (empty, not there), not again.
    if (found.nothingIn.length === 0)
      io.err(`${source.command}: no submission found in ${flags.path} (looked for ${[...knownNames(specs)].slice(0, 6).join(', ')}, …)\n`);
    return 2;
  }
  const detected = specs.length === 1 || flags.assignment ? specs[0] : detectAssignment(specs, found.submissions);
  if (!detected) {
    io.err(
      `${source.command}: cannot tell the assignment from the file names; pass --assignment (one of ${specs.map((s) => s.assignment).join(', ')})${source.hint?.(found.submissions) ?? ''}\n`,
    );
    return 2;
  }
  // A student at a terminal sees at once that the check has started; the report follows when it is done.
  if (io.isTTY && !flags.watch)
    io.err(colors.dim(`Checking ${submission.id} against ${detected.title} (${detected.visibleTests} tests)…\n`));
  let spec: ResolvedSpec;
  let sandbox: SandboxEnvironment;
  try {
    spec = source.load(detected);
    sandbox = await prepareSandbox(flags.python, spec, probing);
  } catch (error) {
    return setupFailure(io, source, error);
  }
  const progress = createCheckProgress(io, detected.visibleTests, colors, begun);
  const result = await checkSubmission(submission, spec, sandbox, flags, source, progress);
  progress.done();
  const run: RunResults = {
    tool: source.tool,
    generatedAt: new Date().toISOString(),
    seed: flags.seed,
    sandbox: {
      python: `${sandbox.python} (${sandbox.pythonVersion})`,
      network: sandbox.network,
      isolation: sandbox.isolation,
      notes: sandbox.notes,
      packages: { allowed: [...spec.packages], provided: sandbox.packagesSummary ?? '' },
    },
    settings: {
      assignment: spec.assignment,
      title: spec.title,
      limits: { ...spec.limits },
      manualPoints: spec.manualPoints,
      ...(flags.only && { only: flags.only.pattern }),
      fingerprints: testFingerprints(spec),
    },
    submissions: [result],
  };
  if (flags.out !== undefined) {
    try {
      source.write(run, flags.out, flags.formats);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (!code) throw error;
      io.err(`${source.command}: cannot write ${relative(io.cwd, (error as NodeJS.ErrnoException).path ?? flags.out)}: ${code}\n`);
      return 2;
    }
  }
  const later = source.later(spec);
  io.out(formatCheckReport(spec, result, later, [isolationLine(sandbox), ...sandbox.notes], colors));
  if (flags.ci) {
    reportToGitHub(spec, result, later, io, resolve(io.cwd, flags.path));
    if (flags.out !== undefined)
      io.out(
        `The check's files (${flags.formats.map((f) => (f === 'json' ? 'results.json' : f === 'junit' ? 'junit.xml' : f)).join(', ')}) are in ${flags.out}\n`,
      );
  }
  return result.tests.some((t) => t.status !== 'pass' && t.status !== 'skipped') ? 1 : 0;
}

async function checkSubmission(
  submission: Submission,
  spec: ResolvedSpec,
  sandbox: SandboxEnvironment,
  flags: CheckFlags,
  source: CheckSource,
  progress: CheckProgress,
): Promise<SubmissionResult> {
  const started = performance.now();
  try {
    // One submission: a second core, where there is one, plays a test's independent parts beside the first.
    return await gradeSubmission(submission, {
      spec,
      ...source.grading(spec, flags.standIns),
      sandbox,
      seed: flags.seed,
      ...(flags.only && { only: flags.only }),
      visibleOnly: true,
      sideBySide: availableParallelism() > 1,
      onTestStart: (test) => progress.testStarted(test.name),
      onTestRan: () => progress.testFinished(),
    });
  } catch (error) {
    const reason = `internal error while checking: ${(error as Error).message}`;
    const tests = spec.tests
      .filter((t) => t.visibility === 'visible')
      .map((t) => ({
        id: t.id,
        name: t.name,
        group: t.group,
        target: t.target,
        status: 'error' as const,
        score: 0,
        maxScore: t.points,
        visibility: t.visibility,
        message: reason,
      }));
    return {
      id: submission.id,
      path: submission.path,
      assignment: spec.assignment,
      status: 'error',
      error: reason,
      score: 0,
      maxScore: tests.reduce((n, t) => n + t.maxScore, 0),
      durationMs: Math.round(performance.now() - started),
      tests,
    };
  }
}

/** What kept the student's code in its folder, in one line: the check says which isolation it had, as grade does. */
function isolationLine(sandbox: SandboxEnvironment): string {
  const how =
    sandbox.isolation === 'bubblewrap'
      ? 'bubblewrap (your code sees only its folder)'
      : sandbox.isolation === 'namespaces'
        ? 'its own network and process namespaces'
        : 'no sandbox';
  return `ran with ${sandbox.python} (Python ${sandbox.pythonVersion}) in ${how}`;
}

/**
 * Where `--ci` writes without `--out`: never into the student's repository (a committed folder the next push would
 * carry), but the job's temporary folder (`$RUNNER_TEMP`, GitHub Actions) or the system's, named for the folder checked.
 */
function ciOut(io: Io): string {
  const base = io.env['RUNNER_TEMP'] || tmpdir();
  return join(base, `connect4-check-${createHash('sha256').update(io.cwd).digest('hex').slice(0, 8)}`);
}

/** `check --ci`: annotations and Classroom's points line on stdout, the job summary and outputs where Actions asks. */
function reportToGitHub(spec: ResolvedSpec, result: SubmissionResult, later: string | undefined, io: Io, folder: string): void {
  const repo = io.env['GITHUB_WORKSPACE'] ? resolve(io.env['GITHUB_WORKSPACE']) : io.cwd;
  for (const line of annotations(result, { folder: relative(repo, folder) })) io.out(`${line}\n`);
  io.out(`${classroomPoints(result)}\n`);
  const summary = io.env['GITHUB_STEP_SUMMARY'];
  if (summary) appendFileSync(summary, jobSummary(spec.title, result, later));
  const outputs = io.env['GITHUB_OUTPUT'];
  if (outputs) appendFileSync(outputs, `points=${result.score}\ntotal-points=${result.maxScore}\n`);
}

function setupFailure(io: Io, source: CheckSource, error: unknown): number {
  if (error instanceof UsageError || error instanceof SetupError || source.setupErrors.some((known) => error instanceof known)) {
    io.err(`${source.command}: ${(error as Error).message}\n`);
    return 2;
  }
  if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) {
    io.err(`${source.command}: ${error.message}\nRun '${source.command} --help' for the options.\n`);
    return 2;
  }
  throw error;
}

/** Every file under `folder` with its size and time of change (caches and hidden folders left out). */
function folderSnapshot(folder: string): string {
  const entries: string[] = [];
  const walk = (dir: string, depth: number) => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names.sort()) {
      if (name.startsWith('.') || name === '__pycache__' || name === 'node_modules') continue;
      const path = join(dir, name);
      try {
        const stat = statSync(path);
        if (stat.isDirectory()) {
          if (depth < 4) walk(path, depth + 1);
        } else entries.push(`${relative(folder, path)}:${stat.size}:${stat.mtimeMs}`);
      } catch {
        /* gone between the listing and the stat */
      }
    }
  };
  walk(folder, 0);
  return entries.join('\n');
}

/**
 * Resolves once the folder differs from `since` and has then been quiet for a moment (an editor saves in bursts).
 * Polled rather than watched: a recursive watch is set up asynchronously on Linux and can miss a quick first save.
 */
async function nextChange(folder: string, since: string): Promise<void> {
  const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));
  let seen = since;
  for (;;) {
    await pause(250);
    const now = folderSnapshot(folder);
    if (now === seen) {
      if (seen !== since) return;
      continue;
    }
    seen = now;
  }
}
