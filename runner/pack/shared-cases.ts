/**
 * Where a pack's visibility lets students see a hidden test's cases: a visible test that selects the same generated
 * cases puts them in the kit. The built-ins never do (each visible test has cases of its own); a pack that makes
 * one of two tests sharing cases visible and the other hidden is told so. Pure.
 */
import type { ResolvedSpec } from '../model/spec-types.js';

export interface SharedCases {
  readonly hidden: string;
  readonly visible: string;
  readonly cases: number;
}

export function sharedCases(spec: ResolvedSpec): SharedCases[] {
  const visible = spec.tests.filter((t) => t.visibility === 'visible');
  const found: SharedCases[] = [];
  for (const hidden of spec.tests.filter((t) => t.visibility !== 'visible')) {
    // The document's own examples are printed in the handout: no secret.
    const ids = new Set(hidden.fixtureCases.filter((c) => c.source.kind !== 'document').map((c) => c.id));
    if (ids.size === 0) continue;
    for (const shown of visible) {
      const cases = shown.fixtureCases.filter((c) => ids.has(c.id)).length;
      if (cases > 0) found.push({ hidden: hidden.id, visible: shown.id, cases });
    }
  }
  return found;
}
