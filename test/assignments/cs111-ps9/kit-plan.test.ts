/**
 * What the student's kit may hold of CS111: its plan's import graph reaches no reference and no case builder, and the
 * Python it ships (tools.py) stands in for no graded part, while doubles.py, which it never ships, holds no tool.
 */
import { describe, expect, it } from 'vitest';
import { isToolName, kitPlanModules, pythonKinds } from '../../helpers/kit-plan.js';

describe('CS111 kit plan', () => {
  it('reaches nothing of reference/ and no case builder (the kit bundle builds)', async () => {
    expect(await kitPlanModules('cs111-ps9')).toContain('runner/assignments/cs111-ps9/plan.ts');
  });

  it('keeps the stand-ins in doubles.py and the tools, if any, in tools.py', () => {
    const { tools, doubles } = pythonKinds('cs111-ps9');
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
});
