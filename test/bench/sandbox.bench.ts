/**
 * `npm run bench`: what the sandbox costs a student process (issue goal: under 30 ms more than namespaces alone).
 * Each iteration starts a harness in a fresh workspace, imports nothing and stops it: once inside bubblewrap, once
 * behind `unshare` only. A submission starts one harness plus one process per terminal session.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, bench, describe } from 'vitest';
import { HarnessSession } from '../../runner/harness/session.js';
import { PROJECT_ROOT } from '../../runner/project-root.js';
import { probeSandbox, type SandboxEnvironment } from '../../runner/sandbox/environment.js';
import { createWorkspace, type Workspace } from '../../runner/sandbox/workspace.js';
import { resolveLimits } from '../../runner/model/limits.js';

const CLASSIC = join(PROJECT_ROOT, 'fixtures', 'submissions', 'cs111-ps9', 'correct-classic');
const files = readdirSync(CLASSIC).map((name) => ({ source: join(CLASSIC, name), name }));
const limits = resolveLimits({});
let bubblewrap: SandboxEnvironment;
let namespaces: SandboxEnvironment;
let workspace: Workspace;

beforeAll(async () => {
  bubblewrap = await probeSandbox('python3');
  process.env['CONNECT4_NO_BUBBLEWRAP'] = '1';
  namespaces = await probeSandbox('python3');
  delete process.env['CONNECT4_NO_BUBBLEWRAP'];
  workspace = createWorkspace(files);
});
afterAll(() => workspace.remove());

async function startAndStop(sandbox: SandboxEnvironment): Promise<void> {
  const started = await HarnessSession.start({ sandbox, workdir: workspace.dir, limits });
  if ('error' in started) throw new Error(started.error);
  await started.session.close();
}

describe('sandbox', () => {
  bench(
    'a harness started and stopped inside bubblewrap',
    async () => {
      if (bubblewrap.isolation !== 'bubblewrap') throw new Error(`no bubblewrap here: ${bubblewrap.notes.join('; ')}`);
      await startAndStop(bubblewrap);
    },
    { iterations: 20, time: 0 },
  );

  bench(
    'a harness started and stopped behind unshare only',
    async () => {
      await startAndStop(namespaces);
    },
    { iterations: 20, time: 0 },
  );
});
