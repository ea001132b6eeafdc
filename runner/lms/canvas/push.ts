/**
 * `grade push canvas`: reads what Canvas holds (the assignment, the course's late policy, every submission with its
 * comments), plans what to change (runner/lms/canvas/plan.ts), and, unless it is a dry run, writes it one student at
 * a time: the page uploaded as a submission comment's file (Canvas's three-step upload), then one request that
 * enters the score and adds the comment with the file on the current attempt, then the submission read back to see
 * that Canvas kept both. A write whose answer was lost (a server error) is read back before it is tried again, so
 * nothing is entered twice.
 */
import { CanvasError, describe, type CanvasHttp } from './http.js';
import {
  canvasScore,
  commentThere,
  planPush,
  writes,
  type CanvasAssignment,
  type CanvasLatePolicy,
  type CanvasSubmission,
  type PushAction,
  type PushPlan,
  type Wanted,
} from './plan.js';

export interface PushTarget {
  readonly course: string;
  readonly assignment: string;
}

export interface PushReport {
  readonly plan: PushPlan;
  /** Students whose score or comment was written and read back. */
  readonly done: readonly string[];
  /** Students whose change did not land, each with why. */
  readonly failed: readonly { readonly student: string; readonly why: string }[];
}

const base = (t: PushTarget) => `/api/v1/courses/${encodeURIComponent(t.course)}/assignments/${encodeURIComponent(t.assignment)}`;

/** What Canvas holds now: the assignment, the course's late policy (none: 404), each submission with its comments. */
export async function readCanvas(
  http: CanvasHttp,
  target: PushTarget,
): Promise<{ assignment: CanvasAssignment; latePolicy?: CanvasLatePolicy; submissions: CanvasSubmission[] }> {
  const got = await http.request('GET', base(target));
  if (got.status === 401)
    throw new CanvasError(
      `Canvas refused the token (${describe(got)}): make a new one under Account, Settings, New access token, and set CANVAS_TOKEN`,
      401,
    );
  if (got.status === 404)
    throw new CanvasError(
      `Canvas has no assignment ${target.assignment} in course ${target.course} (or the token's user cannot see it)`,
      404,
    );
  if (got.status !== 200) throw new CanvasError(`reading assignment ${target.assignment}: ${describe(got)}`, got.status);
  const policy = await http.request('GET', `/api/v1/courses/${encodeURIComponent(target.course)}/late_policy`);
  if (policy.status !== 200 && policy.status !== 404)
    throw new CanvasError(`reading the course's late policy: ${describe(policy)}`, policy.status);
  const latePolicy = policy.status === 200 ? (policy.json as { late_policy?: CanvasLatePolicy }).late_policy : undefined;
  const submissions = (await http.list(`${base(target)}/submissions?include[]=submission_comments&per_page=100`)) as CanvasSubmission[];
  return { assignment: got.json as CanvasAssignment, ...(latePolicy && { latePolicy }), submissions };
}

/**
 * The page uploaded, tried again (from its first step) when an answer is lost or Canvas fails: an upload that did not
 * finish leaves at most a pending file no comment points to.
 */
async function uploadWithRetries(http: CanvasHttp, target: PushTarget, userId: number, name: string, html: string): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await uploadPage(http, target, userId, name, html);
    } catch (error) {
      const lost = error instanceof CanvasError && (error.status === undefined || error.status >= 500);
      if (!lost || attempt >= 3) throw error;
      await http.backoff(attempt, `uploading ${name}: ${(error as Error).message}`);
    }
  }
}

/** The page as a file of the submission's comments: the three steps of Canvas's upload; its file id. */
async function uploadPage(http: CanvasHttp, target: PushTarget, userId: number, name: string, html: string): Promise<number> {
  const bytes = Buffer.from(html, 'utf8');
  const asked = await http.request('POST', `${base(target)}/submissions/${userId}/comments/files`, {
    form: [
      ['name', name],
      ['size', String(bytes.length)],
      ['content_type', 'text/html'],
      ['on_duplicate', 'rename'],
    ],
  });
  const ticket = asked.json as { upload_url?: string; upload_params?: Record<string, string> } | undefined;
  if (asked.status !== 200 || !ticket?.upload_url) throw new CanvasError(`asking to upload the page: ${describe(asked)}`, asked.status);
  const form = new FormData();
  for (const [key, value] of Object.entries(ticket.upload_params ?? {})) form.append(key, String(value));
  // The file goes last, after every parameter Canvas gave, and without the token (the upload may go to a store that is not Canvas).
  form.append('file', new Blob([bytes], { type: 'text/html' }), name);
  const sent = await http.request('POST', ticket.upload_url, { multipart: form, auth: false, manualRedirect: true });
  const location = sent.headers.get('location');
  if (sent.status >= 300 && sent.status < 400 && location) {
    if (!http.isCanvas(http.url(location)))
      throw new CanvasError(`the upload's confirmation is at ${http.url(location).origin}, not on Canvas: not sending the token there`);
    const confirmed = await http.request('GET', location);
    const id = (confirmed.json as { id?: number } | undefined)?.id;
    if (confirmed.status !== 200 || typeof id !== 'number')
      throw new CanvasError(`confirming the upload: ${describe(confirmed)}`, confirmed.status);
    return id;
  }
  if (sent.status === 200 || sent.status === 201) {
    const id = (sent.json as { id?: number } | undefined)?.id;
    if (typeof id === 'number') return id;
    if (location) {
      const file = await http.request('GET', location, { auth: http.isCanvas(http.url(location)) });
      const found = (file.json as { id?: number } | undefined)?.id;
      if (typeof found === 'number') return found;
    }
  }
  throw new CanvasError(`uploading the page: ${describe(sent)}`, sent.status);
}

/** What is still to write for `action` on the submission as Canvas holds it now. */
function stillToDo(action: PushAction, now: CanvasSubmission): { score: boolean; comment: boolean } {
  const current = canvasScore(now);
  const score =
    action.score !== undefined &&
    (current === null ||
      current === undefined ||
      Math.abs(current - action.score) >= 0.005 ||
      now.grade_matches_current_submission === false);
  return { score, comment: action.comment && commentThere(now, action.wanted.comment) === undefined };
}

async function readOne(http: CanvasHttp, target: PushTarget, userId: number): Promise<CanvasSubmission> {
  const got = await http.request('GET', `${base(target)}/submissions/${userId}?include[]=submission_comments`);
  if (got.status !== 200) throw new CanvasError(`reading user ${userId}'s submission back: ${describe(got)}`, got.status);
  return got.json as CanvasSubmission;
}

/** One student's change: the page uploaded, the score and comment entered in one request, then read back; a lost answer is read back before a retry. */
async function pushOne(http: CanvasHttp, target: PushTarget, action: PushAction, page: () => string): Promise<void> {
  let fileId: number | undefined;
  let todo = { score: action.score !== undefined, comment: action.comment };
  for (let attempt = 1; ; attempt++) {
    if (todo.comment && fileId === undefined) fileId = await uploadWithRetries(http, target, action.userId, action.wanted.pageName, page());
    const form: [string, string][] = [];
    if (todo.score) form.push(['submission[posted_grade]', String(action.score)]);
    if (todo.comment) {
      form.push(['comment[text_comment]', action.wanted.comment]);
      if (action.attempt !== undefined) form.push(['comment[attempt]', String(action.attempt)]);
      form.push(['comment[file_ids][]', String(fileId)]);
    }
    let answer;
    try {
      answer = await http.request('PUT', `${base(target)}/submissions/${action.userId}`, { form });
    } catch (error) {
      if (!(error instanceof CanvasError) || attempt >= 3) throw error;
    }
    if (answer && answer.status >= 400 && answer.status < 500) {
      throw new CanvasError(
        `${todo.score ? `entering ${action.score}` : ''}${todo.score && todo.comment ? ' and ' : ''}${todo.comment ? 'adding the comment' : ''}: ${describe(answer)}`,
        answer.status,
      );
    }
    // Read back whatever the answer: a 5xx may have written all, part or nothing of it.
    const now = await readOne(http, target, action.userId);
    todo = stillToDo(action, now);
    if (!todo.score && !todo.comment) return;
    if (answer && answer.status < 300)
      throw new CanvasError(
        `Canvas answered ${answer.status} but did not keep ${todo.score ? `the score ${action.score} (it holds ${canvasScore(now) ?? 'none'})` : ''}${todo.score && todo.comment ? ' or ' : ''}${todo.comment ? 'the comment' : ''}`,
      );
    if (attempt >= 3) throw new CanvasError(`Canvas kept failing (${answer ? describe(answer) : 'no answer'}) after ${attempt} tries`);
    await http.backoff(
      attempt,
      `${answer ? describe(answer) : 'no answer'} on PUT for user ${action.userId}, and Canvas does not hold the change`,
    );
  }
}

export interface PushOptions {
  readonly dryRun: boolean;
  /** The student's page to attach, rendered only for those who get a comment. */
  readonly page: (submission: string) => string;
  /** A line as each student's change is made. */
  readonly say: (line: string) => void;
  /** The plan, before anything is written: its warnings and the students left out are said first. */
  readonly planned?: (plan: PushPlan) => void;
}

/** A line saying what a change is: `36 → 38, a comment with the page`. */
export function changeWords(a: PushAction): string {
  const score = a.score !== undefined ? `score ${a.from ?? 'none'} → ${a.score}` : '';
  const comment = a.comment ? `a comment with ${a.wanted.pageName}${a.attempt !== undefined ? ` on attempt ${a.attempt}` : ''}` : '';
  return [score, comment].filter(Boolean).join(', ');
}

export async function pushToCanvas(
  http: CanvasHttp,
  target: PushTarget,
  wanted: readonly Wanted[],
  gradedAt: string,
  options: PushOptions,
): Promise<PushReport> {
  const canvas = await readCanvas(http, target);
  const plan = planPush(wanted, canvas, gradedAt);
  options.planned?.(plan);
  const done: string[] = [];
  const failed: { student: string; why: string }[] = [];
  if (plan.refusals.length > 0 || options.dryRun) return { plan, done, failed };
  for (const action of plan.actions.filter(writes)) {
    const who = `${action.wanted.name} (user ${action.userId})`;
    try {
      await pushOne(http, target, action, () => options.page(action.wanted.submission));
      done.push(action.wanted.submission);
      options.say(`  ${who}: ${changeWords(action)}`);
    } catch (error) {
      if (!(error instanceof CanvasError)) throw error;
      failed.push({ student: action.wanted.submission, why: error.message });
      options.say(`  ${who}: not pushed: ${error.message}`);
      // A token refused, or not allowed to grade: every other student would fail alike.
      if (error.status === 401 || (error.status === 403 && !error.throttled)) break;
    }
  }
  return { plan, done, failed };
}
