/** The formats instructors' systems read, checked against their readers: JUnit parsed back, Gradescope's fields, Canvas's header. */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { canvasCsv, csvCell, scoresCsv } from '../../reports/csv.js';
import { gradescopeResults } from '../../reports/gradescope.js';
import { junitXml } from '../../reports/junit.js';
import { HOSTILE, SAMPLE_RUN } from './sample-run.js';

type Node = Record<string, unknown>;
const list = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

describe('JUnit XML', () => {
  const xml = junitXml(SAMPLE_RUN);
  const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml) as { testsuites: Node };

  it('is well-formed, whatever the students printed', () => {
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).not.toContain('<script>');
    const withControl = junitXml({
      ...SAMPLE_RUN,
      submissions: [
        {
          ...SAMPLE_RUN.submissions[1]!,
          tests: SAMPLE_RUN.submissions[1]!.tests.map((t) => ({ ...t, message: `${t.message}\u0000\u001b[31m` })),
        },
      ],
    });
    expect(XMLValidator.validate(withControl)).toBe(true);
  });

  it('has a testsuite per student and problem, a testcase per test, and counts that add up', () => {
    const root = parsed.testsuites;
    expect(root).toMatchObject({ name: 'CS 111 PS9', tests: '10', failures: '2', errors: '2', skipped: '0' });
    const suites = list(root['testsuite'] as Node[]);
    expect(suites.map((s) => s['name'])).toEqual([
      'alice: Problem 1: Board',
      'alice: Problem 3: Games',
      `=bob ${HOSTILE}: Problem 1: Board`,
      `=bob ${HOSTILE}: Problem 3: Games`,
    ]);
    const bobGames = list(suites[3]!['testcase'] as Node[]);
    expect(bobGames.map((c) => c['name'])).toEqual([
      "connect_four.human-transcript: connect_four's whole transcript",
      'process_move.result: process_move applies the move',
      'connect_four.ai-games: connect_four with AIPlayers',
    ]);
    expect((bobGames[0]!['failure'] as Node)['type']).toBe('wrong answer');
    expect((bobGames[1]!['error'] as Node)['type']).toBe('crash');
    expect((bobGames[2]!['error'] as Node)['type']).toBe('timeout');
    expect(String((bobGames[0]!['failure'] as Node)['#text'])).toContain(
      "to see it yourself, in Python:\nconnect_four(Player('X'), Player('O'))",
    );
    expect(suites[0]!['testsuite']).toBeUndefined();
  });

  it('names suites by problem alone for one submission, as grade check --ci writes it', () => {
    const one = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(
      junitXml({ ...SAMPLE_RUN, submissions: [SAMPLE_RUN.submissions[0]!] }),
    ) as { testsuites: Node };
    expect(list(one.testsuites['testsuite'] as Node[]).map((s) => s['name'])).toEqual(['Problem 1: Board', 'Problem 3: Games']);
  });
});

describe("Gradescope's results.json", () => {
  const bob = gradescopeResults(SAMPLE_RUN.submissions[1]!, { manualPoints: 4 });

  it('has the fields its documentation lists, with its values', () => {
    expect(Object.keys(bob).sort()).toEqual([
      'execution_time',
      'output',
      'output_format',
      'score',
      'stdout_visibility',
      'tests',
      'visibility',
    ]);
    expect(bob).toMatchObject({ score: 2, execution_time: 9, output_format: 'text', visibility: 'visible', stdout_visibility: 'hidden' });
    expect(bob.output).toContain('4 more points are graded by hand');
    for (const test of bob.tests) {
      expect(Object.keys(test).sort()).toEqual([
        'max_score',
        'name',
        'number',
        'output',
        'output_format',
        'score',
        'status',
        'tags',
        'visibility',
      ]);
      expect(['passed', 'failed']).toContain(test.status);
      expect(['visible', 'hidden', 'after_due_date', 'after_published']).toContain(test.visibility);
      expect(test.number).toMatch(/^\d+\.\d+$/);
    }
  });

  it('numbers tests by problem, never shows a hidden test or its cases, and explains failures', () => {
    expect(bob.tests.map((t) => t.number)).toEqual(['1.1', '1.2', '2.1', '2.2', '2.3']);
    expect(bob.tests[2]).toMatchObject({
      visibility: 'hidden',
      status: 'failed',
      score: 0,
      max_score: 2,
      output: 'Wrong answer. A hidden test: its cases are not shown.',
    });
    const source = SAMPLE_RUN.submissions[1]!.tests.find((t) => t.id === 'connect_four.human-transcript')!;
    for (const said of [source.message, source.expected!, source.actual!, source.reproduce!])
      expect(bob.tests[2]!.output).not.toContain(said.slice(0, 20));
    expect(bob.tests[1]!.output).toMatch(/^Wrong answer: b\.slots/);
    expect(bob.tests[1]!.output).toContain('To see it yourself, in Python:\nb = Board(2, 2)');
    expect(bob.tests[3]!.output).toMatch(/^Crashed: /);
    expect(bob.tests[4]!.output).toMatch(/^Timed out: /);
  });

  it('shows an after-due test with its cases after the due date', () => {
    const source = SAMPLE_RUN.submissions[1]!;
    const afterDue = gradescopeResults({
      ...source,
      tests: source.tests.map((t) => (t.id === 'connect_four.human-transcript' ? { ...t, visibility: 'after-due' as const } : t)),
    });
    expect(afterDue.tests[2]).toMatchObject({ visibility: 'after_due_date', status: 'failed' });
    expect(afterDue.tests[2]!.output).toContain(source.tests.find((t) => t.id === 'connect_four.human-transcript')!.reproduce!);
  });

  it('leaves out a 0-point test not run, and says once why a test with points was not run', () => {
    const source = SAMPLE_RUN.submissions[0]!;
    const strength = {
      ...source.tests[0]!,
      id: 'aiplayer.next_move.strength',
      name: 'How well AIPlayer plays',
      status: 'skipped' as const,
      score: 0,
      maxScore: 0,
      message: 'not run: a figure for information (0 points), measured when grade is given --strength',
    };
    const only = { ...source.tests[1]!, status: 'skipped' as const, score: 0, message: 'not run: --only board.' };
    const results = gradescopeResults({ ...source, tests: [strength, only, ...source.tests.slice(2)] }, { manualPoints: 1 });
    expect(results.tests.map((t) => t.name)).not.toContain('How well AIPlayer plays');
    expect(results.tests[0]).toMatchObject({ number: '1.1', status: 'failed', output: 'Not run: --only board.' });
    expect(results.output).toContain('1 more point is graded by hand.');
  });
});

describe('gradebook CSVs', () => {
  it("writes Canvas's import columns, the assignment as Title (id), and each problem's points when asked", () => {
    expect(canvasCsv(SAMPLE_RUN, { assignmentId: '4242' }).split('\r\n')[0]).toBe(
      'Student,ID,SIS User ID,SIS Login ID,Section,CS 111 PS9 (4242)',
    );
    const lines = canvasCsv(SAMPLE_RUN, { assignmentId: '4242', problems: { ids: {} } }).split('\r\n');
    expect(lines[0]).toBe('Student,ID,SIS User ID,SIS Login ID,Section,CS 111 PS9 (4242),Problem 1: Board,Problem 3: Games');
    expect(lines[1]).toBe('    Points Possible,,,,,10,5,5');
    expect(lines[2]).toBe('"Smith, Alice",1001,S1,alice@example.edu,,10,5,5');
    expect(lines[3]!.startsWith(`"'=bob `)).toBe(true);
    expect(lines.at(-1)).toBe('');
  });

  it('writes the plain id,score,max file', () => {
    expect(scoresCsv(SAMPLE_RUN).split('\r\n').slice(0, 2)).toEqual(['id,score,max', 'alice,10,10']);
  });

  it('quotes as RFC 4180 says and keeps formulas as text', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell(-3)).toBe('-3');
  });
});
