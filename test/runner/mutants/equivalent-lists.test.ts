/**
 * Each assignment's reviewed list of equivalent mutants names mutants its bundled correct-plain still yields: a list
 * entry whose mutant is gone (the solution or the mutator changed) must be reviewed again, not silently kept.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ASSIGNMENT_IDS } from '../../../runner/model/ids.js';
import { equivalentsPath, loadEquivalents } from '../../../runner/mutants/equivalents.js';
import { generateMutants, specSolutionFiles } from '../../../runner/mutants/generate.js';
import { PROJECT_ROOT } from '../../../runner/project-root.js';
import { loadSpec } from '../../../runner/pack/load-spec.js';

describe.each(ASSIGNMENT_IDS.filter((id) => existsSync(equivalentsPath(PROJECT_ROOT, id))))('%s equivalent-mutants.json', (assignment) => {
  it('names only mutants the bundled correct-plain yields, each with its file, change and why', async () => {
    const listed = loadEquivalents(PROJECT_ROOT, assignment);
    expect(listed.size).toBeGreaterThan(0);
    const spec = loadSpec(PROJECT_ROOT, assignment);
    const solution = join(PROJECT_ROOT, 'fixtures', 'submissions', assignment, 'correct-plain');
    const made = await generateMutants(PROJECT_ROOT, 'python3', solution, specSolutionFiles(spec, solution));
    const byId = new Map(made.mutants.map((m) => [m.id, m]));
    const entries = (JSON.parse(readFileSync(equivalentsPath(PROJECT_ROOT, assignment), 'utf8')) as { mutants: { id: string; file: string; change: string }[] }).mutants;
    for (const entry of entries) {
      const mutant = byId.get(entry.id);
      expect(mutant, `${entry.id} (${entry.file}: ${entry.change}) is no longer a mutant of correct-plain`).toBeDefined();
      expect({ file: mutant!.file, change: mutant!.change }).toEqual({ file: entry.file, change: entry.change });
    }
  });
});
