/**
 * What `npm pack` ships to instructors: the grader, the specs and the golden fixtures, and no sample submission —
 * the samples are test data, and the correct ones are working solutions.
 */
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../runner/project-root.js';

describe('the npm package', () => {
  it('ships the specs and fixtures but no sample submission', async () => {
    const { stdout } = await execa('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: PROJECT_ROOT });
    const files = (JSON.parse(stdout) as { files: { path: string }[] }[])[0]!.files.map((f) => f.path);
    expect(files).toContain('spec/cs111-ps9/assignment.yml');
    expect(files).toContain('fixtures/cs111-ps9/aiplayer-scores-for.json');
    expect(files.filter((f) => f.startsWith('fixtures/submissions/'))).toEqual([]);
  }, 60_000);
});
