/**
 * The verdict when a case could not be observed to the end: the student's exception is an `error` (a crash, told
 * apart from a wrong answer), a hang a `timeout` naming the limit, our own failure an `error` saying so.
 */
import { formatException, type StepFailure } from './observation.js';
import type { StudentException } from '../harness/protocol.js';
import type { CaseVerdict } from './verdict.js';

/**
 * An assignment's reading of an exception its own doubles raise on purpose (a board that is not a list, touched as
 * one): a verdict, or undefined for an exception like any other.
 */
export type ExplainException = (step: string, exception: StudentException) => CaseVerdict | undefined;

/** The verdict a way of stopping gives; `work`, for a timeout, says how much a plain answer would do (so it loops). */
export function verdictForFailure(failure: StepFailure, explain?: ExplainException, work?: string): CaseVerdict {
  switch (failure.kind) {
    case 'exception': {
      const explained = explain?.(failure.step, failure.exception);
      if (explained) return explained;
      const printed = failure.stdout.trim() ? `\nIt printed before that:\n${failure.stdout.trimEnd().slice(-1500)}` : '';
      const memory = failure.exception.type === 'MemoryError' && { stoppedAt: 'memory' as const };
      return {
        status: 'error',
        message: `${failure.step} raised ${formatException(failure.exception)}${printed}`,
        actual: formatException(failure.exception),
        ...memory,
      };
    }
    case 'timeout':
      return {
        status: 'timeout',
        message: `${failure.step} did not finish within ${failure.limitMs} ms (an infinite loop, or far too slow)${work ? `. ${work}` : ''}`,
      };
    case 'crashed':
      // A process that died of a MemoryError had filled its memory, which takes seconds: like a hang, once is enough.
      return {
        status: 'error',
        message: `the Python process died during ${failure.step}: ${failure.detail}`,
        ...(failure.outOfMemory && { stoppedAt: 'memory' as const }),
      };
    case 'internal':
      return {
        status: 'error',
        message: `internal error in the grader during ${failure.step}: ${failure.detail} (not your fault; please report it)`,
      };
  }
}
