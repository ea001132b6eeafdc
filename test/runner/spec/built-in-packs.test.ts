/**
 * The built-in assignments are packs: spec/<id>/assignment.yml, in a course's pack's format (the same sections, by
 * the same keys), read by the one loader whether named by id or by path, and `grade lint` checks them as it checks a
 * course's.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ASSIGNMENT_IDS } from '../../../runner/model/ids.js';
import { lintPack } from '../../../runner/pack/load-pack.js';
import { PROJECT_ROOT } from '../../../runner/project-root.js';
import { loadSpec } from '../../../runner/pack/load-spec.js';

type Schema = {
  properties: Record<string, { additionalProperties?: { properties?: Record<string, unknown>; $ref?: string } }>;
  definitions: Record<string, { properties: Record<string, unknown> }>;
};
const schema = (name: string) => JSON.parse(readFileSync(join(PROJECT_ROOT, 'spec', name), 'utf8')) as Schema;

describe('a built-in is a pack', () => {
  it.each(ASSIGNMENT_IDS)('%s: the id and the folder load the same spec, and lint finds nothing', (id) => {
    const byId = loadSpec(PROJECT_ROOT, id);
    const byPath = loadSpec(PROJECT_ROOT, join(PROJECT_ROOT, 'spec', id));
    expect(byPath).toEqual(byId);
    expect(byId.pack).toBeUndefined();
    const linted = lintPack(PROJECT_ROOT, join('spec', id), { cwd: PROJECT_ROOT });
    expect(linted).toMatchObject({ file: `spec/${id}/assignment.yml`, problems: [] });
    // Every test of the file is graded, in the file's order within its group.
    const text = readFileSync(join(PROJECT_ROOT, 'spec', id, 'assignment.yml'), 'utf8');
    const listed = [...text.matchAll(/^ {2}([A-Za-z0-9_][^\s:]*):\n {4}group: (\S+)$/gmu)].map((m) => [m[2], m[1]]);
    expect(listed.length).toBe(byId.tests.length);
    expect(byId.groups.flatMap((g) => g.tests.map((t) => [g.id, t.id]))).toEqual(
      byId.groups.flatMap((g) => listed.filter(([group]) => group === g.id)),
    );
  });

  it("has every section and key a course's pack may change, under the same names", () => {
    const course = schema('pack-schema.json');
    const builtIn = schema('schema.json');
    // A course's own: what it extends and the version it was made from, its due date, its names for the API, its
    // handout's examples, and boards other than the ones the built-in's committed fixtures were generated on.
    const own = ['extends', 'madeFrom', 'due', 'names', 'examples', 'boards'];
    for (const section of Object.keys(course.properties).filter((k) => !own.includes(k)))
      expect(builtIn.properties, section).toHaveProperty(section);
    for (const section of ['files', 'groups'] as const) {
      for (const key of Object.keys(course.properties[section]!.additionalProperties!.properties!)) {
        expect(builtIn.properties[section]!.additionalProperties!.properties, `${section}.${key}`).toHaveProperty(key);
      }
    }
    const testKeys = Object.keys(builtIn.definitions['test']!.properties);
    // What a test of the course's own runs (kind: calls, kind: session) is written in a pack only.
    const ownTests = ['enabled', 'setup', 'calls', 'run', 'main', 'input', 'shows'];
    for (const key of Object.keys(course.properties['tests']!.additionalProperties!.properties!).filter((k) => !ownTests.includes(k)))
      expect(testKeys, `tests.${key}`).toContain(key);
  });
});
