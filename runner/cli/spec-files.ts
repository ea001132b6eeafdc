/** The repository's specs as `grade` finds them: their ids, and each one's file roles read without loading its fixtures. */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { isAssignmentId } from '../assignments/ids.js';
import { loadSpec, specPath } from '../spec/load-spec.js';
import type { ResolvedSpec } from '../spec/spec-types.js';
import type { SpecFiles } from './detect-assignment.js';

export function availableSpecs(root: string): string[] {
  // The built-ins with a spec; spec/ also holds the schemas.
  return readdirSync(join(root, 'spec')).filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, '')).filter(isAssignmentId).sort();
}

/** A spec's id and file roles, read without validating or loading fixtures; loadSpec reports a broken spec. */
export function readSpecFiles(root: string, assignment: string): SpecFiles {
  try {
    const data = JSON.parse(readFileSync(specPath(root, assignment), 'utf8')) as { files?: ResolvedSpec['files']; title?: string; groups?: { tests?: { visibility?: string }[] }[] };
    const visibleTests = (data.groups ?? []).flatMap((g) => g.tests ?? []).filter((t) => t.visibility === 'visible').length;
    return { assignment: assignment as ResolvedSpec['assignment'], files: Array.isArray(data.files) ? data.files : [], title: data.title ?? assignment, visibleTests };
  } catch {
    return withVisibleCount(loadSpec(root, assignment));
  }
}

/** A resolved spec with the count `check` announces. */
export const withVisibleCount = (spec: ResolvedSpec): ResolvedSpec & SpecFiles => Object.assign(spec, { visibleTests: spec.tests.filter((t) => t.visibility === 'visible').length });

