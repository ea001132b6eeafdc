/**
 * A submission as a student may see it before the hidden tests are released (`--audience student`): a hidden or
 * after-due test keeps its name, points and whether it passed, and loses everything that would teach the test's
 * cases — the
 * message, input, expected and actual values, boards, transcript and the Python to reproduce it. It keeps the
 * instructor's notes on it (notes.yml): they are written for the students, and name the mistake, not the case; a
 * note marked `visibility: after-due` waits for its test. Visible tests stay whole. The page says which kind each is: a hidden test's cases are never shown, an after-due
 * test's are once the due date has passed (a run graded after it shows them). No path of the instructor's machine is
 * shown: the submission is named by its folder. Pure.
 */
import { basename, dirname } from 'node:path';
import type { SubmissionResult, TestResult, Words } from '../runner/model/results.js';

const SAID: Record<TestResult['status'], string> = {
  pass: 'passed',
  fail: 'not passed',
  error: 'not passed',
  timeout: 'not passed',
  skipped: 'not run',
};

/** A sentence with the instructor's folder left out of its text and data. */
function scrubbed(words: Words, scrub: (text: string) => string): Words {
  const data = words.data && Object.fromEntries(Object.entries(words.data).map(([k, v]) => [k, typeof v === 'string' ? scrub(v) : v]));
  return { ...words, text: scrub(words.text), ...(data && { data }) };
}

export function forStudents(submission: SubmissionResult, options: { due?: string } = {}): SubmissionResult {
  // The folder the instructor graded from is theirs: the page names the submission's own folder only.
  const parent = dirname(submission.path);
  const scrub = (text: string) => (parent.length > 1 ? text.split(parent).join('…') : text);
  return {
    ...submission,
    path: basename(submission.path),
    ...(submission.error !== undefined && { error: scrub(submission.error) }),
    tests: submission.tests.map((test) => {
      if (test.visibility === 'visible')
        return { ...test, message: scrub(test.message), ...(test.said && { said: test.said.map((w) => scrubbed(w, scrub)) }) };
      // A hidden test's message, the sentences it is written from and the mistake named go with its cases.
      const {
        expected: _e,
        actual: _a,
        reproduce: _r,
        typed: _t,
        strength: _s,
        smallest: _m,
        failure: _f,
        said: _w,
        diagnosis: _d,
        notes,
        ...rest
      } = test;
      const shown = (notes ?? []).filter((n) => n.visibility !== 'after-due');
      const kept = shown.length > 0 ? { ...rest, notes: shown } : rest;
      // Crashed and timed out read as "not passed": the kind of failure is itself a hint about the hidden case.
      const said =
        test.visibility === 'after-due'
          ? `A test shown after the due date${options.due ? ` (${options.due})` : ''}: ${SAID[test.status]}. Its cases are shown then.`
          : `A hidden test: ${SAID[test.status]}. Its cases are not shown.`;
      return { ...kept, status: test.status === 'pass' || test.status === 'skipped' ? test.status : 'fail', message: said };
    }),
  };
}
