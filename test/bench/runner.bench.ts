/**
 * `npm run bench`: the runner's costs. A harness round trip (what every case pays), games (one on a terminal), one
 * correct CS111 submission graded from start to end (what every student pays), and the suggestMove2 tournament of
 * the bundled correct Manchester submission (goal: well under 2 minutes; it takes seconds).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, bench, describe } from 'vitest';
import { gradeSubmission } from '../../runner/grade/grade-submission.js';
import { HarnessSession } from '../../runner/harness/session.js';
import { PROJECT_ROOT } from '../../runner/project-root.js';
import { probeSandbox, type SandboxEnvironment } from '../../runner/sandbox/environment.js';
import { createWorkspace, type Workspace } from '../../runner/sandbox/workspace.js';
import { loadSpec } from '../../runner/pack/load-spec.js';
import { gradingPlan } from '../../runner/assignments/registry.js';
import { ProgramOutputWatch } from '../../runner/pty/transcript.js';

const CLASSIC = join(PROJECT_ROOT, 'fixtures', 'submissions', 'cs111-ps9', 'correct-classic');
const files = readdirSync(CLASSIC).map((name) => ({ source: join(CLASSIC, name), name }));
const spec = loadSpec(PROJECT_ROOT, 'cs111-ps9');
const MANCHESTER = join(PROJECT_ROOT, 'fixtures', 'submissions', 'manchester-connect4', 'correct-classic');
const manchesterFiles = readdirSync(MANCHESTER).map((name) => ({ source: join(MANCHESTER, name), name }));
const manchester = loadSpec(PROJECT_ROOT, 'manchester-connect4');
let sandbox: SandboxEnvironment;
let workspace: Workspace;
let session: HarnessSession;

beforeAll(async () => {
  sandbox = await probeSandbox('python3');
  workspace = createWorkspace(files);
  const started = await HarnessSession.start({ sandbox, workdir: workspace.dir, limits: spec.limits });
  if ('error' in started) throw new Error(started.error);
  session = started.session;
  await session.send({ op: 'import', module: 'ps9pr1', file: 'ps9pr1.py' }, 10_000);
  await session.send({ op: 'fresh', seed: 1 }, 10_000);
  await session.send(
    {
      op: 'call',
      target: ['Board'],
      args: [
        { type: 'int', value: 6 },
        { type: 'int', value: 7 },
      ],
      bind: 'b',
    },
    10_000,
  );
});
afterAll(async () => {
  await session.close();
  workspace.remove();
});

describe('runner', () => {
  bench('harness round trip: b.can_add_to(3)', async () => {
    await session.send({ op: 'call', target: ['b', 'can_add_to'], args: [{ type: 'int', value: 3 }] }, 10_000);
  });

  bench(
    'one correct CS111 submission, every test',
    async () => {
      await gradeSubmission({ id: 'classic', path: CLASSIC, files }, { spec, ...gradingPlan(spec.assignment), sandbox, seed: 1 });
    },
    { iterations: 3, time: 0, warmupIterations: 0, warmupTime: 0 },
  );

  bench(
    'connect_four games between typed players: the first on a pseudo-terminal, the others forked from the program server',
    async () => {
      const pattern = 'connect_four.human-games';
      await gradeSubmission(
        { id: 'classic', path: CLASSIC, files },
        {
          spec,
          ...gradingPlan(spec.assignment),
          sandbox,
          seed: 1,
          only: { pattern, regex: new RegExp(`^${pattern.replace('.', '\\.')}$`) },
        },
      );
    },
    { iterations: 3, time: 0, warmupIterations: 0, warmupTime: 0 },
  );

  bench(
    'the suggestMove2 tournament of the correct Manchester submission (10 games against 4 baselines)',
    async () => {
      const pattern = 'suggestMove2.*';
      await gradeSubmission(
        { id: 'classic', path: MANCHESTER, files: manchesterFiles },
        { spec: manchester, ...gradingPlan(manchester.assignment), sandbox, seed: 1, only: { pattern, regex: /^suggestMove2\./ } },
      );
    },
    { iterations: 2, time: 0, warmupIterations: 0, warmupTime: 0 },
  );

  // A program printing debug lines: 4 MB in the 3 KB chunks a pipe brings them in, the prompts counted after each
  // (it went over the whole output each time: 10 s of the grader's time for one such test; now linear).
  const line = 'debug: thinking very hard about the next move 123\n';
  const chunk = line.repeat(Math.ceil(3_000 / line.length));
  bench(
    'watching a program print 4 MB: prompts counted after every 3 KB chunk',
    () => {
      const watch = new ProgramOutputWatch('<start>', '<end>', 'Enter a column: ');
      watch.append('<start>Enter a column: ');
      for (let sent = 0; sent < 4_000_000; sent += chunk.length) {
        watch.append(chunk);
        watch.prompts();
      }
    },
    { iterations: 3, time: 0, warmupIterations: 0, warmupTime: 0 },
  );
});
