import { describe, expect, it } from 'vitest';
import { formatCost } from '../../runner/cli/cost-command.js';
import type { RunResults, SubmissionResult, TestResult } from '../../runner/model/results.js';
import { classView } from '../../reports/model.js';
import { testCosts } from '../../reports/test-cost.js';

const test = (id: string, studentMs: number | undefined, status: TestResult['status'] = 'pass'): TestResult => ({
  id,
  name: `the ${id} test`,
  group: 'g',
  target: 't',
  status,
  score: 0,
  maxScore: 1,
  visibility: 'visible',
  message: '',
  ...(studentMs !== undefined && { durationMs: studentMs + 10, studentMs }),
});
const submission = (id: string, tests: TestResult[]): SubmissionResult => ({
  id,
  path: id,
  assignment: 'cs111-ps9',
  status: 'graded',
  score: 0,
  maxScore: tests.length,
  durationMs: 0,
  studentMs: tests.reduce((n, t) => n + (t.studentMs ?? 0), 0),
  tests,
});
const run = (submissions: SubmissionResult[]): RunResults => ({
  tool: { name: 'grade', version: '0' },
  generatedAt: '',
  seed: 1,
  sandbox: { python: '3', network: 'off', notes: [] },
  submissions,
});

describe('what each test cost a class', () => {
  const subs = [
    submission('ada', [test('lookahead', 900), test('repr', 2), test('games', 300)]),
    submission('bob', [test('lookahead', 100), test('repr', 4), test('games', 5000, 'timeout')]),
    submission('cy', [test('lookahead', 500), test('repr', 3), test('games', undefined)]),
  ];

  it("ranks the tests by the students' time summed, with the median and the slowest student", () => {
    const costs = testCosts(subs);
    expect(costs.map((c) => c.id)).toEqual(['games', 'lookahead', 'repr']);
    expect(costs[1]).toMatchObject({
      measured: 3,
      medianStudentMs: 500,
      slowestStudentMs: 900,
      slowest: 'ada',
      totalStudentMs: 1500,
      medianMs: 510,
    });
    // A result without times (an older results.json) is left out, not counted as free.
    expect(costs[0]).toMatchObject({ measured: 2, medianStudentMs: 2650, slowest: 'bob' });
  });

  it('shows the costliest tests in the class summary, and nothing when no test was timed', () => {
    const view = classView(run(subs));
    expect(view.costs.map((c) => [c.id, c.medianSeconds, c.slowestSeconds, c.slowest.displayName])).toEqual([
      ['games', '2.65', '5.00', 'bob'],
      ['lookahead', '0.50', '0.90', 'ada'],
      ['repr', '0.00', '0.00', 'bob'],
    ]);
    expect(view.costs[0]!.percent).toBeCloseTo((5300 / 6809) * 100, 0);
    expect(classView(run([submission('old', [test('repr', undefined)])])).costs).toEqual([]);
  });

  it('lists each test per sample for grade list --cost', () => {
    const text = formatCost(run(subs.slice(0, 2)));
    expect(text).toMatch(/^lookahead\s+0\.90 s\s+0\.10 s$/m);
    expect(text).toMatch(/^all tests\s+1\.20 s\s+5\.10 s$/m);
    expect(text).toContain('Costliest: games (median 2.65 s), lookahead (median 0.50 s)');
  });
});
