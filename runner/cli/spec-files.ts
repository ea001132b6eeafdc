/** The repository's specs as `grade` finds them: their ids, and each one's file roles read without loading its fixtures. */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { isAssignmentId } from '../model/ids.js';
import { builtInSpec } from '../pack/load-built-in.js';
import { loadSpec, specPath } from '../pack/load-spec.js';
import type { ResolvedSpec } from '../model/spec-types.js';
import type { SpecFiles } from './detect-assignment.js';

export function availableSpecs(root: string): string[] {
  // The built-ins with a pack; spec/ also holds the schemas.
  return readdirSync(join(root, 'spec'))
    .filter((id) => isAssignmentId(id) && existsSync(specPath(root, id)))
    .sort();
}

/** A spec's id and file roles, read without loading fixtures; loadSpec reports a broken spec. */
export function readSpecFiles(root: string, assignment: string): SpecFiles {
  try {
    const spec = builtInSpec(root, assignment);
    const visibleTests = spec.groups.flatMap((g) => g.tests).filter((t) => t.visibility === 'visible').length;
    return { assignment: spec.assignment, files: spec.files, title: spec.title, visibleTests };
  } catch {
    return withVisibleCount(loadSpec(root, assignment));
  }
}

/** A resolved spec with the count `check` announces. */
export const withVisibleCount = (spec: ResolvedSpec): ResolvedSpec & SpecFiles =>
  Object.assign(spec, { visibleTests: spec.tests.filter((t) => t.visibility === 'visible').length });
