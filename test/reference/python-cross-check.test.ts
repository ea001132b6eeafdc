/**
 * The golden fixtures against real Python: each case's reproduce snippet runs on a correct Python solution, and what
 * it returns, prints or raises must meet the case. This checks the reference's Python semantics (types, reprs,
 * transcripts) and that every snippet a report will show a student actually runs.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../runner/fixtures/shared-documents.js';
import { fixtureFiles, mismatch, runPythonCases } from '../helpers/python-cases.js';

const submission = (assignment: string, name: string) => join(PROJECT_ROOT, 'fixtures', 'submissions', assignment, name);

describe.each([
  { assignment: 'cs111-ps9', solution: 'correct-classic', modules: ['ps9pr4'] },
])('$assignment fixtures on $solution', ({ assignment, solution, modules }) => {
  for (const file of fixtureFiles(assignment)) {
    it(`${file.target}: every case`, () => {
      const seen = runPythonCases(submission(assignment, solution), modules, file.cases);
      const failures = file.cases.flatMap((c) => {
        const why = mismatch(c, seen.get(c.id)!);
        return why ? [`${c.id}\n${c.python}\n${why}`] : [];
      });
      expect(failures.slice(0, 3).join('\n\n')).toBe('');
      expect(seen.size).toBe(file.cases.length);
    });
  }
});
