/**
 * The test a course's pack adds when it renames the API (`names`): `names.used`, one point, visible, in the problem of
 * the test of the files' names (or of the first import test), right after it. The pack may change it as any other
 * test (`tests: { names.used: … }`). Graded by runner/grade/kinds/names-used.ts. Pure.
 */
import type { Spec, SpecTest } from '../model/spec-types.js';

export const NAMES_USED = 'names.used';

/** The names a pack really renames: a name given back to itself changes nothing. */
export const renamed = (names: Readonly<Record<string, unknown>> | undefined): Record<string, string> =>
  Object.fromEntries(
    Object.entries(names ?? {}).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== entry[0].split('.').at(-1),
    ),
  );

/** The base with names.used in it, when the pack renames anything; else the base as it is. */
export function withNamesUsed(base: Spec, names: Readonly<Record<string, unknown>> | undefined): Spec {
  const course = renamed(names);
  if (Object.keys(course).length === 0) return base;
  const all = base.groups.flatMap((g) => g.tests);
  const after = all.find((t) => t.kind === 'file-names') ?? all.find((t) => t.kind === 'import') ?? all[0]!;
  const written = Object.entries(course).map(([doc, name]) =>
    doc.includes('.') ? `${course[doc.split('.')[0]!] ?? doc.split('.')[0]}.${name}` : name,
  );
  const shown = written.length <= 4 ? written.join(', ') : `${written.slice(0, 3).join(', ')} and ${written.length - 3} more`;
  const test: SpecTest = {
    id: NAMES_USED,
    name: `The classes, functions and methods have this course's names (${shown})`,
    target: 'names',
    kind: 'names-used',
    points: 1,
    visibility: 'visible',
    hint: "Use the names this course's handout gives: its tests and tools call your code by them.",
  };
  return {
    ...base,
    groups: base.groups.map((g) => {
      const at = g.tests.indexOf(after);
      return at < 0 ? g : { ...g, points: g.points + test.points, tests: [...g.tests.slice(0, at + 1), test, ...g.tests.slice(at + 1)] };
    }),
  };
}
