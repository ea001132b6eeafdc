/**
 * Invisible markers the harness prints into a program's terminal output in program mode: after every input()
 * prompt when a test answers whatever the prompt says, and around each state the grader's stand-in for
 * Conniption's search was handed. The runner waits on the first; the checks read both and take them out.
 */
export const ASK_MARKER = '\u0002ask\u0003';
export const STATE_MARKER = '\u0001';
