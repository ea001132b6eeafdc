/**
 * The reviewed verdicts on real student work (`../shared/real-corpus/`, read in place, never copied): every lost
 * point in `real-corpus-verdicts.ts` was read and judged a real deviation from the document, charged once
 * (`npm run calibrate` writes the table to review). A change of verdict fails here until it is reviewed and pinned.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { verdictLine } from '../../runner/calibrate/calibration-table.js';
import { ASSIGNMENT_IDS as ASSIGNMENTS } from '../../runner/model/ids.js';
import { gradeCorpus, realCorpusFolder } from '../../runner/calibrate/corpus.js';
import { SUITE_JOBS } from '../helpers/suite-jobs.js';
import { hangLimitsEnv } from '../helpers/grade-samples.js';
import { CLI_COMMAND } from '../helpers/cli-command.js';
import { NAMED_MISTAKES, REVIEWED } from './real-corpus-verdicts.js';

const corpus = realCorpusFolder();
if (!corpus) {
  console.warn(
    'real-corpus calibration skipped: no ../shared/real-corpus beside the checkout (set CONNECT4_SHARED to the folder that holds real-corpus/)',
  );
}
const out = mkdtempSync(join(tmpdir(), 'calibration-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe.skipIf(!corpus)('real student submissions', () => {
  for (const assignment of ASSIGNMENTS) {
    it(`${assignment}: every verdict is the reviewed one`, async () => {
      const folders = readdirSync(join(corpus!, assignment)).sort();
      const results = await gradeCorpus(
        corpus!,
        assignment,
        join(out, assignment),
        SUITE_JOBS,
        hangLimitsEnv(HANGS[assignment] ?? {}),
        CLI_COMMAND,
      );
      const got = Object.fromEntries([...results.submissions].sort((a, b) => a.id.localeCompare(b.id)).map((s) => [s.id, verdictLine(s)]));
      expect(Object.keys(REVIEWED[assignment] ?? {}).sort()).toEqual(Object.keys(got).sort());
      expect(got).toEqual(REVIEWED[assignment]);
      // A named mistake is read by hand against the submission's code: none is a guess.
      const named = Object.fromEntries(
        results.submissions.flatMap((sub) =>
          [...new Set(sub.tests.flatMap((t) => (t.diagnosis ? [t.diagnosis.variant] : [])))].map((v) => [sub.id, v]),
        ),
      );
      expect(named).toEqual(NAMED_MISTAKES[assignment] ?? {});
      // Folders the grader found nothing to grade in are named in ABSENT below, so none goes unseen.
      expect(folders.filter((f) => !(f in got))).toEqual(ABSENT[assignment] ?? []);
    }, 900_000);
  }
});

/**
 * Submissions whose reviewed verdict is that their play() hangs: graded under a tenth of the time limits (none below
 * 2 s), as the hanging samples are, since a hang shows under a short limit as under a long one, and the tests it hangs
 * in under half a second (CONNECT4_TEST_HANGS_FOR). The others keep the real limits: a slow but finished answer must
 * not turn into a timeout.
 */
const HANGS: Partial<Record<(typeof ASSIGNMENTS)[number], Readonly<Record<string, readonly string[]>>>> = {
  // Its play() goes silent partway through a game: no prompt after an input.
  'manchester-connect4': { 'unattributed-39617248104': ['play.names', 'play.invalid-columns', 'play.draw', 'play.computer', 'play.fuzz'] },
};

/**
 * Corpus folders with nothing of the assignment in them, which the CLI warns about and skips. None today: code under
 * other names (CS5 Black's Board.py and Player.py) is found by what it defines.
 */
const ABSENT: Partial<Record<(typeof ASSIGNMENTS)[number], readonly string[]>> = {};
