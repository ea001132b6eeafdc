import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../../runner/project-root.js';
import { loadSpec, resolveSpec, SpecError } from '../../../runner/spec/load-spec.js';

const raw = () => JSON.parse(readFileSync(join(PROJECT_ROOT, 'spec', 'cs111-ps9.json'), 'utf8')) as { groups: { points: number; tests: Record<string, unknown>[] }[] };
const resolveRaw = (data: unknown) => resolveSpec(PROJECT_ROOT, data, 'spec/test.json');

describe('the CS111 spec', () => {
  it("carries the document's points per problem, 4 of Problem 0 graded by hand", () => {
    const spec = loadSpec(PROJECT_ROOT, 'cs111-ps9');
    expect(spec.groups.map((g) => [g.name.split(':')[0], g.points])).toEqual([['Problem 0', 5], ['Problem 1', 30], ['Problem 2', 15], ['Problem 3', 20], ['Problem 4', 30]]);
    expect(spec.manualPoints).toBe(4);
    expect(spec.maxScore).toBe(96);
  });

  it('names every test after its target and resolves its cases and limits', () => {
    const spec = loadSpec(PROJECT_ROOT, 'cs111-ps9');
    for (const test of spec.tests) {
      expect(test.id).toMatch(/^[a-z0-9_]+(\.[A-Za-z0-9_-]+)+$/);
      expect(test.limits.callMs).toBeGreaterThan(0);
      if (test.kind === 'cases' || test.kind === 'program') expect(test.fixtureCases.length, test.id).toBeGreaterThan(0);
    }
    expect(spec.tests.find((t) => t.id === 'aiplayer.scores_for.lookahead-4')!.fixtureCases.every((c) => c.input['lookahead'] === 4)).toBe(true);
  });
});

describe('a bad spec stops with the path of the fault', () => {
  it('reports the ajv path of a schema error', () => {
    const data = raw();
    data.groups[1]!.tests[2]!['visibility'] = 'secret';
    const thrown = (() => {
      try {
        resolveRaw(data);
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(thrown).toBeInstanceOf(SpecError);
    expect((thrown as SpecError).code).toBe('bad-spec');
    expect(() => resolveRaw(data)).toThrow(/\/groups\/1\/tests\/2\/visibility must be equal to one of the allowed values \(visible, hidden, after-due\)/);
  });

  it('refuses points that do not add up, and selectors that select nothing', () => {
    const points = raw();
    points.groups[2]!.points = 16;
    expect(() => resolveRaw(points)).toThrow(/add up to 15, not 16/);
    const selectors = raw();
    selectors.groups[1]!.tests[3]!['cases'] = ['nothing.*'];
    expect(() => resolveRaw(selectors)).toThrow(/match no case in board-repr/);
  });
});
