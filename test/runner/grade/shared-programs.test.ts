/**
 * Two program tests that judge the same sessions differently share one run of each: the second costs no student time,
 * and its verdicts are those of a run of its own. The bundled CS111 spec gives its transcript test games of its own
 * (so the kit can carry them without a hidden game's answer); a course that lets both read the same games, as here,
 * pays for each game once.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { gradingPlan } from '../../../runner/assignments/registry.js';
import { gradeSubmission } from '../../../runner/grade/grade-submission.js';
import { PROJECT_ROOT } from '../../../runner/project-root.js';
import { probeSandbox, type SandboxEnvironment } from '../../../runner/sandbox/environment.js';
import { loadSpec } from '../../../runner/pack/load-spec.js';
import { withoutTestTimings } from '../../helpers/timings.js';

const bundled = loadSpec(PROJECT_ROOT, 'cs111-ps9');
const games = bundled.tests.find((test) => test.id === 'connect_four.human-games')!;
const withSharedGames = <T extends { id: string }>(test: T): T =>
  test.id === 'connect_four.human-transcript' ? { ...test, cases: games.cases, fixtureCases: games.fixtureCases } : test;
const spec = {
  ...bundled,
  tests: bundled.tests.map(withSharedGames),
  groups: bundled.groups.map((group) => ({ ...group, tests: group.tests.map(withSharedGames) })),
};
const submissionOf = (sample: string) => {
  const path = join(PROJECT_ROOT, 'fixtures', 'submissions', 'cs111-ps9', sample);
  return {
    id: sample,
    path,
    files: readdirSync(path)
      .filter((name) => name !== 'BUG.md')
      .map((name) => ({ name, source: join(path, name) })),
  };
};
const only = (pattern: string) => ({ pattern, regex: new RegExp(pattern, 'u') });

describe('program sessions two tests judge', () => {
  let sandbox: SandboxEnvironment;
  beforeAll(async () => {
    sandbox = { ...(await probeSandbox('python3')), allowedPackages: spec.packages, courseModules: spec.courseModules };
  }, 120_000);

  it.each(['correct-classic', 'trivia-win-no-period'])(
    'run once for both on %s, with the verdict a run of its own gives',
    async (sample) => {
      const both = await gradeSubmission(submissionOf(sample), {
        spec,
        ...gradingPlan('cs111-ps9'),
        sandbox,
        seed: 1,
        only: only('^connect_four\\.human-'),
      });
      const [games, transcript] = ['connect_four.human-games', 'connect_four.human-transcript'].map((id) =>
        both.tests.find((t) => t.id === id)!,
      );
      expect(games!.studentMs).toBeGreaterThan(0);
      expect(transcript!.studentMs).toBe(0);
      const alone = await gradeSubmission(submissionOf(sample), {
        spec,
        ...gradingPlan('cs111-ps9'),
        sandbox,
        seed: 1,
        only: only('^connect_four\\.human-transcript$'),
      });
      const own = alone.tests.find((t) => t.id === 'connect_four.human-transcript')!;
      expect(own.studentMs).toBeGreaterThan(0);
      expect(withoutTestTimings(transcript!)).toEqual(withoutTestTimings(own));
    },
    120_000,
  );
});
