/** What `grade check --ci` prints for GitHub: annotations on files and lines, Classroom's points, the job summary. */
import { describe, expect, it } from 'vitest';
import { annotations, classroomPoints, jobSummary } from '../../reports/github.js';
import type { SubmissionResult } from '../../runner/model/results.js';

const submission: SubmissionResult = {
  id: 'me',
  path: '.',
  assignment: 'cs61a-hw04',
  status: 'graded',
  score: 39,
  maxScore: 40,
  durationMs: 800,
  tests: [
    {
      id: 'create_row.document',
      name: 'create_row',
      group: 'Question 1',
      target: 'create_row',
      status: 'pass',
      score: 1,
      maxScore: 1,
      visibility: 'visible',
      message: 'ok',
    },
    {
      id: 'barrier.print_board',
      name: 'print_board, not a list',
      group: 'Abstraction',
      target: 'print_board',
      status: 'fail',
      score: 0,
      maxScore: 1,
      visibility: 'visible',
      message:
        "22 of 22 cases failed; the first (print_board.doc.empty):\nprint_board crossed the abstraction barrier: it looped over a row (hw04.py, line 46: print(' '.join(board[row])))",
      reproduce: 'print_board(b, 2, 2)\n```\n# a fence in student text',
      failure: {
        case: 'print_board.doc.empty',
        kind: 'crash',
        said: 'AbstractionBarrierError: looped over a row',
        place: { file: 'hw04.py', line: 46 },
      },
    },
    {
      id: 'make_move.document',
      name: 'make_move',
      group: 'Question 4',
      target: 'make_move',
      status: 'timeout',
      score: 0,
      maxScore: 2,
      visibility: 'visible',
      message: 'make_move(b, 2, 2, 0, "X") did not finish within 5000 ms',
    },
  ],
};

describe('GitHub output', () => {
  it('annotates the file and line the failure recorded, from the repository root, escaping what workflow commands need', () => {
    const [barrier, timeout] = annotations(submission, { folder: 'homework' });
    expect(barrier).toMatch(
      /^::error file=homework\/hw04\.py,line=46,title=print_board%2C not a list \(0\/1\)::barrier\.print_board: 22 of 22 cases failed; the first \(print_board\.doc\.empty\):%0A/,
    );
    expect(barrier).toContain('%0Aprint_board crossed the abstraction barrier');
    expect(barrier).not.toContain('\n');
    expect(timeout).toBe('::error title=make_move (0/2)::make_move.document: make_move(b, 2, 2, 0, "X") did not finish within 5000 ms');
    expect(annotations(submission, { folder: '.' })[0]).toContain('file=hw04.py,line=46');
  });

  it("prints Classroom's points line", () => {
    expect(classroomPoints(submission)).toBe('::notice title=Autograding complete::Points 39/40');
  });

  it('summarises by problem and fences every failure so student text cannot break out', () => {
    const summary = jobSummary('CS 61A HW4', submission);
    expect(summary).toContain('**39/40** points on the visible tests');
    expect(jobSummary('CS 61A HW4', submission, '6 hidden tests worth 16 points are graded after you submit.')).toContain(
      'points on the visible tests\n\n6 hidden tests worth 16 points are graded after you submit.\n',
    );
    expect(summary).toContain('| Abstraction | 0/1 | ❌ 1 |');
    expect(summary).toContain('| Question 1 | 1/1 | ✅ |');
    expect(summary).toContain('````python\nprint_board(b, 2, 2)\n```\n# a fence in student text\n````');
  });
});
