/**
 * What the student's kit may hold of HMC: its plan's import graph reaches no reference and no case builder, and the
 * Python it ships (tools.py) stands in for no graded part, while doubles.py, which it never ships, holds no tool; the
 * document's prompt the plan keeps is the reference's.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { HUMAN_PROMPT } from '../../../reference/hmc-cs5-hw11.js';
import { HMC_PROMPT } from '../../../runner/assignments/hmc-cs5-hw11/checks.js';
import { PROJECT_ROOT } from '../../../runner/project-root.js';

const FOLDER = join('runner', 'assignments', 'hmc-cs5-hw11');

/** What a Python file of the assignment defines: its stand-in kinds, its function kinds and their names, a scripted AI. */
function pythonKinds(file: string): { doubles: string[]; functions: Record<string, string[]>; scriptedAi: boolean } {
  const script = [
    'import importlib.util, json, sys',
    'spec = importlib.util.spec_from_file_location("m", sys.argv[1]); m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)',
    'print(json.dumps({"doubles": list(getattr(m, "DOUBLES", {})), "functions": {k: list(f()) for k, f in getattr(m, "FUNCTION_DOUBLES", {}).items()}, "scriptedAi": getattr(m, "SCRIPTED_AI", None) is not None}))',
  ].join('\n');
  return JSON.parse(execFileSync('python3', ['-c', script, file], { encoding: 'utf8' })) as ReturnType<typeof pythonKinds>;
}

describe('HMC kit plan', () => {
  it('reaches nothing of reference/ and no case builder', async () => {
    const result = await build({ entryPoints: [join(FOLDER, 'kit.ts')], absWorkingDir: PROJECT_ROOT, bundle: true, platform: 'node', format: 'esm', write: false, metafile: true, external: ['node-pty'], logLevel: 'silent' });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs).toContain(`${FOLDER}/plan.ts`);
    const forbidden = inputs.filter((f) => f.startsWith('reference/') || /(^|\/)[\w-]*cases\.ts$/u.test(f) || (f.startsWith('runner/fixtures/') && f !== 'runner/fixtures/fixture-types.ts'));
    expect(forbidden).toEqual([]);
  });

  it('keeps the stand-ins in doubles.py and the tools, if any, in tools.py', () => {
    const doubles = pythonKinds(join(PROJECT_ROOT, FOLDER, 'doubles.py'));
    expect(doubles.doubles.length).toBeGreaterThan(0);
    expect(doubles.scriptedAi).toBe(false);
    // A tool is a capitalised name (GradeWriteFile…); a stand-in function has the student's own name.
    expect(Object.values(doubles.functions).flat().filter((name) => /^[A-Z]/u.test(name))).toEqual([]);
    const tools = join(PROJECT_ROOT, FOLDER, 'tools.py');
    if (!existsSync(tools)) return;
    const kinds = pythonKinds(tools);
    expect(kinds.doubles).toEqual([]);
    expect(Object.values(kinds.functions).flat().filter((name) => !/^[A-Z]/u.test(name))).toEqual([]);
  });

  it("asks with the document's prompt, the reference's own", () => {
    expect(HMC_PROMPT).toBe(HUMAN_PROMPT);
  });
});
