/** The text printed when a run ends: the class table for `grade`, the test-by-test report for `grade check`. */
import type { RunResults, SubmissionResult, TestResult } from '../grade/results.js';
import type { ResolvedSpec } from '../spec/spec-types.js';

const count = (tests: readonly TestResult[], status: TestResult['status']) => tests.filter((t) => t.status === status).length;

export function formatSummary(spec: ResolvedSpec, run: RunResults, written: readonly string[]): string {
  const width = Math.max(7, ...run.submissions.map((s) => s.id.length));
  const lines = [`${spec.title}`, '', `${'student'.padEnd(width)}  ${'score'.padStart(11)}  pass  fail  error  timeout  skipped`];
  for (const s of run.submissions) {
    const score = s.status === 'error' ? 'error' : `${s.score}/${s.maxScore}`;
    lines.push(`${s.id.padEnd(width)}  ${score.padStart(11)}  ${String(count(s.tests, 'pass')).padStart(4)}  ${String(count(s.tests, 'fail')).padStart(4)}  ${String(count(s.tests, 'error')).padStart(5)}  ${String(count(s.tests, 'timeout')).padStart(7)}  ${String(count(s.tests, 'skipped')).padStart(7)}`);
  }
  lines.push('');
  if (spec.manualPoints > 0) lines.push(`Scores are out of ${spec.maxScore} automatic points; ${spec.manualPoints} more are graded by hand.`);
  for (const note of run.sandbox.notes) lines.push(`Note: ${note}`);
  if (written.length > 0) lines.push(`Wrote ${written.join(', ')}`);
  return lines.join('\n') + '\n';
}

export function formatCheckReport(spec: ResolvedSpec, result: SubmissionResult): string {
  const lines: string[] = [spec.title, ''];
  const expanded = new Set<string>();
  for (const group of spec.groups) {
    const tests = result.tests.filter((t) => t.group === group.name);
    if (tests.length === 0) continue;
    lines.push(group.name);
    for (const test of tests) {
      const mark = test.status === 'pass' ? '✓' : test.status === 'skipped' ? '-' : '✗';
      lines.push(`  ${mark} ${test.name}  (${test.score}/${test.maxScore})${test.status === 'pass' || test.status === 'fail' ? '' : ` [${test.status}]`}`);
      if (test.status !== 'pass' && test.status !== 'skipped' && !expanded.has(test.target)) {
        expanded.add(test.target);
        for (const line of test.message.split('\n')) lines.push(`      ${line}`);
        if (test.reproduce) lines.push('      To see it yourself, in Python:', ...test.reproduce.split('\n').map((l) => `        ${l}`));
      }
    }
    lines.push('');
  }
  const max = result.tests.reduce((n, t) => n + t.maxScore, 0);
  lines.push(`Score on the visible tests: ${result.score}/${max}`);
  return lines.join('\n') + '\n';
}
