/** Third-party packages for submissions: found where they are, prepared once in a cached venv, said when missing. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  cacheFolder,
  FAILURES_FILE,
  missingPackages,
  PIP_FAILURE_TTL_MS,
  preparePython,
  readFailures,
} from '../../../runner/sandbox/python-packages.js';

const cache = mkdtempSync(join(tmpdir(), 'grader-cache-'));
afterAll(() => rmSync(cache, { recursive: true, force: true }));

describe('python packages for submissions', () => {
  it('finds which packages an interpreter lacks', async () => {
    expect(await missingPackages('python3', ['json', 'no_such_package_xyz'])).toEqual(['no_such_package_xyz']);
    expect(await missingPackages('no-such-python', ['json'])).toEqual(['json']);
  });

  it('uses python3 as it is when nothing is missing', async () => {
    const prepared = await preparePython('python3', ['json'], { cache });
    expect(prepared).toMatchObject({ python: 'python3', missing: [], notes: [] });
  });

  it('says plainly when pip cannot install a package, and grades with python3 anyway', async () => {
    // pip retries an index it cannot reach five times, sleeping between (8 s here): once is enough to fail.
    const retries = process.env['PIP_RETRIES'];
    process.env['PIP_RETRIES'] = '0';
    const prepared = await preparePython('python3', ['no_such_package_xyz'], { cache }).finally(() => {
      if (retries === undefined) delete process.env['PIP_RETRIES'];
      else process.env['PIP_RETRIES'] = retries;
    });
    expect(prepared.python).toBe('python3');
    expect(prepared.missing).toEqual(['no_such_package_xyz']);
    expect(prepared.notes.join(' ')).toMatch(/no_such_package_xyz could not be installed \(pip install no_such_package_xyz failed/);
  }, 120_000);

  it('remembers for a day what pip could not install into a venv, so a run does not try again (nor two runs at once)', () => {
    const venv = join(cache, 'python-recorded');
    mkdirSync(venv, { recursive: true });
    const at = 1_700_000_000_000;
    writeFileSync(
      join(venv, FAILURES_FILE),
      JSON.stringify({ at, failed: [{ name: 'numpy', why: 'No matching distribution found for numpy' }] }),
    );
    expect(readFailures(venv, at + 60_000)).toEqual([{ name: 'numpy', why: 'No matching distribution found for numpy' }]);
    expect(readFailures(venv, at + PIP_FAILURE_TTL_MS)).toBeUndefined();
    expect(readFailures(venv, at - 1)).toBeUndefined();
    writeFileSync(join(venv, FAILURES_FILE), '{"at": "yesterday"}');
    expect(readFailures(venv, at)).toBeUndefined();
    expect(readFailures(join(cache, 'python-none'), at)).toBeUndefined();
  });

  it('keeps its environments in the cache folder the environment names', () => {
    expect(cacheFolder({ CONNECT4_GRADER_CACHE: '/x/y' })).toBe('/x/y');
    expect(cacheFolder({ XDG_CACHE_HOME: '/c' })).toBe('/c/connect4-grader');
  });
});

describe('an interpreter too old to grade with', () => {
  it('is refused before any environment is prepared on it: no venv, no pip', async () => {
    const { prepareSandbox, probeEarly } = await import('../../../runner/sandbox/prepare-sandbox.js');
    const dir = mkdtempSync(join(tmpdir(), 'old-python-'));
    try {
      // A Python 3.7 as the probe sees one, which writes down every way it is started.
      const calls = join(dir, 'calls');
      const python = join(dir, 'python3.7');
      writeFileSync(python, `#!/bin/sh\necho "$@" >> '${calls}'\nprintf '%s\\n' '${python}' 3.7.17 3 /usr /usr '[]'\n`, { mode: 0o755 });
      await expect(prepareSandbox(python, { packages: ['numpy'], courseModules: [] }, probeEarly(python))).rejects.toMatchObject({
        code: 'no-python',
        message: expect.stringContaining('is Python 3.7.17; the assignments need Python 3.8 or newer'),
      });
      const { readFileSync } = await import('node:fs');
      // Started once, by the probe; never with -I (the packages' probe) nor -m venv.
      const started = readFileSync(calls, 'utf8');
      expect(started.startsWith('-c import sys')).toBe(true);
      expect(started).not.toMatch(/^-I |-m venv/mu);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
