/**
 * What the student's kit may hold of HMC: its plan's import graph reaches no reference and no case builder, and the
 * Python it ships (tools.py) stands in for no graded part, while doubles.py, which it never ships, holds no tool; the
 * document's prompt the plan keeps is the reference's.
 */
import { describe, expect, it } from 'vitest';
import { isToolName, kitPlanModules, pythonKinds } from '../../helpers/kit-plan.js';
import { HUMAN_PROMPT } from '../../../reference/hmc-cs5-hw11.js';
import { HMC_PROMPT } from '../../../runner/assignments/hmc-cs5-hw11/checks.js';

describe('HMC kit plan', () => {
  it('reaches nothing of reference/ and no case builder (the kit bundle builds)', async () => {
    expect(await kitPlanModules('hmc-cs5-hw11')).toContain('runner/assignments/hmc-cs5-hw11/plan.ts');
  });

  it('keeps the stand-ins in doubles.py and the tools, if any, in tools.py', () => {
    const { tools, doubles } = pythonKinds('hmc-cs5-hw11');
    expect(doubles.doubles.length).toBeGreaterThan(0);
    expect(doubles.scriptedAi).toBe(false);
    expect(Object.values(doubles.functions).flat().filter(isToolName)).toEqual([]);
    expect(tools.doubles).toEqual([]);
    expect(
      Object.values(tools.functions)
        .flat()
        .filter((name) => !isToolName(name)),
    ).toEqual([]);
  });

  it("asks with the document's prompt, the reference's own", () => {
    expect(HMC_PROMPT).toBe(HUMAN_PROMPT);
  });
});
