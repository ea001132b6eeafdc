/**
 * `grade kit --classroom`: the starter's workflow, and its steps run as GitHub Actions would run them after checkout
 * and setup-node, from a clean folder with an empty npm cache: the kit installs offline, and `connect4-check-<id> --ci`
 * gives Classroom's points line, an annotation on the failing line, the job summary with what is graded later, and
 * exit 1 for a failing submission.
 */
import { execa } from 'execa';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runCli } from '../../../runner/cli/run-cli.js';
import { PROJECT_ROOT } from '../../../runner/project-root.js';

const work = mkdtempSync(join(tmpdir(), 'classroom-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('grade kit --classroom', () => {
  it("writes a workflow whose steps install the kit and check the student's repository", async () => {
    let printed = '';
    const code = await runCli(
      ['kit', 'cs61a-hw04', '--out', join(work, 'kit'), '--classroom'],
      (s) => (printed += s),
      (s) => (printed += s),
      { env: {}, cwd: work },
    );
    expect(code, printed).toBe(0);
    expect(printed).toContain('GitHub Classroom starter');

    // The student's repository: the template's .github, and work with a barrier slip in print_board.
    const repo = join(work, 'repo');
    cpSync(join(PROJECT_ROOT, 'fixtures', 'submissions', 'cs61a-hw04', 'print-board-indexes-board'), repo, { recursive: true });
    cpSync(join(work, 'kit', 'classroom', '.github'), join(repo, '.github'), { recursive: true });
    const workflow = parse(readFileSync(join(repo, '.github', 'workflows', 'check.yml'), 'utf8')) as {
      on: Record<string, unknown>;
      jobs: { check: { steps: { uses?: string; run?: string }[] } };
    };
    expect(Object.keys(workflow.on)).toContain('push');
    const steps = workflow.jobs.check.steps;
    expect(steps.slice(0, 2).map((s) => s.uses)).toEqual(['actions/checkout@v4', 'actions/setup-node@v4']);
    const runs = steps.flatMap((s) => (s.run ? [s.run] : []));
    expect(runs).toHaveLength(2);
    const [install, check] = runs as [string, string];
    expect(check).toBe('connect4-check-cs61a-hw04 --ci');
    const tarball = /\.\/(\.github\/connect4-check\/[^ ]+\.tgz)/u.exec(install)?.[1];
    expect(tarball && existsSync(join(repo, tarball)), install).toBe(true);
    expect(readdirSync(join(repo, '.github', 'connect4-check'))).toHaveLength(1);

    // Each step as Actions runs it, in a shell in the repository; npm's global prefix and cache are fresh folders.
    const prefix = join(work, 'npm-global');
    const summary = join(work, 'summary.md');
    mkdirSync(prefix);
    const env = {
      ...process.env,
      CI: 'true',
      GITHUB_ACTIONS: 'true',
      GITHUB_WORKSPACE: repo,
      GITHUB_STEP_SUMMARY: summary,
      RUNNER_TEMP: join(work, 'runner-temp'),
      npm_config_prefix: prefix,
      npm_config_cache: join(work, 'npm-cache'),
      PATH: `${join(prefix, 'bin')}${delimiter}${process.env['PATH']}`,
    };
    const installed = await execa('bash', ['-c', install], { cwd: repo, env, reject: false });
    expect(installed.exitCode, String(installed.stderr)).toBe(0);
    const checked = await execa('bash', ['-c', check], { cwd: repo, env, reject: false });
    expect(checked.exitCode, String(checked.stderr)).toBe(1);
    expect(checked.stdout).toMatch(/^::error file=hw04\.py,line=46,title=print_board works when the board is not a list/mu);
    expect(checked.stdout).toMatch(/^::notice title=Autograding complete::Points 23\/24$/mu);
    expect(readFileSync(summary, 'utf8')).toMatch(
      /\*\*23\/24\*\* points on the visible tests[\s\S]*11 hidden tests worth 16 points are graded after you submit/u,
    );
    // The check's files go to the job's temporary folder, never into the student's repository.
    const files = /The check's files \(.*\) are in (.+)$/mu.exec(checked.stdout)?.[1];
    expect(files?.startsWith(join(work, 'runner-temp'))).toBe(true);
    expect(readFileSync(join(files!, 'junit.xml'), 'utf8')).toContain('<failure');
    expect(existsSync(join(repo, 'grade-report'))).toBe(false);
  }, 180_000);
});
