/**
 * Loads an assignment's spec: a built-in's pack (spec/<id>/assignment.yml) by id, or any pack by path. One loader
 * reads both (runner/pack/load-pack.ts), checked whole before anything is graded.
 */
import { existsSync } from 'node:fs';
import { loadPack } from '../pack/load-pack.js';
import { isPackRef } from '../pack/pack-ref.js';
import { SpecError, specPath } from '../spec/resolve-spec.js';
import type { ResolvedSpec } from '../model/spec-types.js';

export { SpecError, specPath } from '../spec/resolve-spec.js';

/**
 * The spec of a built-in assignment by id, or of a course's pack by path (a folder with assignment.yml, or the file):
 * every command that takes an assignment takes either.
 */
export function loadSpec(root: string, assignment: string): ResolvedSpec {
  if (isPackRef(assignment)) return loadPack(root, assignment);
  const path = specPath(root, assignment);
  if (!existsSync(path)) throw new SpecError(`no spec for '${assignment}' at ${path}`);
  return loadPack(root, path, { cwd: root });
}
