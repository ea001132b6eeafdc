/** A resolved spec with some of its tests' cases changed by a pack: the list and every group hold the new tests. Pure. */
import type { ResolvedSpec, ResolvedTest } from '../model/spec-types.js';

/** The spec with its tests replaced (same ids, same order), its groups holding the new ones. */
export function withTests(spec: ResolvedSpec, tests: readonly ResolvedTest[]): ResolvedSpec {
  const byId = new Map(tests.map((t) => [t.id, t]));
  return { ...spec, tests, groups: spec.groups.map((g) => ({ ...g, tests: g.tests.map((t) => byId.get(t.id)!) })) };
}
