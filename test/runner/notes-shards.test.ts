/**
 * notes.yml over a class graded in three shards: every student gets the note a single run gives, in results.json,
 * the pages handed back, Gradescope's output and JUnit, even one alone with the mistake in a shard, and on a test
 * the students cannot see; crashes raised at different lines of different files are one cluster; an id that matches
 * no failure of the class stops the run (after it is written) unless it is marked retired, and `merge --notes`
 * applies the class's notes to the merged run.
 */
import { cpSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../helpers/cli.js';
import type { RunResults } from '../../runner/model/results.js';
import { PROJECT_ROOT } from '../../runner/project-root.js';
import { tempDirs } from '../temp-dirs.js';

const SAMPLES = join(PROJECT_ROOT, 'fixtures', 'submissions', 'cs61a-hw04');
const temp = tempDirs();
// Three shards take students 1,4,7 / 2,5 / 3,6: each create_row student is alone in its shard, and so is each
// member of the hidden check_win_column mistake and of the crash.
const CLASS = [
  'create-row-spaces',
  'create-row-spaces',
  'create-row-spaces',
  'check-win-column-count-from-one',
  'check-win-column-count-from-one',
  'make-move-negative-column',
  'make-move-negative-column',
  'correct-plain',
];

const results = (dir: string) => JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as RunResults;
const notesOf = (run: RunResults) =>
  Object.fromEntries(run.submissions.map((s) => [s.id, s.tests.flatMap((t) => (t.notes ?? []).map((n) => `${t.id} ← ${n.from}`)).sort()]));
const FORMATS = ['--format', 'json,html,gradescope,junit', '--audience', 'student'];
/**
 * The tests the class's mistakes fail, for the first grading, which only finds the clusters' ids: an id is its test's
 * and its mistake's, whatever else a run grades. The runs the notes are judged on grade everything (a run with --only
 * is partial, and judges no note unmatched).
 */
const ONLY = ['--only', 'create_row.,check_win_column.,make_move.'];

let klass: string;
let clusters: RunResults['clusters'];
/** The three shards the first test grades, merged again by the second with other notes. */
let shards: string[];

beforeAll(async () => {
  klass = temp('notes-class-');
  CLASS.forEach((sample, i) =>
    cpSync(join(SAMPLES, sample), join(klass, `student-${i + 1}`), { recursive: true, filter: (p) => !p.endsWith('BUG.md') }),
  );
  // The same crash, two lines further down its file.
  const moved = join(klass, 'student-7', 'hw04.py');
  writeFileSync(moved, `# my homework\n\n${readFileSync(moved, 'utf8')}`);
  const first = temp('notes-first-');
  expect((await cli(klass, ...ONLY, '--out', first, '--format', 'json', '--jobs', '2')).code).toBe(0);
  clusters = results(first).clusters;
}, 120_000);

describe('notes across shards', () => {
  it('gives every member, in every shard, the note a single run gives: pages, Gradescope, JUnit', async () => {
    const id = (test: string) => clusters!.find((c) => c.test === test)!.id!;
    const crash = clusters!.find((c) => c.test === 'make_move.document')!;
    // A crash raised at different lines is one mistake.
    expect(crash).toMatchObject({ status: 'error', count: 2, submissions: ['student-6', 'student-7'] });
    writeFileSync(
      join(klass, 'notes.yml'),
      [
        `"${id('create_row.document')}": Cells are joined with **no** space.`,
        `"${id('check_win_column.generated')}": Count a column from its bottom checker.`,
        `"${crash.id}": A negative column is not a column.`,
        'check_win_column.generated: Read the handout on columns again.',
      ].join('\n'),
    );
    const whole = temp('notes-whole-');
    const single = await cli(klass, '--out', whole, ...FORMATS, '--jobs', '2');
    expect(single.code, single.err).toBe(0);
    expect(single.out).toContain('Notes from');
    shards = [1, 2, 3].map((i) => temp(`notes-shard-${i}-`));
    for (const [i, out] of shards.entries()) {
      // Shard 2 has no crash: a note it cannot match is left for the merge to judge, not an error.
      const part = await cli(klass, '--out', out, ...FORMATS, '--shard', `${i + 1}/3`);
      expect(part.code, part.err).toBe(0);
      // A shard of single students forms no cluster, and its students still get their notes.
      expect(results(out).clusters).toEqual([]);
    }
    const merged = temp('notes-merged-');
    const merge = await cli('merge', ...shards, '--out', merged, ...FORMATS);
    expect(merge.code, merge.err).toBe(0);

    const [a, b] = [results(whole), results(merged)];
    expect(notesOf(b)).toEqual(notesOf(a));
    expect(notesOf(a)['student-2']).toEqual([`create_row.document ← ${id('create_row.document')}`]);
    expect(notesOf(a)['student-5']).toEqual([
      'check_win_column.generated ← check_win_column.generated',
      `check_win_column.generated ← ${id('check_win_column.generated')}`,
    ]);
    expect(notesOf(a)['student-8']).toEqual([]);
    expect(b.notes).toEqual(a.notes);
    expect(b.clusters!.map((c) => [c.id, c.note])).toEqual(a.clusters!.map((c) => [c.id, c.note]));
    for (const student of a.submissions.map((s) => s.id)) {
      for (const file of [
        join('gradescope', `${student}.json`),
        join('submissions', `${student}.html`),
        join('for-students', `${student}.html`),
      ]) {
        const strip = (text: string) => text.replace(/\d{4}-\d\d-\d\dT[\d:.]+Z|"execution_time": [\d.]+|\d+(\.\d+)? s\b|\d+ ms\b/gu, '');
        expect(strip(readFileSync(join(merged, file), 'utf8')), file).toEqual(strip(readFileSync(join(whole, file), 'utf8')));
      }
    }
    const junit = (dir: string) =>
      readdirSync(dir)
        .filter((f) => f.endsWith('.xml'))
        .map((f) => readFileSync(join(dir, f), 'utf8').match(/note from your instructor:[^<]*/gu))
        .flat()
        .sort();
    expect(junit(merged)).toEqual(junit(whole));
    // The note on a hidden test reaches the page handed back; the hidden case does not.
    const page = readFileSync(join(whole, 'for-students', 'student-4.html'), 'utf8');
    expect(page).toContain('Count a column from its bottom checker.');
    expect(page).toContain('A hidden test');
    expect(page).not.toContain('check_win_column(');
  }, 300_000);

  it('stops on an id that matches no failure of the class, naming its line, unless it is retired; merge --notes applies the class notes', async () => {
    const notes = join(klass, 'notes.yml');
    writeFileSync(notes, 'create_row.document: Spaces.\n"create_row.document#00000000": An old mistake.\n');
    const whole = await cli(klass, '--out', temp('notes-typo-'), '--format', 'json');
    expect(whole.code).toBe(2);
    expect(whole.err).toContain('notes.yml line 2: create_row.document#00000000 matches no failure in the class');
    // The merge judges the whole class: the same file given to merge stops it too.
    const merge = await cli('merge', ...shards, '--out', temp('notes-typo-merged-'), '--format', 'json', '--notes', notes);
    expect(merge.code).toBe(2);
    expect(merge.err).toContain('create_row.document#00000000 matches no failure in the class');

    const retired = join(temp('notes-retired-'), 'notes.yml');
    writeFileSync(retired, 'create_row.document: Spaces.\n"create_row.document#00000000": {note: An old mistake., retired: true}\n');
    const out = temp('notes-merged-again-');
    const again = await cli('merge', ...shards, '--out', out, '--format', 'json', '--notes', retired);
    expect(again.code, again.err).toBe(0);
    expect(again.out).toContain('1 retired');
    expect(results(out).notes).toMatchObject({ used: ['create_row.document'], unmatched: [], retired: ['create_row.document#00000000'] });
    // The merge's notes replace the shards': the cluster notes of the first grading are gone.
    expect(
      results(out)
        .submissions.flatMap((s) => s.tests.flatMap((t) => t.notes ?? []))
        .map((n) => n.from),
    ).toEqual(['create_row.document', 'create_row.document', 'create_row.document']);
    writeFileSync(notes, 'create_row.documnet: Spaces.\n');
    const typo = await cli(klass, '--out', temp('notes-typo-test-'), '--format', 'json');
    expect(typo.code).toBe(2);
    expect(typo.err).toContain('notes.yml line 1: create_row.documnet is no test of this assignment');
  }, 300_000);

  it('refuses to merge shards graded with other notes, saying what each used, unless --allow-mixed', async () => {
    // Shard 2 graded again after notes.yml changed: the class would get notes no single run gives.
    writeFileSync(join(klass, 'notes.yml'), 'create_row.document: Spaces, again.\n');
    const other = temp('notes-other-shard-');
    expect((await cli(klass, '--out', other, '--format', 'json', '--shard', '2/3')).code).toBe(0);
    const refused = await cli('merge', shards[0]!, other, shards[2]!, '--out', temp('notes-mixed-'), '--format', 'json');
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('the runs were graded with different settings:\n  notes: ');
    expect(refused.err).toMatch(new RegExp(`${other} used .*notes\\.yml \\([0-9a-f]{12}\\)`, 'u'));
    expect(refused.err).toContain('--allow-mixed');
    const out = temp('notes-mixed-allowed-');
    const allowed = await cli('merge', shards[0]!, other, shards[2]!, '--out', out, '--format', 'json', '--allow-mixed');
    expect(allowed.code, allowed.err).toBe(0);
    expect(allowed.out).toContain('Merged runs graded with different settings (--allow-mixed)');
    expect(results(out).notes!.hash).toBeUndefined();
  }, 300_000);
});
