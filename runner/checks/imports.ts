/** The import test's verdict: importing a module must run nothing visible (no output, no input(), no exception). */
import { formatException, type ImportOutcome } from './observation.js';
import type { CaseVerdict } from './verdict.js';

/** Import must run nothing visible: no output, no input(), no exception. What it did is in the message. */
export function checkImport(file: string, outcome: ImportOutcome | undefined, isProgramEntry = false): CaseVerdict {
  // The program a person runs (Conniption's main.py) may start when imported: no document asks otherwise.
  if (isProgramEntry && outcome && (outcome.kind === 'ok' || (outcome.kind === 'exception' && outcome.prompts.length > 0))) {
    return {
      status: 'pass',
      message: `${file} imports`,
      note: `${file} is the program a person runs, and it starts when imported; the document does not ask it not to`,
    };
  }
  if (!outcome) return { status: 'error', message: `${file} was never imported (an earlier module stopped the import)` };
  switch (outcome.kind) {
    case 'timeout':
      // The CPU limit stops a top level that computes; one still running after this much wall time was waiting.
      return {
        status: 'timeout',
        message: `importing ${file} did not finish within ${outcome.limitMs} ms, though its CPU time stayed under the limit: code at global scope waits (a sleep, a socket); the other tests ran with the module empty`,
      };
    case 'crashed':
      return { status: 'error', message: `importing ${file} killed the Python interpreter: ${outcome.detail}` };
    case 'exception': {
      const last = outcome.exception.frames.at(-1);
      const place = last && { place: { file: last.file, line: last.line } };
      if (outcome.exception.fact === 'cpu-limit') {
        const frame = outcome.exception.frames.at(-1);
        const where = frame
          ? ` at line ${frame.line}${frame.function !== '<module>' ? ` (in ${frame.function}, called from the top level)` : ''}`
          : '';
        return {
          status: 'fail',
          message: `importing ${file} ${outcome.exception.message}, and was stopped there${where}: code at global scope runs when the file is imported (a game played there, say); keep it in functions or under if __name__ == '__main__':. The other tests ran on what ${file} defined before that line.`,
          ...place,
        };
      }
      if (outcome.prompts.length > 0) {
        const frame = outcome.exception.frames.at(-1);
        const where = frame ? ` (${frame.file}, line ${frame.line}, in ${frame.function})` : '';
        return {
          status: 'fail',
          message: `importing ${file} asked for input${where}: ${JSON.stringify(outcome.prompts[0])}. Code at global scope runs when the file is imported; the test typed nothing, so it stopped there. Tests of what the file defined before that line still ran.`,
          ...place,
        };
      }
      const after =
        outcome.exception.type === 'SyntaxError'
          ? 'Python could not read the file, so nothing in it can be tested'
          : 'tests of what it defined before that line still ran';
      return { status: 'error', message: `importing ${file} raised ${formatException(outcome.exception)}; ${after}`, ...place };
    }
    case 'ok': {
      if (outcome.prompts.length > 0)
        return { status: 'fail', message: `importing ${file} asked for input: ${JSON.stringify(outcome.prompts[0])}` };
      if (outcome.stdout.trim() !== '') {
        const lines = outcome.stdout.trimEnd().split('\n');
        return {
          status: 'fail',
          message: `importing ${file} printed ${lines.length} line${lines.length === 1 ? '' : 's'}; code at global scope runs on import, so keep tests inside functions or under if __name__ == '__main__':. First line: ${JSON.stringify(lines[0]!.slice(0, 200))}`,
          actual: outcome.stdout.slice(0, 2000),
        };
      }
      return { status: 'pass', message: `${file} imports cleanly` };
    }
  }
}
