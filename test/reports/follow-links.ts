/** Following every link of a page of runs' cards in the browser, as a reader would: click, land, come back. */
import type { Page } from 'playwright-core';

export interface Followed {
  readonly card: string;
  readonly href: string;
  /** Where the click landed: a file's address, or Chromium's error page for a link to nothing. */
  readonly url: string;
  readonly title: string;
  /** The landing page's first heading, empty where it has none. */
  readonly heading: string;
}

/** Opens `index`, clicks each link of each card in turn (from the index each time), and says where each landed. */
export async function followCardLinks(page: Page, index: string): Promise<Followed[]> {
  await page.goto(index);
  const cards = page.locator('section.card.run');
  const counts: number[] = [];
  for (let i = 0; i < (await cards.count()); i++) counts.push(await cards.nth(i).locator('a').count());
  const followed: Followed[] = [];
  for (const [i, links] of counts.entries()) {
    for (let j = 0; j < links; j++) {
      await page.goto(index);
      const card = page.locator('section.card.run').nth(i);
      const link = card.locator('a').nth(j);
      const href = (await link.getAttribute('href')) ?? '';
      const folder = (await card.getAttribute('data-folder')) ?? '';
      await link.click();
      await page.waitForURL((url) => url.href !== index);
      await page.waitForLoadState('load');
      const heading = (await page.locator('h1').count()) > 0 ? await page.locator('h1').first().innerText() : '';
      followed.push({ card: folder, href, url: page.url(), title: await page.title(), heading });
    }
  }
  return followed;
}
