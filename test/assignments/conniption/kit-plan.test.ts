/**
 * What the student's kit may hold of Conniption: its plan's import graph reaches no reference and no case builder;
 * the step that scores the search's answer with a full-window minimax exists with the document's stand-ins only and
 * names genChildStates and betterEval; tools.py (which the kit ships) defines only the kinds the kit's steps use and doubles.py (never
 * shipped) only the document's; the constants the plan holds in place of the reference's agree with it.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import * as ref from '../../../reference/conniption.js';
import { TERMINAL_RULES } from '../../../runner/assignments/conniption/checks.js';
import { KIT_PLAN } from '../../../runner/assignments/conniption/kit.js';
import { EMPTY_BOARD } from '../../../runner/assignments/conniption/steps.js';
import { PROJECT_ROOT } from '../../../runner/project-root.js';
import { loadSpec } from '../../../runner/spec/load-spec.js';

const FOLDER = join('runner', 'assignments', 'conniption');

/** The function kinds a Python file of the assignment defines, its class-double kinds, and whether it has a scripted AI. */
function pythonKinds(file: string): { doubles: string[]; functions: string[]; scriptedAi: boolean } {
  const script = [
    'import importlib.util, json, sys',
    'sys.path.insert(0, sys.argv[2])',
    'spec = importlib.util.spec_from_file_location("m", sys.argv[1]); m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)',
    'print(json.dumps({"doubles": list(getattr(m, "DOUBLES", {})), "functions": list(getattr(m, "FUNCTION_DOUBLES", {})), "scriptedAi": getattr(m, "SCRIPTED_AI", None) is not None}))',
  ].join('\n');
  return JSON.parse(execFileSync('python3', ['-c', script, file, join(PROJECT_ROOT, 'runner', 'harness', 'python')], { encoding: 'utf8' })) as ReturnType<typeof pythonKinds>;
}

/** Every step of every case of the search tests, with which stand-ins it exists and the part it names. */
function searchSteps(): { request: string; only?: string; part?: string; note?: string }[] {
  const spec = loadSpec(PROJECT_ROOT, 'conniption');
  const found = new Map<string, { request: string; only?: string; part?: string; note?: string }>();
  for (const test of spec.tests.filter((t) => t.kind === 'cases')) {
    for (const testCase of test.fixtureCases) {
      for (const step of KIT_PLAN.interaction(test, testCase).steps) {
        const request = step.request.op === 'double' ? `double ${step.request.kind}` : step.request.op === 'call' ? `call ${step.request.target.join('.')}` : step.request.op;
        const entry = { request, ...(step.only && { only: step.only }), ...(step.part && { part: step.part }), ...(step.kitNote && { note: step.kitNote }) };
        found.set(JSON.stringify(entry), entry);
      }
    }
  }
  return [...found.values()];
}

describe('Conniption kit plan', () => {
  it('reaches nothing of reference/ and no case builder', async () => {
    const result = await build({ entryPoints: [join(FOLDER, 'kit.ts')], absWorkingDir: PROJECT_ROOT, bundle: true, platform: 'node', format: 'esm', write: false, metafile: true, external: ['node-pty'], logLevel: 'silent' });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs).toContain(`${FOLDER}/plan.ts`);
    const forbidden = inputs.filter((f) => f.startsWith('reference/') || /(^|\/)[\w-]*cases\.ts$/u.test(f) || f === `${FOLDER}/index.ts` || (f.startsWith('runner/fixtures/') && f !== 'runner/fixtures/fixture-types.ts'));
    expect(forbidden).toEqual([]);
  });

  it("runs the search's values with the document's stand-ins only, saying the kit judges it by the document's values, and gives every search case its facts", () => {
    const steps = searchSteps();
    expect(steps.filter((s) => s.only === 'document' && s.request !== 'call GradeSearch')).toEqual([
      { request: 'double search-values', only: 'document', note: expect.stringContaining("judged your search by the document's genChildStates and betterEval") },
      { request: 'call GradeSearchValues', only: 'document', note: expect.stringContaining("judged your search by the document's genChildStates and betterEval") },
    ]);
    expect(steps.filter((s) => s.only === undefined && s.request.startsWith('double')).map((s) => s.request)).toEqual(['double search-tools']);
    const search = loadSpec(PROJECT_ROOT, 'conniption').tests.filter((t) => t.target === 'alpha_beta_search').flatMap((t) => t.fixtureCases);
    expect(search.length).toBeGreaterThan(0);
    for (const testCase of search) {
      const facts = testCase.facts as { children: string[]; best: Record<string, string[]> };
      expect(facts.children.length).toBeGreaterThan(0);
      for (const rule of TERMINAL_RULES) expect(facts.best[rule]!.length).toBeGreaterThan(0);
    }
  });

  it("keeps the minimax values in doubles.py and the kit's tools and scripted AI in tools.py", () => {
    const doubles = pythonKinds(join(PROJECT_ROOT, FOLDER, 'doubles.py'));
    const tools = pythonKinds(join(PROJECT_ROOT, FOLDER, 'tools.py'));
    expect(doubles).toEqual({ doubles: [], functions: ['search-values'], scriptedAi: false });
    expect(tools).toEqual({ doubles: [], functions: ['search-tools'], scriptedAi: true });
  });

  it("holds the reference's constants it uses: the empty board and the search's terminal rules", () => {
    expect(EMPTY_BOARD).toEqual(ref.initialState().board);
    expect([...TERMINAL_RULES]).toEqual([...ref.TERMINAL_RULES]);
  });
});
