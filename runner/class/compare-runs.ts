/**
 * Two runs of the same class compared (`grade compare`, `grade --previous`): every student whose score or tests
 * changed, with the tests that went pass→fail and fail→pass and why, read from the hashes each run recorded (the
 * submission's files, each test's definition and its fixture cases). The score every export shows is compared too,
 * with its parts (adjusted, kept) and why it moved: an adjustment row added, changed or gone, a total overridden, a
 * higher score kept or no longer kept. Identical inputs compare empty. Pure.
 */
import { adjustedScore, exportedScore } from './exported-score.js';
import { signed } from './adjustments.js';
import type { AdjustmentRow, RunComparison, RunResults, StudentChange, SubmissionResult, TestFingerprint } from '../model/results.js';

export function compareRuns(previous: RunResults, current: RunResults, previousPath: string): RunComparison {
  const before = new Map(previous.submissions.map((s) => [s.id, s]));
  const after = new Map(current.submissions.map((s) => [s.id, s]));
  const oldPrints = previous.settings?.fingerprints ?? {};
  const newPrints = current.settings?.fingerprints ?? {};
  const testIds = (run: RunResults) => new Set(run.submissions.flatMap((s) => s.tests.map((t) => t.id)));
  const oldTests = testIds(previous);
  const newTests = testIds(current);
  const testsChanged = [...newTests].flatMap((id) => {
    const what = testChange(oldPrints[id], newPrints[id]);
    return oldTests.has(id) && what ? [{ id, what }] : [];
  });
  const changedById = new Map(testsChanged.map((c) => [c.id, c.what]));
  // A run of part of the tests (--only) is compared on what both runs ran: a test left out is no change.
  const only = [previous.settings?.only, current.settings?.only].filter((o): o is string => o !== undefined);
  const students: StudentChange[] = [];
  for (const submission of current.submissions) {
    const old = before.get(submission.id);
    if (old) {
      const change =
        only.length > 0
          ? studentChange(...partOf(old, submission), changedById, oldTests, true)
          : studentChange(old, submission, changedById, oldTests);
      if (change) students.push(change);
    }
  }
  const scores = (s: SubmissionResult) => ({
    id: s.id,
    ...(s.student?.name && { name: s.student.name }),
    score: s.score,
    exported: exportedScore(s),
  });
  return {
    previous: { path: previousPath, generatedAt: previous.generatedAt },
    // The largest drop in what the exports show first: the students an instructor must look at before an upload.
    students: students.sort(
      (a, b) => (a.exported?.delta ?? a.delta) - (b.exported?.delta ?? b.delta) || a.delta - b.delta || a.id.localeCompare(b.id),
    ),
    added: current.submissions.filter((s) => !before.has(s.id)).map((s) => s.id),
    removed: previous.submissions.filter((s) => !after.has(s.id)).map((s) => s.id),
    addedStudents: current.submissions.filter((s) => !before.has(s.id)).map(scores),
    removedStudents: previous.submissions.filter((s) => !after.has(s.id)).map(scores),
    ...(only.length > 0 && { only: [...new Set(only)].join(' and ') }),
    testsAdded: [...newTests].filter((id) => !oldTests.has(id)),
    testsRemoved: [...oldTests].filter((id) => !newTests.has(id)),
    testsChanged,
  };
}

function testChange(
  old: TestFingerprint | undefined,
  now: TestFingerprint | undefined,
): 'spec' | 'fixture' | 'spec and fixture' | undefined {
  if (!old || !now) return undefined;
  const spec = old.definition !== now.definition;
  const fixture = old.cases !== now.cases;
  return spec && fixture ? 'spec and fixture' : spec ? 'spec' : fixture ? 'fixture' : undefined;
}

const passed = (s: SubmissionResult, id: string) => s.tests.find((t) => t.id === id)?.status === 'pass';

/**
 * Two runs' results of one student cut to the tests both ran (a test `--only` left out is `skipped`), each score the
 * sum of those tests' scores, and no adjustment or kept score: a part of the tests says nothing of the whole score.
 */
function partOf(old: SubmissionResult, now: SubmissionResult): [SubmissionResult, SubmissionResult] {
  const ran = (s: SubmissionResult) => new Set(s.tests.filter((t) => t.status !== 'skipped').map((t) => t.id));
  const [a, b] = [ran(old), ran(now)];
  const cut = (s: SubmissionResult): SubmissionResult => {
    const { adjusted: _a, keptHigher: _k, ...rest } = s;
    const tests = s.tests.filter((t) => a.has(t.id) && b.has(t.id));
    return {
      ...rest,
      tests,
      score: round(tests.reduce((n, t) => n + t.score, 0)),
      maxScore: round(tests.reduce((n, t) => n + t.maxScore, 0)),
    };
  };
  return [cut(old), cut(now)];
}

function studentChange(
  old: SubmissionResult,
  now: SubmissionResult,
  changedTests: ReadonlyMap<string, string>,
  oldTests: ReadonlySet<string>,
  partial = false,
): StudentChange | undefined {
  const ids = now.tests.map((t) => t.id).filter((id) => oldTests.has(id) && old.tests.some((t) => t.id === id));
  const passToFail = ids.filter((id) => passed(old, id) && !passed(now, id));
  const failToPass = ids.filter((id) => !passed(old, id) && passed(now, id));
  const pointsMoved =
    now.tests.some((t) => {
      const before = old.tests.find((o) => o.id === t.id);
      return !before || before.score !== t.score || before.maxScore !== t.maxScore;
    }) || old.tests.length !== now.tests.length;
  const delta = round(now.score - old.score);
  const exported = { old: exportedScore(old), new: exportedScore(now), delta: round(exportedScore(now) - exportedScore(old)) };
  const exportReasons = exportChanges(old, now);
  if (
    delta === 0 &&
    exported.delta === 0 &&
    exportReasons.length === 0 &&
    passToFail.length === 0 &&
    failToPass.length === 0 &&
    !pointsMoved &&
    old.status === now.status
  )
    return undefined;
  const reasons: string[] = [];
  if (old.filesHash && now.filesHash && old.filesHash !== now.filesHash) reasons.push('submission changed');
  const moved = now.tests.filter((t) => {
    const before = old.tests.find((o) => o.id === t.id);
    return !before || before.status !== t.status || before.score !== t.score || before.maxScore !== t.maxScore;
  });
  for (const test of moved) {
    const what = changedTests.get(test.id);
    if (what) reasons.push(`${what} changed: ${test.id}`);
  }
  if (!partial && (now.tests.some((t) => !oldTests.has(t.id)) || old.tests.some((t) => !now.tests.some((n) => n.id === t.id))))
    reasons.push('tests added or removed');
  if (reasons.length === 0 && (delta !== 0 || passToFail.length > 0 || failToPass.length > 0 || pointsMoved || old.status !== now.status)) {
    reasons.push(
      old.filesHash && now.filesHash
        ? 'unexplained: the same files, spec and fixtures (a timeout on a busy machine, or a random choice)'
        : 'unknown: a run without recorded hashes',
    );
  }
  const part = (pick: (s: SubmissionResult) => number | undefined) => {
    const [a, b] = [pick(old), pick(now)];
    return a === undefined && b === undefined ? undefined : { ...(a !== undefined && { old: a }), ...(b !== undefined && { new: b }) };
  };
  const adjusted = part((s) => s.adjusted?.score);
  const kept = part((s) => s.keptHigher?.score);
  const lateRows = (s: SubmissionResult) => s.adjusted?.rows.filter((r) => r.kind === 'late') ?? [];
  const late = part((s) => (lateRows(s).length > 0 ? lateRows(s).reduce((n, r) => n + (r.applied ?? 0), 0) : undefined));
  return {
    id: now.id,
    ...(now.student?.name && { name: now.student.name }),
    old: old.score,
    new: now.score,
    delta,
    passToFail,
    failToPass,
    reasons: [...reasons, ...exportReasons],
    exported,
    ...(adjusted && { adjusted }),
    ...(kept && { kept }),
    ...(late && { late }),
    ...(exportReasons.length > 0 && { exportReasons }),
  };
}

/** A row as the instructor wrote it: what it names and asks, not the line it sits on. */
const rowKey = (r: AdjustmentRow) => `${r.test}\u0000${r.op}${r.amount}\u0000${r.reason}`;
const rowWords = (r: AdjustmentRow) => {
  if (r.kind === 'late') return `late policy: ${r.reason}`;
  const what = r.kind === 'total' ? 'the total' : r.test;
  const kind = r.kind === 'total' && r.op === '=' ? 'total override' : 'adjustment';
  return `${kind} ${r.op}${r.amount} on ${what}${r.reason ? ` (${r.reason})` : ''}`;
};

/** Why the score the exports show moved, beyond the automatic score: the second pass's rows and keep-higher. */
function exportChanges(old: SubmissionResult, now: SubmissionResult): string[] {
  const reasons: string[] = [];
  const before = new Map((old.adjusted?.rows ?? []).map((r) => [rowKey(r), r]));
  const after = new Map((now.adjusted?.rows ?? []).map((r) => [rowKey(r), r]));
  for (const [key, r] of after) {
    if (!before.has(key)) reasons.push(`${rowWords(r)}: added (line ${r.line})`);
    else if (before.get(key)!.applied !== r.applied)
      reasons.push(`${rowWords(r)}: now moves ${signed(r.applied ?? 0)}, was ${signed(before.get(key)!.applied ?? 0)}`);
  }
  for (const [key, r] of before) if (!after.has(key)) reasons.push(`${rowWords(r)}: no longer applied (it was line ${r.line})`);
  const [was, is] = [old.keptHigher, now.keptHigher];
  if (was && !is)
    reasons.push(
      `keep-higher not repeated: the earlier run's exports kept ${was.score} (from ${was.from}); give --keep-higher again to keep it`,
    );
  else if (!was && is) reasons.push(`keep-higher: keeps ${is.score}, the higher score of ${is.from}`);
  else if (was && is && was.score !== is.score) reasons.push(`keep-higher: keeps ${is.score}, was ${was.score}`);
  return reasons;
}

/**
 * `--keep-higher`: a student whose tests gave more in the previous run keeps that automatic score, recorded on the
 * submission, with this run's adjustments on top of it: the instructor's own rows (a regrade reduced or withdrawn,
 * a late penalty) still count, and a total set by hand (`=n`) is the last word. A previous run's own kept score is
 * carried on. Applied before the comparison, so the comparison sees what the exports will show.
 */
export function keepHigher(current: RunResults, previous: RunResults, previousPath: string): RunResults {
  // The automatic score each student had: the one kept then, else the one their tests gave (files before `automatic`: the exported one).
  const before = new Map(previous.submissions.map((s) => [s.id, s.keptHigher ? (s.keptHigher.automatic ?? exportedScore(s)) : s.score]));
  const submissions = current.submissions.map((s) => {
    const { keptHigher: _earlier, ...fresh } = s;
    const old = before.get(s.id);
    const overridden = (s.adjusted?.rows ?? []).some((r) => r.kind === 'total' && r.op === '=');
    if (old === undefined || old <= s.score || s.status !== 'graded' || overridden) return fresh;
    const max = s.adjusted?.maxScore ?? s.maxScore;
    const score = round(Math.min(max, Math.max(0, adjustedScore(s) + (old - s.score))));
    return score > adjustedScore(s) ? { ...fresh, keptHigher: { score, from: previousPath, automatic: old } } : fresh;
  });
  return { ...current, submissions };
}

/** The comparison of two runs, the current one as its exports stand (adjusted, and kept with --keep-higher). */
export function compareExports(previous: RunResults, current: RunResults, previousPath: string, kept: boolean): RunComparison {
  const comparison = compareRuns(previous, current, previousPath);
  return kept ? { ...comparison, keptHigher: current.submissions.filter((s) => s.keptHigher).length } : comparison;
}

const round = (n: number) => Math.round(n * 1000) / 1000;
