import { describe, expect, it } from 'vitest';
import { applyNotes, markClusterNotes, NotesError, parseNotes } from '../../../runner/grade/notes.js';
import type { RunResults, SubmissionResult, TestResult } from '../../../runner/grade/results.js';
import { failureClusters } from '../../../runner/insight/clusters.js';
import { gradescopeResults } from '../../../reports/gradescope.js';
import { junitXml } from '../../../reports/junit.js';
import { classView, submissionView } from '../../../reports/model.js';

const test = (id: string, message = ''): TestResult => ({ id, name: id, group: 'g', target: 't', status: message ? 'fail' : 'pass', score: message ? 0 : 1, maxScore: 1, visibility: 'visible', message: message || 'ok' });
const student = (id: string, tests: TestResult[]): SubmissionResult => ({ id, path: id, assignment: 'cs61a-hw04', status: 'graded', score: 0, maxScore: 2, durationMs: 0, tests });
const run = (submissions: SubmissionResult[]): RunResults => ({ tool: { name: 'g', version: '0' }, generatedAt: 'x', seed: 1, sandbox: { python: '3', network: 'off', notes: [] }, submissions, clusters: failureClusters(submissions) });

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
    expect(failureClusters([...klass.submissions].reverse()).map((c) => c.id).sort()).toEqual([...ids].sort());
  });

  it('reads a mapping of ids to text and refuses anything else with the file', async () => {
    expect(await parseNotes('repr: |\n  Print **every** row.\nwin: Return False, not None.\n', 'notes.yml')).toEqual(new Map([['repr', 'Print **every** row.'], ['win', 'Return False, not None.']]));
    expect(await parseNotes('', 'notes.yml')).toEqual(new Map());
    await expect(parseNotes('- a\n- b\n', 'notes.yml')).rejects.toThrow('notes.yml must map cluster or test ids to notes (id: text), not a list');
    await expect(parseNotes('repr: 3\n', 'notes.yml')).rejects.toThrow('notes.yml: the note for repr must be text');
    await expect(parseNotes('repr: [unclosed\n', 'notes.yml')).rejects.toBeInstanceOf(NotesError);
    await expect(parseNotes(`repr: ${'x'.repeat(2001)}\n`, 'n.yml')).rejects.toThrow('keep a note under 2,000');
  });

  it("puts a cluster's note on its members only, a test's note on everyone who failed it, and names what matched nothing", () => {
    const reprCluster = klass.clusters!.find((c) => c.test === 'repr')!;
    const noted = applyNotes(klass, new Map([[reprCluster.id!, 'See **lecture 9**. <script>alert(1)</script>'], ['win', 'Return `False`.'], ['gone#12345678', 'old'], ['nope', 'x']]), 'notes.yml');
    const notesOf = (id: string, testId: string) => noted.submissions.find((s) => s.id === id)!.tests.find((t) => t.id === testId)!.notes;
    expect(notesOf('ada', 'repr')).toEqual([{ from: reprCluster.id, markdown: 'See **lecture 9**. <script>alert(1)</script>' }]);
    expect(notesOf('bob', 'repr')).toHaveLength(1);
    expect(notesOf('cy', 'repr')).toBeUndefined();
    expect(notesOf('dee', 'repr')).toBeUndefined();
    expect(notesOf('cy', 'win')).toEqual([{ from: 'win', markdown: 'Return `False`.' }]);
    expect(notesOf('bob', 'win')).toBeUndefined();
    expect(noted.notes).toEqual({ file: 'notes.yml', used: [reprCluster.id, 'win'], unmatched: ['gone#12345678', 'nope'] });
    expect(noted.clusters!.find((c) => c.test === 'repr')!.note).toContain('lecture 9');

    // Rendered safely: Markdown formats, raw HTML is shown as text.
    const page = submissionView(noted.submissions[0]!);
    const html = page.problems.flatMap((p) => p.tests).find((t) => t.id === 'repr')!.notes![0]!.html;
    expect(html).toContain('<strong>lecture 9</strong>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain('<script>');
    expect(classView(noted).clusters.find((c) => c.test === 'repr')!.noteHtml).toContain('<strong>lecture 9</strong>');
    expect(gradescopeResults(noted.submissions[0]!).tests[0]!.output).toMatch(/^A note from your instructor:\nSee \*\*lecture 9\*\*/u);
    expect(junitXml(noted)).toContain('note from your instructor:\nReturn `False`.');

    // Clusters found again (a merge) get their notes back from the members' tests.
    const again = markClusterNotes({ ...noted, clusters: failureClusters(noted.submissions) });
    expect(again.clusters!.find((c) => c.test === 'repr')!.note).toContain('lecture 9');
  });
});
