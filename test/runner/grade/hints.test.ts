/**
 * A test's hint follows what the student's code did wrong: a wrong answer and a crash of their code both end with it;
 * a test that could not run (its class undefined, the grader's own error) and a pass do not.
 */
import { describe, expect, it } from 'vitest';
import { finisher } from '../../../runner/grade/test-context.js';
import { PROJECT_ROOT } from '../../../runner/project-root.js';
import { loadSpec } from '../../../runner/spec/load-spec.js';

const test = { ...loadSpec(PROJECT_ROOT, 'cs61a-hw04').tests.find((t) => t.id === 'make_move.document')!, hint: 'Count the rows from the top.' };
const finish = finisher(test);

describe("a test's hint", () => {
  it('ends the message of a wrong answer and of a crash', () => {
    expect(finish('fail', { message: 'make_move(b, 2, 2, 0, \'X\') returned (0, …); expected (1, …)' }).message).toBe("make_move(b, 2, 2, 0, 'X') returned (0, …); expected (1, …)\nHint: Count the rows from the top.");
    expect(finish('error', { message: 'make_move(b, 2, 2, 0, \'X\') raised IndexError: list index out of range' }).message).toBe("make_move(b, 2, 2, 0, 'X') raised IndexError: list index out of range\nHint: Count the rows from the top.");
  });

  it('is left out where the code did not run, and on a pass', () => {
    expect(finish('error', { message: 'make_move is not defined in any of the submission\'s files' }, undefined, false).message).not.toContain('Hint');
    expect(finish('pass', { message: '' }).message).toBe('');
    expect(finish('skipped', { message: 'not run: --only create_row' }).message).not.toContain('Hint');
  });
});
