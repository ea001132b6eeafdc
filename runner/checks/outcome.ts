/**
 * The verdict when a case could not be observed to the end: the student's exception is an `error` (a crash, told
 * apart from a wrong answer), a hang a `timeout` naming the limit, our own failure an `error` saying so.
 */
import { formatException, type StepFailure } from './observation.js';
import type { StudentException } from '../harness/protocol.js';
import type { CaseVerdict } from './verdict.js';

/** What the CS61A stand-in board raises when code treats it as a list (runner/harness/grade_doubles.py). */
export const BARRIER_ERROR = 'AbstractionBarrierError';

export function verdictForFailure(failure: StepFailure): CaseVerdict {
  switch (failure.kind) {
    case 'exception': {
      if (failure.exception.type === BARRIER_ERROR) return barrierCrossed(failure.step, failure.exception);
      const printed = failure.stdout.trim() ? `\nIt printed before that:\n${failure.stdout.trimEnd().slice(-1500)}` : '';
      return { status: 'error', message: `${failure.step} raised ${formatException(failure.exception)}${printed}`, actual: formatException(failure.exception) };
    }
    case 'timeout':
      return { status: 'timeout', message: `${failure.step} did not finish within ${failure.limitMs} ms (an infinite loop, or far too slow)` };
    case 'crashed':
      return { status: 'error', message: `the Python process died during ${failure.step}: ${failure.detail}` };
    case 'internal':
      return { status: 'error', message: `internal error in the grader during ${failure.step}: ${failure.detail} (not your fault; please report it)` };
  }
}

/** A wrong answer, not a crash: the student's function that touched the board's list names the barrier it crossed. */
function barrierCrossed(step: string, exception: StudentException): CaseVerdict {
  const where = exception.frames.at(-1);
  // The innermost named function: the line may sit in a generator expression or comprehension inside it.
  const culprit = [...exception.frames].reverse().find((f) => !f.function.startsWith('<'))?.function ?? 'your code';
  const place = where ? ` (${where.file}, line ${where.line}${where.code ? `: ${where.code.trim()}` : ''})` : '';
  return {
    status: 'fail',
    message: `${culprit} crossed the abstraction barrier: it ${exception.message}${place}. With the board built by another create_board, ${step} cannot work; use the constructors and selectors only.`,
    actual: `${culprit}: ${exception.message}`,
  };
}
