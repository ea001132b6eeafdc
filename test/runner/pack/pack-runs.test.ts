/**
 * A class graded with a course's pack across runs: shards merge under the pack they were graded with, a pack changed
 * since is refused by name, and --resume treats a changed pack as a changed spec and names the tests it changed.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../runner/cli/run-cli.js';
import type { RunResults } from '../../../runner/model/results.js';
import { PROJECT_ROOT } from '../../../runner/project-root.js';
import { tempDirs } from '../../temp-dirs.js';

const temp = tempDirs();

async function cli(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(
    argv,
    (s) => (out += s),
    (s) => (err += s),
    { env: {}, cwd: PROJECT_ROOT },
  );
  return { code, out, err };
}

function setUp() {
  const pack = temp('pack-');
  writeFileSync(join(pack, 'assignment.yml'), 'extends: cs61a-hw04\ntests:\n  files.named: { points: 2 }\n');
  const klass = temp('class-');
  for (const name of ['correct-plain', 'trivia-misnamed-file'])
    cpSync(join(PROJECT_ROOT, 'fixtures', 'submissions', 'cs61a-hw04', name), join(klass, name), { recursive: true });
  return { pack, klass };
}

const only = ['--only', 'files.named', '--format', 'json', '--jobs', '1'];
const readRun = (out: string) => JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as RunResults;

describe('a pack across runs', () => {
  it('shards merge under the pack they were graded with; a pack changed since is refused', async () => {
    const { pack, klass } = setUp();
    const [a, b, merged] = [temp('shard-a-'), temp('shard-b-'), temp('merged-')];
    expect((await cli([klass, '--assignment', pack, '--out', a, '--shard', '1/2', ...only])).code).toBe(0);
    expect((await cli([klass, '--assignment', pack, '--out', b, '--shard', '2/2', ...only])).code).toBe(0);
    const done = await cli(['merge', a, b, '--out', merged, '--format', 'json']);
    expect(done.code, done.err).toBe(0);
    const run = readRun(merged);
    expect(run.pack).toEqual(readRun(a).pack);
    // files.named is worth 2 in the pack (the built-in's 40 points become 41); --only skips the rest.
    expect(run.submissions.map((s) => [s.id, s.score, s.maxScore])).toEqual([
      ['correct-plain', 2, 41],
      ['trivia-misnamed-file', 0, 41],
    ]);
    writeFileSync(join(pack, 'assignment.yml'), 'extends: cs61a-hw04\ntests:\n  files.named: { points: 3 }\n');
    const refused = await cli(['merge', a, b, '--out', temp('merged-again-'), '--format', 'json']);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/the pack .*assignment\.yml has changed since the runs were graded/u);
  }, 120_000);

  it('--resume with a changed pack is refused, naming the tests it changed', async () => {
    const { pack, klass } = setUp();
    const out = temp('out-');
    expect((await cli([klass, '--assignment', pack, '--out', out, ...only])).code).toBe(0);
    writeFileSync(join(pack, 'assignment.yml'), 'extends: cs61a-hw04\ntests:\n  files.named: { points: 3 }\n');
    const again = await cli([klass, '--assignment', pack, '--out', out, '--resume', ...only]);
    expect(again.code).toBe(2);
    expect(again.err).toContain('tests changed: files.named');
  }, 120_000);
});

describe('a pack where a student and a mutation run take one', () => {
  it("grade check --assignment <pack> grades the pack's visible tests under its title and points", async () => {
    const pack = temp('pack-');
    writeFileSync(
      join(pack, 'assignment.yml'),
      'extends: cs61a-hw04\ntitle: "CS 61A Lab 4"\ntests:\n  print_board.spacing: { points: 3 }\n  create_row.generated: { visibility: visible }\n',
    );
    const sample = join(PROJECT_ROOT, 'fixtures', 'submissions', 'cs61a-hw04', 'print-board-trailing-space');
    const run = await cli(['check', sample, '--assignment', pack]);
    expect(run.code, run.err).toBe(1);
    expect(run.out).toContain('CS 61A Lab 4');
    // print_board.spacing, which it fails, is worth 3 here; create_row.generated is among the visible tests.
    expect(run.out).toMatch(/✗ print_board prints as the doctests show.*\(0\/3\)/u);
    expect(run.out).toMatch(/✓ create_row on generated inputs/u);
  }, 120_000);

  it("grade mutants <pack> grades the mutants with the pack's tests", async () => {
    const pack = temp('pack-');
    writeFileSync(join(pack, 'assignment.yml'), 'extends: cs61a-hw04\ntests:\n  files.named: { points: 2 }\n');
    const out = temp('mutants-');
    const run = await cli(['mutants', pack, '--limit', '1', '--function', 'create_row', '--out', out, '--jobs', '1']);
    expect(run.code, run.err).toBe(0);
    const mutation = JSON.parse(readFileSync(join(out, 'mutants.json'), 'utf8')) as { assignment: string; graded: number };
    expect(mutation.assignment).toBe('cs61a-hw04');
    expect(readRun(out).pack).toMatchObject({ extends: 'cs61a-hw04' });
    expect(readRun(out).submissions[0]!.maxScore).toBe(41);
  }, 300_000);
});
