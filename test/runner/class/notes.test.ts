import { describe, expect, it } from 'vitest';
import {
  applyNotes,
  checkNoteIds,
  mergeNotes,
  NotesError,
  parseNotes,
  unmatchedNotesError,
  type Note,
} from '../../../runner/class/notes.js';
import { forStudents } from '../../../reports/for-students.js';
import type { RunResults, SubmissionResult, TestResult } from '../../../runner/model/results.js';
import { failureClusters } from '../../../runner/insight/clusters.js';
import { gradescopeResults } from '../../../reports/gradescope.js';
import { junitXml } from '../../../reports/junit.js';
import { classView, submissionView } from '../../../reports/model.js';

const test = (id: string, message = ''): TestResult => ({
  id,
  name: id,
  group: 'g',
  target: 't',
  status: message ? 'fail' : 'pass',
  score: message ? 0 : 1,
  maxScore: 1,
  visibility: 'visible',
  message: message || 'ok',
  ...(message && { failure: { kind: 'answer' as const, said: message } }),
});
const student = (id: string, tests: TestResult[]): SubmissionResult => ({
  id,
  path: id,
  assignment: 'cs61a-hw04',
  status: 'graded',
  score: 0,
  maxScore: 2,
  durationMs: 0,
  tests,
});
const run = (submissions: SubmissionResult[]): RunResults => ({
  tool: { name: 'g', version: '0' },
  generatedAt: 'x',
  seed: 1,
  sandbox: { python: '3', network: 'off', notes: [] },
  submissions,
  clusters: failureClusters(submissions),
});

const klass = run([
  student('ada', [test('repr', 'repr(b) returned "x"; expected "y"'), test('win', 'check_win returned None')]),
  student('bob', [test('repr', 'repr(b) returned "x"; expected "y"'), test('win')]),
  student('cy', [test('repr', 'repr(b) returned "z"; expected "y"'), test('win', 'check_win returned None')]),
  student('dee', [test('repr'), test('win')]),
]);

describe('notes on mistakes', () => {
  it('gives each cluster an id that stays the same when the class is graded again', () => {
    const ids = klass.clusters!.map((c) => c.id);
    expect(ids).toEqual([expect.stringMatching(/^repr#[0-9a-f]{8}$/u), expect.stringMatching(/^win#[0-9a-f]{8}$/u)]);
    expect(
      failureClusters([...klass.submissions].reverse())
        .map((c) => c.id)
        .sort(),
    ).toEqual([...ids].sort());
  });

  it('reads a mapping of ids to text and refuses anything else with the file', async () => {
    expect(
      await parseNotes(
        'repr: |\n  Print **every** row.\nwin: Return False, not None.\nold#12345678: {note: Fixed by all., retired: true}\n',
        'notes.yml',
      ),
    ).toEqual(
      new Map([
        ['repr', { markdown: 'Print **every** row.', line: 1, retired: false }],
        ['win', { markdown: 'Return False, not None.', line: 3, retired: false }],
        ['old#12345678', { markdown: 'Fixed by all.', line: 4, retired: true }],
      ]),
    );
    expect(await parseNotes('', 'notes.yml')).toEqual(new Map());
    await expect(parseNotes('- a\n- b\n', 'notes.yml')).rejects.toThrow(
      'notes.yml must map cluster or test ids to notes (id: text), not a list',
    );
    await expect(parseNotes('a: x\nrepr: 3\n', 'notes.yml')).rejects.toThrow('notes.yml line 2: the note for repr must be text');
    await expect(parseNotes('repr: {note: x, retire: true}\n', 'notes.yml')).rejects.toThrow(
      "notes.yml line 1: repr has 'retire'; an entry holds note, retired and visibility only",
    );
    await expect(parseNotes('repr: {note: x, visibility: later}\n', 'notes.yml')).rejects.toThrow(
      'visibility is visible (the student sees the note at once, even on a hidden test) or after-due',
    );
    expect(await parseNotes('repr: {note: x, visibility: after-due}\nwin: {note: y, visibility: visible}\n', 'notes.yml')).toEqual(
      new Map([
        ['repr', { markdown: 'x', line: 1, retired: false, visibility: 'after-due' }],
        ['win', { markdown: 'y', line: 2, retired: false }],
      ]),
    );
    await expect(parseNotes('repr: {note: x, retired: yes please}\n', 'notes.yml')).rejects.toThrow('retired is true or false');
    await expect(parseNotes('repr: a\nrepr: b\n', 'notes.yml')).rejects.toBeInstanceOf(NotesError);
    await expect(parseNotes('repr: [unclosed\n', 'notes.yml')).rejects.toBeInstanceOf(NotesError);
    await expect(parseNotes(`repr: ${'x'.repeat(2001)}\n`, 'n.yml')).rejects.toThrow('keep a note under 2,000');
  });

  it('refuses, before grading, an id that names no test of the spec, with its line', async () => {
    const ids = new Set(['board.repr', 'board.is_win_for.vertical']);
    const check = async (text: string) => checkNoteIds(await parseNotes(text, 'notes.yml'), 'notes.yml', ids);
    await expect(check('board.repr: a\n"board.is_win_for.vertical#0a1b2c3d": b\n')).resolves.toBeUndefined();
    await expect(check('board.repr: a\nborad.repr: b\n')).rejects.toThrow('notes.yml line 2: borad.repr is no test of this assignment');
    await expect(check('"board.rpr#0a1b2c3d": b\n')).rejects.toThrow(
      'line 1: the cluster board.rpr#0a1b2c3d is of board.rpr, which is no test of this assignment (its tests there: board.repr, board.is_win_for.vertical)',
    );
    await expect(check('"board.repr#0a1b": b\n')).rejects.toThrow('board.repr#0a1b is not a cluster id');
  });

  it("puts a cluster's note on its members only, a test's note on everyone who failed it, and names what matched nothing", () => {
    const reprCluster = klass.clusters!.find((c) => c.test === 'repr')!;
    const note = (markdown: string, line: number, retired = false): Note => ({ markdown, line, retired });
    const noted = applyNotes(
      klass,
      new Map([
        [reprCluster.id!, note('See **lecture 9**. <script>alert(1)</script>', 1)],
        ['win', note('Return `False`.', 2)],
        ['gone#12345678', note('old', 3)],
        ['nope', note('x', 4)],
        ['kept#87654321', note('y', 5, true)],
      ]),
      'notes.yml',
    );
    const notesOf = (id: string, testId: string) => noted.submissions.find((s) => s.id === id)!.tests.find((t) => t.id === testId)!.notes;
    expect(notesOf('ada', 'repr')).toEqual([{ from: reprCluster.id, markdown: 'See **lecture 9**. <script>alert(1)</script>' }]);
    expect(notesOf('bob', 'repr')).toHaveLength(1);
    expect(notesOf('cy', 'repr')).toBeUndefined();
    expect(notesOf('dee', 'repr')).toBeUndefined();
    expect(notesOf('cy', 'win')).toEqual([{ from: 'win', markdown: 'Return `False`.' }]);
    expect(notesOf('bob', 'win')).toBeUndefined();
    expect(noted.notes).toEqual({
      file: 'notes.yml',
      used: [reprCluster.id, 'win'],
      unmatched: ['gone#12345678', 'nope'],
      retired: ['kept#87654321'],
      hash: expect.stringMatching(/^[0-9a-f]{12}$/u),
    });
    expect(unmatchedNotesError(noted, new Map([['gone#12345678', note('old', 3)]]))).toMatch(
      /^ {2}notes\.yml line 3: gone#12345678 matches no failure in the class\n {2}notes\.yml: nope matches no failure/u,
    );
    expect(noted.clusters!.find((c) => c.test === 'repr')!.note).toContain('lecture 9');

    // Rendered safely: Markdown formats, raw HTML is shown as text.
    const page = submissionView(noted.submissions[0]!);
    const html = page.problems.flatMap((p) => p.tests).find((t) => t.id === 'repr')!.notes![0]!.html;
    expect(html).toContain('<strong>lecture 9</strong>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain('<script>');
    expect(classView(noted).clusters.find((c) => c.test === 'repr')!.noteHtml).toContain('<strong>lecture 9</strong>');
    expect(gradescopeResults(noted.submissions[0]!).tests[0]).toMatchObject({
      output_format: 'html',
      output: expect.stringMatching(
        /^<div class="note"><p><strong>A note from your instructor<\/strong><\/p>\n<p>See <strong>lecture 9<\/strong>\. &lt;script&gt;/u,
      ),
    });
    expect(junitXml(noted)).toContain('note from your instructor:\nReturn `False`.');

    // Clusters found again (a merge) get their notes back from the members' tests.
    const again = mergeNotes({ ...noted, clusters: failureClusters(noted.submissions) }, [noted]);
    expect(again.clusters!.find((c) => c.test === 'repr')!.note).toContain('lecture 9');
  });

  it("reaches a cluster's mistake wherever it is: alone in a shard, the last one still making it, on a hidden test", () => {
    const reprCluster = klass.clusters!.find((c) => c.test === 'repr')!;
    const notes = new Map([[reprCluster.id!, { markdown: 'See lecture 9.', line: 1, retired: false }]]);
    // bob alone, as in a shard of one, or after ada fixed hers: no cluster forms, and the note still reaches him.
    const hidden = { ...klass.submissions[1]!, tests: klass.submissions[1]!.tests.map((t) => ({ ...t, visibility: 'hidden' as const })) };
    const alone = applyNotes(run([hidden]), notes, 'notes.yml');
    expect(alone.clusters).toEqual([]);
    expect(alone.notes!.used).toEqual([reprCluster.id]);
    const page = forStudents(alone.submissions[0]!);
    const repr = page.tests.find((t) => t.id === 'repr')!;
    expect(repr.notes).toEqual([{ from: reprCluster.id, markdown: 'See lecture 9.' }]);
    expect(repr.message).toMatch(/^A hidden test/u);
    expect(JSON.stringify(page)).not.toContain('returned');

    // Shards merged: used by one shard is used; unmatched only where no shard used it.
    const shardA = applyNotes(
      run([klass.submissions[0]!]),
      new Map([...notes, ['win', { markdown: 'w', line: 2, retired: false }]]),
      'notes.yml',
    );
    const shardB = applyNotes(
      run([klass.submissions[3]!]),
      new Map([...notes, ['win', { markdown: 'w', line: 2, retired: false }]]),
      'notes.yml',
    );
    expect(shardB.notes!.unmatched).toEqual([reprCluster.id, 'win']);
    const merged = mergeNotes(run([klass.submissions[0]!, klass.submissions[3]!]), [shardA, shardB]);
    expect(merged.notes).toEqual({
      file: 'notes.yml',
      used: [reprCluster.id, 'win'],
      unmatched: [],
      retired: [],
      hash: shardA.notes!.hash,
    });
  });

  it('reaches a Gradescope student at once on a test shown after the due date, rendered, unless the note waits for its test (visibility: after-due)', () => {
    const later = { ...klass.submissions[0]!, tests: klass.submissions[0]!.tests.map((t) => ({ ...t, visibility: 'after-due' as const })) };
    const reprCluster = klass.clusters!.find((c) => c.test === 'repr')!;
    const notes = new Map<string, Note>([
      [reprCluster.id!, { markdown: 'Print **every** row.', line: 1, retired: false }],
      ['win', { markdown: 'Later: *None* is not False.', line: 2, retired: false, visibility: 'after-due' }],
    ]);
    const noted = applyNotes(run([later]), notes, 'notes.yml').submissions[0]!;
    const results = gradescopeResults(noted);
    // The tests themselves wait for the due date; the note that may be seen now is in the submission's output.
    expect(results.tests.every((t) => t.visibility === 'after_due_date')).toBe(true);
    expect(results.output_format).toBe('html');
    expect(results.output).toContain('A note from your instructor on repr (a test shown after the due date, not passed)');
    expect(results.output).toContain('<p>Print <strong>every</strong> row.</p>');
    expect(results.output).not.toContain('**every**');
    expect(results.output).not.toContain('None');
    // The after-due note is in its test's output, rendered, for when the test is shown.
    expect(results.tests.find((t) => t.name === 'win')!.output).toContain('<em>None</em>');
    // The page handed back before the due date keeps the note that may be seen now, not the one that waits.
    const page = forStudents(noted);
    expect(page.tests.find((t) => t.id === 'repr')!.notes).toHaveLength(1);
    expect(page.tests.find((t) => t.id === 'win')!.notes).toBeUndefined();
  });

  it("reaches a Gradescope student on a hidden test only in the submission's output: the test is never shown, nor its case", () => {
    const hidden = { ...klass.submissions[0]!, tests: klass.submissions[0]!.tests.map((t) => ({ ...t, visibility: 'hidden' as const })) };
    const reprCluster = klass.clusters!.find((c) => c.test === 'repr')!;
    const noted = applyNotes(
      run([hidden]),
      new Map<string, Note>([[reprCluster.id!, { markdown: 'Print **every** row.', line: 1, retired: false }]]),
      'notes.yml',
    ).submissions[0]!;
    const results = gradescopeResults(noted);
    expect(results.tests.every((t) => t.visibility === 'hidden')).toBe(true);
    expect(results.tests.find((t) => t.name === 'repr')!.output).toBe('Wrong answer. A hidden test: its cases are not shown.');
    expect(results.output).toContain('A note from your instructor on repr (a hidden test, not passed)');
  });

  it('clusters crashes by their exception and case, wherever in the student file they happened', () => {
    // The run records the exception's type and words apart from its place (results.json `failure`).
    const crash = (where: string) => ({
      ...test(
        'make',
        `1 of 4 cases failed; the first (make.doc.4):\nmake(b, -4) raised IndexError: list index out of range (${where}, in make: return put(b))`,
      ),
      status: 'error' as const,
      failure: { case: 'make.doc.4', kind: 'crash' as const, said: 'IndexError: list index out of range' },
    });
    const three = [
      student('a', [crash('hw04.py, line 40')]),
      student('b', [crash('hw04.py, line 52')]),
      student('c', [crash('lab04.py, line 7')]),
    ];
    const clusters = failureClusters(three);
    expect(clusters).toHaveLength(1);
    expect(clusters[0]!.count).toBe(3);
    expect(clusters[0]!.summary).toBe('raised IndexError: list index out of range (first failing case: make.doc.4)');
  });
});
