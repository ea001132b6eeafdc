/**
 * A pack's `boards`: the generated cases of CS111 and HMC on the course's board sizes, built from the reference when
 * the pack loads and kept in the cache, the document's own cases kept; correct submissions still earn every point on
 * them, and a look-ahead bug still fails and is still named.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AssignmentId } from '../../runner/model/ids.js';
import { runCli } from '../../runner/cli/run-cli.js';
import type { FixtureCase } from '../../runner/model/fixture-types.js';
import type { RunResults } from '../../runner/model/results.js';
import { loadPack } from '../../runner/pack/load-pack.js';
import { PROJECT_ROOT } from '../../runner/project-root.js';
import { loadSpec } from '../../runner/pack/load-spec.js';
import type { ResolvedSpec } from '../../runner/model/spec-types.js';
import { tempDirs } from '../temp-dirs.js';

const temp = tempDirs();
// The built cases are kept where this suite can see them built: its own cache, for this file only.
const cacheBefore = process.env['CONNECT4_CACHE'];
process.env['CONNECT4_CACHE'] = temp('pack-cases-');
afterAll(() => {
  if (cacheBefore === undefined) delete process.env['CONNECT4_CACHE'];
  else process.env['CONNECT4_CACHE'] = cacheBefore;
});

function packWith(text: string): string {
  const dir = temp('boards-');
  writeFileSync(join(dir, 'assignment.yml'), text);
  return dir;
}

/** Every board a case's input holds, as [rows, columns]: any `rows` list of strings, CS61A's `board` list of lists. */
function boardsIn(value: unknown, found: [number, number][] = []): [number, number][] {
  if (Array.isArray(value)) {
    for (const v of value) boardsIn(v, found);
  } else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === 'rows' && Array.isArray(v) && v.length > 0 && v.every((r) => typeof r === 'string'))
        found.push([v.length, (v[0] as string).length]);
      else boardsIn(v, found);
    }
  }
  return found;
}

const generatedOf = (spec: ResolvedSpec, id: string): FixtureCase[] =>
  spec.tests.find((t) => t.id === id)!.fixtureCases.filter((c) => c.source.kind === 'generated');

async function grade(klass: string, pack: string, only: string): Promise<RunResults> {
  const out = temp('boards-out-');
  let err = '';
  const code = await runCli(
    [klass, '--assignment', pack, '--out', out, '--jobs', '2', '--format', 'json', '--only', only],
    () => undefined,
    (s) => (err += s),
    { env: {}, cwd: PROJECT_ROOT },
  );
  expect(code, err).toBe(0);
  return JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as RunResults;
}

function classOf(assignment: AssignmentId, samples: readonly string[]): string {
  const klass = temp(`${assignment}-`);
  for (const name of samples)
    cpSync(join(PROJECT_ROOT, 'fixtures', 'submissions', assignment, name), join(klass, name), {
      recursive: true,
      filter: (p) => !p.includes('__pycache__') && !p.endsWith('BUG.md'),
    });
  return klass;
}

describe.each([
  ['cs111-ps9', 'aiplayer.scores_for.lookahead-2-3', 'aiplayer.scores_for.*', 'scores-for-one-level-shallow'],
  ['hmc-cs5-hw11', 'player.scoresFor.ply-2-3', 'player.scoresFor.*', 'scores-for-one-ply-shallow'],
] as const)('%s on 5 × 6 and 7 × 8 boards', (assignment, lookaheadTest, only, buggy) => {
  const pack = packWith(`extends: ${assignment}\nboards:\n  sizes:\n    - { rows: 5, columns: 6 }\n    - { rows: 7, columns: 8 }\n`);
  const spec = loadPack(PROJECT_ROOT, pack);
  const builtIn = loadSpec(PROJECT_ROOT, assignment);

  it("builds the look-ahead cases on the pack's boards and keeps the document's", () => {
    // The family of random positions on the game's board (another family draws shapes of its own on purpose).
    const family = (s: ResolvedSpec) =>
      generatedOf(s, lookaheadTest).filter((c) => c.source.kind === 'generated' && /^(scores_for|scoresFor)$/u.test(c.source.family));
    const sizes = family(spec).flatMap((c) => boardsIn(c.input));
    expect(new Set(sizes.map(([r, c]) => `${r}x${c}`))).toEqual(new Set(['5x6', '7x8']));
    expect(
      new Set(
        family(builtIn)
          .flatMap((c) => boardsIn(c.input))
          .map(([r, c]) => `${r}x${c}`),
      ),
    ).toEqual(new Set(['6x7']));
    expect(family(spec).length).toBeGreaterThan(10);
    const documents = (s: ResolvedSpec) => s.tests.flatMap((t) => t.fixtureCases.filter((c) => c.source.kind === 'document'));
    expect(documents(spec)).toEqual(documents(builtIn));
    expect(spec.boards).toEqual({
      sizes: [
        { rows: 5, columns: 6 },
        { rows: 7, columns: 8 },
      ],
    });
  });

  it('grades a correct submission full marks on them, and names a look-ahead bug on them', async () => {
    const run = await grade(classOf(assignment, ['correct-plain', buggy]), pack, only);
    const correct = run.submissions.find((s) => s.id === 'correct-plain')!;
    expect(correct.tests.filter((t) => t.status !== 'pass' && t.status !== 'skipped').map((t) => `${t.id}: ${t.message}`)).toEqual([]);
    const wrong = run.submissions.find((s) => s.id === buggy)!.tests.find((t) => t.id === lookaheadTest)!;
    expect(wrong.status).toBe('fail');
    expect(wrong.diagnosis?.variant).toMatch(/shallow/u);
  }, 300_000);

  it('loads again from the cache with the same cases', () => {
    expect(loadPack(PROJECT_ROOT, pack).tests).toEqual(spec.tests);
  });
});
