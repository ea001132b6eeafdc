/**
 * Programs forked from a warm interpreter are judged exactly as on a real pseudo-terminal: for samples of every
 * assignment with programs, correct and broken, every program test's result (status, message, expected, actual,
 * reproduce) is the same whether all sessions run on a terminal or only the first of each target does.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AssignmentId } from '../../runner/model/ids.js';
import { PROJECT_ROOT } from '../../runner/project-root.js';
import { gradeSubmission } from '../../runner/grade/grade-submission.js';
import type { TestResult } from '../../runner/model/results.js';
import { probeSandbox, type SandboxEnvironment } from '../../runner/sandbox/environment.js';
import { preparePython } from '../../runner/sandbox/python-packages.js';
import { loadSpec } from '../../runner/pack/load-spec.js';
import { gradingPlan } from '../../runner/assignments/registry.js';
import { withoutTestTimings } from '../helpers/timings.js';

const CASES: Readonly<Record<Exclude<AssignmentId, 'cs61a-hw04'>, readonly string[]>> = {
  'cs111-ps9': ['correct-classic', 'add-checker-top-row', 'trivia-prompt-no-space', 'hostile-kills-interpreter'],
  'hmc-cs5-hw11': ['correct-classic', 'play-game-no-winner-message'],
  'manchester-connect4': ['correct-classic', 'column-input-crashes', 'eof-not-handled'],
  conniption: ['correct-classic', 'bad-command-crashes'],
};

// What a test costs differs between the two paths by design; the verdict must not.
const comparable = (tests: readonly TestResult[]) => tests.filter((t) => t.status !== 'skipped').map(withoutTestTimings);

for (const [assignment, samples] of Object.entries(CASES) as [AssignmentId, readonly string[]][]) {
  describe(`${assignment} programs, forked or on a terminal`, () => {
    const spec = loadSpec(PROJECT_ROOT, assignment);
    const programTests = spec.tests.filter((t) => t.kind === 'program').map((t) => t.id);
    const only = {
      pattern: 'program tests',
      regex: new RegExp(`^(${programTests.map((id) => id.replaceAll('.', '\\.')).join('|')})$`, 'u'),
    };
    let sandbox: SandboxEnvironment;
    beforeAll(async () => {
      const prepared = await preparePython('python3', spec.packages);
      sandbox = { ...(await probeSandbox(prepared.python)), allowedPackages: spec.packages, courseModules: spec.courseModules };
    }, 600_000);

    for (const sample of samples) {
      it(`${sample}: the same result for every program test`, async () => {
        const path = join(PROJECT_ROOT, 'fixtures', 'submissions', assignment, sample);
        const files = readdirSync(path)
          .filter((name) => name !== 'BUG.md')
          .map((name) => ({ name, source: join(path, name) }));
        const submission = { id: sample, path, files };
        const forked = await gradeSubmission(submission, { spec, ...gradingPlan(spec.assignment), sandbox, seed: 1, only });
        const terminal = await gradeSubmission(submission, {
          spec,
          ...gradingPlan(spec.assignment),
          sandbox,
          seed: 1,
          only,
          terminal: 'all',
        });
        expect(comparable(forked.tests).length).toBe(programTests.length);
        expect(comparable(forked.tests)).toEqual(comparable(terminal.tests));
      }, 300_000);
    }
  });
}
