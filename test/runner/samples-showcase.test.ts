/**
 * `npm run samples` as a newcomer meets it: the showcase graded by the CLI a person runs, into a fresh folder. Its
 * output ends with the index's path and says nothing of an LMS no one asked for; the index has a card per assignment,
 * and in Chromium every link of every card lands on a page of the reports. (Grades 22 samples: with the slow suites.)
 */
import { execa } from 'execa';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { allAssignments } from '../../runner/assignments/registry.js';
import { gradeShowcase } from '../../runner/showcase/showcase.js';
import { CLI_COMMAND } from '../helpers/cli-command.js';
import { followCardLinks } from '../reports/follow-links.js';
import { tempDirs } from '../temp-dirs.js';

const temp = tempDirs();

describe('npm run samples', () => {
  it('ends with the index, warns of nothing, and every link of every card opens a page', async () => {
    const out = join(temp('showcase-'), 'grade-report');
    const said: string[] = [];
    const done = await gradeShowcase(
      out,
      async (argv) => {
        const graded = await execa(process.execPath, [...CLI_COMMAND, ...argv], { all: true, env: { NO_COLOR: '1' } });
        said.push(graded.all);
      },
      (line) => said.push(line),
    );
    const lines = said.join('\n').trimEnd().split('\n');
    expect(lines.at(-1)).toBe(`  ${relative(process.cwd(), join(out, 'index.html'))}`);
    expect(lines.at(-2)).toMatch(/^Graded 22 samples of 5 assignments in \d+ s: .* Open the index:$/u);
    expect(lines.filter((line) => /Canvas|^Gradebook:|warning/iu.test(line))).toEqual([]);
    expect(done.index).toBe(join(out, 'index.html'));

    const html = readFileSync(done.index, 'utf8');
    const ids = allAssignments().map((a) => a.id);
    expect([...html.matchAll(/<section class="card run" data-assignment="([^"]+)"/gu)].map((m) => m[1])).toEqual(ids);
    for (const id of ids) expect(existsSync(join(out, id, 'for-students'))).toBe(true);

    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
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
    try {
      const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
      const index = pathToFileURL(done.index).href;
      const followed = await followCardLinks(page, index);
      // Each card: its title and the summary, a student who passed, one who did not, and what that one is handed back.
      for (const id of ids)
        expect(
          followed.filter((f) => f.card === id).map((f) => f.href.split('/')[1]),
          id,
        ).toEqual(['index.html', 'index.html', 'submissions', 'submissions', 'for-students']);
      for (const f of followed) {
        expect(f.url, f.href).toBe(new URL(f.href, index).href);
        expect(f.heading, f.href).not.toBe('');
      }
    } finally {
      await browser.close();
    }
  }, 600_000);
});
