/**
 * Invisible markers the harness prints into a program's terminal output in program mode: after every input()
 * prompt when a test answers whatever the prompt says, and around each state the grader's stand-in for
 * Conniption's search was handed. The runner waits on the first; the checks read both and take them out.
 */
export const ASK_MARKER = '\u0002ask\u0003';
export const STATE_MARKER = '\u0001';

/** A run's transcript with the prompt markers taken out, for checks that read it as the person at the terminal saw it. */
export function withoutAskMarkers<T extends { readonly transcript: string }>(result: T): T {
  return result.transcript.includes(ASK_MARKER) ? { ...result, transcript: result.transcript.replaceAll(ASK_MARKER, '') } : result;
}
