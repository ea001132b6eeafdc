/**
 * Two runs of the same class compared (`grade compare`, `grade --previous`): every student whose score or tests
 * changed, with the tests that went pass→fail and fail→pass and why, read from the hashes each run recorded (the
 * submission's files, each test's definition and its fixture cases). Identical inputs compare empty. Pure.
 */
import type { RunComparison, RunResults, StudentChange, SubmissionResult, TestFingerprint } from '../grade/results.js';

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
  const students: StudentChange[] = [];
  for (const submission of current.submissions) {
    const old = before.get(submission.id);
    if (old) {
      const change = studentChange(old, submission, changedById, oldTests);
      if (change) students.push(change);
    }
  }
  return {
    previous: { path: previousPath, generatedAt: previous.generatedAt },
    // The largest drop first: the students an instructor must look at before anything is released.
    students: students.sort((a, b) => a.delta - b.delta || a.id.localeCompare(b.id)),
    added: current.submissions.filter((s) => !before.has(s.id)).map((s) => s.id),
    removed: previous.submissions.filter((s) => !after.has(s.id)).map((s) => s.id),
    testsAdded: [...newTests].filter((id) => !oldTests.has(id)),
    testsRemoved: [...oldTests].filter((id) => !newTests.has(id)),
    testsChanged,
  };
}

function testChange(old: TestFingerprint | undefined, now: TestFingerprint | undefined): 'spec' | 'fixture' | 'spec and fixture' | undefined {
  if (!old || !now) return undefined;
  const spec = old.definition !== now.definition;
  const fixture = old.cases !== now.cases;
  return spec && fixture ? 'spec and fixture' : spec ? 'spec' : fixture ? 'fixture' : undefined;
}

const passed = (s: SubmissionResult, id: string) => s.tests.find((t) => t.id === id)?.status === 'pass';

function studentChange(old: SubmissionResult, now: SubmissionResult, changedTests: ReadonlyMap<string, string>, oldTests: ReadonlySet<string>): StudentChange | undefined {
  const ids = now.tests.map((t) => t.id).filter((id) => oldTests.has(id) && old.tests.some((t) => t.id === id));
  const passToFail = ids.filter((id) => passed(old, id) && !passed(now, id));
  const failToPass = ids.filter((id) => !passed(old, id) && passed(now, id));
  const pointsMoved = now.tests.some((t) => {
    const before = old.tests.find((o) => o.id === t.id);
    return !before || before.score !== t.score || before.maxScore !== t.maxScore;
  }) || old.tests.length !== now.tests.length;
  const delta = round(now.score - old.score);
  if (delta === 0 && passToFail.length === 0 && failToPass.length === 0 && !pointsMoved && old.status === now.status) return undefined;
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
  if (now.tests.some((t) => !oldTests.has(t.id)) || old.tests.some((t) => !now.tests.some((n) => n.id === t.id))) reasons.push('tests added or removed');
  if (reasons.length === 0) {
    reasons.push(old.filesHash && now.filesHash
      ? 'unexplained: the same files, spec and fixtures (a timeout on a busy machine, or a random choice)'
      : 'unknown: a run without recorded hashes');
  }
  return {
    id: now.id,
    ...(now.student?.name && { name: now.student.name }),
    old: old.score,
    new: now.score,
    delta,
    passToFail,
    failToPass,
    reasons,
  };
}

/**
 * `--keep-higher`: every student whose previous score (adjustments included) beats this run's keeps it, recorded on
 * the submission; the comparison counts them.
 */
export function keepHigher(current: RunResults, previous: RunResults, previousPath: string): RunResults {
  const final = (s: SubmissionResult) => s.adjusted?.score ?? s.score;
  const before = new Map(previous.submissions.map((s) => [s.id, s.keptHigher?.score ?? final(s)]));
  let kept = 0;
  const submissions = current.submissions.map((s) => {
    const old = before.get(s.id);
    if (old === undefined || old <= final(s) || s.status !== 'graded') return s;
    kept++;
    return { ...s, keptHigher: { score: old, from: previousPath } };
  });
  return { ...current, submissions, ...(current.comparison && { comparison: { ...current.comparison, keptHigher: kept } }) };
}

const round = (n: number) => Math.round(n * 1000) / 1000;
