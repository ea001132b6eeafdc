/**
 * A student's process and what it started, killed: as a process group, or, where there are none (Windows; forced
 * here with CONNECT4_TEST_NO_PROCESS_GROUPS=1), as a tree read from the processes' parents. Either way a looping
 * Python that started another looping Python leaves neither running.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { killProcessTree, processGroups } from '../../../runner/pty/process-tree.js';

const NO_GROUPS = { CONNECT4_TEST_NO_PROCESS_GROUPS: '1' };

/** The processes whose command line holds `marker` (a zombie's is empty: it runs no more). */
function running(marker: string): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/u.test(name))
    .filter((name) => {
      try {
        return readFileSync(`/proc/${name}/cmdline`, 'utf8').includes(marker);
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** A Python that starts a second one, both looping for ever, each with `marker` in its command line. */
async function loopingPair(marker: string) {
  const child = 'print("child", flush=True)\nwhile True: pass';
  const script = [
    'import subprocess, sys',
    `subprocess.Popen([sys.executable, '-c', ${JSON.stringify(child)}, '${marker}'])`,
    'print("parent", flush=True)',
    'while True: pass',
  ].join('\n');
  const parent = spawn('python3', ['-c', script, marker], { detached: true, stdio: ['ignore', 'pipe', 'ignore'] });
  const exited = new Promise<void>((resolve) => parent.once('exit', () => resolve()));
  // Each says so once it runs its own code (the child shares the parent's output): both are looping then.
  let said = '';
  await new Promise<void>((resolve) =>
    parent.stdout.on('data', (chunk: Buffer) => {
      said += String(chunk);
      if (said.includes('parent') && said.includes('child')) resolve();
    }),
  );
  return { pid: parent.pid!, exited };
}

/** Kills whatever a failed test left behind, so it never burns a core after the suite. */
const sweep = (marker: string) => {
  for (const pid of running(marker)) process.kill(pid, 'SIGKILL');
};

describe.runIf(process.platform === 'linux')("a student's processes, killed", () => {
  it('take the group way everywhere but on Windows, and the tree way with CONNECT4_TEST_NO_PROCESS_GROUPS=1', () => {
    expect(processGroups({})).toBe(true);
    expect(processGroups(NO_GROUPS)).toBe(false);
  });

  it.each([
    ['as a process group', {}],
    ['as a tree, where there are no process groups', NO_GROUPS],
  ])('%s: a Python and the Python it started are both gone', async (_way, env) => {
    const marker = `process-tree-${process.pid}-${Object.keys(env).length}`;
    try {
      const { pid, exited } = await loopingPair(marker);
      expect(running(marker)).toHaveLength(2);
      expect(killProcessTree(pid, env)).toBe(true);
      await exited;
      // SIGKILL is delivered before kill() returns; the child, re-parented, is reaped by init: wait for that alone.
      for (let i = 0; i < 1000 && running(marker).length > 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(running(marker)).toEqual([]);
    } finally {
      sweep(marker);
    }
  });
});
