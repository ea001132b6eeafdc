/**
 * The harness on the oldest Python the grader supports (3.8): what it needs of 3.9 and later has a stand-in there
 * (grade_harness/compat.py's exit code of a process ended, guard.py's standard library's names), so a child's exit and
 * a course helper the submission left out read as they do on a newer Python. The interpreter is
 * CONNECT4_OLDEST_PYTHON (.ci/run sets it), or pyenv's 3.8 where the machine has one; without either the test is
 * skipped with a warning, and under CI fails.
 */
import { execa } from 'execa';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HARNESS_DIR } from '../../../runner/sandbox/environment.js';

const PYENV = '/root/.pyenv/versions';
const oldest =
  process.env['CONNECT4_OLDEST_PYTHON'] ??
  (existsSync(PYENV)
    ? readdirSync(PYENV)
        .filter((v) => v.startsWith('3.8.'))
        .map((v) => join(PYENV, v, 'bin', 'python'))
        .find(existsSync)
    : undefined);

const SCRIPT = `
import os, signal, sys, json
sys.path.insert(0, ${JSON.stringify(HARNESS_DIR)})
from grade_harness.compat import exit_code
from grade_harness.guard import ImportGuard, stdlib_names
codes = []
for how in ("exit", "signal"):
    pid = os.fork()
    if pid == 0:
        if how == "signal":
            os.kill(os.getpid(), signal.SIGKILL)
        os._exit(3)
    codes.append(exit_code(os.waitpid(pid, 0)[1]))
names = stdlib_names()
guard = ImportGuard([], os.getcwd(), ["utils"])
sys.meta_path.insert(0, guard)
import utils
try:
    import numpy_is_not_here
    refused = None
except ModuleNotFoundError as error:
    refused = str(error)
print(json.dumps({"version": sys.version_info[:2], "codes": codes, "json": "json" in names, "curses": "curses" in names,
                  "numpy": "numpy" in names, "utils": utils.__doc__, "refused": refused}))
`;

// CI must check it (.ci/run finds pyenv's 3.8); elsewhere a machine without a 3.8 skips it, and says so.
if (oldest === undefined) {
  if (process.env['CI'] === 'true')
    throw new Error('CI must check the harness on Python 3.8, but no CONNECT4_OLDEST_PYTHON and no pyenv 3.8 was found');
  console.warn('\n  skipped: the harness on Python 3.8 (no CONNECT4_OLDEST_PYTHON and no pyenv 3.8)\n');
}

describe.runIf(oldest !== undefined)(`the harness on the oldest Python supported (${oldest ?? 'none found'})`, () => {
  it("reads a child's exit code and signal, knows the standard library, and gives a missing course helper", async () => {
    const ran = await execa(oldest!, ['-I', '-c', SCRIPT], { cwd: HARNESS_DIR });
    const got = JSON.parse(ran.stdout) as Record<string, unknown>;
    expect(got['version']).toEqual([3, 8]);
    expect(got['codes']).toEqual([3, -9]);
    expect([got['json'], got['curses'], got['numpy']]).toEqual([true, true, false]);
    expect(got['utils']).toContain('empty stand-in');
    expect(got['refused']).toContain("No module named 'numpy_is_not_here'");
  });
});
