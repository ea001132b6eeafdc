/** Runs for the index's tests: a student with a given number of wrong answers, and a folder of runs as `grade` leaves them. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeReports } from '../../reports/write-reports.js';
import type { RunResults, SubmissionResult, TestResult } from '../../runner/model/results.js';
import { SAMPLE_RUN } from './sample-run.js';

/** A student of the sample run's tests, `wrong` of them wrong answers, with a look-ahead mistake named when given. */
export function student(id: string, wrong: number, variant?: string): SubmissionResult {
  const tests: TestResult[] = Array.from({ length: 4 }, (_, i) => ({
    id: `t${i}`,
    name: `test ${i}`,
    group: 'Problem 1',
    target: 'f',
    visibility: 'visible',
    maxScore: 1,
    ...(i < wrong ? { status: 'fail', score: 0, message: 'wrong' } : { status: 'pass', score: 1, message: 'ok' }),
    ...(i === 0 && variant && { diagnosis: { variant, sentence: `the ${variant} mistake`, cases: ['c1'], of: 3 } }),
  }));
  return { id, path: id, assignment: 'cs111-ps9', status: 'graded', score: 4 - wrong, maxScore: 4, durationMs: 1, tests };
}

/**
 * A folder of runs as `grade --out <folder>/<name>` leaves them (results.json and the pages): the sample run with the
 * pages handed back, a second class, a run written as JSON only, a run that did not finish, and a folder of no run.
 */
export function runsFolder(folder: string): string {
  const write = (name: string, run: RunResults, audience?: 'student') => {
    mkdirSync(join(folder, name), { recursive: true });
    writeFileSync(join(folder, name, 'results.json'), JSON.stringify(run));
    writeReports(run, join(folder, name), ['html', 'csv'], audience ? { audience } : {});
  };
  write('cs111-ps9', SAMPLE_RUN, 'student');
  write('hmc', {
    ...SAMPLE_RUN,
    settings: { ...SAMPLE_RUN.settings!, assignment: 'hmc-cs5-hw11', title: 'HMC' },
    submissions: [student('ada', 0), student('bo', 2)],
  });
  mkdirSync(join(folder, 'json-only'));
  writeFileSync(
    join(folder, 'json-only', 'results.json'),
    JSON.stringify({ ...SAMPLE_RUN, settings: { ...SAMPLE_RUN.settings!, title: 'JSON only' } }),
  );
  mkdirSync(join(folder, 'unfinished'));
  writeFileSync(join(folder, 'unfinished', 'results.jsonl'), '{}\n');
  mkdirSync(join(folder, 'notes'));
  return folder;
}
