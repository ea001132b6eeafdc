/**
 * A test's hint follows what the student's code did wrong: a wrong answer and a crash of their code both end with it;
 * a test that could not run (its class undefined, the grader's own error), a direct verdict that says its hint does
 * not fit (a missing file), and a pass do not.
 */
import { describe, expect, it } from 'vitest';
import type { Composed } from '../../../runner/grade/policies/policy.js';
import { finishTest } from '../../../runner/grade/finish.js';
import type { TestRecord } from '../../../runner/grade/ledger.js';
import { PROJECT_ROOT } from '../../../runner/project-root.js';
import { loadSpec } from '../../../runner/pack/load-spec.js';
import { checkSays } from '../../../runner/grade/words.js';

const test = {
  ...loadSpec(PROJECT_ROOT, 'cs61a-hw04').tests.find((t) => t.id === 'make_move.document')!,
  hint: 'Count the rows from the top.',
};
const ran: TestRecord = { test, units: [], of: 1, durationMs: 0, studentMs: 0 };
const verdict = (status: Composed['status'], message: string): Composed => ({
  status,
  said: [checkSays(message)],
  failed: status === 'pass' ? 0 : 1,
  ran: 1,
});

describe("a test's hint", () => {
  it('ends the message of a wrong answer and of a crash', () => {
    expect(finishTest(test, ran, verdict('fail', "make_move(b, 2, 2, 0, 'X') returned (0, …); expected (1, …)")).message).toBe(
      "make_move(b, 2, 2, 0, 'X') returned (0, …); expected (1, …)\nHint: Count the rows from the top.",
    );
    expect(finishTest(test, ran, verdict('error', "make_move(b, 2, 2, 0, 'X') raised IndexError: list index out of range")).message).toBe(
      "make_move(b, 2, 2, 0, 'X') raised IndexError: list index out of range\nHint: Count the rows from the top.",
    );
  });

  it('is left out where the code did not run, where it does not fit, and on a pass', () => {
    const blocked: TestRecord = { ...ran, notRun: { kind: 'blocked', missing: [{ name: 'make_move' }], blockers: [] } };
    expect(finishTest(test, blocked, verdict('error', "make_move is not defined in any of the submission's files")).message).not.toContain(
      'Hint',
    );
    const missing: TestRecord = { ...ran, direct: { status: 'fail', message: 'hw04.py is missing', hint: false } };
    expect(finishTest(test, missing, verdict('fail', 'hw04.py is missing')).message).not.toContain('Hint');
    expect(finishTest(test, ran, verdict('pass', '1 case passed')).message).toBe('1 case passed');
    expect(
      finishTest(test, { ...ran, notRun: { kind: 'skipped', why: 'only' } }, verdict('skipped', 'not run: --only create_row')).message,
    ).not.toContain('Hint');
  });
});
