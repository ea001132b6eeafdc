/**
 * Loads an assignment's spec: a built-in's (spec/<id>.json) by id, or a course's pack by path (runner/pack/). Both
 * are checked whole here, before anything is graded.
 */
import { existsSync, readFileSync } from 'node:fs';
import { loadPack } from '../pack/load-pack.js';
import { isPackRef } from '../pack/pack-ref.js';
import { resolveSpec, SpecError, specPath } from './resolve-spec.js';
import type { ResolvedSpec } from './spec-types.js';

export { resolveSpec, selectCases, SpecError, specPath, validateSpec } from './resolve-spec.js';

/**
 * The spec of a built-in assignment by id, or of a course's pack by path (a folder with assignment.yml, or the file):
 * every command that takes an assignment takes either.
 */
export function loadSpec(root: string, assignment: string): ResolvedSpec {
  if (isPackRef(assignment)) return loadPack(root, assignment);
  const path = specPath(root, assignment);
  if (!existsSync(path)) throw new SpecError(`no spec for '${assignment}' at ${path}`);
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new SpecError(`${path} is not JSON: ${(error as Error).message}`);
  }
  return resolveSpec(root, data, path);
}

