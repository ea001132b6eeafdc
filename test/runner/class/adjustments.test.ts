import { describe, expect, it } from 'vitest';
import { applyAdjustments, csvRecords, parseAdjustments, type AdjustmentTargets } from '../../../runner/class/adjustments.js';
import { formatAdjustments } from '../../../runner/cli/second-pass.js';
import { adjustmentLines } from '../../../reports/final-score.js';
import type { RunResults, SubmissionResult, TestResult } from '../../../runner/model/results.js';
import { canvasCsv, scoresCsv } from '../../../reports/csv.js';
import { gradescopeResults } from '../../../reports/gradescope.js';
import { junitXml } from '../../../reports/junit.js';
import { classView, submissionView } from '../../../reports/model.js';

const targets: AdjustmentTargets = {
  tests: new Map([
    ['repr', { maxScore: 2 }],
    ['games', { maxScore: 4 }],
  ]),
  manual: new Map([['problem-0', { name: 'Reading', points: 4 }]]),
  students: new Set(['ada', 'bob']),
  retired: new Set(['old.test']),
};
const parse = (body: string) => parseAdjustments(`student,test,change,reason,by\n${body}`, 'adjustments.csv', targets);

const test = (id: string, score: number, maxScore: number): TestResult => ({
  id,
  name: id,
  group: 'g',
  target: 't',
  status: score === maxScore ? 'pass' : 'fail',
  score,
  maxScore,
  visibility: 'visible',
  message: 'm',
});
const submission = (id: string, tests: TestResult[]): SubmissionResult => ({
  id,
  path: id,
  assignment: 'cs111-ps9',
  status: 'graded',
  score: tests.reduce((n, t) => n + t.score, 0),
  maxScore: 6,
  durationMs: 0,
  tests,
});
const run = (): RunResults => ({
  tool: { name: 'g', version: '0' },
  generatedAt: '2026-11-23T10:00:00.000Z',
  seed: 1,
  sandbox: { python: '3', network: 'off', notes: [] },
  settings: { assignment: 'cs111-ps9', title: 'PS9', limits: {}, manualPoints: 4 },
  submissions: [submission('ada', [test('repr', 0, 2), test('games', 4, 4)]), submission('bob', [test('repr', 2, 2), test('games', 0, 4)])],
});

describe('reading an adjustments file', () => {
  it('reads quoted fields with commas, quotes and line breaks, and a byte-order mark', () => {
    expect(csvRecords('\uFEFFa,"b, c","say ""hi""\nthere"\r\nd,e\n\n')).toEqual([
      { line: 1, fields: ['a', 'b, c', 'say "hi"\nthere'] },
      { line: 3, fields: ['d', 'e'] },
    ]);
  });

  it('reads every kind of row', () => {
    expect(
      parse('ada,repr,+2,"regrade: the dashes are right",TA Kim\nada,total,-1.5,late\nbob,problem-0,=4,,\nbob,old.test,+1,was right'),
    ).toEqual([
      { line: 2, student: 'ada', test: 'repr', kind: 'test', op: '+', amount: 2, reason: 'regrade: the dashes are right', by: 'TA Kim' },
      { line: 3, student: 'ada', test: 'total', kind: 'total', op: '-', amount: 1.5, reason: 'late' },
      { line: 4, student: 'bob', test: 'problem-0', kind: 'manual', op: '=', amount: 4, reason: '', group: 'Reading' },
      { line: 5, student: 'bob', test: 'old.test', kind: 'retired', op: '+', amount: 1, reason: 'was right' },
    ]);
  });

  it('matches students and tests without regard to case, and offers the nearest name for a typo', () => {
    expect(parse('ADA,Repr,+2,regrade\nBob,TOTAL,-1,late\nada,Problem-0,=4,')).toMatchObject([
      { student: 'ada', test: 'repr' },
      { student: 'bob', test: 'total' },
      { student: 'ada', test: 'problem-0', kind: 'manual' },
    ]);
    expect(() => parse('adaa,repr,+1,why')).toThrow("no submission 'adaa' was graded; did you mean 'ada'?");
    expect(() => parse('ada,rpr,+1,why')).toThrow("nor total; did you mean 'repr'?");
    const twins = { ...targets, students: new Set(['Ada', 'ada']) };
    expect(parseAdjustments('student,test,change,reason\nAda,repr,+1,x\n', 'a.csv', twins)[0]!.student).toBe('Ada');
    expect(() => parseAdjustments('student,test,change,reason\nADA,repr,+1,x\n', 'a.csv', twins)).toThrow(
      "'ADA' is Ada and ada, which differ only by case",
    );
  });

  it('stops at the first bad row with the file, the line and what is wrong', () => {
    expect(() => parseAdjustments('id,score\n', 'a.csv', targets)).toThrow(
      'a.csv, line 1: the first row must be the header student,test,change,reason,by',
    );
    expect(() => parse('cy,repr,+1,why')).toThrow("adjustments.csv, line 2: no submission 'cy' was graded");
    expect(() => parse('ada,rpr,+1,why')).toThrow(
      "adjustments.csv, line 2: 'rpr' is neither a test id, a group graded by hand (problem-0) nor total",
    );
    expect(() => parse('ada,repr,two,why')).toThrow("line 2: the change 'two' is not +n, -n or =n");
    expect(() => parse('ada,repr,2,why')).toThrow("the change '2' is not +n, -n or =n");
    expect(() => parse('ada,repr,+1,why\nbob,repr,+1,why\nada,repr,-1,again')).toThrow(
      'line 4: a second row for ada and repr (the first is line 2)',
    );
    expect(() => parse('ada,problem-0,=5,')).toThrow('line 2: problem-0 is graded by hand out of 4 points, not 5');
    expect(() => parse('ada,repr,=3,why')).toThrow('line 2: repr is worth 2 points, not 3');
    expect(() => parse('ada,repr,+1,')).toThrow('line 2: give a reason');
    expect(() => parse('ada,repr,+1,a,b,c')).toThrow('line 2: 6 fields');
    expect(() => parse('ada,repr,+1,"never closed')).toThrow('line 2: a quoted field is never closed');
  });
});

describe('applying adjustments', () => {
  const rows = parse('ada,repr,+5,regrade,TA Kim\nada,total,-1,late\nbob,problem-0,=3,\nbob,old.test,+1,kept');
  const adjusted = applyAdjustments(run(), rows, 'adjustments.csv', 4);
  const [ada, bob] = adjusted.submissions;

  it('keeps the automatic score beside the adjusted one, with every row and what it moved', () => {
    // +5 on a 2-point test stops at its points; hand-graded points raise everyone's maximum.
    expect(ada).toMatchObject({
      score: 4,
      maxScore: 6,
      adjusted: {
        score: 5,
        maxScore: 10,
        rows: [
          { test: 'repr', applied: 2 },
          { test: 'total', applied: -1 },
        ],
      },
    });
    expect(bob).toMatchObject({
      score: 2,
      adjusted: { score: 5, maxScore: 10, rows: [{ test: 'problem-0', kind: 'manual', applied: 3 }] },
    });
    expect(adjusted.adjustments).toEqual({
      file: 'adjustments.csv',
      rows: 4,
      hash: expect.stringMatching(/^[0-9a-f]{12}$/u),
      manualPoints: 4,
      unapplied: [{ line: 5, student: 'bob', test: 'old.test', why: 'old.test is no longer a test of the spec' }],
    });
  });

  it('is what every export shows', () => {
    expect(scoresCsv(adjusted)).toBe('id,score,max\r\nada,5,10\r\nbob,5,10\r\n');
    expect(canvasCsv(adjusted).split('\r\n')[1]).toMatch(/,10$/u);
    expect(canvasCsv(adjusted).split('\r\n')[2]).toBe('ada,,,,,5');
    const gs = gradescopeResults(ada!);
    expect(gs.score).toBe(5);
    expect(gs.output).toContain('Adjusted by your instructor to 5/10:\n- +2 on repr: regrade (TA Kim)\n- -1 on the total: late');
    expect(junitXml(adjusted)).toContain('<property name="score" value="5"/>');
    expect(junitXml(adjusted)).toContain('<property name="adjustment_1" value="+2 on repr: regrade (TA Kim)"/>');
    expect(submissionView(bob!)).toMatchObject({
      score: 5,
      maxScore: 10,
      automatic: '2/6',
      adjustments: ['+3 on problem-0 (graded by hand) (set to 3)'],
    });
    expect(classView(adjusted)).toMatchObject({ maxScore: 10, mean: '5.0' });
  });

  it('names the students whose hand-graded points are not entered yet, rather than leaving them at 0 in silence', () => {
    const withGroups = {
      ...run(),
      settings: {
        ...run().settings!,
        groups: [
          { id: 'g', name: 'Problem 1' },
          { id: 'problem-0', name: 'Reading', manualPoints: 4 },
        ],
      },
    };
    const partly = applyAdjustments(withGroups, parse('bob,problem-0,=3,'), 'adjustments.csv', 4);
    expect(partly.adjustments!.notEntered).toEqual([{ group: 'problem-0', name: 'Reading', points: 4, students: ['ada'] }]);
    expect(formatAdjustments(partly)).toContain(
      'problem-0 (Reading, 4 points graded by hand) is not entered for 1 of 2 students, who count 0 of its 4 points until it is: ada',
    );
    expect(applyAdjustments(withGroups, parse('bob,problem-0,=3,\nada,problem-0,=0,'), 'a.csv', 4).adjustments!.notEntered).toBeUndefined();
  });

  it('changes nothing without rows, and -n on a test stops at 0', () => {
    expect(applyAdjustments(run(), [], 'a.csv', 4).submissions).toEqual(run().submissions);
    const down = applyAdjustments(run(), parse('bob,repr,-5,copied'), 'a.csv', 4).submissions[1]!;
    expect(down.adjusted).toMatchObject({ score: 0, maxScore: 6, rows: [{ applied: -2 }] });
  });

  it('says when a row moves the score less than it asks, or not at all, and keeps the total within 0 and the maximum', () => {
    // bob passed repr (2 of 2), ada did not; each has 6 points possible.
    const [ada2, bob2] = applyAdjustments(run(), parse('bob,repr,+2,regrade\nada,total,=55,override'), 'a.csv', 0).submissions;
    expect(bob2!.adjusted!.rows[0]).toMatchObject({ applied: 0, clamped: 'changes nothing: repr already has all its 2 points' });
    expect(ada2!.adjusted).toMatchObject({
      score: 6,
      maxScore: 6,
      rows: [{ applied: 2, clamped: 'set to 6, not 55: the total stays within 0 and 6' }],
    });
    const [, low] = applyAdjustments(run(), parse('bob,total,-50,copied'), 'a.csv', 0).submissions;
    expect(low!.adjusted).toMatchObject({
      score: 0,
      rows: [{ applied: -2, clamped: 'moved -2, not -50: the total stays within 0 and 6' }],
    });
    expect(adjustmentLines(low!)).toEqual(['-2 on the total: copied']);
    const said = formatAdjustments(applyAdjustments(run(), parse('bob,repr,+2,regrade\nbob,total,-50,copied'), 'a.csv', 0));
    expect(said).toContain('  line 2 (bob, +2 on repr): changes nothing: repr already has all its 2 points');
    expect(said).toContain('  line 3 (bob, -50 on total): moved -2, not -50: the total stays within 0 and 6');
  });
});
