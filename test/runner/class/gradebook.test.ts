/**
 * The gradebook Canvas imports: with a column per problem, every row's problems (and what the second pass added to
 * the total beyond them) add up to the total the student sees; hand-graded points count in their problem; the
 * columns carry their Canvas ids; and a roster (Canvas's own export) fills the id columns whatever the layout.
 */
import { describe, expect, it } from 'vitest';
import { applyAdjustments, parseAdjustments } from '../../../runner/class/adjustments.js';
import type { RunResults, SubmissionResult, TestResult } from '../../../runner/model/results.js';
import { applyRoster, formatRoster, gradebookWithoutIds, mergeRosters, parseRoster, RosterError } from '../../../runner/class/roster.js';
import { parseCanvasProblems } from '../../../runner/cli/gradebook-flags.js';
import { canvasCsv } from '../../../reports/csv.js';

const test = (id: string, group: string, score: number, maxScore: number): TestResult => ({
  id,
  name: id,
  group,
  target: 't',
  status: score === maxScore ? 'pass' : 'fail',
  score,
  maxScore,
  visibility: 'visible',
  message: 'm',
});
const student = (id: string, scores: [number, number, number], extra: Partial<SubmissionResult> = {}): SubmissionResult => {
  const tests = [
    test('reading.auto', 'Problem 0: Reading', scores[0], 1),
    test('board.repr', 'Problem 1: Board', scores[1], 10),
    test('ai.scores', 'Problem 2: AI', scores[2], 10),
  ];
  return {
    id,
    path: id,
    assignment: 'cs111-ps9',
    status: 'graded',
    score: tests.reduce((n, t) => n + t.score, 0),
    maxScore: 21,
    durationMs: 0,
    tests,
    ...extra,
  };
};
const run = (submissions: SubmissionResult[]): RunResults => ({
  tool: { name: 'g', version: '0' },
  generatedAt: 'x',
  seed: 1,
  sandbox: { python: '3', network: 'off', notes: [] },
  settings: {
    assignment: 'cs111-ps9',
    title: 'PS9',
    limits: {},
    manualPoints: 4,
    groups: [
      { id: 'problem-0', name: 'Problem 0: Reading', manualPoints: 4 },
      { id: 'problem-1', name: 'Problem 1: Board' },
      { id: 'problem-2', name: 'Problem 2: AI' },
    ],
  },
  submissions,
});
const targets = (students: string[]) => ({
  tests: new Map([
    ['reading.auto', { maxScore: 1 }],
    ['board.repr', { maxScore: 10 }],
    ['ai.scores', { maxScore: 10 }],
  ]),
  manual: new Map([['problem-0', { name: 'Problem 0: Reading', points: 4 }]]),
  students: new Set(students),
});
const cells = (line: string) => line.split(',');

describe('the Canvas gradebook', () => {
  const klass = run([
    student('ada', [1, 10, 5]),
    student('bob', [1, 6, 10]),
    student('cy', [0, 10, 10], { keptHigher: { score: 25, from: 'runs/monday' } }),
  ]);
  const rows = parseAdjustments(
    'student,test,change,reason,by\nada,problem-0,=3,,TA\nada,board.repr,-2,copied dashes,TA\nbob,total,=20,override,Prof\ncy,problem-0,=4,,TA',
    'adjustments.csv',
    targets(['ada', 'bob', 'cy']),
  );
  const adjusted = applyAdjustments(klass, rows, 'adjustments.csv', 4);

  it('has one column, the total, unless the problems are asked for', () => {
    expect(
      canvasCsv(adjusted)
        .split('\r\n')
        .map(cells)
        .map((c) => c.length),
    ).toEqual([6, 6, 6, 6, 6, 1]);
  });

  it('adds up: the problems, hand-graded points and adjustments included, and the rest of the total in its own column', () => {
    const problems = parseCanvasProblems('problem-0=501,problem-1=502,problem-2=503,total=509', {
      groups: [{ id: 'problem-0' }, { id: 'problem-1' }, { id: 'problem-2' }] as never,
    })!;
    const lines = canvasCsv(adjusted, { assignmentId: '500', problems }).split('\r\n').map(cells);
    expect(lines[0]).toEqual([
      'Student',
      'ID',
      'SIS User ID',
      'SIS Login ID',
      'Section',
      'PS9 (500)',
      'Problem 0: Reading (501)',
      'Problem 1: Board (502)',
      'Problem 2: AI (503)',
      'Adjustments to the total (509)',
    ]);
    // The hand-graded problem is out of its automatic point and its 4 graded by hand.
    expect(lines[1]).toEqual(['    Points Possible', '', '', '', '', '25', '5', '10', '10', '0']);
    expect(lines.slice(2, 5).map((l) => l.slice(5))).toEqual([
      ['17', '4', '8', '5', '0'], // ada: 16 automatic, +3 by hand, -2 on board.repr
      ['20', '1', '6', '10', '3'], // bob: the total set to 20 from 17
      ['25', '4', '10', '10', '1'], // cy: 24 adjusted, 25 kept from Monday
    ]);
    for (const line of lines.slice(2, 5)) expect(line.slice(6).reduce((n, c) => n + Number(c), 0)).toBe(Number(line[5]));
  });

  it('refuses a problem the assignment does not have', () => {
    expect(() => parseCanvasProblems('problem-9=1', { groups: [{ id: 'problem-0' }] as never })).toThrow(
      "'problem-9' is no problem of this assignment; its problems: problem-0",
    );
    expect(() => parseCanvasProblems('problem-0=abc', { groups: [{ id: 'problem-0' }] as never })).toThrow("got 'abc'");
  });
});

const ROSTER = [
  'Student,ID,SIS User ID,SIS Login ID,Section,PS9 (500)',
  '    Points Possible,,,,,25',
  '"Lovelace, Ada",9001,3031001,alovelace@uni.edu,Lab A,',
  '"Babbage, Charles",9002,3031002,cbabbage@uni.edu,Lab B,',
  '"Hopper, Grace",9003,3031003,ghopper@uni.edu,Lab A,',
  '"Kim, Lee",9004,3031004,lkim@uni.edu,Lab B,',
  '"Kim, Lee",9005,3031005,lkim2@uni.edu,Lab A,',
  '"Turing, Alan",9006,,aturing@uni.edu,Lab A,',
  '"Student, Test",9999,,,,',
].join('\r\n');

describe('a roster', () => {
  it("reads Canvas's export, its points-possible row and test student left out, and refuses what is not one", () => {
    const students = parseRoster(ROSTER, 'roster.csv');
    expect(students.map((s) => s.name)).toEqual([
      'Lovelace, Ada',
      'Babbage, Charles',
      'Hopper, Grace',
      'Kim, Lee',
      'Kim, Lee',
      'Turing, Alan',
    ]);
    expect(students[0]).toEqual({
      line: 3,
      name: 'Lovelace, Ada',
      id: '9001',
      sisId: '3031001',
      login: 'alovelace@uni.edu',
      section: 'Lab A',
    });
    expect(() => parseRoster('name,email\nada,a@b\n', 'r.csv')).toThrow("r.csv, line 1: no 'student' or 'id' column");
    expect(() => parseRoster('Student,ID\nAda,x1\n', 'r.csv')).toThrow("r.csv, line 2: Ada has the ID 'x1'");
    expect(() => parseRoster('Student,ID\nAda,1\nBob,1\n', 'r.csv')).toThrow('line 3: the ID 1 is on line 2 too');
  });

  it('fills the ids of folders named any way a course names them, and lists who is on one side only', () => {
    const folders = run([
      student('alovelace', [1, 1, 1]), // the login's part before @
      student('babbage_charles', [1, 1, 1]), // the name, last first
      student('x', [1, 1, 1], { student: { name: 'Grace Hopper', email: 'ghopper@uni.edu' } }), // a Gradescope export's e-mail
      student('leekim', [1, 1, 1]), // two roster students are Lee Kim
      student('zuse', [1, 1, 1]), // not in the roster
    ]);
    const matched = applyRoster(folders, parseRoster(ROSTER, 'roster.csv'), 'roster.csv');
    expect(matched.submissions.map((s) => s.student?.id ?? '-')).toEqual(['9001', '9002', '9003', '-', '-']);
    expect(matched.submissions[0]!.student).toEqual({
      name: 'Lovelace, Ada',
      id: '9001',
      sisId: '3031001',
      email: 'alovelace@uni.edu',
      section: 'Lab A',
      fromRoster: { file: 'roster.csv' },
    });
    expect(matched.roster).toEqual({
      file: 'roster.csv',
      matched: 3,
      notInRoster: ['zuse'],
      ambiguous: [{ submission: 'leekim', candidates: ['Kim, Lee (9004)', 'Kim, Lee (9005)'] }],
      noSubmission: [
        { name: 'Kim, Lee', id: '9004' },
        { name: 'Kim, Lee', id: '9005' },
        { name: 'Turing, Alan', id: '9006' },
      ],
    });
    expect(canvasCsv(matched).split('\r\n')[2]).toBe('"Lovelace, Ada",9001,3031001,alovelace@uni.edu,Lab A,3');
    const said = formatRoster(matched);
    expect(said).toContain('Roster roster.csv: 3 of 5 submissions matched');
    expect(said).toContain('not in the roster (Canvas will not take their grades): zuse');
    expect(said).toContain('leekim matches Kim, Lee (9004) and Kim, Lee (9005): not matched');
    expect(said).toContain('in the roster with no submission: Kim, Lee; Kim, Lee; Turing, Alan');
    expect(formatRoster(matched, true)).not.toContain('no submission');
    // Shards merged: a roster student lacks a submission only when no shard had one.
    const [a, b] = [
      applyRoster(run([folders.submissions[0]!]), parseRoster(ROSTER, 'roster.csv'), 'roster.csv'),
      applyRoster(run([folders.submissions[1]!]), parseRoster(ROSTER, 'roster.csv'), 'roster.csv'),
    ];
    const merged = mergeRosters(run([...a.submissions, ...b.submissions]), [a, b]);
    expect(merged.roster!.matched).toBe(2);
    expect(merged.roster!.noSubmission.map((s) => s.id)).toEqual(['9003', '9004', '9005', '9006']);
  });

  it('matches a new roster from the submissions themselves: an old match the new roster makes ambiguous, or drops, is dropped', () => {
    const first = applyRoster(
      run([
        student('leekim', [1, 1, 1]),
        student('x', [1, 1, 1], { student: { name: 'Grace Hopper', email: 'ghopper@uni.edu', late: true } }),
      ]),
      parseRoster(ROSTER.replace('"Kim, Lee",9005,3031005,lkim2@uni.edu,Lab A,\r\n', ''), 'old.csv'),
      'old.csv',
    );
    expect(first.submissions.map((s) => s.student?.id)).toEqual(['9004', '9003']);
    // The new roster (a merge with --roster) has two more students named Lee Kim, and Grace Hopper no longer.
    const next = [
      ROSTER.split('\r\n')[0],
      '"Kim, Lee",9004,3031004,lkim@uni.edu,Lab B,',
      '"Kim, Lee",9005,3031005,lkim2@uni.edu,Lab A,',
      '"Kim, Lee",9007,3031007,lkim3@uni.edu,Lab C,',
    ].join('\r\n');
    const again = applyRoster(first, parseRoster(next, 'new.csv'), 'new.csv');
    // leekim is not kept on the old roster's 9004: the new roster has three students leekim could be.
    expect(again.submissions[0]!.student).toBeUndefined();
    expect(again.roster!.ambiguous).toEqual([
      { submission: 'leekim', candidates: ['Kim, Lee (9004)', 'Kim, Lee (9005)', 'Kim, Lee (9007)'] },
    ]);
    // Grace Hopper is back to what her export said of her, not the old roster's row.
    expect(again.submissions[1]!.student).toEqual({ name: 'Grace Hopper', email: 'ghopper@uni.edu', late: true });
    expect(again.roster!.notInRoster).toEqual(['x']);
    expect(canvasCsv(again).split('\r\n').slice(2, 4)).toEqual(['leekim,,,,,3', 'Grace Hopper,,,ghopper@uni.edu,,3']);
  });

  it('gives one roster student two submissions to nobody, and says when the gradebook has no ids at all', () => {
    expect(() =>
      applyRoster(
        run([student('alovelace', [1, 1, 1]), student('lovelace-ada', [1, 1, 1])]),
        parseRoster(ROSTER, 'roster.csv'),
        'roster.csv',
      ),
    ).toThrow(RosterError);
    expect(gradebookWithoutIds(run([student('ada', [1, 1, 1])]))).toContain('Canvas will match nobody');
    expect(gradebookWithoutIds(run([student('ada', [1, 1, 1], { student: { name: 'Ada', id: '9001' } })]))).toBeUndefined();
  });
});
