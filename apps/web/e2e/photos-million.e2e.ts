import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signIn } from './support/auth';
import { DESKTOP, launchBrowser, newContext, PHONE, screenshot } from './support/browser';
import { millionPhotoLibrary, MILLION, type MillionLibrary } from './support/million-library';
import { dismissCookieBanner, photoApi } from './support/photos';
import { startServer, type TestServer } from './support/server';

/** The bound on the elements a screen keeps, however big the library. */
const MAX_DOM_ELEMENTS = 1_500;

type Counts = Record<string, Record<string, number>>;
interface MonthPage {
  images: { imageId: string }[];
}

const domSize = (page: Page) => page.evaluate(() => document.getElementsByTagName('*').length);

/** Whether the tile of a photo is rendered and at least partly inside the window. */
async function inView(page: Page, photoId: string): Promise<boolean> {
  const box = await page.locator(`[data-photo-id="${photoId}"]`).boundingBox();
  const viewport = page.viewportSize()!;
  return !!box && box.y + box.height > 0 && box.y < viewport.height;
}

// A million photos is past the height a browser lays out (Chrome 33,554,428 px): the grid maps the window's
// position onto its content (decision 120). The library takes about 70 s to make on a fresh machine, once.
describe('a timeline of a million photos', () => {
  let library: MillionLibrary;
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let newest: { year: number; month: number };
  let firstPhoto: string;
  let lastPhoto: string;

  beforeAll(async () => {
    [library, browser] = await Promise.all([millionPhotoLibrary(), launchBrowser()]);
    server = await startServer({ SEED_DEMO_DATA: 'false', DATABASE_URL: library.databaseFile });
    context = await newContext(browser, server.baseUrl);
    page = await context.newPage();
    await signIn(page, library.email, { password: library.password, path: '/my-photos/photos' });
    await dismissCookieBanner(page);

    const counts = await photoApi<Counts>(page, server.baseUrl, '/users/timeline?sortKey=dateTaken');
    const total = Object.values(counts).reduce((sum, months) => sum + Object.values(months).reduce((a, b) => a + b, 0), 0);
    expect(total).toBe(MILLION);
    const dated = Object.entries(counts)
      .filter(([year]) => year !== '1970')
      .flatMap(([year, months]) => Object.keys(months).map((month) => ({ year: Number(year), month: Number(month) })));
    newest = dated.reduce((a, b) => (b.year * 12 + b.month > a.year * 12 + a.month ? b : a));
    const month = (y: number, m: number, order: string) => photoApi<MonthPage>(page, server.baseUrl, `/photos/timeline/${y}/${m}?sortKey=dateTaken&sortOrder=${order}&limit=1`);
    // Newest first: the newest month's first photo opens the timeline; the last photo of Unknown Date ends it.
    firstPhoto = (await month(newest.year, newest.month, 'desc')).images[0]!.imageId;
    lastPhoto = (await month(1970, 1, 'asc')).images[0]!.imageId;
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    library?.remove();
  });

  for (const [name, viewport] of [['a desktop', DESKTOP], ['a phone', PHONE]] as const) {
    it(`on ${name}, scrolling reaches the newest photo at the top and the very last one at the bottom, with a small DOM`, async () => {
      await page.setViewportSize(viewport);
      await page.goto('/my-photos/photos');
      await expect.poll(() => inView(page, firstPhoto)).toBe(true);

      await page.evaluate(() => window.scrollTo({ top: document.scrollingElement!.scrollHeight, behavior: 'instant' }));
      await expect.poll(() => inView(page, lastPhoto)).toBe(true);
      expect(await domSize(page)).toBeLessThan(MAX_DOM_ELEMENTS);
      await screenshot(page, `photos-million-bottom-${viewport.width}`);

      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      await expect.poll(() => inView(page, firstPhoto)).toBe(true);
      expect(await domSize(page)).toBeLessThan(MAX_DOM_ELEMENTS);
    });
  }

  it('the month jump lands on the last month and back on the first, its heading row just below the bar', async () => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/my-photos/photos');
    const jump = page.getByRole('combobox', { name: 'Jump to' });
    const timeline = page.getByRole('region', { name: 'Photos timeline' });
    const bar = page.getByRole('group', { name: 'Timeline options' });

    for (const label of ['Unknown Date', await jump.locator('option:not([disabled])').first().innerText()]) {
      await jump.selectOption({ label });
      const heading = timeline.getByRole('heading', { level: 2, name: label });
      // The bar sticks to the window's top once the page has scrolled: both are measured where they end up. The
      // month's name sits in its heading row (64 px, with the space above it), right under the bar.
      await expect
        .poll(async () => {
          const [box, under] = await Promise.all([heading.boundingBox(), bar.boundingBox()]);
          if (!box || !under) return 'not shown';
          const below = box.y - (under.y + under.height);
          return below >= 0 && below < 64 ? 'under the bar' : `${below} px below the bar`;
        })
        .toBe('under the bar');
    }
    expect(await domSize(page)).toBeLessThan(MAX_DOM_ELEMENTS);
  });
});
