/**
 * A call that fills its memory is stopped at like a hang (checks/outcome.ts): its process dying of a MemoryError, or
 * the MemoryError raised in the student's code, ends the test's cases, since each took seconds to fill the memory;
 * any other crash or exception does not.
 */
import { describe, expect, it } from 'vitest';
import { verdictForFailure } from '../../../runner/checks/outcome.js';

const exception = (type: string) => ({
  kind: 'exception' as const,
  step: 'best = alpha_beta_search(s, 3, False)',
  exception: { type, message: '', frames: [] },
  stdout: '',
});

describe('a call that ran out of memory', () => {
  it('stops the test when its process died of a MemoryError, and not for another death', () => {
    const died = { kind: 'crashed' as const, step: 'best = alpha_beta_search(s, 3, False)', detail: 'killed by SIGABRT' };
    expect(verdictForFailure({ ...died, outOfMemory: true })).toMatchObject({ status: 'error', stoppedAt: 'memory' });
    expect(verdictForFailure(died).stoppedAt).toBeUndefined();
  });

  it('stops the test when the student code raised MemoryError, and not for another exception', () => {
    expect(verdictForFailure(exception('MemoryError'))).toMatchObject({ status: 'error', stoppedAt: 'memory', actual: 'MemoryError' });
    expect(verdictForFailure(exception('RecursionError')).stoppedAt).toBeUndefined();
  });
});
