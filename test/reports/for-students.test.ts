import { describe, expect, it } from 'vitest';
import { forStudents } from '../../reports/for-students.js';
import { gradescopeResults } from '../../reports/gradescope.js';
import { renderSubmissionPage } from '../../reports/html.js';
import { submissionView } from '../../reports/model.js';
import type { SubmissionResult, TestResult } from '../../runner/model/results.js';

const base = { group: 'g', target: 't', score: 0, maxScore: 2 } as const;
const smallest = {
  case: 'c.gen.001',
  board: [' ', 'X'],
  original: ['O', 'X'],
  checkers: 1,
  from: 2,
  message: 'm',
  expected: 'E',
  actual: 'A',
  reproduce: 'R',
};
const hiddenSaid = [
  { by: 'check', id: 'said', data: { text: 'put_piece(b, 3) took too long on [[0]]' }, text: 'put_piece(b, 3) took too long on [[0]]' },
];
const diagnosis = { variant: 'v', sentence: 'the mistake', cases: [], of: 1 } as unknown as TestResult['diagnosis'];
const hidden: TestResult = {
  ...base,
  id: 'h',
  name: 'hidden one',
  status: 'timeout',
  visibility: 'hidden',
  message: 'put_piece(b, 3) took too long on [[0]]',
  said: hiddenSaid,
  diagnosis,
  expected: 'E',
  actual: 'A',
  reproduce: 'R',
  typed: ['1'],
  notes: [{ from: 'h', markdown: 'n' }],
  smallest,
};
const visible: TestResult = {
  ...base,
  id: 'v',
  name: 'visible one',
  status: 'fail',
  visibility: 'visible',
  message: 'M',
  expected: 'E',
  actual: 'A',
  reproduce: 'R',
  smallest,
};
const submission: SubmissionResult = {
  id: 's',
  path: '/home/prof/cs61a/class/s',
  assignment: 'cs61a-hw04',
  status: 'graded',
  score: 0,
  maxScore: 4,
  durationMs: 0,
  tests: [hidden, visible],
};

describe('the pages to hand back', () => {
  it("keeps a hidden test to its name, points, pass/fail and the instructor's note (no smaller board: it is a case), and a visible test whole", () => {
    const [h, v] = forStudents(submission).tests;
    expect(h).toEqual({
      ...base,
      id: 'h',
      name: 'hidden one',
      status: 'fail',
      visibility: 'hidden',
      message: 'A hidden test: not passed. Its cases are not shown.',
      notes: [{ from: 'h', markdown: 'n' }],
    });
    expect(v).toEqual(visible);
    expect(forStudents(submission).path).toBe('s');
    // A visible test's sentences lose the instructor's folder as its message does.
    const path = {
      by: 'check',
      id: 'said',
      data: { text: 'cannot read /home/prof/cs61a/class/s/hw04.py' },
      text: 'cannot read /home/prof/cs61a/class/s/hw04.py',
    };
    expect(forStudents({ ...submission, tests: [{ ...visible, message: path.text, said: [path] }] }).tests[0]!.said).toEqual([
      { ...path, data: { text: 'cannot read …/s/hw04.py' }, text: 'cannot read …/s/hw04.py' },
    ]);
    expect(forStudents({ ...submission, status: 'error', error: 'could not read /home/prof/cs61a/class/s/hw04.py' }).error).toBe(
      'could not read …/s/hw04.py',
    );
    expect(forStudents({ ...submission, tests: [{ ...hidden, status: 'pass', score: 2 }] }).tests[0]).toMatchObject({
      status: 'pass',
      score: 2,
      message: 'A hidden test: passed. Its cases are not shown.',
    });
  });

  it('says of an after-due test that its cases are shown after the due date, and when that is', () => {
    const afterDue = { ...submission, tests: [{ ...hidden, visibility: 'after-due' as const }] };
    expect(forStudents(afterDue, { due: '2027-04-16T23:59:00-04:00' }).tests[0]).toMatchObject({
      status: 'fail',
      message: 'A test shown after the due date (2027-04-16T23:59:00-04:00): not passed. Its cases are shown then.',
    });
    expect(forStudents(afterDue).tests[0]!.expected).toBeUndefined();
  });
});

describe('a hidden test that did not pass, on the page handed back', () => {
  it('is "not passed", never a wrong answer: a crash and a timeout are counted apart, as hidden', () => {
    const crashed: TestResult = { ...hidden, id: 'c', name: 'crashed one', status: 'error', message: 'IndexError' };
    const page = submissionView(forStudents({ ...submission, tests: [hidden, crashed, visible] }), 's.html', true);
    const shown = page.problems.flatMap((p) => p.tests);
    expect(shown.map((t) => t.statusLabel)).toEqual(['not passed', 'not passed', 'wrong answer']);
    expect(page.counts).toMatchObject({ fail: 1, error: 0, timeout: 0 });
    expect(page.hiddenNotPassed).toBe(2);
    const run = {
      tool: { name: 'g', version: '0' },
      generatedAt: 'x',
      seed: 1,
      sandbox: { python: '3', network: 'off', notes: [] },
      submissions: [],
    };
    const html = renderSubmissionPage(run, forStudents({ ...submission, tests: [crashed] }), { classLink: false, handedBack: true });
    expect(html).toContain('>not passed</span>');
    expect(html).toContain('1 hidden not passed');
    expect(html).toContain('0 wrong answers');
    // The instructor's own page still says how it failed.
    expect(submissionView({ ...submission, tests: [crashed] }).problems[0]!.tests[0]!.statusLabel).toBe('crashed');
  });
});

describe("Gradescope's output of a test shown again on a smaller board", () => {
  it('draws the smaller board with both answers and its Python, after the failing case', () => {
    const output = gradescopeResults(submission).tests.find((t) => t.name === 'visible one')!.output;
    expect(output).toContain(
      'The same failure on a smaller board (1 checker instead of 2):\n| |\n|X|\nExpected: E\nYours: A\nTo see it on that board, in Python:\nR',
    );
    expect(output.indexOf('smaller board')).toBeGreaterThan(output.indexOf('To see it yourself'));
  });
});
