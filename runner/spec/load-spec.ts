/**
 * Loads an assignment's spec: a built-in's (spec/<id>.json) by id, or a course's pack by path (runner/pack/). Both
 * are checked whole here, before anything is graded.
 */
import { loadPack } from '../pack/load-pack.js';
import { isPackRef } from '../pack/pack-ref.js';
import { loadBuiltIn } from '../pack/load-built-in.js';
import type { ResolvedSpec } from './spec-types.js';

export { resolveSpec, selectCases, SpecError, specPath, validateSpec } from './resolve-spec.js';

/**
 * The spec of a built-in assignment by id, or of a course's pack by path (a folder with assignment.yml, or the file):
 * every command that takes an assignment takes either.
 */
export function loadSpec(root: string, assignment: string): ResolvedSpec {
  return isPackRef(assignment) ? loadPack(root, assignment) : loadBuiltIn(root, assignment);
}
