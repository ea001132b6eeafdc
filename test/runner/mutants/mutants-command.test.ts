/**
 * `grade mutants` end to end on a small solution: CS61A's plain correct submission with one helper no test calls.
 * Known mutants of `create_row` are killed by its tests, every mutant of the helper survives, and the results,
 * mutants.json and the class summary all say so.
 */
import { appendFileSync, cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../runner/cli/run-cli.js';
import type { MutationResults, RunResults } from '../../../runner/model/results.js';
import { PROJECT_ROOT } from '../../../runner/project-root.js';
import { tempDirs } from '../../temp-dirs.js';

const temp = tempDirs();

describe('grade mutants', () => {
  it('generates, grades and reports the known mutants of a small solution, killed and surviving', async () => {
    const solution = temp('mutants-solution-');
    cpSync(join(PROJECT_ROOT, 'fixtures', 'submissions', 'cs61a-hw04', 'correct-plain'), solution, { recursive: true });
    appendFileSync(join(solution, 'hw04.py'), '\n\ndef unused_helper(n):\n    return n + 1\n');
    const out = temp('mutants-out-');
    let said = '';
    const code = await runCli(
      ['mutants', 'cs61a-hw04', '--solution', solution, '--function', 'create_row,unused_helper', '--out', out, '--jobs', '2'],
      (s) => (said += s),
      (s) => (said += s),
      { env: {}, cwd: out },
    );
    expect(code, said).toBe(0);

    const m = JSON.parse(readFileSync(join(out, 'mutants.json'), 'utf8')) as MutationResults & { assignment: string };
    expect(m.assignment).toBe('cs61a-hw04');
    // The helper: `+` → `-`, `1` → `2`, `1` → `0` and the return removed; no test calls it, so all survive.
    const helper = m.mutants.filter((x) => x.function === 'unused_helper');
    expect(helper.map((x) => x.change).sort()).toEqual(['`+` → `-`', '`1` → `0`', '`1` → `2`', '`return` removed'].sort());
    expect(helper.every((x) => x.status === 'survived' && x.killingTests === 0)).toBe(true);
    expect(helper.find((x) => x.change === '`+` → `-`')).toMatchObject({
      file: 'hw04.py',
      before: ['    return n + 1'],
      after: ['    return n - 1'],
    });
    // create_row: its return removed; caught by create_row's own test first.
    const row = m.mutants.filter((x) => x.function === 'create_row');
    expect(row.map((x) => x.change)).toEqual(['`return` removed']);
    for (const x of row) expect(x, x.change).toMatchObject({ status: 'killed', killedBy: 'create_row.document' });
    expect(m).toMatchObject({
      graded: row.length + 4,
      killed: row.length,
      survived: 4,
      equivalent: 0,
      functionFilter: 'create_row,unused_helper',
      solutionFailures: [],
    });
    expect(m.score).toBe(Math.round((row.length / (row.length + 4)) * 1000) / 10);
    expect(m.functions[0]).toMatchObject({ function: 'unused_helper', survived: 4, mutants: 4 });
    expect(m.tests.find((t) => t.id === 'create_row.document')).toMatchObject({ killed: row.length });

    // The run itself: the solution at full marks, each mutant graded as a submission, no code comparison.
    const run = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as RunResults;
    expect(run.submissions.map((s) => s.id).sort()).toEqual(['solution', ...m.mutants.map((x) => x.id)].sort());
    expect(run.submissions.find((s) => s.id === 'solution')).toMatchObject({ score: 40, maxScore: 40 });
    expect(run.similarity).toBeUndefined();
    expect(run.mutation?.killed).toBe(m.killed);

    const html = readFileSync(join(out, 'index.html'), 'utf8');
    expect(html).toContain('How many bugs the tests catch');
    for (const x of helper) expect(html).toContain(`data-mutant="${x.id}"`);
    expect(html).toContain('return n - 1');
    expect(said).toMatch(/Mutation score: [\d.]+ % — \d+ of \d+ mutants killed, 4 survived/);
    expect(said).toContain(`survived ${helper[0]!.id}`);

    // --resume: the same mutants are written again, recognised in results.jsonl, and not graded again.
    let again = '';
    expect(
      await runCli(
        [
          'mutants',
          'cs61a-hw04',
          '--solution',
          solution,
          '--function',
          'create_row,unused_helper',
          '--out',
          out,
          '--jobs',
          '2',
          '--resume',
        ],
        (s) => (again += s),
        (s) => (again += s),
        { env: {}, cwd: out },
      ),
    ).toBe(0);
    expect(again).toMatch(new RegExp(`resuming: ${m.graded + 1} submissions already graded`));
    const resumed = JSON.parse(readFileSync(join(out, 'mutants.json'), 'utf8')) as MutationResults;
    expect(resumed.mutants.map((x) => [x.id, x.status, x.killedBy])).toEqual(m.mutants.map((x) => [x.id, x.status, x.killedBy]));
  });

  it('says what is wrong with the command in one line and exits 2', async () => {
    const dir = temp('mutants-bad-');
    const run = async (...args: string[]) => {
      let err = '';
      const code = await runCli(
        ['mutants', ...args],
        () => {},
        (s) => (err += s),
        { env: {}, cwd: dir },
      );
      return { code, err };
    };
    expect(await run()).toMatchObject({ code: 2, err: expect.stringMatching(/give one assignment/) });
    expect(await run('cs61a-hw04', '--limit', '0')).toMatchObject({
      code: 2,
      err: expect.stringMatching(/--limit must be a whole number/),
    });
    expect(await run('cs61a-hw04', '--solution', dir)).toMatchObject({ code: 2, err: expect.stringMatching(/no file of .* in /) });
    expect(await run('cs61a-hw04', '--function', 'no_such_function', '--out', join(dir, 'o'))).toMatchObject({
      code: 2,
      err: expect.stringMatching(/no mutant in a function matching --function no_such_function/),
    });
  });
});
