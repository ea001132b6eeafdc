/**
 * What a look-ahead that never ends costs: CS111's correct-naive with `scores_for` recursing on `lookahead + 1`, the
 * slowest one-bug submission of the class bench (361 s alone at the real limits, six minutes of a class's tail). The
 * document's test times out once, at its limit; every other test of scores_for waits a tenth of the limit (2 s at least)
 * on a call, the target having hung already, and stops at its first hang: the tests that judge one rule on the calls
 * that return (integer scores, the board restored) pass, and so does already-won (a won board needs no recursion); the
 * others time out on their own calls, each saying where the target hung first. The snippet's run on the student's own
 * parts waits no longer. Graded under a twentieth of the
 * time limits (none below 2 s, runner/model/limits.ts): a hang shows as well under a short limit.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunResults } from '../../runner/model/results.js';
import { PROJECT_ROOT } from '../../runner/project-root.js';
import { cli } from '../helpers/cli.js';
import { tempDirs } from '../temp-dirs.js';

const temp = tempDirs();

describe('a look-ahead that never ends', () => {
  it('costs the document test one time limit and every other test a tenth of one', async () => {
    const student = join(temp('hang-costs-'), 'student');
    cpSync(join(PROJECT_ROOT, 'fixtures', 'submissions', 'cs111-ps9', 'correct-naive'), student, {
      recursive: true,
      filter: (p) => !p.includes('__pycache__'),
    });
    const file = join(student, 'ps9pr4.py');
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('self.lookahead - 1)');
    writeFileSync(file, text.replace('self.lookahead - 1)', 'self.lookahead + 1)'));
    const out = temp('hang-costs-out-');
    const before = process.env['CONNECT4_TEST_TIME_SCALE'];
    process.env['CONNECT4_TEST_TIME_SCALE'] = '0.05';
    let graded: Awaited<ReturnType<typeof cli>>;
    try {
      graded = await cli(
        student,
        '--assignment',
        'cs111-ps9',
        '--only',
        'aiplayer.scores_for',
        '--format',
        'json',
        '--jobs',
        '1',
        '--out',
        out,
      );
    } finally {
      if (before === undefined) delete process.env['CONNECT4_TEST_TIME_SCALE'];
      else process.env['CONNECT4_TEST_TIME_SCALE'] = before;
    }
    expect(graded.code, graded.err).toBe(0);
    const run = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as RunResults;
    const tests = run.submissions[0]!.tests.filter((t) => t.id.startsWith('aiplayer.scores_for'));
    const byId = Object.fromEntries(tests.map((t) => [t.id, t]));
    expect(byId['aiplayer.scores_for.document']).toMatchObject({
      status: 'timeout',
      message: expect.stringMatching(/did not finish within 3000 ms/u),
    });
    for (const id of ['aiplayer.scores_for.int-scores', 'aiplayer.scores_for.restores-board']) {
      expect(byId[id], id).toMatchObject({
        status: 'pass',
        message: expect.stringMatching(
          /^(1 case run, and it never ended|\d cases run, 1 of them never ended); the other \d+ were not run.*did not finish within 2000 ms/su,
        ),
      });
    }
    // Its boards are won already: a scores_for that checks for a win first answers them without recursing.
    expect(byId['aiplayer.scores_for.already-won']).toMatchObject({ status: 'pass' });
    const others = tests.filter(
      (x) =>
        ![
          'aiplayer.scores_for.document',
          'aiplayer.scores_for.int-scores',
          'aiplayer.scores_for.restores-board',
          'aiplayer.scores_for.already-won',
        ].includes(x.id),
    );
    expect(others.map((t) => t.id)).toEqual([
      'aiplayer.scores_for.lookahead-0-1',
      'aiplayer.scores_for.lookahead-2-3',
      'aiplayer.scores_for.lookahead-4',
    ]);
    for (const t of others) {
      expect(t, t.id).toMatchObject({
        status: 'timeout',
        message: expect.stringContaining('already hung in aiplayer.scores_for.document, so this test waited 2000 ms on each call'),
      });
      // The snippet's run on the student's own parts waited no longer than the shortest wait, not a whole limit.
      expect(t.message, t.id).toContain('and there it does not finish within 2000 ms either');
    }
  }, 120_000);
});
