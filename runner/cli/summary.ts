/** The text printed when a run ends: the class table for `grade`, the test-by-test report for `grade check`. */
import { diagnosisCounts } from '../../reports/diagnoses.js';
import type { RunResults, SubmissionResult, TestResult } from '../model/results.js';
import type { ResolvedSpec } from '../model/spec-types.js';
import { makeColors, type Colors } from './colors.js';
import { seconds } from './progress.js';

/** Mistake groups printed after the scores; the class summary and results.json have them all. */
const TOP_CLUSTERS = 5;

const count = (tests: readonly TestResult[], status: TestResult['status']) => tests.filter((t) => t.status === status).length;

export function formatSummary(spec: ResolvedSpec, run: RunResults, written: readonly string[], colors: Colors = makeColors(false)): string {
  const width = Math.max(7, ...run.submissions.map((s) => s.id.length));
  const lines = [
    colors.bold(spec.title),
    '',
    colors.dim(`${'student'.padEnd(width)}  ${'score'.padStart(11)}  pass  fail  error  timeout  skipped`),
  ];
  for (const s of run.submissions) {
    const score = s.status === 'error' ? 'error' : `${s.score}/${s.maxScore}`;
    const paint = s.status === 'error' || s.score === 0 ? colors.red : s.score === s.maxScore ? colors.green : (x: string) => x;
    lines.push(
      `${s.id.padEnd(width)}  ${paint(score.padStart(11))}  ${String(count(s.tests, 'pass')).padStart(4)}  ${String(count(s.tests, 'fail')).padStart(4)}  ${String(count(s.tests, 'error')).padStart(5)}  ${String(count(s.tests, 'timeout')).padStart(7)}  ${String(count(s.tests, 'skipped')).padStart(7)}`,
    );
  }
  lines.push('');
  const clusters = run.clusters ?? [];
  if (clusters.length > 0) {
    lines.push(colors.bold('The most common mistakes'));
    for (const cluster of clusters.slice(0, TOP_CLUSTERS)) {
      const who = cluster.submissions.slice(0, 4).join(', ') + (cluster.count > 4 ? `, … ${cluster.count - 4} more` : '');
      lines.push(`${String(cluster.count).padStart(4)} × ${cluster.test}: ${cluster.summary}`, colors.dim(`       ${who}`));
    }
    if (clusters.length > TOP_CLUSTERS)
      lines.push(colors.dim(`       (${clusters.length - TOP_CLUSTERS} more groups in results.json and the class summary)`));
    lines.push('');
  }
  const diagnoses = diagnosisCounts(run);
  if (diagnoses.length > 0) {
    lines.push(colors.bold('AI mistakes named'));
    for (const d of diagnoses)
      lines.push(
        `${String(d.students.length).padStart(4)} × ${d.variant}: ${d.sentence}`,
        colors.dim(`       ${d.students.slice(0, 4).join(', ')}${d.students.length > 4 ? `, … ${d.students.length - 4} more` : ''}`),
      );
    lines.push('');
  }
  const similar = run.similarity?.pairs ?? [];
  if (similar.length > 0) {
    lines.push(
      colors.bold(`Similar code (never scored; from ${Math.round(run.similarity!.threshold * 100)} % of the code's fingerprints shared)`),
    );
    for (const pair of similar.slice(0, TOP_CLUSTERS))
      lines.push(`${`${Math.round(pair.score * 100)} %`.padStart(6)}  ${pair.a} ~ ${pair.b}`);
    if (similar.length > TOP_CLUSTERS)
      lines.push(colors.dim(`        (${similar.length - TOP_CLUSTERS} more pairs in results.json and the class summary)`));
    lines.push('');
  }
  const aiPairs = run.similarity?.aiPairs ?? [];
  if (aiPairs.length > 0) {
    lines.push(colors.bold('AIs that choose alike (never scored; the same unusual moves on the strength positions)'));
    for (const pair of aiPairs.slice(0, TOP_CLUSTERS))
      lines.push(`${`${pair.same}/${pair.of}`.padStart(6)}  ${pair.a} ~ ${pair.b}  ${colors.dim(pair.test)}`);
    if (aiPairs.length > TOP_CLUSTERS)
      lines.push(colors.dim(`        (${aiPairs.length - TOP_CLUSTERS} more pairs in results.json and the class summary)`));
    lines.push('');
  }
  const strength = strengthLines(run);
  if (strength.length > 0) lines.push(colors.bold('AI strength (for information; judged by perfect play)'), ...strength, '');
  if (spec.manualPoints > 0)
    lines.push(`Scores are out of ${spec.maxScore} automatic points; ${spec.manualPoints} more are graded by hand.`);
  for (const note of run.sandbox.notes) lines.push(`Note: ${note}`);
  if (written.length > 0) lines.push(`Wrote ${written.join(', ')}`);
  return lines.join('\n') + '\n';
}

/** One line per strength test: the class's median share of positions kept, and how many AIs had no figure. */
function strengthLines(run: RunResults): string[] {
  const ids = [...new Set(run.submissions.flatMap((s) => s.tests.filter((t) => t.strength).map((t) => t.id)))];
  return ids.map((id) => {
    const results = run.submissions.flatMap((s) => s.tests.filter((t) => t.id === id && t.status !== 'skipped'));
    const kept = results
      .flatMap((t) => (t.strength && t.strength.answered > 0 ? [t.strength.kept / t.strength.positions] : []))
      .sort((a, b) => a - b);
    const median =
      kept.length === 0 ? 0 : kept.length % 2 ? kept[(kept.length - 1) / 2]! : (kept[kept.length / 2 - 1]! + kept[kept.length / 2]!) / 2;
    const missing = results.length - kept.length;
    return `  ${id}: median ${Math.round(median * 100)} % of positions kept over ${kept.length} AI${kept.length === 1 ? '' : 's'}${missing > 0 ? `; ${missing} without a figure` : ''}`;
  });
}

/**
 * `check`'s report: each visible test with ✓/✗, the first failure of each target explained, the score, what is
 * graded later (`later`: the hidden tests and the points graded by hand), and how the run was isolated.
 */
export function formatCheckReport(
  spec: Pick<ResolvedSpec, 'title' | 'groups'>,
  result: SubmissionResult,
  later: string | undefined,
  notes: readonly string[] = [],
  colors: Colors = makeColors(false),
): string {
  const lines: string[] = [colors.bold(spec.title), ''];
  // Each target's first failure of each kind is explained: a crash does not hide a wrong answer of the same part, and
  // a failure that only follows from another test (blocked by an import, a hang elsewhere) hides nothing.
  const expanded = new Set<string>();
  const shownKey = (t: TestResult) => `${t.target}\u0000${t.failure?.kind ?? t.status}`;
  for (const group of spec.groups) {
    const tests = result.tests.filter((t) => t.group === group.name);
    if (tests.length === 0) continue;
    lines.push(colors.bold(group.name));
    for (const test of tests) {
      if (test.decidedLater) {
        // The kit could not play it as the grader does: neither ✓ nor ✗, and what it saw, said in full.
        lines.push(
          `  ${colors.yellow('?')} ${test.name}  ${colors.dim(`(-/${test.maxScore})`)} ${colors.yellow('[decided after you submit]')}`,
          indented(test.message, 6),
        );
        continue;
      }
      const mark = test.status === 'pass' ? colors.green('✓') : test.status === 'skipped' ? colors.dim('-') : colors.red('✗');
      lines.push(
        `  ${mark} ${test.name}  ${colors.dim(`(${test.score}/${test.maxScore})`)}${test.status === 'pass' || test.status === 'fail' ? '' : ` ${colors.yellow(`[${test.status}]`)}`}`,
      );
      const failed = test.status !== 'pass' && test.status !== 'skipped';
      if (failed && !expanded.has(test.failure?.kind === 'consequence' ? test.target : shownKey(test))) {
        expanded.add(shownKey(test));
        expanded.add(test.target);
        lines.push(indented(test.message, 6));
        if (test.reproduce) lines.push(colors.dim('      To see it yourself, in Python:'), indented(test.reproduce, 8));
      }
    }
    lines.push('');
  }
  const max = result.tests.reduce((n, t) => n + t.maxScore, 0);
  const total = `${result.score}/${max}`;
  lines.push(`Score on the visible tests: ${result.score === max ? colors.green(total) : colors.bold(total)}`);
  const undecided = result.tests.filter((t) => t.decidedLater);
  if (undecided.length > 0) {
    const points = undecided.reduce((n, t) => n + t.maxScore, 0);
    lines.push(
      `${undecided.length === 1 ? '1 visible test' : `${undecided.length} visible tests`} worth ${points} point${points === 1 ? '' : 's'} ${undecided.length === 1 ? 'is' : 'are'} decided after you submit: this check cannot play ${undecided.length === 1 ? 'it' : 'them'} as the grader does.`,
    );
  }
  if (later) lines.push(later);
  lines.push(...ownTimeLines(result).map((line) => colors.dim(line)));
  for (const note of notes) lines.push(colors.dim(`Note: ${note}`));
  return lines.join('\n') + '\n';
}

/** Below this much of the student's own time a check is quick, and where the time went is not worth saying. */
const OWN_TIME_SHOWN_MS = 1000;
/** The tests named: each took at least this much of the student's time, the longest three at most. */
const OWN_TIME_TEST_MS = 250;
const OWN_TIME_TESTS = 3;

/**
 * How long the student's own code ran in a check, when a second or more, and the tests it ran longest in: their search
 * at every move of a tournament, a look-ahead on the document's board, a program left waiting at a prompt. A student
 * waiting on a check learns how much of the wait was their code's and where (and, where efficiency is marked by
 * hand, what to make faster). Side by side on two cores, the code's time can exceed the check's.
 */
export function ownTimeLines(result: Pick<SubmissionResult, 'studentMs' | 'tests'>): string[] {
  const total = result.studentMs ?? 0;
  if (total < OWN_TIME_SHOWN_MS) return [];
  const slow = result.tests
    .filter((t) => (t.studentMs ?? 0) >= OWN_TIME_TEST_MS)
    .sort((a, b) => b.studentMs! - a.studentMs!)
    .slice(0, OWN_TIME_TESTS);
  return [
    `Your own code ran for ${seconds(total)} in this check${slow.length > 0 ? '; the tests it took longest in:' : '.'}`,
    ...slow.map((t) => `  ${seconds(t.studentMs!).padStart(6)}  ${t.name}${t.status === 'timeout' ? ' (stopped at its time limit)' : ''}`),
  ];
}

/** Text shown under a test, every line of it indented by `by` spaces. */
const indented = (text: string, by: number): string => `${' '.repeat(by)}${text.replaceAll('\n', `\n${' '.repeat(by)}`)}`;
