/**
 * JUnit XML as GitHub's test reporters, GitLab and Jenkins read it: a testsuite per problem (per student when the
 * run has several), a testcase per test; a wrong answer is a <failure>, a crash or a timeout an <error>, a test not
 * run <skipped>. The message, both sides and the reproduce snippet go in the body and in <system-out>.
 */
import type { RunResults, SubmissionResult, TestResult } from '../runner/model/results.js';
import { adjustmentLines, finalMax, finalScore } from './final-score.js';
import { xmlAttr, xmlText } from './xml.js';

function details(test: TestResult): string {
  const parts = [...(test.notes ?? []).map((n) => `note from your instructor:\n${n.markdown}`), test.message];
  if (test.expected !== undefined) parts.push(`expected:\n${test.expected}`);
  if (test.actual !== undefined) parts.push(`yours:\n${test.actual}`);
  if (test.reproduce !== undefined) parts.push(`to see it yourself, in Python:\n${test.reproduce}`);
  return parts.join('\n\n');
}

/** The failure's own words, for a one-line message: the first line of its first sentence after the count of cases that failed. */
function ownWords(test: TestResult): string {
  const own = test.said?.find((w) => !(w.by === 'test' && w.id === 'failedFirst'));
  return (own?.text ?? test.message).split('\n')[0]!;
}

function testcase(test: TestResult, classname: string): string {
  const open = `    <testcase name="${xmlAttr(`${test.id}: ${test.name}`)}" classname="${xmlAttr(classname)}" time="0">`;
  const first = ownWords(test);
  switch (test.status) {
    case 'pass':
      return `${open}\n      <system-out>${xmlText(`${test.score}/${test.maxScore} points. ${test.message}`)}</system-out>\n    </testcase>`;
    case 'skipped':
      return `${open}\n      <skipped message="${xmlAttr(test.message)}"/>\n    </testcase>`;
    case 'fail':
      return `${open}\n      <failure message="${xmlAttr(first.slice(0, 500))}" type="wrong answer">${xmlText(details(test))}</failure>\n      <system-out>${xmlText(`0/${test.maxScore} points`)}</system-out>\n    </testcase>`;
    default:
      return `${open}\n      <error message="${xmlAttr(first.slice(0, 500))}" type="${test.status === 'timeout' ? 'timeout' : 'crash'}">${xmlText(details(test))}</error>\n      <system-out>${xmlText(`0/${test.maxScore} points`)}</system-out>\n    </testcase>`;
  }
}

function suites(submission: SubmissionResult, several: boolean, timestamp: string): string[] {
  const groups = new Map<string, TestResult[]>();
  for (const test of submission.tests) groups.set(test.group, [...(groups.get(test.group) ?? []), test]);
  return [...groups.entries()].map(([group, tests], index) => {
    const name = several ? `${submission.id}: ${group}` : group;
    const classname = several ? `${submission.id}.${group}` : group;
    const count = (status: TestResult['status']) => tests.filter((t) => t.status === status).length;
    const time = index === 0 ? (submission.durationMs / 1000).toFixed(3) : '0';
    const attrs = `name="${xmlAttr(name)}" tests="${tests.length}" failures="${count('fail')}" errors="${count('error') + count('timeout')}" skipped="${count('skipped')}" time="${time}" timestamp="${xmlAttr(timestamp)}"`;
    // The submission's total, adjusted by the instructor where they did, on its first suite.
    const properties =
      index === 0 && (submission.adjusted || submission.keptHigher)
        ? `    <properties>\n${[['score', finalScore(submission)], ['max_score', finalMax(submission)], ['automatic_score', submission.score], ...adjustmentLines(submission).map((l, i) => [`adjustment_${i + 1}`, l])].map(([n, v]) => `      <property name="${xmlAttr(String(n))}" value="${xmlAttr(String(v))}"/>`).join('\n')}\n    </properties>\n`
        : '';
    return `  <testsuite ${attrs}>\n${properties}${tests.map((t) => testcase(t, classname)).join('\n')}\n  </testsuite>`;
  });
}

export function junitXml(run: RunResults): string {
  const all = run.submissions.flatMap((s) => s.tests);
  const count = (status: TestResult['status']) => all.filter((t) => t.status === status).length;
  const several = run.submissions.length > 1;
  const timestamp = run.generatedAt.replace(/\.\d+Z$/u, '');
  const time = (run.submissions.reduce((n, s) => n + s.durationMs, 0) / 1000).toFixed(3);
  const name = run.settings?.title ?? run.submissions[0]?.assignment ?? 'grade';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xmlAttr(name)}" tests="${all.length}" failures="${count('fail')}" errors="${count('error') + count('timeout')}" skipped="${count('skipped')}" time="${time}">`,
    ...run.submissions.flatMap((s) => suites(s, several, timestamp)),
    '</testsuites>',
    '',
  ].join('\n');
}
