/** The HTML pages as text: self-contained, escaped, with what a failure needs (boards, transcript, reproduce). */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderClassPage, renderSubmissionPage, writeHtmlReport } from '../../reports/html.js';
import { histogram, pageNames, testRates, transcriptLines } from '../../reports/model.js';
import { boardPair, listBoard } from '../../reports/boards.js';
import type { TestResult, Words } from '../../runner/model/results.js';
import { HOSTILE, SAMPLE_RUN } from './sample-run.js';

const out = mkdtempSync(join(tmpdir(), 'html-report-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('HTML reports', () => {
  const bob = renderSubmissionPage(SAMPLE_RUN, SAMPLE_RUN.submissions[1]!, { classLink: true });
  const summary = renderClassPage(SAMPLE_RUN);

  it('are self-contained: no address outside the file but the links between the pages', () => {
    for (const page of [bob, summary]) {
      expect(page).not.toMatch(/(src|href)\s*=\s*"(https?:)?\/\//iu);
      expect(page).not.toMatch(/<link\b/iu);
      expect(page).toContain('Content-Security-Policy" content="default-src \'none\'');
    }
  });

  it('escape everything a submission produced', () => {
    expect(bob).not.toContain('<script>window.pwned');
    expect(bob).not.toContain('<img src=x');
    expect(bob).toContain('&lt;script&gt;window.pwned &#x3D; true&lt;/script&gt;');
    expect(summary).not.toContain('<img src=x');
    expect(bob.match(/<script>/gu)).toHaveLength(1);
  });

  it('show a failure with its boards as grids, the transcript with typed input marked, and a copyable reproduce', () => {
    expect(bob).toContain('data-board="expected"');
    expect((bob.match(/class="cell [a-z]+ differs"/gu) ?? []).length).toBe(4);
    expect(bob).toContain('Enter a column: <span class="typed">0</span>');
    expect(bob).toMatch(/<button class="copy" type="button" data-target="test-board-add_checker-reproduce">Copy<\/button>/u);
    expect(bob).toContain('<span class="badge error">crashed</span>');
    expect(bob).toContain('<span class="badge timeout">timed out</span>');
  });

  it('say what graded them: the built-in, or the pack by its folder with its due date, never a path of the machine', () => {
    expect(bob).toContain(
      `Graded with the built-in ${SAMPLE_RUN.settings?.assignment ?? SAMPLE_RUN.submissions[1]!.assignment}, grader ${SAMPLE_RUN.tool.version}.`,
    );
    const packed = {
      ...SAMPLE_RUN,
      pack: {
        path: '/home/prof/courses/ps11/assignment.yml',
        extends: 'cs111-ps9' as const,
        hash: '0123456789abcdef',
        due: '2027-04-16T23:59:00-04:00',
      },
    };
    const page = renderSubmissionPage(packed, packed.submissions[1]!, { classLink: true });
    expect(page).toContain(
      `Graded with the course&#x27;s pack ps11 (extending cs111-ps9, pack 0123456789abcdef), grader ${SAMPLE_RUN.tool.version}; due 2027-04-16T23:59:00-04:00.`,
    );
    expect(page).not.toContain('/home/prof');
    const classPage = renderClassPage(packed);
    expect(classPage).toContain(
      '<th>pack</th><td>/home/prof/courses/ps11/assignment.yml (extending cs111-ps9, pack 0123456789abcdef)</td>',
    );
    expect(classPage).toContain('<th>due</th><td>2027-04-16T23:59:00-04:00</td>');
  });

  it('tell a hidden test from one shown after the due date', () => {
    const tests = SAMPLE_RUN.submissions[1]!.tests;
    const page = renderSubmissionPage(
      SAMPLE_RUN,
      { ...SAMPLE_RUN.submissions[1]!, tests: tests.map((t, i) => (i === 0 ? { ...t, visibility: 'after-due' as const } : t)) },
      { classLink: true },
    );
    expect(page.match(/class="badge hidden" title="never shown to students[^"]*">hidden</gu) ?? []).toHaveLength(
      tests.filter((t) => t.visibility === 'hidden').length,
    );
    expect(page).toContain(
      'class="badge hidden" title="kept from students (grade check, their pages, Gradescope) until the due date, then shown with its cases">after due<',
    );
  });

  it('say which file served each part when one was found by what it defines, escaped like the rest', () => {
    const found = {
      ...SAMPLE_RUN.submissions[0]!,
      files: [
        { role: 'ps9pr1', files: ['ps11pr1.py'], foundBy: 'definitions' as const, defines: ['Board'] },
        { role: 'ps9pr2', files: ['<b>p.txt'], foundBy: 'definitions' as const, defines: ['Player'] },
        { role: 'ps9pr3', files: ['ps9pr3.py'], foundBy: 'name' as const },
      ],
    };
    const page = renderSubmissionPage(SAMPLE_RUN, found, { classLink: true });
    expect(page).toContain('<h2>Files graded</h2>');
    expect(page).toContain('<li>ps9pr1: ps11pr1.py (found by what it defines: Board)</li>');
    expect(page).toContain('<li>ps9pr2: &lt;b&gt;p.txt (found by what it defines: Player)</li>');
    expect(page).toContain('<li>ps9pr3: ps9pr3.py (by its name)</li>');
    expect(renderSubmissionPage(SAMPLE_RUN, SAMPLE_RUN.submissions[0]!, { classLink: true })).not.toContain('Files graded');
  });

  it('write a class summary and one page per student, with safe file names', () => {
    const written = writeHtmlReport(SAMPLE_RUN, out);
    expect(written.map((p) => p.slice(out.length + 1)).sort()).toEqual(
      [
        'index.html',
        'submissions/_bob_script_window.pwned_true_script_img_src_x_onerror_window.pwned_true_.html',
        'submissions/alice.html',
      ].sort(),
    );
    expect(readdirSync(join(out, 'submissions'))).toHaveLength(2);
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain('href="submissions/alice.html"');
  });
});

describe('report model', () => {
  it('bins scores in tenths, 100% in the top bin', () => {
    const bars = histogram([0, 9.9, 10, 55, 100, 100]);
    expect(bars.map((b) => b.count)).toEqual([2, 1, 0, 0, 0, 1, 0, 0, 0, 2]);
    expect(bars[0]).toMatchObject({ label: '0–9%', height: 100 });
  });

  it('sorts tests by pass rate, the most failed first', () => {
    expect(testRates(SAMPLE_RUN.submissions).map((r) => [r.id, r.percent])).toEqual([
      ['board.add_checker', 50],
      ['connect_four.human-transcript', 50],
      ['process_move.result', 50],
      ['connect_four.ai-games', 50],
      ['board.repr', 100],
    ]);
  });

  it('tells apart page names that clean up the same', () => {
    expect([...pageNames(['a b', 'a_b', 'A_B', '../x']).values()]).toEqual(['a_b.html', 'a_b-2.html', 'A_B-3.html', '__x.html']);
  });

  it('marks what the test typed at a prompt, and nothing else', () => {
    expect(transcriptLines("Player X's turn\nEnter a column: 3\n", ['3'])).toEqual([
      { text: "Player X's turn" },
      { text: 'Enter a column: ', typed: '3' },
    ]);
    const crash = 'Name: \nName: ada\nTraceback (most recent call last):\n    col = int(input("Column: "))\nValueError: x';
    expect(transcriptLines(crash, ['', 'ada'])).toEqual([
      { text: 'Name: ', typed: '⏎' },
      { text: 'Name: ', typed: 'ada' },
      { text: 'Traceback (most recent call last):' },
      { text: '    col = int(input("Column: "))' },
      { text: 'ValueError: x' },
    ]);
  });

  it('reads boards drawn with bars and CS61A list boards', () => {
    expect(listBoard("(1, [['-', 'X'], ['O', '-']])")).toEqual([
      ['-', 'X'],
      ['O', '-'],
    ]);
    const pair = boardPair("(1, [['-', '-'], ['X', '-']])", "(0, [['X', '-'], ['-', '-']])")!;
    expect(pair.differences).toBe(2);
    expect(pair.actual[0]![0]).toEqual({ text: 'X', piece: 'x', differs: true });
    expect(HOSTILE).toContain('<script>');
  });
});

describe("a failure's sentences on the page", () => {
  const said: Words[] = [
    { by: 'test', id: 'failedFirst', data: { failed: 1, of: '2 cases', first: 'c1' }, text: '1 of 2 cases failed; the first (c1):' },
    { by: 'check', id: 'said', data: { text: 'f(1) returned 2; expected 3' }, text: 'f(1) returned 2; expected 3' },
    {
      by: 'charged-once',
      id: 'here',
      data: { why: "your Board's delMove is what goes wrong" },
      text: "your Board's delMove is what goes wrong",
    },
    { by: 'hint', id: 'hint', data: { hint: 'Count from the <bottom>.' }, text: 'Hint: Count from the <bottom>.' },
    { by: 'diagnosis', id: 'likely-mistake', data: { variant: 'v' }, text: "The likely mistake (v): the opponent's score taken as yours" },
  ];
  const base = SAMPLE_RUN.submissions[1]!;
  const test: TestResult = { ...base.tests.find((t) => t.status === 'fail')!, said, message: said.map((w) => w.text).join('\n') };
  const page = (t: TestResult) => renderSubmissionPage(SAMPLE_RUN, { ...base, tests: [t] }, { classLink: false });

  it("sets each as what it is: the count, the check's words, a rule's words named, and the hint in a box of its own", () => {
    const html = page(test);
    expect(html).toContain('<pre class="message said-test">1 of 2 cases failed; the first (c1):</pre>');
    expect(html).toContain('<pre class="message said-check">f(1) returned 2; expected 3</pre>');
    expect(html).toMatch(
      /<pre class="message said-rule" data-rule="charged-once"[^>]*>your Board&#x27;s delMove is what goes wrong<\/pre>/u,
    );
    expect(html).toContain('<div class="hint"><span class="sub">Hint</span><p>Count from the &lt;bottom&gt;.</p></div>');
    expect(html).not.toContain('Hint: Count');
    // Without the mistake's own box the diagnosis stays a sentence; with it, it is said once, in the box.
    expect(html).toContain('The likely mistake (v)');
    const diagnosed = page({
      ...test,
      diagnosis: {
        variant: 'v',
        sentence: "the opponent's score taken as yours",
        cases: ['c1'],
        of: 2,
      },
    });
    expect(diagnosed).not.toContain('The likely mistake (v):');
  });

  it("shows an older results.json's message whole", () => {
    const { said: _s, ...old } = test;
    expect(page(old)).toContain(`<pre class="message said-check">1 of 2 cases failed; the first (c1):`);
  });
});
