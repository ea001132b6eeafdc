/**
 * The reports in a real browser: Debian's Chromium driven by playwright-core opens the generated files and checks
 * what a person sees (the counts, a board diff, the sort, the index over a folder of runs and every link of its cards)
 * and that nothing a student printed ran. Screenshots go to
 * test-results/screenshots/. `.ci/run` installs Chromium; elsewhere, `apt-get install chromium`.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeReports } from '../../reports/write-reports.js';
import { runCli } from '../../runner/cli/run-cli.js';
import type { RunResults } from '../../runner/model/results.js';
import { PROJECT_ROOT } from '../../runner/project-root.js';
import { followCardLinks } from './follow-links.js';
import { runsFolder } from './runs-folder.js';
import { SAMPLE_RUN } from './sample-run.js';

const BOB_PAGE = '_bob_script_window.pwned_true_script_img_src_x_onerror_window.pwned_true_.html';

const CHROMIUM = '/usr/bin/chromium';
const SHOTS = join(PROJECT_ROOT, 'test-results', 'screenshots');
let browser: Browser;
let out: string;

beforeAll(async () => {
  if (!existsSync(CHROMIUM))
    throw new Error(`${CHROMIUM} is missing: install Debian's chromium package (apt-get install chromium); .ci/run does`);
  out = mkdtempSync(join(tmpdir(), 'browser-report-'));
  writeReports(SAMPLE_RUN, out, ['html']);
  mkdirSync(SHOTS, { recursive: true });
  // Flags as the machine needs them: no sandbox as root, and no background traffic to a network that is closed.
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  if (out) rmSync(out, { recursive: true, force: true });
});

const url = (file: string) => pathToFileURL(join(out, file)).href;

describe('the HTML reports in Chromium', () => {
  it("shows a student's score, counts and the board diff, prints without its buttons, and runs nothing the student printed", async () => {
    const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    const requests: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith('file:')) requests.push(request.url());
    });
    await page.goto(url('submissions/_bob_script_window.pwned_true_script_img_src_x_onerror_window.pwned_true_.html'));
    await expect(page.locator('.score').innerText()).resolves.toMatch(/^2\s*\/\s*10$/);
    await expect(page.locator('[data-count="fail"]').innerText()).resolves.toBe('2 wrong answers');
    await expect(page.locator('[data-count="error"]').innerText()).resolves.toBe('1 crashed');
    const diff = page.locator('#test-board-add_checker');
    await expect(diff.locator('[data-board="actual"] .cell.differs').count()).resolves.toBe(2);
    await expect(diff.locator('[data-board="expected"] .cell').count()).resolves.toBe(4);
    await expect(page.locator('.transcript .typed').first().innerText()).resolves.toBe('0');
    await expect(page.evaluate(() => (globalThis as unknown as { pwned?: boolean }).pwned)).resolves.toBeUndefined();
    await expect(diff.locator('pre.message').innerText()).resolves.toContain('<script>window.pwned = true</script>');
    await page.locator('.filters button[data-show="failed"]').click();
    await expect(page.locator('details.test.pass').first().isVisible()).resolves.toBe(false);
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('.filters').isVisible()).resolves.toBe(false);
    await expect(page.locator('button.copy').first().isVisible()).resolves.toBe(false);
    await page.emulateMedia({ media: 'screen' });
    await diff.screenshot({ path: join(SHOTS, 'board-diff.png') });
    await page.screenshot({ path: join(SHOTS, 'student-page.png'), fullPage: true });
    expect(requests).toEqual([]);
    await page.close();
  });

  it('names students as the export does, sorts the class table by score, links every student, and lists the most failed tests first', async () => {
    const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    await page.goto(url('index.html'));
    await expect(page.locator('[data-students]').innerText()).resolves.toBe('2 submissions');
    const names = () => page.locator('table.students tbody tr td:first-child a').allInnerTexts();
    await expect(names()).resolves.toEqual([
      'Smith, Alice',
      `=bob <script>window.pwned = true</script><img src=x onerror="window.pwned = true">`,
    ]);
    const score = page.locator('table.students th', { hasText: 'score' });
    await score.click();
    await expect(score.getAttribute('aria-sort')).resolves.toBe('ascending');
    await expect(names()).resolves.toEqual([expect.stringMatching(/^=bob/), 'Smith, Alice']);
    await score.click();
    await expect(names()).resolves.toEqual(['Smith, Alice', expect.stringMatching(/^=bob/)]);
    await expect(page.locator('table.rates tbody tr').first().getAttribute('data-test')).resolves.toBe('board.add_checker');
    await page.locator('table.students a', { hasText: 'Smith, Alice' }).click();
    await expect(page.locator('h1').innerText()).resolves.toBe('Smith, Alice');
    await expect(page.locator('header .sub').nth(1).innerText()).resolves.toContain('id 1001 · SIS S1 · alice@example.edu');
    await page.goBack();
    await page.screenshot({ path: join(SHOTS, 'class-summary.png'), fullPage: true });
    await page.close();
  });

  it('fits a phone: no sideways scrolling of the page itself', async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 740 }, isMobile: true });
    await page.goto(url('submissions/alice.html'));
    const overflow = await page.evaluate(() => {
      const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document
        .documentElement;
      return root.scrollWidth - root.clientWidth;
    });
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(SHOTS, 'student-page-phone.png') });
    await page.close();
  });

  it('--audience student: a page to hand back shows a hidden test by name, points and pass/fail only', async () => {
    // A real failing sample, graded as an instructor would before handing the pages back.
    const klass = mkdtempSync(join(tmpdir(), 'browser-class-'));
    const graded = mkdtempSync(join(tmpdir(), 'browser-graded-'));
    try {
      cpSync(join(PROJECT_ROOT, 'fixtures', 'submissions', 'cs61a-hw04', 'put-piece-top-row'), join(klass, 'put-piece-top-row'), {
        recursive: true,
      });
      const code = await runCli(
        [klass, '--assignment', 'cs61a-hw04', '--out', graded, '--audience', 'student', '--format', 'json,html'],
        () => {},
        () => {},
        { env: {}, cwd: klass },
      );
      expect(code).toBe(0);
      const run = JSON.parse(readFileSync(join(graded, 'results.json'), 'utf8')) as RunResults;
      const hiddenFailed = run.submissions[0]!.tests.filter((t) => t.visibility === 'hidden' && t.status !== 'pass');
      expect(hiddenFailed.length).toBeGreaterThan(0);
      const page = await browser.newPage();
      await page.goto(pathToFileURL(join(graded, 'for-students', 'put-piece-top-row.html')).href);
      const text = await page.locator('main').innerText();
      const html = await page.content();
      for (const test of hiddenFailed) {
        await expect(page.locator(`#test-${test.id.replace(/[^A-Za-z0-9_-]+/gu, '-')} .points`).innerText()).resolves.toBe(
          `0/${test.maxScore}`,
        );
        for (const secret of [test.expected, test.actual, test.reproduce, test.message.split('\n')[0]]) {
          if (secret) expect(html.includes(secret) || text.includes(secret), `${test.id} shows ${secret.slice(0, 60)}`).toBe(false);
        }
      }
      await expect(page.locator('main').innerText()).resolves.toContain('A hidden test: not passed.');
      // The instructor's own page keeps every detail: the same hidden test's Python to reproduce it.
      const instructor = await browser.newPage();
      await instructor.goto(pathToFileURL(join(graded, 'submissions', 'put-piece-top-row.html')).href);
      await expect(instructor.locator('main').innerText()).resolves.toContain(hiddenFailed[0]!.reproduce!.split('\n')[0]!);
      await instructor.close();
      await page.close();
    } finally {
      rmSync(klass, { recursive: true, force: true });
      rmSync(graded, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('the index over a folder of runs in Chromium', () => {
  it('opens, follows every link of every card to a page that is there, and fits a phone', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'browser-runs-'));
    try {
      runsFolder(folder);
      const code = await runCli(
        ['index', folder],
        () => {},
        () => {},
        { env: {}, cwd: folder },
      );
      expect(code).toBe(0);
      const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
      const requests: string[] = [];
      page.on('request', (request) => {
        if (!request.url().startsWith('file:')) requests.push(request.url());
      });
      const index = pathToFileURL(join(folder, 'index.html')).href;
      await page.goto(index);
      await expect(page.locator('h1').innerText()).resolves.toBe(`The runs in ${basename(folder)}`);
      await expect(page.locator('[data-runs]').innerText()).resolves.toBe('3 runs');
      await expect(page.locator('section.card.run h2').allInnerTexts()).resolves.toEqual(['CS 111 PS9', 'HMC', 'JSON only']);
      await expect(page.locator('section.card.run .big').allInnerTexts()).resolves.toEqual(['6.0', '3.0', '6.0']);
      await expect(page.locator('section.card.run').nth(1).locator('.histogram .bar').count()).resolves.toBe(10);
      await page.screenshot({ path: join(SHOTS, 'runs-index.png'), fullPage: true });
      const followed = await followCardLinks(page, index);
      expect(followed.map((f) => `${f.card} ${f.href}`)).toEqual([
        'cs111-ps9 cs111-ps9/index.html',
        'cs111-ps9 cs111-ps9/index.html',
        'cs111-ps9 cs111-ps9/submissions/alice.html',
        `cs111-ps9 cs111-ps9/submissions/${BOB_PAGE}`,
        `cs111-ps9 cs111-ps9/for-students/${BOB_PAGE}`,
        'hmc hmc/index.html',
        'hmc hmc/index.html',
        'hmc hmc/submissions/ada.html',
        'hmc hmc/submissions/bo.html',
      ]);
      // No broken link: each landed on its own file, a page of the reports with its heading.
      for (const f of followed) {
        expect(f.url, f.href).toBe(new URL(f.href, index).href);
        expect(f.heading, f.href).not.toBe('');
      }
      expect(followed.map((f) => f.heading)).toEqual([
        'CS 111 PS9',
        'CS 111 PS9',
        'Smith, Alice',
        expect.stringMatching(/^=bob/),
        expect.stringMatching(/^=bob/),
        'HMC',
        'HMC',
        'ada',
        'bo',
      ]);
      await expect(page.evaluate(() => (globalThis as unknown as { pwned?: boolean }).pwned)).resolves.toBeUndefined();
      expect(requests).toEqual([]);
      await page.close();
      const phone = await browser.newPage({ viewport: { width: 375, height: 740 }, isMobile: true });
      await phone.goto(index);
      const overflow = await phone.evaluate(() => {
        const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document
          .documentElement;
        return root.scrollWidth - root.clientWidth;
      });
      expect(overflow).toBeLessThanOrEqual(0);
      await phone.close();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);
});
