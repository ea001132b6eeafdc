/**
 * Class insight on classes built from the samples: a copy disguised (names changed, functions reordered, comments
 * added) is found with its source and with the other disguise, independently written samples are not paired, and
 * five students with one bug make one failure cluster of exactly those five, on the page and in the CLI's output.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../runner/cli/run-cli.js';
import { PROJECT_ROOT } from '../../runner/project-root.js';
import type { RunResults } from '../../runner/model/results.js';
import { givenHashes } from '../../runner/insight/class-code.js';
import { fingerprints, tokenize } from '../../runner/insight/fingerprints.js';
import { similarPairs, type SubmissionCode } from '../../runner/insight/similarity.js';

const SAMPLES = join(PROJECT_ROOT, 'fixtures', 'submissions');
/** Per assignment, two samples written independently of each other (the others are one-change copies of these). */
const INDEPENDENT: Readonly<Record<string, readonly [string, string]>> = {
  'cs111-ps9': ['correct-classic', 'correct-compact'],
  'hmc-cs5-hw11': ['correct-classic', 'correct-compact'],
  'cs61a-hw04': ['correct-classic', 'correct-lab04-split'],
  'manchester-connect4': ['correct-classic', 'correct-compact'],
  conniption: ['correct-classic', 'correct-single-file'],
};

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function code(assignment: string, sample: string, id = sample): SubmissionCode {
  const dir = join(SAMPLES, assignment, sample);
  return {
    id,
    files: readdirSync(dir)
      .filter((n) => n.endsWith('.py'))
      .map((name) => ({ name, source: readFileSync(join(dir, name), 'utf8') })),
  };
}

/** A copy as a student hiding it would make: every name changed, the top-level blocks reversed, comments added. */
function disguise(source: string, salt: string): string {
  const renamed = source.replace(/\b([A-Za-z_]\w*)\b/gu, (name) => (tokenize(name)[0]?.kind === 'V' ? `${name}_${salt}` : name));
  // Top-level functions and classes in reverse order, and each class's methods too.
  const reverseMethods = (block: string) => {
    const [head, ...methods] = block.split(/\n(?= {4}def )/u);
    return [head, ...methods.reverse()].join('\n');
  };
  const [head, ...defs] = renamed.split(/\n(?=(?:def|class) )/u);
  const reordered = [head, ...defs.reverse().map(reverseMethods)].join('\n');
  return reordered
    .split('\n')
    .map((line, i) => (i % 7 === 3 && line.trim() !== '' ? `${line}  # ${salt} note ${i}` : line))
    .join('\n');
}

describe('similarity', () => {
  for (const [assignment, [first, second]] of Object.entries(INDEPENDENT)) {
    it(`${assignment}: two disguised copies of ${second} are flagged, with it and each other; ${first} and ${second} are not`, () => {
      const original = code(assignment, second);
      const copies = ['alpha', 'beta'].map((salt) => ({
        id: `copy-${salt}`,
        files: original.files.map((f) => ({ name: f.name, source: disguise(f.source, salt) })),
      }));
      const report = similarPairs([code(assignment, first), original, ...copies], { given: givenHashes(PROJECT_ROOT, assignment) });
      const pairs = report.pairs.map((p) => [p.a, p.b].sort().join(' ~ '));
      expect(pairs).toContain('copy-alpha ~ copy-beta');
      expect(pairs).toContain(`copy-alpha ~ ${second}`);
      expect(pairs.some((p) => p.includes(first))).toBe(false);
      const pair = report.pairs.find((p) => p.a === 'copy-alpha' || p.b === 'copy-alpha')!;
      expect(pair.regions.length).toBeGreaterThan(0);
      expect(pair.regions[0]!.a.code.length).toBeGreaterThan(40);
    });
  }

  it('does not count the code every student was given', () => {
    const original = code('cs111-ps9', 'correct-classic');
    const twin = { ...original, id: 'twin' };
    expect(similarPairs([original, twin]).pairs).toHaveLength(1);
    const given = original.files.flatMap((f) => fingerprints(f.source).map((p) => p.hash));
    expect(similarPairs([original, twin], { given }).pairs).toEqual([]);
  });
});

describe('failure clusters', () => {
  it('five students with the same bug are one cluster of exactly those five, largest first', async () => {
    const klass = mkdtempSync(join(tmpdir(), 'cluster-class-'));
    const out = mkdtempSync(join(tmpdir(), 'cluster-out-'));
    made.push(klass, out);
    const five = ['ada', 'ben', 'cy', 'dee', 'eve'];
    for (const name of five) cpSync(join(SAMPLES, 'cs111-ps9', 'no-down-diagonal'), join(klass, name), { recursive: true });
    cpSync(join(SAMPLES, 'cs111-ps9', 'correct-classic'), join(klass, 'fay'), { recursive: true });
    cpSync(join(SAMPLES, 'cs111-ps9', 'horizontal-off-by-one'), join(klass, 'gus'), { recursive: true });
    let printed = '';
    const code = await runCli(
      [klass, '--only', 'board.is_win_for', '--out', out, '--format', 'json,html'],
      (s) => (printed += s),
      () => {},
      { env: {}, cwd: PROJECT_ROOT },
    );
    expect(code).toBe(0);
    const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as RunResults;
    const diagonal = results.clusters!.find((c) => c.test === 'board.is_win_for.down-diagonal')!;
    expect(diagonal.count).toBe(5);
    expect(diagonal.submissions).toEqual(five);
    expect(results.clusters![0]!.count).toBe(5);
    expect(diagonal.summary).toMatch(/gave False; expected True \(first failing case: Board\.is_win_for\.gen\.down-diagonal/u);
    expect(results.clusters!.every((c) => c.count >= 2)).toBe(true);
    expect(printed).toContain('The most common mistakes');
    expect(printed).toMatch(/^ {3}5 × board\.is_win_for\.down-diagonal: /mu);
    const page = readFileSync(join(out, 'index.html'), 'utf8');
    expect(page).toContain('data-test="board.is_win_for.down-diagonal" data-count="5"');
    expect(page).toContain('Similar code');
  }, 180_000);
});
