import { cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintPack } from '../../../runner/pack/load-pack.js';
import { PROJECT_ROOT } from '../../../runner/project-root.js';
import { loadSpec, SpecError } from '../../../runner/pack/load-spec.js';

/**
 * A project root whose CS111 built-in pack has one change made to its text (the fixtures are the project's); the
 * folder of that pack is returned, where lint reads it.
 */
const changed = (from: string, to: string): string => {
  const text = readFileSync(join(PROJECT_ROOT, 'spec', 'cs111-ps9', 'assignment.yml'), 'utf8');
  if (!text.includes(from)) throw new Error(`the built-in pack no longer has ${from}`);
  const root = mkdtempSync(join(tmpdir(), 'spec-'));
  mkdirSync(join(root, 'spec', 'cs111-ps9'), { recursive: true });
  cpSync(join(PROJECT_ROOT, 'spec', 'schema.json'), join(root, 'spec', 'schema.json'));
  symlinkSync(join(PROJECT_ROOT, 'fixtures'), join(root, 'fixtures'));
  writeFileSync(join(root, 'spec', 'cs111-ps9', 'assignment.yml'), text.replace(from, to));
  roots.set(join(root, 'spec', 'cs111-ps9'), root);
  return join(root, 'spec', 'cs111-ps9');
};
const roots = new Map<string, string>();
const rootOf = (dir: string) => roots.get(dir)!;
const lineOf = (dir: string, needle: string) =>
  readFileSync(join(dir, 'assignment.yml'), 'utf8')
    .split('\n')
    .findIndex((l) => l.includes(needle)) + 1;

describe('the CS111 spec', () => {
  it("carries the document's points per problem, 4 of Problem 0 graded by hand", () => {
    const spec = loadSpec(PROJECT_ROOT, 'cs111-ps9');
    expect(spec.groups.map((g) => [g.name.split(':')[0], g.points])).toEqual([
      ['Problem 0', 5],
      ['Problem 1', 30],
      ['Problem 2', 15],
      ['Problem 3', 20],
      ['Problem 4', 30],
    ]);
    expect(spec.manualPoints).toBe(4);
    expect(spec.maxScore).toBe(96);
  });

  it('names every test after its target and resolves its cases and limits', () => {
    const spec = loadSpec(PROJECT_ROOT, 'cs111-ps9');
    for (const test of spec.tests) {
      expect(test.id).toMatch(/^[a-z0-9_]+(\.[A-Za-z0-9_-]+)+$/);
      expect(test.limits.callMs).toBeGreaterThan(0);
      if (test.kind === 'cases' || test.kind === 'program') expect(test.fixtureCases.length, test.id).toBeGreaterThan(0);
    }
    expect(spec.tests.find((t) => t.id === 'aiplayer.scores_for.lookahead-4')!.fixtureCases.every((c) => c.input['lookahead'] === 4)).toBe(
      true,
    );
  });
});

describe('a bad spec stops with the place of the fault', () => {
  it('names the line and column of a schema error, and says what is allowed', () => {
    const dir = changed('    visibility: hidden\n    fixture: board-repr', '    visibility: secret\n    fixture: board-repr');
    const result = lintPack(rootOf(dir), dir, { cwd: dir });
    expect(result.spec).toBeUndefined();
    expect(result.problems).toEqual([
      expect.objectContaining({
        path: ['tests', 'board.repr.generated', 'visibility'],
        line: lineOf(dir, 'visibility: secret'),
        column: 17,
        message: 'must be one of visible, hidden, after-due',
      }),
    ]);
    expect(() => loadSpec(rootOf(dir), dir)).toThrow(SpecError);
  });

  it('refuses points that do not add up, and selectors that select nothing, each at its line', () => {
    const points = changed(
      '  problem-2:\n    name: "Problem 2: Player"\n    points: 15',
      '  problem-2:\n    name: "Problem 2: Player"\n    points: 16',
    );
    expect(() => loadSpec(rootOf(points), points)).toThrow(
      new RegExp(`assignment.yml:${lineOf(points, 'points: 16')}:\\d+: groups.problem-2: its tests and manual points add up to 15, not 16`),
    );
    const selectors = changed('cases: [Board.__repr__.gen.*]', 'cases: [nothing.*]');
    const result = lintPack(rootOf(selectors), selectors, { cwd: selectors });
    expect(result.problems).toEqual([
      expect.objectContaining({
        path: ['tests.board.repr.generated.cases'],
        line: lineOf(selectors, 'cases: [nothing.*]'),
        message: 'its selectors match no case in board-repr',
      }),
    ]);
  });

  it('refuses a test in a group the file does not have', () => {
    const dir = changed('    group: problem-0\n', '    group: problem-9\n');
    const result = lintPack(rootOf(dir), dir, { cwd: dir });
    expect(result.problems).toEqual([
      expect.objectContaining({
        path: ['groups', 'problem-0'],
        line: lineOf(dir, '  problem-0:'),
        message: expect.stringMatching(/a group with no test/),
      }),
      expect.objectContaining({
        path: ['tests', 'reading.ps9pr0.present', 'group'],
        line: lineOf(dir, 'group: problem-9'),
        message: expect.stringMatching(/^no group 'problem-9' in this file \(its groups: problem-0, problem-1/),
      }),
    ]);
  });
});

describe('a built-in is read as one only from its own file', () => {
  it("refuses a copy of a built-in's file elsewhere, saying a course's pack extends one", () => {
    const dir = mkdtempSync(join(tmpdir(), 'copy-'));
    writeFileSync(
      join(dir, 'assignment.yml'),
      readFileSync(join(PROJECT_ROOT, 'spec', 'hmc-cs5-hw11', 'assignment.yml'), 'utf8').replace('check: repr', 'check: value'),
    );
    const result = lintPack(PROJECT_ROOT, dir, { cwd: dir });
    expect(result.spec).toBeUndefined();
    expect(result.problems).toEqual([
      expect.objectContaining({
        path: ['assignment'],
        message: expect.stringMatching(
          /^only a built-in's own file \(spec\/<id>\/assignment\.yml\) says assignment:; a course's pack says extends: <id>/u,
        ),
      }),
    ]);
  });
});
