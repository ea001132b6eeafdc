/**
 * Which assignment a submission is: by the file names its files have, else by the classes and functions they define.
 * Used by `grade`, `grade check` and the student's kit alike (the kit knows one assignment, and still says when a
 * folder holds none of its files).
 */
import { definitionsOf, isBarePattern, isKnownFile, type Submission } from '../layout/layout.js';
import type { ResolvedSpec } from '../model/spec-types.js';

/** What detecting the assignment needs of a spec: its file names (the fixtures are loaded for the chosen one only). */
export type SpecFiles = Pick<ResolvedSpec, 'assignment' | 'files' | 'title'> & { readonly visibleTests: number };

/** Every file name the specs' roles may have, lower-cased; a bare pattern (`*.py`) only when it is the one spec. */
export function knownNames(specs: readonly SpecFiles[]): Set<string> {
  return new Set(
    specs
      .flatMap((s) => s.files.flatMap((f) => f.names.map((n) => n.toLowerCase())))
      .filter((n) => specs.length === 1 || !isBarePattern(n)),
  );
}

/** Every class and function the specs' roles are found by. */
export const knownDefinitions = (specs: readonly SpecFiles[]): Set<string> =>
  new Set(specs.flatMap((s) => s.files.flatMap((f) => f.defines ?? [])));

/**
 * The assignment whose file names the submissions use most; when none uses any, the one whose classes and functions
 * their files define most (CS111's `Player` and HMC's `Player` are told apart by the rest: `process_move`, `scoresFor`).
 */
export function detectAssignment<S extends SpecFiles>(specs: readonly S[], submissions: readonly Submission[]): S | undefined {
  let best: { spec: S; hits: number } | undefined;
  for (const spec of specs) {
    const names = new Set(spec.files.flatMap((f) => f.names.map((n) => n.toLowerCase())).filter((n) => !isBarePattern(n)));
    const hits = submissions.reduce((n, s) => n + s.files.filter((f) => isKnownFile(names, f.name)).length, 0);
    if (hits > 0 && (!best || hits > best.hits)) best = { spec, hits };
  }
  return best?.spec ?? detectByDefinitions(specs, submissions);
}

function detectByDefinitions<S extends SpecFiles>(specs: readonly S[], submissions: readonly Submission[]): S | undefined {
  const defined = submissions.map((s) => new Set(s.files.flatMap((f) => [...definitionsOf(f.source)])));
  let best: { spec: S; share: number } | undefined;
  for (const spec of specs) {
    const wanted = spec.files.flatMap((f) => f.defines ?? []);
    if (wanted.length === 0) continue;
    const hits = defined.reduce((n, names) => n + wanted.filter((name) => names.has(name)).length, 0);
    const share = hits / wanted.length;
    if (hits > 0 && (!best || share > best.share)) best = { spec, share };
  }
  return best?.spec;
}
