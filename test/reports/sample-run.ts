/** A small run in results.json's shape for the reporter tests: passes, each kind of failure, and hostile text. */
import type { RunResults, TestResult } from '../../runner/model/results.js';

const base = { group: 'Problem 1: Board', visibility: 'visible' as const };

export const HOSTILE = '<script>window.pwned = true</script><img src=x onerror="window.pwned = true">';

const tests = (who: 'alice' | 'bob'): TestResult[] => [
  {
    ...base,
    id: 'board.repr',
    name: '__repr__ draws the board',
    target: 'Board.__repr__',
    status: 'pass',
    score: 2,
    maxScore: 2,
    message: '3 cases passed',
  },
  who === 'alice'
    ? {
        ...base,
        id: 'board.add_checker',
        name: 'add_checker drops a checker',
        target: 'Board.add_checker',
        status: 'pass',
        score: 3,
        maxScore: 3,
        message: '62 cases passed',
      }
    : {
        ...base,
        id: 'board.add_checker',
        name: 'add_checker drops a checker',
        target: 'Board.add_checker',
        status: 'fail',
        score: 0,
        maxScore: 3,
        message: `b.slots: the board's slots differ ${HOSTILE}`,
        expected: '| | |\n|X| |',
        actual: '|X| |\n| | |',
        reproduce: "b = Board(2, 2)\nb.add_checker('X', 0)\nb.slots",
      },
  {
    group: 'Problem 3: Games',
    visibility: 'hidden',
    id: 'connect_four.human-transcript',
    name: "connect_four's whole transcript",
    target: 'connect_four',
    status: who === 'alice' ? 'pass' : 'fail',
    score: who === 'alice' ? 2 : 0,
    maxScore: 2,
    message:
      who === 'alice' ? '10 terminal sessions passed' : 'the transcript: message 3 differs: expected "It\'s a tie!", got "It\'s a Tie!"',
    ...(who === 'bob' && {
      expected: '| |\n---\n 0\n\nEnter a column: 0\n| |\n|X|\n---\n 0\n',
      actual: `| |\n---\n 0\n\nEnter a column: 0\n| |\n|X|\n---\n 0\n${HOSTILE}\n`,
      reproduce: "connect_four(Player('X'), Player('O'))   # type: 0",
      typed: ['0'],
    }),
  },
  {
    group: 'Problem 3: Games',
    visibility: 'visible',
    id: 'process_move.result',
    name: 'process_move applies the move',
    target: 'process_move',
    status: who === 'alice' ? 'pass' : 'error',
    score: who === 'alice' ? 1 : 0,
    maxScore: 1,
    message:
      who === 'alice'
        ? '4 cases passed'
        : 'process_move(p, b) raised IndexError: list index out of range (ps9pr3.py, line 12, in process_move: b.slots[9])',
  },
  {
    group: 'Problem 3: Games',
    visibility: 'visible',
    id: 'connect_four.ai-games',
    name: 'connect_four with AIPlayers',
    target: 'connect_four',
    status: who === 'alice' ? 'pass' : 'timeout',
    score: who === 'alice' ? 2 : 0,
    maxScore: 2,
    message: who === 'alice' ? 'ok' : 'the whole program: nothing within 30000 ms',
  },
];

export const SAMPLE_RUN: RunResults = {
  tool: { name: 'connect-four-grader', version: '9.9.9' },
  generatedAt: '2026-11-22T09:00:00.000Z',
  seed: 7,
  sandbox: { python: 'python3 (3.11.7)', network: 'isolated', notes: [] },
  settings: { assignment: 'cs111-ps9', title: 'CS 111 PS9', limits: { callMs: 5000, memoryMb: 1024 }, manualPoints: 4 },
  submissions: [
    {
      id: 'alice',
      path: 'subs/alice',
      assignment: 'cs111-ps9',
      status: 'graded',
      score: 10,
      maxScore: 10,
      durationMs: 4200,
      tests: tests('alice'),
      student: { name: 'Smith, Alice', id: '1001', sisId: 'S1', email: 'alice@example.edu' },
    },
    {
      id: `=bob ${HOSTILE}`,
      path: 'subs/bob',
      assignment: 'cs111-ps9',
      status: 'graded',
      score: 2,
      maxScore: 10,
      durationMs: 9100,
      tests: tests('bob'),
    },
  ],
};
