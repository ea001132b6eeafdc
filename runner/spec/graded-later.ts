import type { ResolvedSpec } from '../model/spec-types.js';

/**
 * What `check` does not grade, said at the end of every check so a student never reads 24/24 as full marks: the
 * hidden tests with points, and the points graded by hand. Undefined when there are none.
 */
export function gradedLater(spec: Pick<ResolvedSpec, 'tests' | 'manualPoints'>): string | undefined {
  const hidden = spec.tests.filter((t) => t.visibility !== 'visible' && t.points > 0);
  const points = Math.round(hidden.reduce((n, t) => n + t.points, 0) * 1000) / 1000;
  const parts = [
    ...(hidden.length > 0
      ? [
          `${hidden.length} hidden test${hidden.length === 1 ? '' : 's'} worth ${points} point${points === 1 ? '' : 's'} ${hidden.length === 1 ? 'is' : 'are'} graded after you submit`,
        ]
      : []),
    ...(spec.manualPoints > 0 ? [`${spec.manualPoints} point${spec.manualPoints === 1 ? ' is' : 's are'} graded by hand`] : []),
  ];
  return parts.length > 0 ? `${parts.join('; ')}.` : undefined;
}
