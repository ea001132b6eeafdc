/**
 * The packs' schema checks compiled at build time judge exactly as the ones compiled at a start: the same faults,
 * with the same paths and messages, on a built-in's file and on a course's; and a schema that changed compiles its
 * own instead of using a stale one.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packSchema, packValidator, writePackValidators } from '../../../runner/pack/pack-validators.js';
import { PROJECT_ROOT } from '../../../runner/project-root.js';
import { parse } from 'yaml';

// Inside the project, as dist/ is: a compiled check requires ajv's runtime by its package name.
const made: string[] = [];
const temp = (prefix: string) => {
  const cache = join(PROJECT_ROOT, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  made.push(mkdtempSync(join(cache, prefix)));
  return made.at(-1)!;
};
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

const builtIn = parse(readFileSync(join(PROJECT_ROOT, 'spec', 'cs111-ps9', 'assignment.yml'), 'utf8')) as Record<string, unknown>;
const samples = {
  'built-in': [builtIn, { ...builtIn, title: 7, extra: true }, { ...builtIn, assignment: 'nope', tests: [] }],
  course: [
    { extends: 'cs111-ps9', title: 'Term 2' },
    { extends: 'cs111-ps9', tests: { 'board.add_checker': { points: 'two' } }, surprise: 1 },
    { extends: 3 },
  ],
} as const;

describe('the compiled pack checks', () => {
  it.each(['built-in', 'course'] as const)('find the same faults in a %s pack as checks compiled at the start', (kind) => {
    const dir = temp('validators-');
    const files = writePackValidators(PROJECT_ROOT, dir);
    expect(files).toHaveLength(2);
    const schema = packSchema(PROJECT_ROOT, kind);
    const compiled = packValidator(schema, dir);
    const fresh = packValidator(schema, join(dir, 'none'));
    expect(compiled).not.toBe(fresh);
    for (const data of samples[kind]) {
      const [a, b] = [compiled, fresh].map((check) => ({ ok: check(structuredClone(data)), errors: check.errors ?? null }));
      expect(a).toEqual(b);
    }
    // The faulty samples are faulty, so the comparison compared something.
    expect(fresh(structuredClone(samples[kind][1]))).toBe(false);
  });

  it('are not used for a schema they were not compiled from', () => {
    const dir = temp('validators-');
    writePackValidators(PROJECT_ROOT, dir);
    const changed = { ...packSchema(PROJECT_ROOT, 'course'), required: ['extends', 'title'] };
    expect(packValidator(changed, dir)({ extends: 'cs111-ps9' })).toBe(false);
    expect(packValidator(packSchema(PROJECT_ROOT, 'course'), dir)({ extends: 'cs111-ps9' })).toBe(true);
  });
});
