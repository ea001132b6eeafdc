/**
 * What `grade push canvas` would change, worked out before anything is written: for each student the run graded,
 * the score to enter and the comment to add (the summary, the notes that reach them, their page attached), against
 * what Canvas already holds (its assignment, the course's late policy, each submission with its comments). A score
 * equal to Canvas's and a comment already on the current attempt are left alone, so a second push with nothing new
 * writes nothing. Whatever would do harm stops the whole push before any write: an unpublished assignment, points
 * possible that differ from the grader's, or Canvas's own late policy taking again a penalty the grader already took.
 * Pure: both sides in, the plan out.
 */

/** What Canvas says of the assignment (Assignments API). */
export interface CanvasAssignment {
  readonly id: number | string;
  readonly name?: string;
  readonly points_possible?: number | null;
  readonly published?: boolean;
  /** Grades and comments stay hidden from students until posted by hand. */
  readonly post_manually?: boolean;
  readonly grading_type?: string;
}

/** The course's late policy (Late Policy API), when it has one. */
export interface CanvasLatePolicy {
  readonly late_submission_deduction_enabled?: boolean;
  readonly late_submission_deduction?: number;
  readonly late_submission_interval?: string;
}

export interface CanvasComment {
  readonly id: number;
  readonly comment?: string;
  readonly attempt?: number | null;
  readonly attachments?: readonly { readonly id: number; readonly display_name?: string }[];
}

/** A student's submission as Canvas lists it with `include[]=submission_comments`. */
export interface CanvasSubmission {
  readonly user_id: number;
  readonly attempt?: number | null;
  readonly submitted_at?: string | null;
  readonly score?: number | null;
  /** The score before Canvas's late policy took its deduction. */
  readonly entered_score?: number | null;
  readonly grade_matches_current_submission?: boolean | null;
  readonly late?: boolean;
  readonly seconds_late?: number | null;
  readonly points_deducted?: number | null;
  readonly submission_comments?: readonly CanvasComment[];
}

/** What the grader wants one student's submission to hold. */
export interface Wanted {
  /** The run's submission id, and the Canvas user id it was matched to (absent: no id known). */
  readonly submission: string;
  readonly name: string;
  readonly userId?: string;
  /** Absent when the submission could not be graded at all (its reason in `error`). */
  readonly score?: number;
  readonly maxScore: number;
  readonly error?: string;
  readonly comment: string;
  readonly pageName: string;
  /** The grader already took a late penalty from this score (the late policy's row). */
  readonly latePenalty: boolean;
}

export interface PushAction {
  readonly wanted: Wanted;
  readonly userId: number;
  /** Canvas's score now (before its late deduction), and the score to enter when it changes. */
  readonly from?: number | null;
  readonly score?: number;
  /** Add the comment with the page, on this attempt. */
  readonly comment: boolean;
  readonly attempt?: number;
}

export interface PushPlan {
  /** Reasons nothing may be written. */
  readonly refusals: readonly string[];
  readonly warnings: readonly string[];
  /** Students left out, each with why. */
  readonly skipped: readonly { readonly wanted: Wanted; readonly why: string }[];
  /** Every student the run graded whom Canvas has, changed or not. */
  readonly actions: readonly PushAction[];
}

/** The score Canvas holds as the grader would have entered it: before its own late deduction. */
export const canvasScore = (s: CanvasSubmission): number | null | undefined => s.entered_score ?? s.score;

const same = (a: number, b: number) => Math.abs(a - b) < 0.005;

/** Our comment on the current attempt, when it is already there with the same text. */
export function commentThere(submission: CanvasSubmission, text: string): CanvasComment | undefined {
  const current = submission.attempt ?? null;
  return (submission.submission_comments ?? []).find(
    (c) =>
      (c.comment ?? '').trim() === text.trim() &&
      (current === null || c.attempt === undefined || c.attempt === null || c.attempt === current),
  );
}

export function planPush(
  wanted: readonly Wanted[],
  canvas: {
    readonly assignment: CanvasAssignment;
    readonly latePolicy?: CanvasLatePolicy;
    readonly submissions: readonly CanvasSubmission[];
  },
  gradedAt: string,
): PushPlan {
  const refusals: string[] = [];
  const warnings: string[] = [];
  const skipped: { wanted: Wanted; why: string }[] = [];
  const actions: PushAction[] = [];
  const { assignment } = canvas;
  const title = `assignment ${assignment.id}${assignment.name ? ` (${assignment.name})` : ''}`;
  if (assignment.published === false) refusals.push(`${title} is unpublished: Canvas takes no grade for it. Publish it, then push again`);
  // A number is entered as points whatever the display (letters, percent, GPA), but not as pass/fail or ungraded.
  if (assignment.grading_type === 'pass_fail' || assignment.grading_type === 'not_graded') {
    refusals.push(
      `${title} is graded as ${assignment.grading_type === 'pass_fail' ? 'complete/incomplete' : 'not graded'} in Canvas, which takes no points: display its grade as points`,
    );
  }
  const maxima = [...new Set(wanted.filter((w) => w.score !== undefined).map((w) => w.maxScore))];
  const possible = assignment.points_possible;
  if (possible !== undefined && possible !== null && maxima.some((m) => !same(m, possible))) {
    refusals.push(
      `${title} is out of ${possible} points in Canvas, the grader's scores out of ${maxima.join(' and ')}: set the assignment's points to ${maxima.join(' or ')} in Canvas, or enter the points graded by hand (adjustments.csv) so the two agree`,
    );
  }
  if (assignment.post_manually)
    warnings.push(
      `${title} posts grades by hand: the scores and comments stay hidden from the students until you post them (Gradebook, the assignment's menu, Post grades)`,
    );
  const byUser = new Map(canvas.submissions.map((s) => [String(s.user_id), s]));
  const policy = canvas.latePolicy;
  const deducts = policy?.late_submission_deduction_enabled === true && (policy.late_submission_deduction ?? 0) > 0;
  const twice: string[] = [];
  for (const w of wanted) {
    if (w.userId === undefined) {
      skipped.push({
        wanted: w,
        why: 'no Canvas user id: grade with --roster <the gradebook exported from Canvas>, or from a Canvas download',
      });
      continue;
    }
    const submission = byUser.get(w.userId);
    if (!submission) {
      skipped.push({
        wanted: w,
        why: `Canvas has no submission of user ${w.userId} for this assignment (not a student of the course, or not assigned it)`,
      });
      continue;
    }
    if (w.score === undefined) {
      skipped.push({ wanted: w, why: `could not be graded (${w.error ?? 'no score'}): nothing to enter` });
      continue;
    }
    if (submission.submitted_at && Date.parse(submission.submitted_at) > Date.parse(gradedAt)) {
      skipped.push({
        wanted: w,
        why: `submitted attempt ${submission.attempt ?? '?'} at ${submission.submitted_at}, after this run graded (${gradedAt}): download it, grade it, then push`,
      });
      continue;
    }
    if (
      deducts &&
      w.latePenalty &&
      (submission.late === true || (submission.seconds_late ?? 0) > 0 || (submission.points_deducted ?? 0) > 0)
    )
      twice.push(`${w.name} (${w.submission})`);
    const current = canvasScore(submission);
    const scoreChanges =
      current === null || current === undefined || !same(current, w.score) || submission.grade_matches_current_submission === false;
    const comment = commentThere(submission, w.comment) === undefined;
    actions.push({
      wanted: w,
      userId: submission.user_id,
      from: current ?? null,
      ...(scoreChanges && { score: w.score }),
      comment,
      ...(typeof submission.attempt === 'number' && { attempt: submission.attempt }),
    });
  }
  if (twice.length > 0) {
    refusals.push(
      `Canvas's late policy takes ${policy!.late_submission_deduction} % a ${policy!.late_submission_interval ?? 'day'} from late work, and the grader already took the late penalty from ${twice.join(', ')}: they would lose it twice. Turn Canvas's automatic late deduction off (Course Settings, Grading, Late policies), or grade without late.yml and let Canvas take it`,
    );
  }
  return { refusals, warnings, skipped, actions };
}

/** Whether an action writes anything. */
export const writes = (a: PushAction): boolean => a.score !== undefined || a.comment;
