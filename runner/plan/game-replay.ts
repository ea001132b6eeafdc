/**
 * What a whole game is replayed with (runner/grade/kinds/program.ts): the parts whose own tests failed, swapped for
 * the document's versions. Pure: each assignment names its parts and the tests that grade each.
 */
import type { ClassReplacement } from '../harness/protocol.js';
import type { GameReplay } from './assignment.js';

/**
 * Methods of a class, or functions of a module, each with the ids of the tests that grade it, written out: every id
 * is checked against the spec when it loads (runner/pack/spec-links.ts), so a renamed test cannot go unnoticed.
 */
export type ReplayParts = readonly (readonly [name: string, tests: readonly string[]])[];

/** Every test id the parts name. */
export const replayedTests = (...parts: readonly ReplayParts[]): string[] => [
  ...new Set(parts.flatMap((p) => p.flatMap(([, tests]) => tests))),
];

function failedParts(failed: ReadonlySet<string>, parts: ReplayParts): { swapped: string[]; kept: string[]; because: string[] } {
  const ids = [...failed];
  const hit = parts.filter(([, tests]) => ids.some((id) => tests.includes(id)));
  return {
    swapped: hit.map(([name]) => name),
    kept: parts.filter((part) => !hit.includes(part)).map(([name]) => name),
    because: ids.filter((id) => hit.some(([, tests]) => tests.includes(id))),
  };
}

/** A class double (`kind` in doubles.py) standing in for the methods whose tests failed; `keepAlso` stay the student's. */
export function classReplay(
  kind: string,
  name: string,
  parts: ReplayParts,
  failed: ReadonlySet<string>,
  keepAlso: readonly string[] = [],
): GameReplay | undefined {
  const { swapped, kept, because } = failedParts(failed, parts);
  if (swapped.length === 0) return undefined;
  return { replace: [{ kind, name, keep: [...keepAlso, ...kept] }], parts: [`${name}.${swapped.join(', ')}`], because };
}

/** The document's functions (a FUNCTION_DOUBLES set) standing in for those whose tests failed. */
export function functionReplay(kind: string, parts: ReplayParts, failed: ReadonlySet<string>): GameReplay | undefined {
  const { swapped, because } = failedParts(failed, parts);
  if (swapped.length === 0) return undefined;
  return { replace: [{ kind, names: swapped }], parts: [swapped.join(', ')], because };
}

/** Several replays as one; undefined when none has a part to swap. */
export function joinReplays(replays: readonly (GameReplay | undefined)[]): GameReplay | undefined {
  const present = replays.filter((r): r is GameReplay => r !== undefined);
  if (present.length === 0) return undefined;
  return { replace: present.flatMap((r) => r.replace), parts: present.flatMap((r) => r.parts), because: present.flatMap((r) => r.because) };
}

/**
 * Two lists of swaps as one: a class swapped by both keeps only the methods both keep (the harness swaps a class
 * once), and a function set's names are joined.
 */
export function mergeReplacements(first: readonly ClassReplacement[], second: readonly ClassReplacement[]): ClassReplacement[] {
  const merged: ClassReplacement[] = [];
  for (const entry of [...first, ...second]) {
    const at = merged.findIndex(
      (m) =>
        m.kind === entry.kind && 'names' in m === 'names' in entry && ('name' in m ? m.name === (entry as { name?: string }).name : true),
    );
    if (at < 0) {
      merged.push(entry);
      continue;
    }
    const prior = merged[at]!;
    if ('names' in prior && 'names' in entry) merged[at] = { kind: prior.kind, names: [...new Set([...prior.names, ...entry.names])] };
    else if ('name' in prior && 'name' in entry) {
      const keep = (prior.keep ?? []).filter((k) => (entry.keep ?? []).includes(k));
      merged[at] = { kind: prior.kind, name: prior.name, keep };
    }
  }
  return merged;
}
