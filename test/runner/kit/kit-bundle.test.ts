/** The kit's bundle refuses whatever could answer a graded function, and names what brought it in. */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildKitData, parseKitData } from '../../../runner/kit/kit-data.js';
import { bundleKit, forbiddenInKit } from '../../../runner/kit/kit-bundle.js';
import { PROJECT_ROOT } from '../../../runner/project-root.js';
import { loadSpec } from '../../../runner/pack/load-spec.js';

const work = mkdtempSync(join(tmpdir(), 'kit-bundle-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('what the kit may hold', () => {
  it('refuses the reference, the builders, the grader plan and other assignments, and allows the runner', () => {
    expect(forbiddenInKit('reference/core/solver.ts', 'cs111-ps9')).toMatch(/reference implementation/u);
    expect(forbiddenInKit('dist/reference/cs111-ps9.js', 'cs111-ps9')).toMatch(/reference implementation/u);
    expect(forbiddenInKit('runner/fixtures/positions.ts', 'cs111-ps9')).toMatch(/case builders/u);
    expect(forbiddenInKit('runner/golden/build-fixtures.ts', 'cs111-ps9')).toMatch(/golden outputs/u);
    expect(forbiddenInKit('runner/assignments/cs111-ps9/board-cases.ts', 'cs111-ps9')).toMatch(/case builder/u);
    expect(forbiddenInKit('runner/assignments/cs111-ps9/index.ts', 'cs111-ps9')).toMatch(/grader's plan/u);
    expect(forbiddenInKit('runner/assignments/hmc-cs5-hw11/checks.ts', 'cs111-ps9')).toMatch(/another assignment/u);
    expect(forbiddenInKit('runner/assignments/registry.ts', 'cs111-ps9')).toMatch(/every assignment/u);
    for (const allowed of [
      'runner/assignments/cs111-ps9/checks.ts',
      'runner/grade/run-units.ts',
      'runner/model/py-value.ts',
      'runner/model/fixture-types.ts',
      'reports/junit.ts',
    ]) {
      expect(forbiddenInKit(allowed, 'cs111-ps9'), allowed).toBeUndefined();
    }
  });

  it('stops a build whose plan reaches the reference, writing nothing', async () => {
    const plan = join(work, 'leaky-plan.ts');
    writeFileSync(
      plan,
      `import { scoresFor } from ${JSON.stringify(join(PROJECT_ROOT, 'reference', 'hmc-cs5-hw11.ts'))};\nexport const KIT_PLAN = { scoresFor };\n`,
    );
    const outfile = join(work, 'leaky', 'connect4-check.js');
    await expect(bundleKit('hmc-cs5-hw11', outfile, { plan })).rejects.toThrow(
      /would hold reference\/hmc-cs5-hw11\.ts \(imported by .*leaky-plan\.ts\)/u,
    );
    expect(existsSync(outfile)).toBe(false);
  }, 60_000);
});

describe("the kit's data", () => {
  it('has the visible tests alone, the count and points of the rest, and the hash of the whole spec', () => {
    const spec = loadSpec(PROJECT_ROOT, 'cs111-ps9');
    const data = parseKitData(JSON.stringify(buildKitData(spec, '1.2.3')));
    const hidden = spec.tests.filter((t) => t.visibility === 'hidden');
    expect(data.spec.tests.every((t) => t.visibility === 'visible')).toBe(true);
    expect(data.spec.groups.flatMap((g) => g.tests).map((t) => t.id)).toEqual(data.spec.tests.map((t) => t.id));
    expect(data.spec.maxScore).toBe(data.spec.tests.reduce((n, t) => n + t.points, 0));
    expect(data.hidden).toEqual({
      tests: hidden.filter((t) => t.points > 0).length,
      points: hidden.reduce((n, t) => n + t.points, 0),
      manualPoints: spec.manualPoints,
    });
    expect(data.later).toBe(
      `${data.hidden.tests} hidden tests worth ${data.hidden.points} points are graded after you submit; ${spec.manualPoints} points are graded by hand.`,
    );
    expect(buildKitData(loadSpec(PROJECT_ROOT, 'cs111-ps9'), '1.2.3').specHash).toBe(data.specHash);
    expect(() => parseKitData(JSON.stringify({ ...data, format: 99 }))).toThrow(/reinstall the kit/u);
  });
});
