/**
 * Failure clusters: the students who made the same mistake, for the instructor deciding what to teach again. Two
 * failures are the same when the same test fails first on the same case in the same way, as the run recorded it
 * (results.json `failure`: the answer given, or the exception's type and words, never its line in the student's
 * file); a message is never read back. Failures that only follow from another (blocked by an import, a target that
 * hung elsewhere, the time budget) are left out: their cause has its own cluster. Pure: results in, clusters out.
 */
import { createHash } from 'node:crypto';
import type { FailureCluster, SubmissionResult, TestResult } from '../model/results.js';

/** One line of a value or message for the summary: its lines joined, cut at 240 characters. */
const oneLine = (text: string): string => {
  const line = text.trim().replaceAll('\n', ' / ');
  return line.length > 240 ? `${line.slice(0, 239)}…` : line;
};

/** The mistake a failed test shows: its case and what it did; undefined for a pass, a consequence or an older result without facts. */
export function mistakeOf(test: TestResult): { readonly key: string; readonly summary: string } | undefined {
  const failure = test.failure;
  if (test.status === 'pass' || test.status === 'skipped' || !failure || failure.kind === 'consequence') return undefined;
  const where = failure.case ?? '';
  const did =
    failure.kind === 'crash'
      ? `raised ${failure.said}`
      : failure.kind === 'answer' && failure.said === test.actual
        ? `gave ${failure.said}${test.expected !== undefined ? `; expected ${test.expected}` : ''}`
        : failure.said;
  const summary = oneLine(did);
  return {
    key: `${test.id}\u0000${test.status}\u0000${where}\u0000${failure.kind}\u0000${failure.said}`,
    summary: where ? `${summary} (first failing case: ${where})` : summary,
  };
}

/**
 * A cluster's id: its test and a hash of the mistake (status, first failing case, first line), so the same class
 * gives the same ids on every rerun and a note attached to one (notes.yml) finds it again.
 */
export const clusterId = (key: string, test: string): string => `${test}#${createHash('sha256').update(key).digest('hex').slice(0, 8)}`;

/** Clusters of at least `minSize` students, the largest first (ties in the spec's test order). */
export function failureClusters(submissions: readonly SubmissionResult[], minSize = 2): FailureCluster[] {
  const groups = new Map<
    string,
    { key: string; test: TestResult; summary: string; members: { submission: SubmissionResult; test: TestResult }[]; order: number }
  >();
  const order = new Map<string, number>();
  for (const submission of submissions) {
    for (const test of submission.tests) {
      if (!order.has(test.id)) order.set(test.id, order.size);
      const mistake = mistakeOf(test);
      if (!mistake) continue;
      const group = groups.get(mistake.key) ?? {
        key: mistake.key,
        test,
        summary: mistake.summary,
        members: [],
        order: order.get(test.id)!,
      };
      group.members.push({ submission, test });
      groups.set(mistake.key, group);
    }
  }
  return [...groups.values()]
    .filter((g) => g.members.length >= minSize)
    .sort((a, b) => b.members.length - a.members.length || a.order - b.order || (a.summary < b.summary ? -1 : 1))
    .map(({ key, test, summary, members }) => {
      const example = members[0]!;
      // A diagnosis all members share says what the mistake is, for the instructor's note on it.
      const diagnosed = example.test.diagnosis;
      const shared =
        diagnosed && members.every((m) => m.test.diagnosis?.variant === diagnosed.variant)
          ? { variant: diagnosed.variant, sentence: diagnosed.sentence }
          : undefined;
      return {
        ...(shared && { diagnosis: shared }),
        id: clusterId(key, test.id),
        test: test.id,
        testName: test.name,
        status: test.status as FailureCluster['status'],
        summary,
        count: members.length,
        submissions: members.map((m) => m.submission.id),
        example: {
          submission: example.submission.id,
          message: example.test.message,
          ...(example.test.expected !== undefined && { expected: example.test.expected }),
          ...(example.test.actual !== undefined && { actual: example.test.actual }),
        },
      };
    });
}
