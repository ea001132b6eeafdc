/**
 * Without node-pty (a student's kit on a machine without a compiler, or CONNECT4_NO_PTY=1): the programs that run
 * on the terminal run on pipes instead, and every program test's result (status, message, expected, actual,
 * reproduce) is the one the terminal gives; the run says so once, in results.json's notes.
 */
import { execa } from 'execa';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AssignmentId } from '../../../runner/model/ids.js';
import { gradingPlan } from '../../../runner/assignments/registry.js';
import { gradeSubmission } from '../../../runner/grade/grade-submission.js';
import type { RunResults, SubmissionResult, TestResult } from '../../../runner/model/results.js';
import { PROJECT_ROOT } from '../../../runner/project-root.js';
import { probeSandbox, type SandboxEnvironment } from '../../../runner/sandbox/environment.js';
import { preparePython } from '../../../runner/sandbox/python-packages.js';
import { loadSpec } from '../../../runner/pack/load-spec.js';
import { withoutTestTimings } from '../../helpers/timings.js';
import { CLI_COMMAND } from '../../helpers/cli-command.js';

/**
 * Samples with games and a REPL, correct and broken; every program of their tests runs on the terminal (or pipes),
 * not only the first of each target, so CS111's games between players with the same script (human-games, AI games)
 * and Manchester's slow computer game are left out.
 */
const SAMPLES: readonly { assignment: AssignmentId; sample: string; tests?: readonly string[] }[] = [
  { assignment: 'cs111-ps9', sample: 'correct-classic', tests: ['process_move.terminal', 'connect_four.human-transcript'] },
  {
    assignment: 'manchester-connect4',
    sample: 'names-not-capitalised',
    tests: ['play.two-humans', 'play.names', 'play.invalid-columns', 'play.end-of-input'],
  },
  { assignment: 'conniption', sample: 'correct-classic' },
];

// What a test costs differs between the two ways; the verdict must not.
const comparable = (tests: readonly TestResult[]) => tests.filter((t) => t.status !== 'skipped').map(withoutTestTimings);

/** Each interpreter the samples need (a prepared one where the spec allows packages), probed as it is and with CONNECT4_NO_PTY=1. */
const probed = new Map<string, Record<'pty' | 'pipes', SandboxEnvironment>>();
const pythonOf = new Map<AssignmentId, string>();

beforeAll(async () => {
  // One after another: the probe reads CONNECT4_NO_PTY from the environment.
  for (const { assignment } of SAMPLES) {
    const python = (await preparePython('python3', loadSpec(PROJECT_ROOT, assignment).packages)).python;
    pythonOf.set(assignment, python);
    if (probed.has(python)) continue;
    const pty = await probeSandbox(python);
    process.env['CONNECT4_NO_PTY'] = '1';
    try {
      probed.set(python, { pty, pipes: await probeSandbox(python) });
    } finally {
      delete process.env['CONNECT4_NO_PTY'];
    }
  }
}, 300_000);

async function grade(
  assignment: AssignmentId,
  sample: string,
  tests: readonly string[] | undefined,
  terminal: 'pty' | 'pipes',
): Promise<SubmissionResult> {
  const spec = loadSpec(PROJECT_ROOT, assignment);
  const ids = tests ?? spec.tests.filter((t) => t.kind === 'program').map((t) => t.id);
  const only = { pattern: 'program tests', regex: new RegExp(`^(${ids.map((id) => id.replaceAll('.', '\\.')).join('|')})$`, 'u') };
  const sandbox = {
    ...probed.get(pythonOf.get(assignment)!)![terminal],
    allowedPackages: spec.packages,
    courseModules: spec.courseModules,
  };
  const path = join(PROJECT_ROOT, 'fixtures', 'submissions', assignment, sample);
  const files = readdirSync(path)
    .filter((name) => name !== 'BUG.md')
    .map((name) => ({ name, source: join(path, name) }));
  return gradeSubmission({ id: sample, path, files }, { spec, ...gradingPlan(assignment), sandbox, seed: 1, only, terminal: 'all' });
}

describe('programs without node-pty', () => {
  it('are run on pipes, and the probe says so in one note', () => {
    for (const { pty, pipes } of probed.values()) {
      expect(pty.terminal).toBe('pty');
      expect(pty.notes.filter((n) => n.includes('pipes'))).toEqual([]);
      expect(pipes.terminal).toBe('pipes');
      expect(pipes.notes.filter((n) => n.includes('pipes'))).toEqual([
        'programs ran on pipes, not a terminal (turned off by CONNECT4_NO_PTY=1); a program that needs a real terminal may behave differently',
      ]);
    }
  });

  it.each(SAMPLES)(
    '$assignment $sample: every program test gets the result it gets on a terminal',
    async ({ assignment, sample, tests }) => {
      const [onTerminal, onPipes] = await Promise.all([grade(assignment, sample, tests, 'pty'), grade(assignment, sample, tests, 'pipes')]);
      expect(comparable(onTerminal.tests).length).toBe(tests?.length ?? 6);
      expect(comparable(onPipes.tests)).toEqual(comparable(onTerminal.tests));
    },
    60_000,
  );

  it("say so in results.json's notes when graded from the command line with CONNECT4_NO_PTY=1", async () => {
    const out = mkdtempSync(join(tmpdir(), 'no-pty-run-'));
    try {
      const path = join(PROJECT_ROOT, 'fixtures', 'submissions', 'cs111-ps9', 'correct-classic');
      const run = await execa(
        process.execPath,
        [...CLI_COMMAND, path, '--only', 'process_move.terminal', '--out', out, '--format', 'json'],
        {
          cwd: PROJECT_ROOT,
          env: { CONNECT4_NO_PTY: '1' },
          reject: false,
        },
      );
      expect(run.exitCode, String(run.stderr)).toBe(0);
      expect(run.stdout).toContain('Note: programs ran on pipes, not a terminal (turned off by CONNECT4_NO_PTY=1)');
      const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as RunResults;
      expect(results.sandbox.notes.filter((n) => n.startsWith('programs ran on pipes'))).toHaveLength(1);
      expect(results.submissions[0]!.tests.filter((t) => t.status !== 'skipped').map((t) => [t.id, t.status])).toEqual([
        ['process_move.terminal', 'pass'],
      ]);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 60_000);
});
