/**
 * What each test cost a class: the tests whose runs took the students' code longest, for the class summary and
 * `grade list <id> --cost`. Read from results.json alone, so a merged run of shards gets the same table.
 */
import type { SubmissionResult } from '../runner/model/results.js';

export interface TestCost {
  readonly id: string;
  readonly name: string;
  /** Submissions whose result carries a time for this test (older results.json files have none). */
  readonly measured: number;
  /** The time the students' code ran in this test: the median over the class, and the slowest submission. */
  readonly medianStudentMs: number;
  readonly slowestStudentMs: number;
  readonly slowest: string;
  readonly medianMs: number;
  readonly totalStudentMs: number;
}

/** Every timed test, the costliest to the class first (by the students' time summed, then by wall time). */
export function testCosts(submissions: readonly SubmissionResult[]): TestCost[] {
  const byTest = new Map<string, { name: string; order: number; student: { id: string; ms: number }[]; wall: number[] }>();
  for (const submission of submissions) {
    for (const test of submission.tests) {
      if (test.studentMs === undefined || test.durationMs === undefined || test.status === 'skipped') continue;
      const entry = byTest.get(test.id) ?? { name: test.name, order: byTest.size, student: [], wall: [] };
      entry.student.push({ id: submission.id, ms: test.studentMs });
      entry.wall.push(test.durationMs);
      byTest.set(test.id, entry);
    }
  }
  return [...byTest.entries()]
    .map(([id, e]) => {
      const slowest = e.student.reduce((a, b) => (b.ms > a.ms ? b : a));
      return {
        id,
        name: e.name,
        measured: e.student.length,
        medianStudentMs: median(e.student.map((s) => s.ms)),
        slowestStudentMs: slowest.ms,
        slowest: slowest.id,
        medianMs: median(e.wall),
        totalStudentMs: e.student.reduce((n, s) => n + s.ms, 0),
        order: e.order,
      };
    })
    .sort((a, b) => b.totalStudentMs - a.totalStudentMs || b.medianMs - a.medianMs || a.order - b.order)
    .map(({ order: _order, ...cost }) => cost);
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length === 0 ? 0 : sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}
