/**
 * The interpreter a pyenv shim would run, found without running the shim's bash where pyenv's choice is plain, and
 * left to the shim everywhere else: a fake pyenv root whose shim fails if it is ever run.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pyenvInterpreter, versionFileNames } from '../../../runner/sandbox/pyenv-shim.js';
import { probeSandbox } from '../../../runner/sandbox/environment.js';
import { tempDirs } from '../../temp-dirs.js';

const temp = tempDirs();

/**
 * A pyenv root with shims that exit 3, and versions holding the interpreter (3.11.7 and a virtualenv) or not
 * (3.10.1), as python3 and python3.11.
 */
function fakePyenv(python: string) {
  const root = temp('pyenv-');
  const shims = join(root, 'shims');
  mkdirSync(shims);
  for (const command of ['python3', 'python3.11']) {
    writeFileSync(join(shims, command), '#!/bin/sh\necho "the shim ran" >&2\nexit 3\n');
    chmodSync(join(shims, command), 0o755);
  }
  for (const version of ['3.11.7', 'course-env']) {
    mkdirSync(join(root, 'versions', version, 'bin'), { recursive: true });
    for (const command of ['python3', 'python3.11']) symlinkSync(python, join(root, 'versions', version, 'bin', command));
  }
  mkdirSync(join(root, 'versions', '3.10.1', 'bin'), { recursive: true });
  writeFileSync(join(root, 'version'), '# the global version\n3.11.7\n');
  const project = join(temp('pyenv-project-'), 'course', 'week9');
  mkdirSync(project, { recursive: true });
  return { root, shims, project, env: { PATH: `${shims}:/usr/bin:/bin` } };
}

const REAL_PYTHON = '/usr/bin/env'; // any executable file stands for an interpreter where nothing runs it

describe('a pyenv shim', () => {
  it("is skipped for the global version's interpreter", () => {
    const { root, project, env } = fakePyenv(REAL_PYTHON);
    expect(pyenvInterpreter('python3', env, project)).toBe(join(root, 'versions', '3.11.7', 'bin', 'python3'));
  });

  it('follows PYENV_VERSION first, then the nearest .python-version, trying each named version in turn', () => {
    const { root, project, env } = fakePyenv(REAL_PYTHON);
    writeFileSync(join(project, '..', '.python-version'), 'course-env\n');
    expect(pyenvInterpreter('python3', env, project)).toBe(join(root, 'versions', 'course-env', 'bin', 'python3'));
    // 3.10.1 is installed without python3: the next name has it, as `pyenv which` finds it.
    expect(pyenvInterpreter('python3', { ...env, PYENV_VERSION: '3.10.1:3.11.7' }, project)).toBe(
      join(root, 'versions', '3.11.7', 'bin', 'python3'),
    );
  });

  it('is left to decide wherever pyenv would use rules of its own', () => {
    const { root, project, env } = fakePyenv(REAL_PYTHON);
    for (const version of ['system', '3.11', '3.9.1', '../elsewhere'])
      expect(pyenvInterpreter('python3', { ...env, PYENV_VERSION: version }, project), version).toBeUndefined();
    expect(pyenvInterpreter('python3', { ...env, PYENV_DIR: project }, project)).toBeUndefined();
    expect(pyenvInterpreter('/usr/bin/python3', env, project)).toBeUndefined();
    // An interpreter on PATH that is no shim is run as it is.
    expect(pyenvInterpreter('python3', { PATH: join(root, 'versions', '3.11.7', 'bin') }, project)).toBeUndefined();
  });

  it('reads a version file as pyenv does: its words, comment lines left out', () => {
    expect(versionFileNames('# pinned for the course\n3.11.7 3.10.1\n\n  course-env\n')).toEqual(['3.11.7', '3.10.1', 'course-env']);
  });

  it("never runs in the grader's probe when its choice is plain: the probe asks the interpreter itself", async () => {
    const found = execFileSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }).trim();
    const { root, project, env } = fakePyenv(found);
    const before = { path: process.env['PATH'], cwd: process.cwd() };
    process.env['PATH'] = env.PATH;
    process.chdir(project);
    try {
      // A command no other test probes (a process keeps each command's answers): the shim would fail the probe.
      const sandbox = await probeSandbox('python3.11');
      expect(sandbox.python).toBe(join(root, 'versions', '3.11.7', 'bin', 'python3.11'));
      expect(sandbox.pythonVersion).toMatch(/^3\./u);
    } finally {
      process.env['PATH'] = before.path;
      process.chdir(before.cwd);
    }
  });
});
