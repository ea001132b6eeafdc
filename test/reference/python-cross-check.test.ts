/**
 * The golden fixtures against real Python: each case's reproduce snippet runs on a correct Python solution, and what
 * it returns, prints or raises must meet the case. This checks the reference's Python semantics (types, reprs,
 * transcripts) and that every snippet a report will show a student actually runs.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FixtureCase, SolverLabels } from '../../runner/model/fixture-types.js';
import { PROJECT_ROOT } from '../../runner/project-root.js';
import { fixtureFiles, mismatch, runPythonCases } from '../helpers/python-cases.js';

/** Manchester's loadGame cases give the file's text: it is written into the case's folder first. */
const filesFor = (c: FixtureCase): Record<string, string> => {
  const { fileText, filename } = c.input as { fileText?: string | null; filename?: string };
  return typeof fileText === 'string' && filename ? { [filename]: fileText } : {};
};

/**
 * The document's alpha_beta_search returns the best state, so its value is not observable through it; the solution's
 * own plain minimax gives the value to compare (the runner will read it through an adapter).
 */
const adaptForPython = (c: FixtureCase): FixtureCase => {
  if (!c.id.startsWith('alpha_beta_search.')) return c;
  const { depth } = c.input as { depth: number };
  return { ...c, python: `${c.python.split('\n')[0]}\nminimax_value(s, ${depth})` };
};

function playableMove(c: FixtureCase, seen: { value: unknown; raised: string | null }): string[] {
  const { scores } = c.input['solver'] as SolverLabels;
  const value = seen.value as { type?: string; value?: unknown } | null;
  const column = value?.type === 'int' ? (value.value as number) : undefined;
  return column !== undefined && scores[column] !== null && scores[column] !== undefined
    ? []
    : [
        `${c.id}\n${c.python}\nreturned ${JSON.stringify(seen.value)}${seen.raised ? `, raised ${seen.raised}` : ''}: not a playable column`,
      ];
}

const submission = (assignment: string, name: string) => join(PROJECT_ROOT, 'fixtures', 'submissions', assignment, name);

describe.each([
  { assignment: 'cs111-ps9', solution: 'correct-classic', modules: ['ps9pr4'] },
  { assignment: 'hmc-cs5-hw11', solution: 'correct-classic', modules: ['hw11pr2'] },
  { assignment: 'cs61a-hw04', solution: 'correct-classic', modules: ['hw04'] },
  { assignment: 'manchester-connect4', solution: 'correct-classic', modules: ['connect4_ada_lovelace'] },
  { assignment: 'conniption', solution: 'correct-classic', modules: ['conniption'] },
])('$assignment fixtures on $solution', ({ assignment, solution, modules }) => {
  // play() and the REPL are whole programs on a terminal: the sample suites run those cases.
  const files = fixtureFiles(assignment).filter((f) => f.target !== 'play' && f.target !== 'repl');
  // Every file's cases in one Python process (each case from a fresh namespace, as within a file): a process per
  // file cost a third of this suite in starts alone.
  let seen: ReturnType<typeof runPythonCases>;
  beforeAll(() => {
    seen = runPythonCases(
      submission(assignment, solution),
      modules,
      files.flatMap((f) => f.cases.map(adaptForPython)),
      filesFor,
    );
  }, 120_000);

  for (const file of files) {
    it(`${file.target}: every case`, () => {
      // HMC's playGame cases hold the end of what it prints: the last board and the message.
      const stdoutEndsWith = file.target === 'Board.playGame';
      const failures = file.cases.flatMap((c) => {
        const observed = seen.get(c.id);
        if (!observed) return [`${c.id}: not run`];
        // A strength case's expected moves are a perfect player's: a correct AI need only run and name a playable column.
        if (file.target.endsWith('.strength')) return playableMove(c, observed);
        const why = mismatch(c, observed, { stdoutEndsWith, asSet: file.target === 'Conniption.genChildStates' });
        return why ? [`${c.id}\n${c.python}\n${why}`] : [];
      });
      expect(failures.slice(0, 3).join('\n\n')).toBe('');
    });
  }

  it('runs every case of every file once, each id its own', () => {
    const ids = files.flatMap((f) => f.cases.map((c) => c.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...seen.keys()].sort()).toEqual([...ids].sort());
  });
});
