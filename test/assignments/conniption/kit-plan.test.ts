/**
 * What the student's kit may hold of Conniption: its plan's import graph reaches no reference and no case builder;
 * the step that scores the search's answer with a full-window minimax exists with the document's stand-ins only and
 * names genChildStates and betterEval; tools.py (which the kit ships) defines only the kinds the kit's steps use and doubles.py (never
 * shipped) only the document's; the constants the plan holds in place of the reference's agree with it.
 */
import { describe, expect, it } from 'vitest';
import { kitPlanModules, pythonKinds } from '../../helpers/kit-plan.js';
import * as ref from '../../../reference/conniption.js';
import { TERMINAL_RULES } from '../../../runner/assignments/conniption/checks.js';
import { KIT_PLAN } from '../../../runner/assignments/conniption/kit.js';
import { EMPTY_BOARD } from '../../../runner/assignments/conniption/steps.js';
import { PROJECT_ROOT } from '../../../runner/project-root.js';
import { loadSpec } from '../../../runner/pack/load-spec.js';

/** Every step of every case of the search tests, with which stand-ins it exists and the part it names. */
function searchSteps(): { request: string; only?: string; part?: string; note?: string }[] {
  const spec = loadSpec(PROJECT_ROOT, 'conniption');
  const found = new Map<string, { request: string; only?: string; part?: string; note?: string }>();
  for (const test of spec.tests.filter((t) => t.kind === 'cases')) {
    for (const testCase of test.fixtureCases) {
      for (const step of KIT_PLAN.interaction(test, testCase).steps) {
        const request =
          step.request.op === 'double'
            ? `double ${step.request.kind}`
            : step.request.op === 'call'
              ? `call ${step.request.target.join('.')}`
              : step.request.op;
        const entry = {
          request,
          ...(step.only && { only: step.only }),
          ...(step.parts && { part: step.parts.map((p) => p.name).join(', ') }),
          ...(step.kitNote && { note: step.kitNote }),
        };
        found.set(JSON.stringify(entry), entry);
      }
    }
  }
  return [...found.values()];
}

describe('Conniption kit plan', () => {
  it('reaches nothing of reference/ and no case builder (the kit bundle builds)', async () => {
    expect(await kitPlanModules('conniption')).toContain('runner/assignments/conniption/plan.ts');
  });

  it("runs the search's values with the document's stand-ins only, saying the kit judges it by the document's values, and gives every search case its facts", () => {
    const steps = searchSteps();
    expect(steps.filter((s) => s.only === 'document' && s.request !== 'call GradeSearch')).toEqual([
      {
        request: 'double search-values',
        only: 'document',
        note: expect.stringContaining("judged your search by the document's genChildStates and betterEval"),
      },
      {
        request: 'call GradeSearchValues',
        only: 'document',
        note: expect.stringContaining("judged your search by the document's genChildStates and betterEval"),
      },
    ]);
    expect(steps.filter((s) => s.only === undefined && s.request.startsWith('double')).map((s) => s.request)).toEqual([
      'double search-tools',
    ]);
    const search = loadSpec(PROJECT_ROOT, 'conniption')
      .tests.filter((t) => t.target === 'alpha_beta_search')
      .flatMap((t) => t.fixtureCases);
    expect(search.length).toBeGreaterThan(0);
    for (const testCase of search) {
      const facts = testCase.facts as { children: string[]; best: Record<string, string[]> };
      expect(facts.children.length).toBeGreaterThan(0);
      for (const rule of TERMINAL_RULES) expect(facts.best[rule]!.length).toBeGreaterThan(0);
    }
  });

  it("keeps the minimax values in doubles.py and the kit's tools and scripted AI in tools.py", () => {
    const { tools, doubles } = pythonKinds('conniption');
    expect({ ...doubles, functions: Object.keys(doubles.functions) }).toEqual({
      doubles: [],
      functions: ['search-values'],
      scriptedAi: false,
    });
    expect({ ...tools, functions: Object.keys(tools.functions) }).toEqual({ doubles: [], functions: ['search-tools'], scriptedAi: true });
  });

  it("holds the reference's constants it uses: the empty board and the search's terminal rules", () => {
    expect(EMPTY_BOARD).toEqual(ref.initialState().board);
    expect([...TERMINAL_RULES]).toEqual([...ref.TERMINAL_RULES]);
  });
});
