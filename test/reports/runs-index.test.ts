/**
 * The index over a folder of runs (reports/runs-index.ts, `grade index`): which students a card links to, that it
 * links only to pages that exist, that a new kind of page is one row of the table, that everything from a run is
 * escaped; and the command on real folders, every link of its page a file on disk.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderRunsIndex } from '../../reports/html.js';
import { OPTIONAL_PAGES, runCard, runsIndexView, wantedPages, type IndexedRun, type OptionalPage } from '../../reports/runs-index.js';
import type { RunResults } from '../../runner/model/results.js';
import { PROJECT_ROOT } from '../../runner/project-root.js';
import { cli } from '../helpers/cli.js';
import { tempDirs } from '../temp-dirs.js';
import { runsFolder, student } from './runs-folder.js';
import { HOSTILE, SAMPLE_RUN } from './sample-run.js';

const temp = tempDirs();
const BOB_PAGE = '_bob_script_window.pwned_true_script_img_src_x_onerror_window.pwned_true_.html';
const every = (run: RunResults) => new Set(wantedPages(run));
const entry = (run: RunResults, pages = every(run), folder = 'cs111'): IndexedRun => ({ folder, run, pages, document: 'seeds/000_x.txt' });

describe("a run's card", () => {
  it('links the class summary, a student who passed every test, one who did not, and the page handed back to them', () => {
    const card = runCard(entry(SAMPLE_RUN));
    expect(card.links.map((l) => [l.kind, l.href])).toEqual([
      ['summary', 'cs111/index.html'],
      ['correct', 'cs111/submissions/alice.html'],
      ['failing', `cs111/submissions/${BOB_PAGE}`],
      ['handed-back', `cs111/for-students/${BOB_PAGE}`],
    ]);
    expect(card.links[1]!.label).toBe('Smith, Alice, who passed every test');
    expect(card.links[2]!.detail).toBe('2/10: 2 wrong answers, 1 crashed, 1 timed out');
    expect([card.title, card.mean, card.median, card.maxScore, card.count, card.document]).toEqual([
      'CS 111 PS9',
      '6.0',
      '6.0',
      10,
      2,
      'seeds/000_x.txt',
    ]);
    expect(card.histogram.map((bar) => bar.count)).toEqual([0, 0, 1, 0, 0, 0, 0, 0, 0, 1]);
  });

  it('links no page the run did not write, and says so when it wrote none', () => {
    const card = runCard(entry(SAMPLE_RUN, new Set(['index.html', 'submissions/alice.html'])));
    expect(card.links.map((l) => l.kind)).toEqual(['summary', 'correct']);
    const bare = runCard(entry(SAMPLE_RUN, new Set()));
    expect(bare.links).toEqual([]);
    expect(bare.summary).toBeUndefined();
    expect(bare.noPages).toContain('graded without html');
  });

  it('takes for the failing student one whose mistake was named, then the most wrong answers, and counts the mistakes named', () => {
    const run: RunResults = {
      ...SAMPLE_RUN,
      submissions: [
        student('many-wrong', 3),
        student('all-right', 0),
        student('named', 1, 'one-level-shallower'),
        student('named-too', 2, 'one-level-shallower'),
        student('other', 1, 'worst-reply'),
      ],
    };
    const card = runCard(entry(run));
    expect(card.links.find((l) => l.kind === 'correct')!.href).toBe('cs111/submissions/all-right.html');
    const failing = card.links.find((l) => l.kind === 'failing')!;
    expect(failing.href).toBe('cs111/submissions/named-too.html');
    expect(failing.detail).toBe('2/4: 2 wrong answers; the mistake named: one-level-shallower');
    expect(card.mistakes).toEqual({ named: 2, students: 3, variants: 'one-level-shallower, worst-reply' });
    // Without a named mistake, the most wrong answers; no student who passed everything, no such link.
    const plain = runCard(entry({ ...run, submissions: [student('one', 1), student('three', 3), student('two', 2)] }));
    expect(plain.links.map((l) => [l.kind, l.href.split('/').at(-1)])).toEqual([
      ['summary', 'index.html'],
      ['failing', 'three.html'],
      ['handed-back', 'three.html'],
    ]);
    expect(plain.mistakes.named).toBe(0);
  });

  it('links a new kind of page (a class ladder) once it is a row of the table, and only where the run has it', () => {
    const ladder: OptionalPage = {
      kind: 'ladder',
      of: 'class',
      path: () => 'ladder/index.html',
      label: () => 'The class AI ladder',
      detail: 'ratings',
    };
    const table = [...OPTIONAL_PAGES, ladder];
    expect(wantedPages(SAMPLE_RUN, table)).toContain('ladder/index.html');
    expect(runCard(entry(SAMPLE_RUN), table).links.map((l) => l.kind)).not.toContain('ladder');
    const pages = new Set([...every(SAMPLE_RUN), 'ladder/index.html']);
    expect(runCard(entry(SAMPLE_RUN, pages), table).links.at(-1)).toEqual({
      kind: 'ladder',
      href: 'cs111/ladder/index.html',
      label: 'The class AI ladder',
      detail: 'ratings',
    });
  });

  it("encodes a folder's name in its links, and escapes every text of the runs on the page", () => {
    const hostile: RunResults = { ...SAMPLE_RUN, settings: { ...SAMPLE_RUN.settings!, title: `PS9 ${HOSTILE}` } };
    const view = runsIndexView([entry(hostile, every(hostile), 'term 1#a?b')], {
      heading: `Runs ${HOSTILE}`,
      what: 'what',
      command: `grade index ${HOSTILE}`,
      how: [{ text: HOSTILE, code: true }],
    });
    expect(view.cards[0]!.summary).toBe('term%201%23a%3Fb/index.html');
    const html = renderRunsIndex(view);
    expect(html).not.toContain('<script>window.pwned');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script&gt;window.pwned &#x3D; true&lt;/script&gt;');
    expect(html).toContain('href="term%201%23a%3Fb/submissions/alice.html"');
  });

  it('says in its footer the grader, the latest run and every seed', () => {
    const later: RunResults = { ...SAMPLE_RUN, generatedAt: '2026-11-23T10:00:00.000Z', seed: 9 };
    const view = runsIndexView([entry(SAMPLE_RUN), entry(later, every(later), 'b')], { heading: 'h', what: 'w', command: 'c' });
    expect([view.tool, view.generatedAt, view.seed]).toEqual(['connect-four-grader 9.9.9', '2026-11-23T10:00:00Z', '7, 9']);
  });
});

const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/gu)].map((m) => decodeURIComponent(m[1]!));

describe('grade index', () => {
  it("writes a card per run in the folder's sub-folders, each link a page on disk, and names a run that did not finish", async () => {
    const folder = runsFolder(temp('runs-index-'));
    const done = await cli('index', folder);
    expect(done.code, done.err).toBe(0);
    expect(done.out).toMatch(/index\.html: 3 runs\n$/u);
    expect(done.err).toContain('left out unfinished has only results.jsonl: that run did not finish');
    const html = readFileSync(join(folder, 'index.html'), 'utf8');
    expect([...html.matchAll(/<section class="card run" data-assignment="([^"]+)"/gu)].map((m) => m[1])).toEqual([
      'cs111-ps9',
      'hmc-cs5-hw11',
      'cs111-ps9',
    ]);
    // The built-in's document, read from its spec; the json-only run's card has no link.
    expect(html).toContain('seeds/000_09b3d2d4078e204f.txt');
    expect(html).toContain('This run wrote no pages');
    const links = hrefs(html);
    // Each card's title and its first link both open the class summary.
    expect(links).toHaveLength(2 + 4 + 3);
    for (const link of links) expect(existsSync(join(folder, link)), link).toBe(true);
    expect(links).toContain('hmc/submissions/bo.html');
    expect(html).toContain(`Made by <code>grade index ${relative(PROJECT_ROOT, folder)}</code>`);
  });

  it("refuses a run's own folder, whose index.html is its class summary, and a folder with no run", async () => {
    const folder = runsFolder(temp('runs-index-'));
    const summary = readFileSync(join(folder, 'hmc', 'index.html'), 'utf8');
    const own = await cli('index', join(folder, 'hmc'));
    expect(own.code).toBe(2);
    expect(own.err).toContain("is the folder of one run: its index.html is that run's class summary");
    expect(readFileSync(join(folder, 'hmc', 'index.html'), 'utf8')).toBe(summary);
    const empty = await cli('index', join(folder, 'notes'));
    expect(empty.code).toBe(2);
    expect(empty.err).toContain('no run in');
    expect(existsSync(join(folder, 'notes', 'index.html'))).toBe(false);
  });
});
