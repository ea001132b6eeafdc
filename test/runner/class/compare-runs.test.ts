import { describe, expect, it } from 'vitest';
import type { RunResults, SubmissionResult, TestResult } from '../../../runner/model/results.js';
import { compareRuns } from '../../../runner/class/compare-runs.js';
import { compareWith, formatComparison } from '../../../runner/cli/compare-command.js';
import { changesCsv } from '../../../reports/csv.js';
import { classView } from '../../../reports/model.js';

const test = (id: string, pass: boolean, points = 2): TestResult => ({
  id,
  name: id,
  group: 'g',
  target: 't',
  status: pass ? 'pass' : 'fail',
  score: pass ? points : 0,
  maxScore: points,
  visibility: 'visible',
  message: '',
});
const student = (id: string, filesHash: string, tests: TestResult[]): SubmissionResult => ({
  id,
  path: id,
  assignment: 'cs111-ps9',
  status: 'graded',
  score: tests.reduce((n, t) => n + t.score, 0),
  maxScore: tests.reduce((n, t) => n + t.maxScore, 0),
  durationMs: 0,
  filesHash,
  tests,
});
const run = (submissions: SubmissionResult[], fingerprints: Record<string, { definition: string; cases: string }>): RunResults => ({
  tool: { name: 'g', version: '0' },
  generatedAt: '2026-11-23T10:00:00Z',
  seed: 1,
  sandbox: { python: '3', network: 'off', notes: [] },
  settings: { assignment: 'cs111-ps9', title: 'PS9', limits: {}, manualPoints: 0, fingerprints },
  submissions,
});
const prints = { a: { definition: 'd1', cases: 'c1' }, b: { definition: 'd2', cases: 'c2' } };

describe('comparing two runs of a class', () => {
  const before = run(
    [
      student('ada', 'h-ada', [test('a', true), test('b', true)]),
      student('bob', 'h-bob', [test('a', false), test('b', true)]),
      student('cy', 'h-cy', [test('a', true), test('b', false)]),
      student('dee', 'h-dee', [test('a', true), test('b', true)]),
    ],
    prints,
  );

  it('compares identical runs empty', () => {
    const c = compareRuns(before, before, 'old');
    expect(c).toMatchObject({ students: [], added: [], removed: [], testsAdded: [], testsRemoved: [], testsChanged: [] });
    expect(changesCsv(c)).toBe(
      'student,name,old,new,delta,exported_old,exported_new,exported_delta,adjusted_old,adjusted_new,kept_old,kept_new,late_old,late_new,pass_to_fail,fail_to_pass,why\r\n',
    );
  });

  it('names every student who moved, the largest drop first, with the tests each way and why', () => {
    const after = run(
      [
        student('ada', 'h-ada', [test('a', true), test('b', false)]), // fixture b changed
        student('bob', 'h-bob-2', [test('a', true), test('b', true)]), // resubmitted
        student('cy', 'h-cy', [test('a', true), test('b', false)]), // unchanged
        student('dee', 'h-dee', [test('a', false), test('b', true)]), // nothing changed: a timeout
        student('eve', 'h-eve', [test('a', true), test('b', true)]),
      ],
      { a: prints.a, b: { definition: 'd2', cases: 'c2-new' } },
    );
    const c = compareRuns(before, after, 'runs/monday');
    expect(c.students.map((s) => [s.id, s.old, s.new, s.delta, s.passToFail, s.failToPass, s.reasons])).toEqual([
      ['ada', 4, 2, -2, ['b'], [], ['fixture changed: b']],
      ['dee', 4, 2, -2, ['a'], [], ['unexplained: the same files, spec and fixtures (a timeout on a busy machine, or a random choice)']],
      ['bob', 2, 4, 2, [], ['a'], ['submission changed']],
    ]);
    expect(c).toMatchObject({
      added: ['eve'],
      removed: [],
      testsChanged: [{ id: 'b', what: 'fixture' }],
      previous: { path: 'runs/monday' },
    });
    expect(changesCsv(c).split('\r\n')[1]).toBe('ada,,4,2,-2,4,2,-2,,,,,,,b,,fixture changed: b');
    // The student new to this run has a row of changes.csv too, and so has one no longer in it.
    expect(changesCsv(c).split('\r\n').slice(4, 5)).toEqual(['eve,,,4,,,4,,,,,,,,,,new: not in the earlier run']);
    const gone = compareRuns(before, { ...after, submissions: after.submissions.filter((x) => x.id !== 'cy') }, 'runs/monday');
    expect(gone).toMatchObject({ removed: ['cy'], removedStudents: [{ id: 'cy', score: 2, exported: 2 }] });
    expect(
      changesCsv(gone)
        .split('\r\n')
        .find((l) => l.startsWith('cy,')),
    ).toBe('cy,,2,,,2,,,,,,,,,,,gone: not in this run (the new gradebook has no row for them; Canvas keeps the earlier grade)');
    const view = classView({ ...after, comparison: c }).comparison!;
    expect(view).toMatchObject({ drops: 2, rises: 1, testsChanged: ['b (fixture)'] });
    expect(view.students.map((s) => [s.displayName, s.delta, s.drop])).toEqual([
      ['ada', '-2', true],
      ['dee', '-2', true],
      ['bob', '+2', false],
    ]);
  });

  it("says a spec change when a test's points or check changed, and a removed test", () => {
    const after = run(
      [
        student('ada', 'h-ada', [test('a', true, 3)]),
        student('bob', 'h-bob', [test('a', false, 3)]),
        student('cy', 'h-cy', [test('a', true, 3)]),
        student('dee', 'h-dee', [test('a', true, 3)]),
      ],
      { a: { definition: 'd1-new', cases: 'c1' } },
    );
    const c = compareRuns(before, after, 'old');
    expect(c.testsRemoved).toEqual(['b']);
    expect(c.students.find((s) => s.id === 'bob')).toMatchObject({ delta: -2, reasons: ['spec changed: a', 'tests added or removed'] });
    expect(c.students.find((s) => s.id === 'cy')).toMatchObject({ delta: 1, reasons: ['spec changed: a', 'tests added or removed'] });
  });

  it('compares what the exports show: an adjustment, a total override and a keep-higher not repeated each move a grade, with their reason', () => {
    const row = (test: string, op: '+' | '-' | '=', amount: number, applied: number, line: number, reason: string) => ({
      line,
      test,
      kind: test === 'total' ? ('total' as const) : ('test' as const),
      op,
      amount,
      reason,
      applied,
    });
    const adjust = (s: SubmissionResult, score: number, ...rows: ReturnType<typeof row>[]) => ({
      ...s,
      adjusted: { score, maxScore: s.maxScore, rows },
    });
    const [ada, bob, cy, dee] = before.submissions as [SubmissionResult, SubmissionResult, SubmissionResult, SubmissionResult];
    // Monday: dee kept 4 from an earlier run, though she scored 2 (keep-higher), and nothing else was adjusted.
    const monday = {
      ...before,
      submissions: [
        ada,
        bob,
        cy,
        { ...dee, score: 2, tests: [test('a', true), test('b', false)], keptHigher: { score: 4, from: 'runs/sunday' } },
      ],
    };
    // Tuesday: the same automatic scores; ada +1 on b (a regrade), bob's total set to 4, dee not kept (no --keep-higher).
    const tuesday = {
      ...before,
      submissions: [
        adjust(ada, 4, row('b', '+', 1, 0, 2, 'regrade')),
        adjust(bob, 4, row('total', '=', 4, 2, 3, 'override')),
        cy,
        { ...dee, score: 2, tests: [test('a', true), test('b', false)] },
      ],
    };
    const c = compareRuns(monday, tuesday, 'runs/monday');
    const byId = Object.fromEntries(c.students.map((s) => [s.id, s]));
    expect(Object.keys(byId).sort()).toEqual(['ada', 'bob', 'dee']);
    expect(byId['dee']).toMatchObject({
      delta: 0,
      exported: { old: 4, new: 2, delta: -2 },
      kept: { old: 4 },
      reasons: ["keep-higher not repeated: the earlier run's exports kept 4 (from runs/sunday); give --keep-higher again to keep it"],
    });
    expect(byId['bob']).toMatchObject({
      delta: 0,
      exported: { old: 2, new: 4, delta: 2 },
      adjusted: { new: 4 },
      reasons: ['total override =4 on the total (override): added (line 3)'],
    });
    // A row that changes nothing still changed what the instructor meant: it is listed, with its effect.
    expect(byId['ada']).toMatchObject({ exported: { delta: 0 }, reasons: ['adjustment +1 on b (regrade): added (line 2)'] });
    expect(c.students[0]!.id).toBe('dee');
    const view = classView({ ...tuesday, comparison: c }).comparison!;
    expect(view.students.find((s) => s.displayName === 'dee')).toMatchObject({
      old: 4,
      new: 2,
      delta: '-2',
      drop: true,
      automatic: 'automatic 2 → 2',
    });
    // A late penalty that appears is the late policy's doing, in its own column.
    const late = {
      ...tuesday,
      submissions: tuesday.submissions.map((s) =>
        s.id === 'cy'
          ? {
              ...s,
              adjusted: {
                score: 1,
                maxScore: 4,
                rows: [
                  {
                    line: 0,
                    test: 'total',
                    kind: 'late' as const,
                    op: '-' as const,
                    amount: 1,
                    reason: '25 h late (2 days counted)',
                    applied: -1,
                  },
                ],
              },
            }
          : s,
      ),
    };
    expect(compareRuns(tuesday, late, 'runs/tuesday').students).toEqual([
      expect.objectContaining({
        id: 'cy',
        exported: { old: 2, new: 1, delta: -1 },
        late: { new: -1 },
        reasons: ['late policy: 25 h late (2 days counted): added (line 0)'],
      }),
    ]);
    expect(
      changesCsv(c)
        .split('\r\n')
        .find((l) => l.startsWith('dee')),
    ).toBe(
      "dee,,2,2,0,4,2,-2,,,4,,,,,,keep-higher not repeated: the earlier run's exports kept 4 (from runs/sunday); give --keep-higher again to keep it",
    );
  });

  it('compares a run of part of the tests (--only) on the tests both ran, not as unexplained failures', () => {
    const skipped = (id: string): TestResult => ({ ...test(id, false), status: 'skipped', message: 'not run: --only a' });
    const part = {
      ...run(
        [
          student('ada', 'h-ada', [test('a', true), skipped('b')]),
          student('bob', 'h-bob', [test('a', true), skipped('b')]), // a was fixed by a spec change
          student('cy', 'h-cy', [test('a', true), skipped('b')]),
          student('dee', 'h-dee', [test('a', true), skipped('b')]),
        ],
        { a: { definition: 'd1-new', cases: 'c1' }, b: prints.b },
      ),
    };
    const only = { ...part, settings: { ...part.settings!, only: 'a' } };
    const c = compareRuns(before, only, 'runs/monday');
    // Only bob moved on the test both ran; the tests --only left out are no change, and nobody is "unexplained".
    expect(c.only).toBe('a');
    expect(c.students.map((s) => [s.id, s.old, s.new, s.delta, s.passToFail, s.reasons])).toEqual([
      ['bob', 0, 2, 2, [], ['spec changed: a']],
    ]);
    expect(JSON.stringify(c)).not.toContain('unexplained');
    // The other way round too: a full run after an --only run.
    expect(compareRuns(only, before, 'runs/part').students.map((s) => [s.id, s.delta])).toEqual([['bob', -2]]);
    // Keeping the higher of two scores needs whole scores.
    expect(() => compareWith('runs/monday', before, only, true)).toThrow(
      'this run graded only the tests matching a: --keep-higher keeps whole scores',
    );
    expect(formatComparison(c)).toMatch(
      /^Compared with runs\/monday on the tests both ran \(--only a\): 1 student changed, 0 lost points\n/u,
    );
  });

  it("--keep-higher keeps a higher automatic score, never the instructor's own regrade rows reduced or withdrawn since", () => {
    const adjusted = (
      x: SubmissionResult,
      rows: { test: string; op: '+' | '-' | '='; amount: number; applied: number; kind?: 'test' | 'total' }[],
    ) => ({
      ...x,
      adjusted: {
        score: x.score + rows.reduce((n, r) => n + r.applied, 0),
        maxScore: x.maxScore,
        rows: rows.map((r) => ({ line: 2, kind: r.kind ?? 'test', reason: 'regrade', ...r })),
      },
    });
    // Monday: ada's regrade gave +2 (4 in all); bob's tests gave 4; cy's 2 and his total was set to 3.
    const monday = run(
      [
        adjusted(student('ada', 'h', [test('a', true), test('b', false)]), [{ test: 'b', op: '+', amount: 2, applied: 2 }]),
        student('bob', 'h', [test('a', true), test('b', true)]),
        student('cy', 'h', [test('a', true), test('b', false)]),
      ],
      prints,
    );
    // Tuesday: ada's regrade withdrawn (the tests give her 2, as before); bob's tests give 2 now (a fixture fixed); cy's total is set to 1.
    const tuesday = run(
      [
        student('ada', 'h', [test('a', true), test('b', false)]),
        student('bob', 'h', [test('a', true), test('b', false)]),
        adjusted(student('cy', 'h', [test('a', true), test('b', false)]), [
          { test: 'total', kind: 'total', op: '=', amount: 1, applied: -1 },
        ]),
      ],
      prints,
    );
    const kept = compareWith('runs/monday', monday, tuesday, true);
    const byId = Object.fromEntries(kept.submissions.map((x) => [x.id, x]));
    expect(byId['ada']!.keptHigher).toBeUndefined();
    expect(byId['bob']!.keptHigher).toEqual({ score: 4, from: 'runs/monday', automatic: 4 });
    expect(byId['cy']!.keptHigher).toBeUndefined();
    expect(kept.comparison.students.find((x) => x.id === 'ada')).toMatchObject({
      exported: { old: 4, new: 2 },
      reasons: ['adjustment +2 on b (regrade): no longer applied (it was line 2)'],
    });
    // A score kept on Monday is carried on by a keep-higher on Tuesday.
    const wednesday = compareWith(
      'runs/tuesday',
      kept,
      run(
        tuesday.submissions.map((x) => ({ ...x, adjusted: undefined })),
        prints,
      ),
      true,
    );
    expect(wednesday.submissions.find((x) => x.id === 'bob')!.keptHigher).toEqual({ score: 4, from: 'runs/tuesday', automatic: 4 });
  });
});
