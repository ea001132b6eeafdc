/**
 * The built-ins' specs read at build time are the specs a start reads from the YAML, value for value (undefined
 * fields included), resolved alike; a spec whose YAML changed since is read again, never taken from a stale file, and a
 * copy of a built-in's file elsewhere is still refused.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ASSIGNMENT_IDS } from '../../../runner/model/ids.js';
import { checkedBuiltIn, specReadAtBuild, writeBuiltInSpecs } from '../../../runner/pack/load-built-in.js';
import { lintPack } from '../../../runner/pack/load-pack.js';
import { PROJECT_ROOT } from '../../../runner/project-root.js';
import { specPath } from '../../../runner/spec/resolve-spec.js';

const dir = mkdtempSync(join(tmpdir(), 'built-in-specs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const written = writeBuiltInSpecs(PROJECT_ROOT, dir);
const yamlOf = (id: string) => readFileSync(specPath(PROJECT_ROOT, id), 'utf8');

describe("the built-ins' specs read at build time", () => {
  it('are one file per built-in', () => {
    expect(written).toHaveLength(ASSIGNMENT_IDS.length);
  });

  it.each(ASSIGNMENT_IDS)('give %s exactly the spec its YAML gives', (id) => {
    const text = yamlOf(id);
    const built = specReadAtBuild(text, dir);
    expect(built).toBeDefined();
    expect(built).toStrictEqual(checkedBuiltIn(PROJECT_ROOT, id, text));
  });

  it('are not used for YAML they were not read from', () => {
    const text = yamlOf('cs61a-hw04');
    expect(specReadAtBuild(`${text}\n# changed\n`, dir)).toBeUndefined();
    expect(specReadAtBuild(text, join(dir, 'none'))).toBeUndefined();
  });

  it.each(ASSIGNMENT_IDS)('resolve %s as its YAML read at the start resolves', (id) => {
    const fromBuild = lintPack(PROJECT_ROOT, join('spec', id), { cwd: PROJECT_ROOT, builtDir: dir });
    const fromYaml = lintPack(PROJECT_ROOT, join('spec', id), { cwd: PROJECT_ROOT, builtDir: join(dir, 'none') });
    expect(fromBuild.problems).toEqual([]);
    expect(fromBuild.spec).toStrictEqual(fromYaml.spec);
  });

  it("are not taken for a copy of a built-in's file in a course's folder", () => {
    const course = mkdtempSync(join(tmpdir(), 'built-in-copy-'));
    try {
      writeFileSync(join(course, 'assignment.yml'), yamlOf('cs61a-hw04'));
      const linted = lintPack(PROJECT_ROOT, course, { cwd: course, builtDir: dir });
      expect(linted.spec).toBeUndefined();
      expect(linted.problems.map((p) => p.message).join('\n')).toMatch(/only a built-in's own file/u);
    } finally {
      rmSync(course, { recursive: true, force: true });
    }
  });
});
