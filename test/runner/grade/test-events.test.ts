/**
 * What gradeSubmission tells its caller while it runs: each test's start and end as it runs (in the course's names,
 * which the check's progress line shows), one test at a time in the spec's order; then, once every test has run and
 * been charged, each result in the spec's order.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { gradingPlan } from '../../../runner/assignments/registry.js';
import { gradeSubmission } from '../../../runner/grade/grade-submission.js';
import { PROJECT_ROOT } from '../../../runner/project-root.js';
import { probeSandbox, type SandboxEnvironment } from '../../../runner/sandbox/environment.js';
import { loadSpec } from '../../../runner/pack/load-spec.js';

const spec = { ...loadSpec(PROJECT_ROOT, 'cs61a-hw04'), names: { print_board: 'show_board' } };
const path = join(PROJECT_ROOT, 'fixtures', 'submissions', 'cs61a-hw04', 'correct-classic');
const submission = {
  id: 'correct-classic',
  path,
  files: readdirSync(path)
    .filter((name) => name !== 'BUG.md')
    .map((name) => ({ name, source: join(path, name) })),
};

describe('a grading run announces each test', () => {
  let sandbox: SandboxEnvironment;
  beforeAll(async () => {
    sandbox = { ...(await probeSandbox('python3')), allowedPackages: spec.packages, courseModules: spec.courseModules };
  }, 120_000);

  it('as it runs, then its result once all are charged, in order, named as the course names it', async () => {
    const events: string[] = [];
    const pattern = '^print_board\\.';
    const result = await gradeSubmission(submission, {
      spec,
      ...gradingPlan('cs61a-hw04'),
      sandbox,
      seed: 1,
      only: { pattern, regex: new RegExp(pattern, 'u') },
      onTestStart: (test) => events.push(`start ${test.id}: ${test.name}`),
      onTestRan: (test) => events.push(`ran ${test.id}`),
      onTest: (test) => events.push(`end ${test.id}`),
    });
    const ran = result.tests.filter((t) => t.status !== 'skipped');
    expect(events).toEqual([...ran.flatMap((t) => [`start ${t.id}: ${t.name}`, `ran ${t.id}`]), ...result.tests.map((t) => `end ${t.id}`)]);
    expect(ran.length).toBeGreaterThan(0);
    for (const t of ran) expect(events).toContain(`start ${t.id}: ${t.name}`);
    expect(
      events.some((e) => e.startsWith('start print_board.') && e.includes('show_board') && !/\bprint_board\b/u.test(e.split(': ')[1]!)),
    ).toBe(true);
  }, 120_000);
});
