/**
 * `grade push canvas [<run>] --course <id> [--assignment <id>] [--roster <file>] [--dry-run]`: each student's
 * exported score, a comment with the summary and the notes that reach them, and their page attached, on their
 * current attempt in Canvas, through the REST API with the instructor's own token (`CANVAS_TOKEN`, and the address in
 * `CANVAS_URL`). Canvas user ids come from the course's roster (the one the run was graded with, or `--roster`); the
 * assignment's id from `--assignment`, the run's gradebook, or the roster's column of it. Exit 0 when everything
 * that changed was written and read back, 1 when a student's change failed, 2 when nothing could be written.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { canvasComment, canvasPage, canvasPageName } from '../../reports/canvas-comment.js';
import { exportedScore } from '../class/exported-score.js';
import { applyRoster, RosterError } from '../class/roster.js';
import type { RunResults, SubmissionResult } from '../model/results.js';
import { CanvasError, CanvasHttp, canvasOrigin } from '../lms/canvas/http.js';
import { writes, type Wanted } from '../lms/canvas/plan.js';
import { changeWords, pushToCanvas } from '../lms/canvas/push.js';
import { CompareError, readRun } from './compare-command.js';
import { gradebookAssignmentId, GradebookFlagError, loadRoster } from './gradebook-flags.js';
import type { Io } from './io.js';

/** What a test changes: how the client waits between tries (and how long the first wait is). */
export interface PushHooks {
  readonly sleep?: (ms: number) => Promise<void>;
  readonly backoffMs?: number;
  readonly timeoutMs?: number;
}

const latePenalty = (s: SubmissionResult) => (s.adjusted?.rows ?? []).some((r) => r.kind === 'late' && (r.applied ?? -r.amount) < 0);

/** Each submission as the push wants it in Canvas. */
function wantedOf(run: RunResults): Wanted[] {
  const unmatched = new Set([...(run.roster?.notInRoster ?? []), ...(run.roster?.ambiguous ?? []).map((a) => a.submission)]);
  return run.submissions.map((s) => ({
    submission: s.id,
    name: s.student?.name ?? s.id,
    ...(run.roster && !unmatched.has(s.id) && s.student?.id && /^\d+$/u.test(s.student.id) && { userId: s.student.id }),
    ...(s.status === 'graded' ? { score: exportedScore(s) } : { error: s.error ?? 'not graded' }),
    maxScore: s.adjusted?.maxScore ?? s.maxScore,
    comment: canvasComment(run, s),
    pageName: canvasPageName(s),
    latePenalty: latePenalty(s),
  }));
}

export async function runPush(argv: readonly string[], io: Io, hooks: PushHooks = {}): Promise<number> {
  const fail = (message: string) => {
    io.err(`grade push: ${message}\n`);
    return 2;
  };
  const [target, ...rest] = argv;
  if (target !== 'canvas') return fail(`push where? grade push canvas [<run folder>] --course <id> (the only LMS so far is Canvas)`);
  let values: {
    course?: string | undefined;
    assignment?: string | undefined;
    roster?: string | undefined;
    'dry-run'?: boolean | undefined;
    'canvas-url'?: string | undefined;
  };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: [...rest],
      allowPositionals: true,
      options: {
        course: { type: 'string' },
        assignment: { type: 'string' },
        roster: { type: 'string' },
        'dry-run': { type: 'boolean' },
        'canvas-url': { type: 'string' },
      },
    }));
  } catch (error) {
    return fail((error as Error).message);
  }
  if (positionals.length > 1) return fail(`give one run folder (the --out of grade or grade merge), not ${positionals.length}`);
  const token = io.env['CANVAS_TOKEN']?.trim();
  if (!token)
    return fail(
      'set CANVAS_TOKEN to your own Canvas access token (Canvas: Account, Settings, New access token); it is read from the environment only',
    );
  const address = values['canvas-url'] ?? io.env['CANVAS_URL'];
  if (!address) return fail('give the Canvas address: --canvas-url https://school.instructure.com (or CANVAS_URL)');
  const course = values.course ?? io.env['CANVAS_COURSE_ID'];
  if (!course || !/^(\d+|sis_course_id:\S+)$/u.test(course))
    return fail(`give the course: --course <the number in the course's Canvas address>${course ? `, got ${course}` : ''}`);
  let run: RunResults;
  try {
    canvasOrigin(address);
    run = readRun(positionals[0] ?? 'grade-report', io);
  } catch (error) {
    if (error instanceof CompareError || error instanceof CanvasError) return fail(error.message);
    throw error;
  }
  let roster: ReturnType<typeof loadRoster>;
  try {
    // Canvas user ids are taken only from the course's roster: a Gradescope export's ids are Gradescope's.
    const file = values.roster ?? (run.roster && existsSync(resolve(io.cwd, run.roster.file)) ? run.roster.file : undefined);
    roster = loadRoster(file, io.cwd);
    if (values.roster !== undefined) run = applyRoster(run, roster!.students, roster!.file);
  } catch (error) {
    if (error instanceof RosterError || error instanceof GradebookFlagError) return fail(error.message);
    throw error;
  }
  if (!run.roster)
    return fail(
      'the run was graded without a roster, so no Canvas user id is known for sure: give --roster <the gradebook exported from Canvas> (Grades, Export)',
    );
  const fromRoster = gradebookAssignmentId(undefined, roster, run.settings?.title ?? '');
  const assignment = values.assignment ?? run.gradebook?.canvasAssignmentId ?? fromRoster.id;
  if (!assignment)
    return fail(`give the Canvas assignment: --assignment <the number in its address>${fromRoster.said ? ` (${fromRoster.said})` : ''}`);
  if (!/^\d+$/u.test(assignment)) return fail(`--assignment is the number in the assignment's Canvas address, got ${assignment}`);
  const http = new CanvasHttp({
    baseUrl: address,
    token,
    ...(hooks.sleep && { sleep: hooks.sleep }),
    ...(hooks.backoffMs !== undefined && { backoffMs: hooks.backoffMs }),
    ...(hooks.timeoutMs !== undefined && { timeoutMs: hooks.timeoutMs }),
    onWait: (line) => io.err(`grade push: ${line}\n`),
  });
  const dryRun = values['dry-run'] === true;
  io.out(
    `Canvas ${canvasOrigin(address).host}, course ${course}, assignment ${assignment}${dryRun ? ' (dry run: nothing is written)' : ''}\n`,
  );
  const byId = new Map(run.submissions.map((s) => [s.id, s]));
  let report;
  try {
    report = await pushToCanvas(http, { course, assignment }, wantedOf(run), run.generatedAt, {
      dryRun,
      page: (id) => canvasPage(run, byId.get(id)!),
      say: (line) => io.out(`${line}\n`),
      planned: (plan) => {
        for (const warning of plan.warnings) io.out(`Warning: ${warning}\n`);
        for (const s of plan.skipped) io.out(`  ${s.wanted.name} (${s.wanted.submission}): left out: ${s.why}\n`);
      },
    });
  } catch (error) {
    if (error instanceof CanvasError) return fail(`${error.message}; nothing was written`);
    throw error;
  }
  const { plan } = report;
  if (plan.refusals.length > 0) {
    io.err(`grade push: nothing was written:\n${plan.refusals.map((r) => `  ${r}\n`).join('')}`);
    return 2;
  }
  const changes = plan.actions.filter(writes);
  const unchanged = plan.actions.length - changes.length;
  if (dryRun) {
    for (const a of changes) io.out(`  ${a.wanted.name} (user ${a.userId}): would write ${changeWords(a)}\n`);
    io.out(
      `Would change ${changes.length} student${changes.length === 1 ? '' : 's'}; ${unchanged} already as graded${plan.skipped.length ? `; ${plan.skipped.length} left out` : ''}. Nothing was written (${http.reads} reads).\n`,
    );
    return 0;
  }
  io.out(
    `${changes.length === 0 ? 'Canvas already holds every score and comment: nothing to write' : `Pushed ${report.done.length} of ${changes.length} change${changes.length === 1 ? '' : 's'}, each read back`}; ${unchanged} already as graded${plan.skipped.length ? `; ${plan.skipped.length} left out` : ''} (${http.reads} reads, ${http.writes} writes).\n`,
  );
  if (report.failed.length > 0) {
    io.err(
      `grade push: ${report.failed.length} student${report.failed.length === 1 ? '' : 's'} not pushed (push again to retry them; what was pushed stays):\n${report.failed.map((f) => `  ${f.student}: ${f.why}\n`).join('')}`,
    );
    return 1;
  }
  return 0;
}
