/**
 * The Windows way with processes, taken on Linux: no fork (each group of tests in a fresh Python), no process groups,
 * and nothing else that holds a student's processes together (no bubblewrap, no PID namespace), forced with
 * CONNECT4_NO_FORK=1 and CONNECT4_TEST_NO_PROCESS_GROUPS=1. A sample whose put_piece loops for ever times out, and
 * its Python is killed, not left burning a core: no Python started in the run's temporary folder runs after it.
 */
import { execa } from 'execa';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunResults } from '../../runner/model/results.js';
import { PROJECT_ROOT } from '../../runner/project-root.js';
import { CLI_COMMAND } from '../helpers/cli-command.js';
import { hangLimitsEnv } from '../helpers/grade-samples.js';

const SAMPLE = 'hostile-infinite-loop';
const LOOPING = ['put_piece.document', 'put_piece.generated'];

/** The Python processes whose command line names `folder` (the harness's config names its workspace); a zombie's is empty. */
function pythonsIn(folder: string): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/u.test(name))
    .filter((name) => {
      try {
        const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8');
        return cmdline.includes(folder) && /python/u.test(cmdline.split('\0')[0] ?? '');
      } catch {
        return false;
      }
    })
    .map(Number);
}

describe.runIf(process.platform === 'linux')('without fork or process groups, as on Windows', () => {
  it("a looping test times out and leaves no Python running after the run (CS61A's hostile-infinite-loop)", async () => {
    // The run's own temporary folder: its workspaces, and so every student process it starts, are named under it.
    const work = mkdtempSync(join(tmpdir(), 'no-process-groups-'));
    const [temp, klass, out] = [join(work, 'tmp'), join(work, 'class'), join(work, 'out')];
    mkdirSync(temp);
    cpSync(join(PROJECT_ROOT, 'fixtures', 'submissions', 'cs61a-hw04', SAMPLE), join(klass, SAMPLE), { recursive: true });
    try {
      expect(pythonsIn(temp)).toEqual([]);
      const run = await execa(
        process.execPath,
        [...CLI_COMMAND, join(klass, SAMPLE), '--only', 'put_piece.', '--out', out, '--format', 'json'],
        {
          cwd: PROJECT_ROOT,
          env: {
            CONNECT4_NO_FORK: '1',
            CONNECT4_NO_PTY: '1',
            CONNECT4_TEST_NO_PROCESS_GROUPS: '1',
            TMPDIR: temp,
            ...hangLimitsEnv({ [SAMPLE]: LOOPING }),
          },
          reject: false,
          // A grader whose kill missed waits for ever on the Python it meant to kill: stopped, so the sweep below runs.
          timeout: 40_000,
          killSignal: 'SIGKILL',
        },
      );
      expect(run.timedOut, 'the grader never finished: it waited on a Python it did not kill').toBe(false);
      expect(run.exitCode, String(run.stderr)).toBe(0);
      const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as RunResults;
      const timedOut = results.submissions[0]!.tests.filter((t) => t.status === 'timeout').map((t) => t.id);
      expect(timedOut).toEqual(LOOPING);
      // The run took the way it was asked to: nothing but the grader's own kill could stop the loop.
      expect(results.sandbox.isolation).toBe('none');
      expect(results.sandbox.notes).toContain('each test runs in a fresh Python (CONNECT4_NO_FORK=1): slower, the same verdicts');
      // The grader has exited: a Python it did not kill would still be looping, its command line naming the workspace.
      expect(pythonsIn(temp)).toEqual([]);
    } finally {
      for (const pid of pythonsIn(temp)) process.kill(pid, 'SIGKILL');
      rmSync(work, { recursive: true, force: true });
    }
  }, 60_000);
});
