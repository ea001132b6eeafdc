/**
 * What an assignment's kit plan is made of, for its kit-plan test: the modules `grade kit` bundles for it (the
 * bundle's guard refuses reference/, case builders and the grader's plan), and what its Python files define, loaded
 * as the harness loads them (tools.py first, importable by doubles.py as `grade_tools`).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AssignmentId } from '../../runner/model/ids.js';
import { doublesFiles } from '../../runner/assignments/registry.js';
import { bundleKit } from '../../runner/kit/kit-bundle.js';
import { HARNESS_DIR } from '../../runner/sandbox/environment.js';

/** The package modules of the kit's bundle (relative paths); rejects naming a forbidden module. */
export async function kitPlanModules(assignment: AssignmentId): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'kit-plan-'));
  try {
    return await bundleKit(assignment, join(dir, 'connect4-check.js'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What one Python file defines: its class stand-ins, its function sets with their names, and a scripted AI. */
export interface PythonKinds {
  readonly doubles: string[];
  readonly functions: Record<string, string[]>;
  readonly scriptedAi: boolean;
}

const SCRIPT = `
import importlib.util, json, sys
sys.path.insert(0, sys.argv[1])
found = {}
for path in sys.argv[2:]:
    spec = importlib.util.spec_from_file_location("m_" + str(len(found)), path)
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    if path.endswith("tools.py"):
        sys.modules["grade_tools"] = m
    found[path.split("/")[-1]] = {"doubles": list(getattr(m, "DOUBLES", {})), "functions": {k: list(f()) for k, f in getattr(m, "FUNCTION_DOUBLES", {}).items()}, "scriptedAi": getattr(m, "SCRIPTED_AI", None) is not None}
print(json.dumps(found))
`;

/** What the assignment's tools.py and doubles.py define (a file that does not exist defines nothing). */
export function pythonKinds(assignment: AssignmentId): { tools: PythonKinds; doubles: PythonKinds } {
  const found = JSON.parse(
    execFileSync('python3', ['-c', SCRIPT, HARNESS_DIR, ...doublesFiles(assignment)], { encoding: 'utf8' }),
  ) as Record<string, PythonKinds>;
  const none: PythonKinds = { doubles: [], functions: {}, scriptedAi: false };
  return { tools: found['tools.py'] ?? none, doubles: found['doubles.py'] ?? none };
}

/** A tool is a capitalised name (GradeWriteFile…); a stand-in function has the student's own name. */
export const isToolName = (name: string): boolean => /^[A-Z]/u.test(name);
