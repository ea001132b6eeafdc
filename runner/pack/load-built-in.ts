/**
 * A built-in assignment's spec (spec/<id>.json), loaded as a pack's base is: the schema and its fixtures by
 * resolveSpec, then every link to the assignment's code (spec-links.ts), each fault at its line and column of the
 * JSON file.
 */
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { LineCounter, parseDocument } from 'yaml';
import { isAssignmentId } from '../assignments/ids.js';
import { assignmentFor } from '../assignments/registry.js';
import { resolveSpec, SpecError, specPath } from '../spec/resolve-spec.js';
import type { ResolvedSpec, Spec } from '../spec/spec-types.js';
import { formatProblems } from './load-pack.js';
import type { PackProblem } from './pack-types.js';
import { specLinkProblems } from './spec-links.js';

export function loadBuiltIn(root: string, id: string): ResolvedSpec {
  const path = specPath(root, id);
  if (!existsSync(path)) throw new SpecError(`no spec for '${id}' at ${path}`);
  const text = readFileSync(path, 'utf8');
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new SpecError(`${path} is not JSON: ${(error as Error).message}`);
  }
  const resolved = resolveSpec(root, data, path);
  const problems = builtInLinkProblems(root, resolved.assignment, data as Spec, text);
  if (problems.length > 0) {
    const file = relative(root, path);
    throw new SpecError(`${file} links to what ${id} does not have:\n${formatProblems(file, problems)}`);
  }
  return resolved;
}

/** The faults of a built-in's links, placed in its JSON text. */
export function builtInLinkProblems(root: string, id: string, spec: Spec, text: string): PackProblem[] {
  if (!isAssignmentId(id)) return [];
  // The text is parsed for places only when a link is wrong: a spec that loads cleanly is not read twice.
  let placed: { doc: ReturnType<typeof parseDocument>; lines: LineCounter } | undefined;
  const locate = (path: readonly (string | number)[]) => {
    if (!placed) {
      const lines = new LineCounter();
      placed = { doc: parseDocument(text, { lineCounter: lines }), lines };
    }
    const node = placed.doc.getIn(path, true) as { range?: [number, number] } | undefined;
    const { line, col } = placed.lines.linePos(node?.range?.[0] ?? 0);
    return { line, column: col };
  };
  return specLinkProblems(spec, assignmentFor(id).links, locate, `runner/assignments/${id}/links.ts`);
}
