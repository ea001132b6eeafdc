import { describe, expect, it } from 'vitest';
import type { SubmissionResult, TestResult, TestStatus } from '../../../runner/model/results.js';
import type { Mutant } from '../../../runner/mutants/generate.js';
import { changedLines, scoreMutants } from '../../../runner/mutants/score.js';
import { bundledSolutionName, EquivalentsError, parseEquivalents } from '../../../runner/mutants/equivalents.js';

const TESTS = [
  { id: 'board.repr', group: 'Board' },
  { id: 'board.win', group: 'Board' },
  { id: 'ai.scores', group: 'AI' },
];

function graded(id: string, statuses: Record<string, TestStatus> = {}): SubmissionResult {
  const tests: TestResult[] = TESTS.map((t) => ({
    id: t.id,
    name: t.id,
    group: t.group,
    target: 't',
    status: statuses[t.id] ?? 'pass',
    score: 1,
    maxScore: 1,
    visibility: 'visible',
    message: '',
  }));
  return { id, path: id, assignment: 'a', status: 'graded', score: 0, maxScore: 3, durationMs: 1, tests };
}

const ORIGINAL = 'def win(b):\n    return a < b\n\nx = 1\n';
const mutant = (id: string, line: number, source: string): Mutant => ({
  id,
  file: 'board.py',
  line,
  endLine: line,
  function: 'win',
  operator: 'compare',
  change: '`<` → `<=`',
  original: '',
  mutated: '',
  source,
});

describe('scoreMutants', () => {
  const mutants = [
    mutant('m-000000000a', 2, ORIGINAL.replace('a < b', 'a <= b')),
    mutant('m-000000000b', 2, ORIGINAL.replace('a < b', 'a > b')),
    mutant('m-000000000c', 4, ORIGINAL.replace('x = 1', 'x = 2')),
    mutant('m-000000000d', 4, ORIGINAL.replace('x = 1', 'x = 0')),
    mutant('m-000000000e', 4, ORIGINAL.replace('x = 1', 'pass')),
  ];
  const run = [
    graded('solution', { 'ai.scores': 'fail' }),
    graded('m-000000000a', { 'board.win': 'fail', 'ai.scores': 'fail' }),
    graded('m-000000000b', { 'board.win': 'timeout', 'board.repr': 'error' }),
    graded('m-000000000c', { 'ai.scores': 'fail' }),
    graded('m-000000000d'),
    graded('m-000000000e', { 'board.repr': 'fail' }),
  ];
  const result = scoreMutants(run, {
    solution: 'sol',
    solutionId: 'solution',
    seed: 1,
    generated: 9,
    limit: 5,
    mutants,
    skippedFiles: [],
    given: [],
    originals: new Map([['board.py', ORIGINAL]]),
    equivalents: new Map([
      ['m-000000000c', 'x is never read'],
      ['m-000000000e', 'claimed, but a test tells'],
    ]),
  });

  it('kills only through tests the unchanged solution passes, and names the first in spec order', () => {
    const byId = new Map(result.mutants.map((m) => [m.id, m]));
    expect(result.solutionFailures).toEqual(['ai.scores']);
    expect(byId.get('m-000000000a')).toMatchObject({ status: 'killed', killedBy: 'board.win', killingTests: 1 });
    expect(byId.get('m-000000000b')).toMatchObject({ status: 'killed', killedBy: 'board.repr', killingTests: 2 });
    // ai.scores fails on the solution too, so it proves nothing about this mutant: reviewed as equivalent.
    expect(byId.get('m-000000000c')).toMatchObject({ status: 'equivalent', why: 'x is never read', killingTests: 0 });
    expect(byId.get('m-000000000d')).toMatchObject({ status: 'survived', killingTests: 0 });
    expect(byId.get('m-000000000e')).toMatchObject({ status: 'killed', killedBy: 'board.repr' });
  });

  it('scores with and without the reviewed equivalents, and says which list entries a test kills', () => {
    expect(result).toMatchObject({ graded: 5, generated: 9, killed: 3, survived: 1, equivalent: 1, score: 75, scoreWithEquivalents: 60 });
    expect(result.staleEquivalents).toEqual([{ id: 'm-000000000e', killedBy: 'board.repr' }]);
  });

  it('counts per test and per group what it kills and what it alone kills', () => {
    expect(result.tests).toEqual([
      { id: 'board.repr', name: 'board.repr', group: 'Board', killed: 2, onlyKilled: 1 },
      { id: 'board.win', name: 'board.win', group: 'Board', killed: 2, onlyKilled: 1 },
      { id: 'ai.scores', name: 'ai.scores', group: 'AI', killed: 0, onlyKilled: 0 },
    ]);
    expect(result.groups).toEqual([
      { group: 'Board', killed: 3, onlyKilled: 3, percent: 75 },
      { group: 'AI', killed: 0, onlyKilled: 0, percent: 0 },
    ]);
    expect(result.functions).toEqual([{ file: 'board.py', function: 'win', mutants: 5, killed: 3, survived: 1, equivalent: 1 }]);
  });

  it('shows each mutant as the lines it changed', () => {
    expect(result.mutants[0]).toMatchObject({ line: 2, before: ['    return a < b'], after: ['    return a <= b'] });
    expect(changedLines('a\nb\nc\n', 'a\nB\nC\n')).toEqual({ line: 2, before: ['b', 'c'], after: ['B', 'C'] });
    expect(changedLines('a\n', 'a\n')).toEqual({ line: 0, before: [], after: [] });
  });

  it('refuses a run without the unchanged solution', () => {
    expect(() =>
      scoreMutants(run.slice(1), {
        solution: 's',
        solutionId: 'solution',
        seed: 1,
        generated: 1,
        mutants,
        originals: new Map(),
        equivalents: new Map(),
        skippedFiles: [],
        given: [],
      }),
    ).toThrow(/unchanged solution/);
  });
});

describe('parseEquivalents', () => {
  const file = (lists: string) => `{"solutions":${lists}}`;
  it("reads one solution's ids and reasons, and none for a solution without a list", () => {
    const text = file(
      '{"correct-plain":[{"id":"m-0123456789","why":" never read "}],"correct-other":[{"id":"m-9876543210","why":"a bound never met"}]}',
    );
    expect(parseEquivalents(text, 'f.json')).toEqual(new Map([['m-0123456789', 'never read']]));
    expect(parseEquivalents(text, 'f.json', 'correct-other')).toEqual(new Map([['m-9876543210', 'a bound never met']]));
    expect(parseEquivalents(text, 'f.json', 'correct-third')).toEqual(new Map());
  });
  it.each([
    ['not json', /not JSON/],
    ['{"mutants": []}', /expected \{ "solutions"/],
    [file('{"correct-plain": {}}'), /must be a list/],
    [file('{"correct-plain":[{"id":"x","why":"w"}]}'), /correct-plain entry 1.*mutant id/],
    [file('{"correct-plain":[{"id":"m-0123456789"}]}'), /m-0123456789.*why/],
    [file('{"correct-plain":[{"id":"m-0123456789","why":"a"},{"id":"m-0123456789","why":"b"}]}'), /entry 2.*twice/],
  ])('rejects %s with a clear message', (text, message) => {
    expect(() => parseEquivalents(text, 'f.json')).toThrow(EquivalentsError);
    expect(() => parseEquivalents(text, 'f.json')).toThrow(message);
  });
});

describe('bundledSolutionName', () => {
  it('names a bundled sample by its folder, and no list for a solution elsewhere', () => {
    expect(bundledSolutionName('/r', 'cs111-ps9', '/r/fixtures/submissions/cs111-ps9/correct-plain')).toBe('correct-plain');
    expect(bundledSolutionName('/r', 'cs111-ps9', '/r/fixtures/submissions/cs111-ps9/correct-split/')).toBe('correct-split');
    expect(bundledSolutionName('/r', 'cs111-ps9', '/home/me/my-solution')).toBeUndefined();
    expect(bundledSolutionName('/r', 'cs111-ps9', '/r/fixtures/submissions/hmc-cs5-hw11/correct-plain')).toBeUndefined();
  });
});
