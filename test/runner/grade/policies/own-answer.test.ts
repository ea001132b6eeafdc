/**
 * own-answer: a failure graded with the document's versions of the parts around the one it grades says what its
 * snippet gives on the student's own parts, as the student pasting it would see.
 */
import { describe, expect, it } from 'vitest';
import type { UnitRecord } from '../../../../runner/grade/ledger.js';
import { ownAnswer, ownAnswerRule } from '../../../../runner/grade/policies/own-answer.js';
import { say } from '../../../../runner/grade/policies/policy.js';
import { rerunWaitMs } from '../../../../runner/grade/waits.js';
import { DEFAULT_LIMITS } from '../../../../runner/model/limits.js';
import type { Interaction } from '../../../../runner/plan/interaction.js';
import { pass, record, runs, session, test, unit, wrong } from './ledgers.js';
import { ruleTester } from './rule-tester.js';

const ownAnswerLine = (...args: Parameters<typeof ownAnswer>) => say(ownAnswerRule.meta, ownAnswer(...args));
const own = (extra: Partial<UnitRecord>): UnitRecord => ({
  id: 'c#snippet',
  reproduce: '',
  raw: { status: 'fail', message: 'x' },
  verdict: { status: 'fail', message: 'x' },
  studentMs: 0,
  ...extra,
});

describe("the snippet under a failure made with the document's parts", () => {
  const shown = { status: 'fail' as const, message: 'p.scores_for(b) returned [0, 50]; expected [50, 50]', actual: '[0, 50]' };
  it("says the case ran with the document's parts, and what the snippet gives on the student's own", () => {
    expect(ownAnswerLine(['Board'], shown, own({ raw: { status: 'fail', message: 'm', actual: '[100, 50]' } }))).toBe(
      "This case ran with the document's Board, so a mistake in yours costs only their own tests; the snippet below runs with your own Board, and there it gives [100, 50].",
    );
    expect(ownAnswerLine(['Board'], shown, own({ raw: { status: 'fail', message: 'm', actual: '[0, 50]' } }))).toMatch(
      /there it gives the same answer\.$/u,
    );
    expect(ownAnswerLine(['Board', 'AIPlayer.max_score_column'], shown, own({ raw: { status: 'pass', message: 'ok' } }))).toMatch(
      /document's Board and AIPlayer\.max_score_column, .* there it gives the expected answer\.$/u,
    );
    expect(
      ownAnswerLine(
        ['Board'],
        shown,
        own({
          failure: {
            kind: 'exception',
            step: 's',
            stdout: '',
            exception: { type: 'IndexError', message: 'list index out of range', frames: [] },
          },
        }),
      ),
    ).toMatch(/there it raises IndexError: list index out of range\.$/u);
  });

  it('waits a short while after a timeout, and says the snippet does not finish there either', () => {
    const limits = { ...DEFAULT_LIMITS, callMs: 60_000 };
    const timedOut = own({ failure: { kind: 'timeout', step: 's', limitMs: 60_000 } });
    expect(rerunWaitMs(timedOut, limits)).toBe(2_000);
    expect(rerunWaitMs(own({}), limits)).toBe(60_000);
    const hung = { status: 'timeout' as const, message: 'p.scores_for(b) did not finish within 60000 ms' };
    expect(ownAnswerLine(['Board'], hung, own({ failure: { kind: 'timeout', step: 's', limitMs: 2_000 } }))).toMatch(
      /there it does not finish within 2000 ms either\.$/u,
    );
  });
});

const withBoard = {
  steps: [{ request: { op: 'replace' }, python: '', only: 'document', parts: [{ name: 'Board', tests: 'board.' }] }],
} as unknown as Interaction;
const scores = test('aiplayer.scores_for.document', { target: 'AIPlayer.scores_for' });
const failing = [record(scores, [unit('c1', { ...wrong(), actual: '[0, 50]' }, { planned: withBoard, check: () => pass })])];

ruleTester(ownAnswerRule, {
  valid: [
    {
      name: 'a pass',
      records: [record(scores, [unit('c1', pass, { planned: withBoard, check: () => pass })])],
      at: 'aiplayer.scores_for.document',
      runs: runs({ 'c1#snippet': pass }),
    },
    {
      name: "a case run with none of the document's parts",
      records: [record(scores, [unit('c1', wrong(), { check: () => pass })])],
      at: 'aiplayer.scores_for.document',
      runs: runs({ 'c1#snippet': pass }),
    },
    {
      name: "the kit, which runs on the student's own already",
      records: failing,
      at: 'aiplayer.scores_for.document',
      standIns: 'own',
      runs: runs({ 'c1#snippet': pass }),
    },
    {
      name: 'a whole program',
      records: [record(test('games', { kind: 'program', target: 'game' }), [session('g1', wrong(), 'x')])],
      at: 'games',
    },
  ],
  invalid: [
    {
      name: "a failure made with the document's Board",
      records: failing,
      at: 'aiplayer.scores_for.document',
      runs: runs({ 'c1#snippet': { ...wrong(), actual: '[100, 50]' } }),
      expected: { notes: [{ messageId: 'gives', data: { names: 'Board', gives: 'gives [100, 50]' } }] },
    },
  ],
});
