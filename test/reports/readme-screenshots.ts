/**
 * `npm run screenshots`: the README's pictures of the reports, from the samples as `npm run samples` grades them
 * (the index over them, grade-report/index.html; grade-report/cs61a-hw04/; and CS111's look-ahead sample for the
 * feedback on a look-ahead test), taken in Debian's Chromium. Run it after changing the templates.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { PROJECT_ROOT } from '../../runner/project-root.js';

const report = join(PROJECT_ROOT, 'grade-report', 'cs61a-hw04');
if (!existsSync(join(report, 'index.html'))) throw new Error(`no report at ${report}: run npm run samples first`);
const target = join(PROJECT_ROOT, 'reports', 'screenshots');
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const page = await browser.newPage({ viewport: { width: 1100, height: 1000 }, deviceScaleFactor: 1 });
// The first page `npm run samples` names: its top lines and the first row of cards.
const index = join(PROJECT_ROOT, 'grade-report', 'index.html');
if (!existsSync(index)) throw new Error(`no index at ${index}: run npm run samples first`);
const front = await browser.newPage({ viewport: { width: 1100, height: 900 }, deviceScaleFactor: 1 });
await front.goto(pathToFileURL(index).href);
await front.screenshot({ path: join(target, 'samples-index.png'), fullPage: false });
await page.goto(pathToFileURL(join(report, 'index.html')).href);
await page.screenshot({ path: join(target, 'class-summary.png'), fullPage: false });
await page.goto(pathToFileURL(join(report, 'submissions', 'put-piece-mutates.html')).href);
await page.locator('.filters button[data-show="failed"]').click();
await page.screenshot({ path: join(target, 'student-page.png'), fullPage: false });
// A look-ahead test's feedback: the mistake named, and the failing board beside the smallest that still fails.
const lookahead = join(PROJECT_ROOT, 'grade-report', 'cs111-ps9', 'submissions', 'scores-for-one-level-shallow.html');
if (!existsSync(lookahead)) throw new Error(`no page at ${lookahead}: run npm run samples first`);
await page.goto(pathToFileURL(lookahead).href);
await page.locator('#test-aiplayer-scores_for-lookahead-2-3').screenshot({ path: join(target, 'lookahead-feedback.png') });
await browser.close();
console.log(
  `Wrote ${['samples-index.png', 'class-summary.png', 'student-page.png', 'lookahead-feedback.png'].map((file) => join(target, file)).join(', ')}`,
);
