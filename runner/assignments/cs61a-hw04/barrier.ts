/**
 * The abstraction barrier's verdict: the board of the barrier tests is not a list (tools.py's AbstractBoard), and
 * code that treats it as one raises this error. That is a wrong answer, not a crash: the student's function that
 * touched the board's list is named, with the barrier it crossed.
 */
import type { CaseVerdict } from '../../checks/verdict.js';
import type { StudentException } from '../../harness/protocol.js';

/** What tools.py's board raises when code treats it as a list. */
export const BARRIER_ERROR = 'AbstractionBarrierError';

export function barrierCrossed(step: string, exception: StudentException): CaseVerdict | undefined {
  if (exception.type !== BARRIER_ERROR) return undefined;
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
