/**
 * `grade <path...>`: find the submissions, pick the assignment, grade them in parallel with a progress line, write
 * results.json to --out and print a summary. Set-up problems exit 2 with a message that says what to do; a graded
 * run exits 0 whatever the scores. `grade check` is runner/cli/check-command.ts, on the repository's specs.
 */
import {
  pinnedHangs,
  submissionTimeScale,
  testOrderSeed,
  withPinnedHangs,
  withTestsShuffled,
  withTimeScale,
} from '../spec/resolve-spec.js';
import { caseSeed } from '../grade/seeds.js';
import { gradingPlan, kitGradingPlan } from '../assignments/registry.js';
import type { StandIns } from '../plan/interaction.js';
import { aiAgreement } from '../insight/ai-agreement.js';
import { mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { discoverSubmissions, type Submission } from '../layout/layout.js';
import { gradeSubmission } from '../grade/grade-submission.js';
import {
  filesHashOf,
  Journal,
  JOURNAL_FILE,
  ResumeError,
  specFingerprint,
  submissionKey,
  testFingerprints,
  type JournalHeader,
} from '../class/journal.js';
import { formatShard, parseShard, shardFromEnvironment, shardOf, type Shard } from '../class/shards.js';
import { classCost, formatClassCost } from '../class/class-cost.js';
import { failureClusters } from '../insight/clusters.js';
import { classSimilarity } from '../insight/class-code.js';
import type { RunResults, SubmissionResult, TestResult } from '../model/results.js';
import { SetupError, type SandboxEnvironment } from '../sandbox/environment.js';
import { prepareSandbox, probeEarly } from '../sandbox/prepare-sandbox.js';
import { onlyPattern } from '../spec/globs.js';
import { loadSpec, SpecError } from '../pack/load-spec.js';
import { packRecord } from '../pack/load-pack.js';
import { isPackRef } from '../pack/pack-ref.js';
import type { ResolvedSpec } from '../model/spec-types.js';
import type { Io } from './io.js';
import { createProgress, type Progress } from './progress.js';
import { formatSummary } from './summary.js';
import { REPORT_FORMATS, type ReportFormat } from '../../reports/write-reports.js';
import { writeOutputs } from './write-outputs.js';
import { compareWith, CompareError, formatComparison, readRun } from './compare-command.js';
import { AdjustmentsError, applyAdjustments, type ParsedRow } from '../class/adjustments.js';
import { applyRoster, formatRoster, gradebookWithoutIds, RosterError, type RosterStudent } from '../class/roster.js';
import type { CanvasOptions } from '../../reports/csv.js';
import {
  askedForGradebook,
  GradebookFlagError,
  gradebookAssignmentId,
  gradebookLines,
  loadRoster,
  parseCanvasProblems,
} from './gradebook-flags.js';
import {
  formatLateness,
  loadDeadlines,
  markLateness,
  timeSubmissions,
  type DeadlineFlags,
  type DeadlineSetup,
  type Timed,
} from './deadline-setup.js';
import { DeadlineError } from '../class/deadlines.js';
import { GitDeadlineError } from '../class/git-deadline.js';
import { applyNotes, formatNotesUse, NotesError, unmatchedNotesError, type Note } from '../class/notes.js';
import { formatAdjustments, loadAdjustments, loadNotes, readIfThere } from './second-pass.js';
import { colorsEnabled, makeColors } from './colors.js';
import { realFolder, sameOrInside } from './real-path.js';
import { DEFAULT_SEED, runCheck, UsageError } from './check-command.js';
import { detectAssignment, knownDefinitions, knownNames, type SpecFiles } from './detect-assignment.js';
import { recognisedHint, repoCheckSource } from './repo-check-source.js';
import { availableSpecs, readSpecFiles, withVisibleCount } from './spec-files.js';

/** What `grade` writes when --format is not given: the instructor's reports and gradebooks. */
const DEFAULT_FORMATS: readonly ReportFormat[] = ['json', 'html', 'csv'];

/** The deadline's flags (--due, --grace, --late-policy, --extensions, --at-deadline, --pushes) are runner/cli/deadline-setup.ts's. */
export interface GradeFlags extends DeadlineFlags {
  readonly paths: string[];
  readonly assignment?: string;
  /** Where results.json and the reports go. */
  readonly out: string;
  readonly jobs: number;
  readonly seed: number;
  readonly only?: { readonly pattern: string; readonly regex: RegExp };
  readonly python: string;
  readonly formats: readonly ReportFormat[];
  readonly canvasAssignmentId?: string;
  /** `--canvas-problems`: a gradebook column per problem (`all`, or problem ids with their Canvas ids); read once the spec is known. */
  readonly canvasProblems?: string;
  /** `--roster <file>`: Canvas's gradebook export, whose ids fill the gradebook's. */
  readonly roster?: string;
  /** The user asked for the Canvas gradebook (runner/cli/gradebook-flags.ts): only then does the run say what it lacks. */
  readonly gradebookAsked: boolean;
  /** Reuse what results.jsonl in --out says was graded with the same seed, spec and files. */
  readonly resume: boolean;
  readonly shard?: Shard;
  /** `--shard auto`: where the shard was read from, said before grading. */
  readonly shardFrom?: string;
  /** `--previous <old-out>`: compare the run with that one when it is done (`grade compare`). */
  readonly previous?: string;
  /** `--adjustments <file>`; else adjustments.csv in the submissions' folder, when there is one. */
  readonly adjustments?: string;
  /** `--notes <file>`; else notes.yml in the submissions' folder, when there is one. */
  readonly notes?: string;
  /** With --previous: every export uses the higher of the two scores per student. */
  readonly keepHigher: boolean;
  /** `--audience student`: also the pages to hand back, hidden tests reduced to name, points and pass/fail. */
  readonly audience?: 'instructor' | 'student';
  /** `--visible`: a class graded on the visible tests only, exactly as `grade check` grades one submission. */
  readonly visibleOnly: boolean;
  /** `--stand-ins own`: grade as the student's kit does (its plan, its tools, the student's own parts), to compare. */
  readonly standIns: StandIns;
  /** `--strength`: also run the 0-point AI strength tests, figures for information that cost a class most of all. */
  readonly strength: boolean;
}

/** `grade`'s options, as node's parseArgs reads them (`grade scale` reads the shards' options with them). */
export const GRADE_OPTIONS = {
  assignment: { type: 'string', short: 'a' },
  out: { type: 'string', short: 'o' },
  jobs: { type: 'string', short: 'j' },
  format: { type: 'string', short: 'f' },
  seed: { type: 'string' },
  only: { type: 'string' },
  python: { type: 'string' },
  'canvas-assignment-id': { type: 'string' },
  'canvas-problems': { type: 'string' },
  roster: { type: 'string' },
  due: { type: 'string' },
  grace: { type: 'string' },
  'late-policy': { type: 'string' },
  extensions: { type: 'string' },
  'at-deadline': { type: 'boolean' },
  pushes: { type: 'string' },
  ci: { type: 'boolean' },
  watch: { type: 'boolean' },
  resume: { type: 'boolean' },
  shard: { type: 'string' },
  previous: { type: 'string' },
  adjustments: { type: 'string' },
  notes: { type: 'string' },
  'keep-higher': { type: 'boolean' },
  audience: { type: 'string' },
  visible: { type: 'boolean' },
  'stand-ins': { type: 'string' },
  strength: { type: 'boolean' },
} as const satisfies ParseArgsConfig['options'];

/** `grade`'s options read and checked (a UsageError names what is wrong); `grade scale` checks the shards' options with it. */
export function parseFlags(argv: readonly string[], io: Io, root: string): GradeFlags {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: GRADE_OPTIONS,
  });
  if (values.audience !== undefined && values.audience !== 'student' && values.audience !== 'instructor')
    throw new UsageError(`--audience is student or instructor, got ${values.audience}`);
  if (values['keep-higher'] && values.previous === undefined)
    throw new UsageError('--keep-higher needs --previous <old-out>: the run whose scores may be kept');
  const shard =
    values.shard === undefined ? undefined : values.shard.trim() === 'auto' ? shardFromEnvironment(io.env) : parseShard(values.shard);
  if (shard && 'error' in shard) throw new UsageError(shard.error);
  if (values.ci || values.watch) throw new UsageError(`--${values.ci ? 'ci' : 'watch'} is for grade check`);
  const standIns = values['stand-ins'] ?? 'document';
  if (standIns !== 'document' && standIns !== 'own') throw new UsageError(`--stand-ins is document or own, got ${standIns}`);
  const paths = positionals;
  if (paths.length === 0) throw new UsageError('give a folder of submissions (or one submission): grade <path...>');
  const out = resolve(io.cwd, values.out ?? 'grade-report');
  const reportsSource = join(root, 'reports');
  if (out !== undefined && sameOrInside(out, reportsSource))
    throw new UsageError(`--out ${values.out} is inside the source folder reports/; choose another folder`);
  // The run --previous compares with is this run's baseline: writing over it would compare the class with itself.
  // Compared as real paths: a symlink to the previous run's folder is that folder.
  const previous = values.previous === undefined ? undefined : resolve(io.cwd, values.previous);
  if (previous !== undefined && sameOrInside(out, previous)) {
    throw new UsageError(
      `--out ${values.out ?? 'grade-report'} is ${realFolder(out) === realFolder(previous) ? 'the folder' : 'inside the folder'} of the run --previous compares with (${values.previous}${realFolder(previous) !== previous || realFolder(out) !== out ? `, ${realFolder(previous)} on disk` : ''}): this run would write over it. Give --out another folder`,
    );
  }
  const jobs = values.jobs === undefined ? Math.max(1, Math.min(availableParallelism(), 4)) : Number(values.jobs);
  if (!Number.isInteger(jobs) || jobs < 1 || jobs > 64)
    throw new UsageError(`--jobs must be a whole number from 1 to 64, got ${values.jobs}`);
  const seed = values.seed === undefined ? DEFAULT_SEED : Number(values.seed);
  if (!Number.isSafeInteger(seed) || seed < 0) throw new UsageError(`--seed must be a whole number ≥ 0, got ${values.seed}`);
  const asked =
    values.format === undefined
      ? DEFAULT_FORMATS
      : values.format
          .split(',')
          .map((f) => f.trim())
          .filter(Boolean);
  for (const format of asked) {
    if (!(REPORT_FORMATS as readonly string[]).includes(format))
      throw new UsageError(`unknown --format '${format}'; known: ${REPORT_FORMATS.join(', ')}`);
  }
  const formats = asked as ReportFormat[];
  const canvas = values['canvas-assignment-id'];
  if (canvas !== undefined && !/^\d+$/u.test(canvas))
    throw new UsageError(`--canvas-assignment-id is the number in the assignment's Canvas address, got ${canvas}`);
  const only = values.only === undefined ? undefined : onlyPattern(values.only);
  const gradebookAsked = askedForGradebook({
    format: values.format,
    roster: values.roster,
    canvasAssignmentId: canvas,
    canvasProblems: values['canvas-problems'],
  });
  return {
    paths,
    out,
    jobs,
    seed,
    python: values.python ?? 'python3',
    formats,
    gradebookAsked,
    ...(values.assignment && { assignment: isPackRef(values.assignment) ? resolve(io.cwd, values.assignment) : values.assignment }),
    ...(only && { only }),
    ...(canvas && { canvasAssignmentId: canvas }),
    resume: values.resume ?? false,
    keepHigher: values['keep-higher'] ?? false,
    visibleOnly: values.visible ?? false,
    standIns,
    strength: values.strength ?? false,
    ...(values.audience !== undefined && { audience: values.audience }),
    ...(shard && { shard: { index: shard.index, count: shard.count } }),
    ...(shard && 'from' in shard && { shardFrom: String(shard.from) }),
    ...(values.previous !== undefined && { previous: values.previous }),
    ...(values.adjustments !== undefined && { adjustments: resolve(io.cwd, values.adjustments) }),
    ...(values.notes !== undefined && { notes: resolve(io.cwd, values.notes) }),
    ...(values['canvas-problems'] !== undefined && { canvasProblems: values['canvas-problems'] }),
    ...(values.roster !== undefined && { roster: values.roster }),
    ...(values.due !== undefined && { due: values.due }),
    ...(values.grace !== undefined && { grace: values.grace }),
    ...(values['late-policy'] !== undefined && { latePolicy: resolve(io.cwd, values['late-policy']) }),
    ...(values.extensions !== undefined && { extensions: resolve(io.cwd, values.extensions) }),
    ...(values['at-deadline'] && { atDeadline: true }),
    ...(values.pushes !== undefined && { pushes: resolve(io.cwd, values.pushes) }),
  };
}

/** What another command (`grade mutants`) changes in a class run: no code comparison, and its own part of results.json. */
export interface GradeHooks {
  /** Compare the submissions' code with each other (default true); mutants of one solution are all alike. */
  readonly similarity?: boolean;
  /** Each test stops at its first failing case. */
  readonly firstFailure?: boolean;
  /** Adds to the run before anything is written. */
  readonly extend?: (run: RunResults) => RunResults;
  /** Told each submission as it is recorded in results.jsonl, with how many are recorded so far. */
  readonly recorded?: (result: SubmissionResult, count: number) => void;
}

export async function runGrade(
  argv: readonly string[],
  io: Io,
  root: string,
  version: string,
  mode: 'grade' | 'check',
  hooks: GradeHooks = {},
): Promise<number> {
  if (mode === 'check') return runCheck(argv, io, repoCheckSource(root, version));
  let flags: GradeFlags;
  let specs: SpecFiles[];
  try {
    flags = parseFlags(argv, io, root);
    const ids = flags.assignment ? [flags.assignment] : availableSpecs(root);
    if (flags.assignment && !isPackRef(flags.assignment) && !availableSpecs(root).includes(flags.assignment)) {
      throw new UsageError(`no spec for --assignment ${flags.assignment}; graded here: ${availableSpecs(root).join(', ')}`);
    }
    // One assignment named: loaded (and checked) now, before any grading; else only the file names, to detect it.
    specs = flags.assignment ? [withVisibleCount(loadSpec(root, flags.assignment))] : ids.map((id) => readSpecFiles(root, id));
  } catch (error) {
    return setupFailure(io, error);
  }
  return gradeOnce(flags, specs, io, root, version, hooks);
}

async function gradeOnce(
  flags: GradeFlags,
  specs: readonly SpecFiles[],
  io: Io,
  root: string,
  version: string,
  hooks: GradeHooks,
): Promise<number> {
  const begun = performance.now();
  const colors = makeColors(colorsEnabled(io.env, io.isTTY));
  // The sandbox probe waits on processes: it runs while the submissions are found and the spec is loaded.
  const probing = probeEarly(flags.python);
  // A bare pattern (`*.py`, Conniption's "any .py files") names no assignment: it counts only when chosen.
  const known = knownNames(specs);
  const found = discoverSubmissions(
    flags.paths.map((p) => resolve(io.cwd, p)),
    known,
    knownDefinitions(specs),
  );
  for (const warning of found.warnings) io.err(`grade: ${warning}\n`);
  if (found.submissions.length === 0) {
    io.err(`grade: no submissions found in ${flags.paths.join(', ')} (looked for ${[...known].slice(0, 6).join(', ')}, …)\n`);
    return 2;
  }
  const detected = flags.assignment ? specs[0] : detectAssignment(specs, found.submissions);
  if (!detected) {
    const hint = recognisedHint(found.submissions);
    io.err(`grade: cannot tell the assignment from the file names; pass --assignment (one of ${availableSpecs(root).join(', ')})${hint}\n`);
    return 2;
  }
  let spec: ResolvedSpec;
  let sandbox: SandboxEnvironment;
  try {
    spec = 'tests' in detected ? (detected as unknown as ResolvedSpec) : loadSpec(root, detected.assignment);
    sandbox = await prepareSandbox(flags.python, spec, probing);
  } catch (error) {
    return setupFailure(io, error);
  }
  let previous: RunResults | undefined;
  try {
    // Read before grading: a wrong folder is said at once, not after the class.
    previous = flags.previous === undefined ? undefined : readRun(flags.previous, io);
  } catch (error) {
    if (error instanceof CompareError) {
      io.err(`grade: --previous: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  // The files beside the submissions are looked for in the folder as the user named it, from their folder.
  const besides = { ...flags, paths: flags.paths.map((p) => resolve(io.cwd, p)) };
  let adjustments: { file: string; rows: ParsedRow[] } | undefined;
  try {
    // Checked against the spec and every submission found before anything is graded: a typo stops the run at once.
    adjustments = loadAdjustments(besides, spec, found.submissions, [previous, readIfThere(flags.out)]);
  } catch (error) {
    if (error instanceof AdjustmentsError) {
      io.err(`grade: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  let notes: { file: string; notes: Map<string, Note> } | undefined;
  try {
    notes = await loadNotes(besides, spec, (file) => relative(io.cwd, file) || file);
  } catch (error) {
    if (error instanceof NotesError) {
      io.err(`grade: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  let gradebook: {
    roster?: { file: string; students: RosterStudent[]; assignments: { name: string; id: string }[] };
    problems?: CanvasOptions['problems'];
  };
  try {
    const roster = loadRoster(flags.roster, io.cwd);
    const problems = parseCanvasProblems(flags.canvasProblems, spec);
    gradebook = { ...(roster && { roster }), ...(problems && { problems }) };
  } catch (error) {
    if (error instanceof RosterError || error instanceof GradebookFlagError) {
      io.err(`grade: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  let deadlines: DeadlineSetup | undefined;
  let timed: Timed | undefined;
  try {
    // Read and checked before grading; with --at-deadline each repository is read at its student's deadline.
    deadlines = await loadDeadlines(besides, spec.due, found.submissions, io.cwd);
    if (deadlines) timed = await timeSubmissions(found.submissions, deadlines, besides.paths, known);
  } catch (error) {
    if (error instanceof DeadlineError || error instanceof GitDeadlineError) {
      io.err(`grade: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  for (const warning of timed?.warnings ?? []) io.err(`grade: ${warning}\n`);
  const all = timed?.submissions ?? found.submissions;
  const submissions = flags.shard ? shardOf(all, flags.shard) : all;
  // A scheduler's task says which shard it took, so a log shows it before anything is graded.
  if (flags.shardFrom)
    io.err(
      `grade: --shard auto: shard ${formatShard(flags.shard!)} (${submissions.length} of ${all.length} submissions), from ${flags.shardFrom}\n`,
    );
  let journal: Journal | undefined;
  try {
    journal = flags.out === undefined ? undefined : openJournal(flags, spec, version, hooks.firstFailure === true);
  } catch (error) {
    if (isFileError(error)) return outputFailure(io, error, flags.out, undefined);
    return setupFailure(io, error);
  }
  if (journal && journal.done.size > 0)
    io.err(
      `grade: resuming: ${journal.done.size} submission${journal.done.size === 1 ? '' : 's'} already graded in ${relative(io.cwd, join(flags.out, JOURNAL_FILE))}\n`,
    );
  const progress: Progress = createProgress(io, submissions.length, false, colors);
  const fresh = new Set<SubmissionResult>();
  // Fewer submissions at once than cores: a test's independent parts may use the core that would idle.
  const sideBySide = Math.min(flags.jobs, submissions.length) < availableParallelism();
  const idleFrom: number[] = [];
  const results = await gradeAll(
    submissions,
    flags.jobs,
    async (submission) => {
      const refused = timed?.notGraded.get(submission.id);
      if (refused !== undefined) return notGradedResult(submission, spec, refused);
      const key = submissionKey(submission);
      const done = journal?.done.get(key);
      progress.started(submission.id);
      const result = done ?? {
        ...(await gradeOne(submission, spec, sandbox, flags, hooks.firstFailure === true, sideBySide)),
        filesHash: filesHashOf(key),
      };
      if (!done) fresh.add(result);
      if (!done && journal) {
        journal.append(key, result);
        if (!journal.failure) hooks.recorded?.(result, journal.written);
      }
      progress.finished(submission.id, result);
      return result;
    },
    () => journal?.failure !== undefined,
    (at) => idleFrom.push(at),
  );
  const allDone = performance.now();
  progress.done();
  // A write that failed (a full disk) stops the run at once: nothing more is graded, and nothing is written over the last good files.
  if (journal?.failure) return outputFailure(io, journal.failure, flags.out, journal);
  // What this run cost: the submissions it graded (not those --resume kept), from its start to the last one's end,
  // with the time each job had nothing left to grade while another finished.
  const cost = classCost(
    results.filter((r) => fresh.has(r)),
    flags.jobs,
    allDone - begun,
    idleFrom.reduce((n, at) => n + (allDone - at), 0),
  );
  const graded: RunResults = {
    tool: { name: 'connect-four-grader', version },
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
      ...(flags.strength && { strength: true }),
      ...(flags.only && { only: flags.only.pattern }),
      ...(flags.shard && { shard: formatShard(flags.shard) }),
      fingerprints: testFingerprints(spec),
      groups: spec.groups.map((g) => ({ id: g.id, name: g.name, ...(g.manualPoints && { manualPoints: g.manualPoints }) })),
      ...(deadlines && { deadline: deadlines.record }),
    },
    ...(spec.pack && { pack: packRecord(spec) }),
    submissions: deadlines && timed ? markLateness(results, deadlines, timed.times) : results,
    ...(fresh.size > 0 && { cost }),
    clusters: failureClusters(results),
    ...(hooks.similarity !== false && {
      similarity: { ...classSimilarity(root, spec.assignment, submissions), aiPairs: aiAgreement(results) },
    }),
  };
  // The late policy's penalties are rows of the second pass, applied with the file's (or alone, without one).
  const penalized = graded.submissions.some((s) => (s.late?.percent ?? 0) > 0);
  let run = adjustments
    ? applyAdjustments(graded, adjustments.rows, relative(io.cwd, adjustments.file) || adjustments.file, spec.manualPoints)
    : penalized
      ? applyAdjustments(graded, [], undefined, spec.manualPoints)
      : graded;
  if (notes) run = applyNotes(run, notes.notes, relative(io.cwd, notes.file) || notes.file);
  if (gradebook.roster) {
    try {
      run = applyRoster(run, gradebook.roster.students, gradebook.roster.file);
    } catch (error) {
      if (!(error instanceof RosterError)) throw error;
      io.err(`grade: ${error.message}\n`);
      return 2;
    }
  }
  if (previous) {
    try {
      // Compared as the exports will stand: adjusted, and with the previous run's higher scores kept when asked.
      run = compareWith(flags.previous!, previous, run, flags.keepHigher);
    } catch (error) {
      if (!(error instanceof CompareError)) throw error;
      io.err(`grade: --previous: ${error.message}; the run is written without a comparison\n`);
    }
  }
  if (hooks.extend) run = hooks.extend(run);
  // The gradebook imports into the assignment the roster's column names when no id is given: never a new one by mistake.
  const canvasAssignment = gradebookAssignmentId(flags.canvasAssignmentId, gradebook.roster, spec.title);
  let written: string[];
  try {
    written =
      flags.out === undefined
        ? []
        : writeOutputs(run, flags.out, {
            formats: flags.formats,
            canvasAssignmentId: canvasAssignment.id,
            audience: flags.audience,
            canvasProblems: gradebook.problems,
          });
  } catch (error) {
    return outputFailure(io, error, flags.out, journal);
  }
  io.out(
    formatSummary(
      spec,
      run,
      written.map((path) => relative(io.cwd, path) || path),
      colors,
    ),
  );
  if (fresh.size > 0) io.out(`${formatClassCost(cost)}\n`);
  if (run.comparison) io.out(formatComparison(run.comparison));
  if (run.adjustments) io.out(formatAdjustments(run));
  if (deadlines) io.out(formatLateness(run.submissions, deadlines));
  if (run.roster) io.out(formatRoster(run, flags.shard !== undefined || flags.only !== undefined));
  else if (flags.formats.includes('csv') && !flags.shard && flags.gradebookAsked) io.out(gradebookWithoutIds(run) ?? '');
  if (flags.formats.includes('csv') && !flags.shard && flags.gradebookAsked)
    io.out(gradebookLines(run, canvasAssignment, gradebook.problems));
  if (run.notes) {
    // A shard, an --only or a --visible run sees part of the class: what it did not match, another part may (grade merge decides).
    const part = flags.shard !== undefined || flags.only !== undefined || flags.visibleOnly;
    io.out(formatNotesUse(run, notes?.notes, part ? 'this part of the class (grade merge checks the whole)' : 'this run'));
    const unmatched = part ? undefined : unmatchedNotesError(run, notes?.notes);
    if (unmatched) {
      io.err(`grade: notes that match no failure:\n${unmatched}`);
      return 2;
    }
  }
  return 0;
}

function openJournal(flags: GradeFlags, spec: ResolvedSpec, version: string, firstFailure: boolean): Journal {
  mkdirSync(flags.out, { recursive: true });
  const header: JournalHeader = {
    kind: 'run',
    tool: 'connect-four-grader',
    version,
    assignment: spec.assignment,
    seed: flags.seed,
    spec: specFingerprint(spec),
    tests: testFingerprints(spec),
    only: flags.only?.pattern ?? null,
    shard: flags.shard ? formatShard(flags.shard) : null,
    visibleOnly: flags.visibleOnly,
    ...(flags.strength && { strength: true }),
    // A run whose tests stop at their first failure is not one a class run may resume from.
    ...(firstFailure && { firstFailure }),
  };
  return Journal.open(join(flags.out, JOURNAL_FILE), header, flags.resume);
}

async function gradeOne(
  submission: Submission,
  given: ResolvedSpec,
  sandbox: SandboxEnvironment,
  flags: GradeFlags,
  firstFailure: boolean,
  sideBySide: boolean,
): Promise<SubmissionResult> {
  const started = performance.now();
  // The grader's own suites may grade a submission pinned to hang under shorter limits (CONNECT4_TEST_TIME_SCALE_FOR),
  // and wait on the very tests pinned to hang for less still (CONNECT4_TEST_HANGS_FOR).
  const scaled = submissionTimeScale();
  const hangs = pinnedHangs().get(submission.id);
  const timed = scaled?.ids.has(submission.id) ? withTimeScale(given, scaled.factor) : given;
  const pinned = hangs ? withPinnedHangs(timed, hangs) : timed;
  // The grader's own suites may grade each submission with the tests in an order of its own (CONNECT4_TEST_ORDER).
  const order = testOrderSeed();
  const spec = order === undefined ? pinned : withTestsShuffled(pinned, caseSeed(order, submission.id));
  try {
    const plan = flags.standIns === 'own' ? kitGradingPlan(spec.assignment) : gradingPlan(spec.assignment);
    return inSpecOrder(
      given,
      await gradeSubmission(submission, {
        spec,
        ...plan,
        sandbox,
        seed: flags.seed,
        ...(flags.only && { only: flags.only }),
        visibleOnly: flags.visibleOnly,
        strength: flags.strength,
        warmPrograms: flags.jobs < availableParallelism(),
        sideBySide,
        ...(firstFailure && { firstFailure }),
      }),
    );
  } catch (error) {
    const reason = `internal error while grading: ${(error as Error).message}`;
    const tests: TestResult[] = spec.tests.map((t) => ({
      id: t.id,
      name: t.name,
      group: t.group,
      target: t.target,
      status: 'error',
      score: 0,
      maxScore: t.points,
      visibility: t.visibility,
      message: reason,
    }));
    return {
      id: submission.id,
      path: submission.path,
      assignment: spec.assignment,
      ...(submission.student && { student: submission.student }),
      status: 'error',
      error: reason,
      score: 0,
      maxScore: spec.maxScore,
      durationMs: Math.round(performance.now() - started),
      tests,
    };
  }
}

/** A submission not graded for a reason of the class's (work only after the late cutoff): each test not run, and why. */
function notGradedResult(submission: Submission, spec: ResolvedSpec, reason: string): SubmissionResult {
  const tests: TestResult[] = spec.tests.map((t) => ({
    id: t.id,
    name: t.name,
    group: t.group,
    target: t.target,
    status: 'skipped',
    score: 0,
    maxScore: t.points,
    visibility: t.visibility,
    message: reason,
  }));
  return {
    id: submission.id,
    path: submission.path,
    assignment: spec.assignment,
    ...(submission.student && { student: submission.student }),
    status: 'error',
    error: reason,
    score: 0,
    maxScore: spec.maxScore,
    durationMs: 0,
    tests,
  };
}

/**
 * Runs `work` over the items with at most `jobs` at once, results in the items' order; none is started once `stop`
 * says so. `idle` hears when each job finds nothing left to do (the last one's too).
 */
export async function gradeAll<T, R>(
  items: readonly T[],
  jobs: number,
  work: (item: T) => Promise<R>,
  stop: () => boolean = () => false,
  idle?: (at: number) => void,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length && !stop()) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
    idle?.(performance.now());
  };
  await Promise.all(Array.from({ length: Math.min(jobs, items.length) }, worker));
  return results;
}

const isFileError = (error: unknown): error is NodeJS.ErrnoException =>
  error instanceof Error &&
  typeof (error as NodeJS.ErrnoException).code === 'string' &&
  typeof (error as NodeJS.ErrnoException).syscall === 'string';

/**
 * --out cannot be written (a full disk, no permission, a file where a folder should be): one line naming the path
 * and the reason, exit 2, and what results.jsonl kept, so --resume grades only the rest once it is fixed.
 */
function outputFailure(io: Io, error: unknown, out: string, journal: Journal | undefined): number {
  if (!isFileError(error)) throw error;
  // A write that fails after its file is open (a full disk) names no path: the journal's own failure names the journal.
  const path = journal?.failure === error ? join(out, JOURNAL_FILE) : (error.path ?? out);
  const stopped =
    journal?.failure === error
      ? '; grading stopped there, and results.json and the reports were not written (the last good ones are kept)'
      : '';
  const kept = journal
    ? `${stopped}; ${relative(io.cwd, join(out, JOURNAL_FILE)) || JOURNAL_FILE} keeps the ${journal.written} submission${journal.written === 1 ? '' : 's'} graded before that, so --resume grades only the rest`
    : '';
  io.err(`grade: cannot write ${relative(io.cwd, path) || path}: ${error.code} (${FILE_ERRORS[error.code!] ?? error.message})${kept}\n`);
  return 2;
}

const FILE_ERRORS: Readonly<Record<string, string>> = {
  ENOSPC: 'no space left on the device',
  EDQUOT: 'over the disk quota',
  EACCES: 'permission denied',
  EPERM: 'not permitted',
  EROFS: 'a read-only file system',
  ENOTDIR: 'part of the path is a file, not a folder',
  EISDIR: 'a folder is in the way',
  EEXIST: 'a file is in the way',
};

function setupFailure(io: Io, error: unknown): number {
  if (error instanceof UsageError || error instanceof SpecError || error instanceof SetupError || error instanceof ResumeError) {
    io.err(`grade: ${error.message}\n`);
    return 2;
  }
  if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) {
    io.err(`grade: ${error.message}\nRun 'grade --help' for the options.\n`);
    return 2;
  }
  throw error;
}

/** A result's tests in the spec's order, whatever order they were graded in. */
function inSpecOrder(spec: ResolvedSpec, result: SubmissionResult): SubmissionResult {
  const at = new Map(spec.tests.map((t, i) => [t.id, i]));
  return { ...result, tests: [...result.tests].sort((a, b) => (at.get(a.id) ?? 0) - (at.get(b.id) ?? 0)) };
}
