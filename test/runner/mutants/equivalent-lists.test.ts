/**
 * Each assignment's reviewed lists of equivalent mutants, one per bundled correct solution, name mutants that
 * solution still yields: a list entry whose mutant is gone (the solution or the mutator changed) must be reviewed
 * again, not silently kept. Each list's solution is a sample that gets full marks (its folder exists).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ASSIGNMENT_IDS } from '../../../runner/model/ids.js';
import { equivalentsPath, listedEntries, listedSolutions, loadEquivalents } from '../../../runner/mutants/equivalents.js';
import { generateMutants, specSolutionFiles } from '../../../runner/mutants/generate.js';
import { PROJECT_ROOT } from '../../../runner/project-root.js';
import { loadSpec } from '../../../runner/pack/load-spec.js';

const lists = ASSIGNMENT_IDS.filter((id) => existsSync(equivalentsPath(PROJECT_ROOT, id))).flatMap((assignment) =>
  listedSolutions(PROJECT_ROOT, assignment).map((solution) => [assignment, solution] as const),
);

describe.each(lists)('%s equivalent-mutants.json, %s', (assignment, solution) => {
  it('names only mutants that solution yields, each with its file, change and why', async () => {
    const folder = join(PROJECT_ROOT, 'fixtures', 'submissions', assignment, solution);
    expect(existsSync(folder), `${solution} is not a sample of ${assignment}`).toBe(true);
    const listed = loadEquivalents(PROJECT_ROOT, assignment, solution);
    expect(listed.size).toBeGreaterThan(0);
    const spec = loadSpec(PROJECT_ROOT, assignment);
    const made = await generateMutants(PROJECT_ROOT, 'python3', folder, specSolutionFiles(spec, folder));
    const byId = new Map(made.mutants.map((m) => [m.id, m]));
    for (const entry of listedEntries(PROJECT_ROOT, assignment, solution)) {
      const mutant = byId.get(entry.id);
      expect(mutant, `${entry.id} (${entry.file}: ${entry.change}) is no longer a mutant of ${solution}`).toBeDefined();
      expect({ file: mutant!.file, change: mutant!.change }).toEqual({ file: entry.file, change: entry.change });
    }
  });
});

it('has a reviewed list for correct-plain of every assignment with a list file', () => {
  for (const assignment of ASSIGNMENT_IDS.filter((id) => existsSync(equivalentsPath(PROJECT_ROOT, id))))
    expect(listedSolutions(PROJECT_ROOT, assignment), assignment).toContain('correct-plain');
});
