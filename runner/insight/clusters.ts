/**
 * Failure clusters: the students who made the same mistake, for the instructor deciding what to teach again. Two
 * failures are the same when the same test fails first on the same case with the same words (the message's first
 * line after the count: `b.is_win_for('O') returned False; expected True`). Failures that only follow from another
 * (a test not run after a hang, a class undefined because its import failed) are left out: their cause has its own
 * cluster. Pure: results in, clusters out.
 */
import { createHash } from 'node:crypto';
import type { FailureCluster, SubmissionResult, TestResult } from '../grade/results.js';

/** `3 of 12 cases failed; the first (Board.add_checker.doc.b1):` before the message proper. */
const COUNT_PREFIX = /^\d+ of \d+ (?:cases|terminal sessions?) failed; the first \(([^)\n]*)\):\n/u;
const CONSEQUENCES = [/^not run: /u, / is not defined in any of the submission's files \(blocked by /u, /^the submission's time budget /u];

/**
 * A crash's words without where in the student's own file it happened (`(board.py, line 12, in add_checker: …)`):
 * students who raise the same exception on the same case made the same mistake, whatever their line numbers.
 */
export const withoutCrashSite = (line: string): string => (/ raised [A-Z]\w*/u.test(line) ? line.replace(/ \([^()\n]*?\.py, line \d+.*$/u, '') : line);

/** The mistake a failed test shows: its case and its first line; undefined for a pass or a consequence. */
export function mistakeOf(test: TestResult): { readonly key: string; readonly summary: string } | undefined {
  if (test.status === 'pass' || test.status === 'skipped') return undefined;
  const message = test.message.split('\nHint: ')[0]!;
  if (CONSEQUENCES.some((pattern) => pattern.test(message))) return undefined;
  const counted = COUNT_PREFIX.exec(message);
  const body = counted ? message.slice(counted[0].length) : message;
  const line = withoutCrashSite((body.split('\n').find((l) => l.trim() !== '') ?? '').trim());
  const summary = line.length > 240 ? `${line.slice(0, 239)}…` : line;
  const where = counted?.[1] ?? '';
  return { key: `${test.id}\u0000${test.status}\u0000${where}\u0000${line}`, summary: where ? `${summary} (first failing case: ${where})` : summary };
}

/**
 * A cluster's id: its test and a hash of the mistake (status, first failing case, first line), so the same class
 * gives the same ids on every rerun and a note attached to one (notes.yml) finds it again.
 */
export const clusterId = (key: string, test: string): string => `${test}#${createHash('sha256').update(key).digest('hex').slice(0, 8)}`;

/** Clusters of at least `minSize` students, the largest first (ties in the spec's test order). */
export function failureClusters(submissions: readonly SubmissionResult[], minSize = 2): FailureCluster[] {
  const groups = new Map<string, { key: string; test: TestResult; summary: string; members: { submission: SubmissionResult; test: TestResult }[]; order: number }>();
  const order = new Map<string, number>();
  for (const submission of submissions) {
    for (const test of submission.tests) {
      if (!order.has(test.id)) order.set(test.id, order.size);
      const mistake = mistakeOf(test);
      if (!mistake) continue;
      const group = groups.get(mistake.key) ?? { key: mistake.key, test, summary: mistake.summary, members: [], order: order.get(test.id)! };
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
      const shared = diagnosed && members.every((m) => m.test.diagnosis?.variant === diagnosed.variant) ? { variant: diagnosed.variant, sentence: diagnosed.sentence } : undefined;
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
