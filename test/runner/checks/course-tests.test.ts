/** The verdicts on a course's own tests: a call's value, text or exception, and a session's lines, by the built-in tests' rules. */
import { describe, expect, it } from 'vitest';
import { checkCourseCall, checkCourseSession } from '../../../runner/checks/course-tests.js';
import type { CaseObservation } from '../../../runner/checks/observation.js';
import { ASK_MARKER } from '../../../runner/checks/program-markers.js';
import { py } from '../../../runner/model/py-value.js';
import type { Expected, FixtureCase, Leniency } from '../../../runner/model/fixture-types.js';
import type { ObservedValue } from '../../../runner/harness/protocol.js';
import type { CourseCallInput, CourseSessionInput } from '../../../runner/model/course-cases.js';
import type { ProgramResult } from '../../../runner/pty/run-program.js';

const source = { kind: 'course', file: 'assignment.yml', line: 7 } as const;

function callCase(expected: Expected, extra: { lenient?: Leniency; anyOrder?: boolean } = {}): FixtureCase {
  const input: CourseCallInput = {
    statements: [
      { text: 'b = Board(6, 7)', line: 6 },
      { text: 'b.undo()', line: 7 },
    ],
    ...(extra.anyOrder && { anyOrder: true }),
  };
  return {
    id: 'board.undo.1',
    source,
    input: input as unknown as Record<string, unknown>,
    python: 'b = Board(6, 7)\nb.undo()',
    expected,
    ...(extra.lenient && { lenient: extra.lenient }),
  };
}

const returned = (value: ObservedValue, stdout = ''): CaseObservation => ({
  replies: { result: { value, stdout, prompts: [], inputsLeft: 0, durationMs: 1 } },
});
const raised = (type: string, bases: string[] = [type, 'Exception']): CaseObservation => ({
  replies: {},
  failure: {
    kind: 'exception',
    step: 'b.undo()',
    observe: 'result',
    exception: { type, bases, message: 'no moves', frames: [{ file: 'board.py', line: 40, function: 'undo', code: 'raise ValueError' }] },
    stdout: '',
  },
});

describe("a course's call", () => {
  it('compares its value by value, a type slip passing with a note, and says both sides when wrong', () => {
    expect(checkCourseCall(callCase({ value: py.float(50) }), returned({ type: 'float', value: 50 }), 'b.undo()').status).toBe('pass');
    expect(checkCourseCall(callCase({ value: py.float(50) }), returned({ type: 'int', value: 50 }), 'b.undo()')).toMatchObject({
      status: 'pass',
      note: expect.stringContaining('expected a float, got an int'),
    });
    expect(checkCourseCall(callCase({ value: py.str('X') }), returned({ type: 'none' }), 'b.undo()')).toMatchObject({
      status: 'fail',
      message: "b.undo() returned None (None: is a return statement missing?); expected 'X'",
      expected: "'X'",
      actual: 'None',
    });
  });

  it("passes any of the reference's right answers, a reading the document leaves open, and a list in any order where the document allows one", () => {
    expect(
      checkCourseCall(callCase({ oneOf: [py.int(3), py.int(5)] }), returned({ type: 'int', value: 5 }), 'suggestMove1(b, 1)').status,
    ).toBe('pass');
    const lenient: Leniency = { reason: 'both players have four in a row', choice: 'self first', alsoAccepted: [py.float(0)] };
    expect(
      checkCourseCall(callCase({ value: py.float(100) }, { lenient }), returned({ type: 'float', value: 0 }), 'p.scoreBoard(b)'),
    ).toMatchObject({ status: 'pass', note: expect.stringContaining('another reading') });
    const moves = callCase({ value: py.ints([1, 3, 5]) }, { anyOrder: true });
    expect(
      checkCourseCall(
        moves,
        returned({ type: 'list', items: [5, 1, 3].map((value) => ({ type: 'int' as const, value })) }),
        'getValidMoves(b)',
      ),
    ).toMatchObject({ status: 'pass', note: expect.stringContaining('in another order') });
    expect(
      checkCourseCall(
        moves,
        returned({ type: 'list', items: [1, 3].map((value) => ({ type: 'int' as const, value })) }),
        'getValidMoves(b)',
      ),
    ).toMatchObject({ status: 'fail', actual: '[1, 3]' });
    expect(
      checkCourseCall(
        callCase({ value: py.ints([1, 3, 5]) }),
        returned({ type: 'list', items: [5, 1, 3].map((value) => ({ type: 'int' as const, value })) }),
        'f()',
      ).status,
    ).toBe('fail');
  });

  it('grades printed text as it can be seen, and the value only where the course wrote one', () => {
    const board = '| | |\n|X| |\n';
    expect(checkCourseCall(callCase({ stdout: board }), returned({ type: 'none' }, '| | |  \n|X| |'), 'print(b)')).toMatchObject({
      status: 'pass',
      note: expect.stringContaining('invisible differences'),
    });
    expect(checkCourseCall(callCase({ stdout: board }), returned({ type: 'str', value: 'anything' }, board), 'print(b)').status).toBe(
      'pass',
    );
    expect(
      checkCourseCall(callCase({ stdout: board, value: py.none() }), returned({ type: 'str', value: 'x' }, board), 'print(b)').status,
    ).toBe('fail');
    expect(checkCourseCall(callCase({ stdout: board }), returned({ type: 'none' }, '| | |\n| |X|\n'), 'print(b)')).toMatchObject({
      status: 'fail',
      message: 'what print(b) printed differs: line 2: expected "|X| |", got "| |X|"',
    });
  });

  it('passes an exception due or one derived from it, and fails another one, or none', () => {
    expect(checkCourseCall(callCase({ raises: 'ValueError' }), raised('ValueError'), 'b.undo()').status).toBe('pass');
    expect(
      checkCourseCall(callCase({ raises: 'ValueError' }), raised('EmptyBoard', ['EmptyBoard', 'ValueError', 'Exception']), 'b.undo()')
        .status,
    ).toBe('pass');
    expect(checkCourseCall(callCase({ raises: 'ValueError' }), raised('IndexError'), 'b.undo()')).toMatchObject({
      status: 'fail',
      message: 'b.undo() raised IndexError: no moves (board.py, line 40, in undo: raise ValueError); expected ValueError',
    });
    expect(checkCourseCall(callCase({ raises: 'ValueError' }), returned({ type: 'none' }), 'b.undo()')).toMatchObject({
      status: 'fail',
      message: 'b.undo() raised nothing; expected ValueError (it returned None)',
    });
  });
});

const shows = (items: CourseSessionInput['shows']): FixtureCase => {
  const input: CourseSessionInput = { run: 'play()', answers: ['Ada', 'Bob', '4'], shows: items };
  return {
    id: 'play.course.session',
    source,
    input: input as unknown as Record<string, unknown>,
    python: 'play()',
    expected: { stdout: '' },
  };
};
const transcript = `Name of player 1? ${ASK_MARKER}Ada\nName of player 2? ${ASK_MARKER}Bob\nWelcome, Ada and Bob!   \nColumn? ${ASK_MARKER}4\nAda wins in 1 move.\nBye!\n`;
const session = (over: Partial<ProgramResult> = {}): ProgramResult => ({
  transcript,
  exitCode: 0,
  signal: undefined,
  truncated: false,
  maxChars: 100_000,
  askedForMore: false,
  answersSent: 3,
  durationMs: 5,
  ...over,
});

describe("a course's session", () => {
  it('passes the lines and patterns it must show, in order, trailing spaces free, whatever the prompts say', () => {
    expect(
      checkCourseSession(shows([{ line: 'Welcome, Ada and Bob!' }, { pattern: '^Ada wins' }, { line: 'Bye!' }]), session()),
    ).toMatchObject({ status: 'pass', note: expect.stringContaining('trailing spaces') });
    expect(checkCourseSession(shows([{ pattern: 'wins in \\d+ moves?' }]), session()).status).toBe('pass');
  });

  it('fails a line not shown, naming it, its place and the nearest line printed', () => {
    const verdict = checkCourseSession(shows([{ line: 'Welcome, Ada and Bob!' }, { line: 'Ada wins in 1 moves.' }]), session());
    expect(verdict).toMatchObject({
      status: 'fail',
      expected: 'Welcome, Ada and Bob!\nAda wins in 1 moves.',
      actual: transcript.replaceAll(ASK_MARKER, ''),
    });
    expect(verdict.message).toBe(
      'the transcript does not show the line "Ada wins in 1 moves." (the 2nd of the 2 lines the test looks for, after "Welcome, Ada and Bob!"); the nearest line it printed: "Ada wins in 1 move."',
    );
    expect(checkCourseSession(shows([{ pattern: 'Bob wins' }]), session()).message).toBe(
      'the transcript does not show a line matching /Bob wins/',
    );
  });

  it('fails lines shown out of order, saying which comes first', () => {
    expect(checkCourseSession(shows([{ line: 'Bye!' }, { pattern: 'Welcome' }]), session()).message).toBe(
      'the transcript shows a line matching /Welcome/ only before "Bye!", which the test looks for first (the 2nd of the 2 lines the test looks for, after "Bye!")',
    );
  });

  it('judges how the program ended first, as every program test does', () => {
    expect(checkCourseSession(shows([{ line: 'Bye!' }]), session({ askedForMore: true })).message).toContain(
      'asked for more input than the test types',
    );
    expect(
      checkCourseSession(
        shows([{ line: 'Bye!' }]),
        session({ transcript: `${transcript}Traceback (most recent call last):\n  File "game.py", line 9, in play\nValueError: bad\n` }),
      ).message,
    ).toContain('the program crashed: ValueError: bad');
    expect(
      checkCourseSession(shows([{ line: 'Bye!' }]), session({ timedOut: { phase: 'no prompt after sending "4"', limitMs: 5000 } })).status,
    ).toBe('timeout');
  });
});
