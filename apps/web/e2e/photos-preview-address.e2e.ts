import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signIn } from './support/auth';
import { expectNoSeriousA11yViolations } from './support/axe';
import { launchBrowser, newContext, PHONE, screenshot } from './support/browser';
import { DEMO_LIBRARY_OWNER, dismissCookieBanner, photoApi, recordMonthRequests, waitForDemoLibrary } from './support/photos';
import { startServer, type TestServer } from './support/server';

type Counts = Record<string, Record<string, number>>;
interface Photo {
  imageId: string;
  localFileName: string;
  untouchedUrl: string;
}
interface PhotoInTimeline {
  photo: Photo;
  year: number;
  month: number;
  previous: Photo | null;
  next: Photo | null;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const GERMAN_CHANNEL = 'www.printhaven.de';

/** The oldest month with a date: the far end of the timeline (newest first), last but for 'Unknown Date'. */
function oldestKnownMonth(counts: Counts): { year: number; month: number } {
  const months = Object.entries(counts)
    .flatMap(([y, ms]) => Object.keys(ms).map((m) => ({ year: Number(y), month: Number(m) })))
    .filter((m) => m.year !== 1970)
    .sort((a, b) => a.year - b.year || a.month - b.month);
  return months[0]!;
}

describe("a timeline photo's own address (emma, the demo library)", () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let target: PhotoInTimeline;
  let address: string;
  let monthRequests: string[] = [];

  const previewOf = (p: Page, name: string) => p.getByRole('dialog', { name });
  /** The photo is shown: its picture has arrived and is drawn. */
  const shown = async (p: Page, name: string) => {
    const image = previewOf(p, name).getByRole('img', { name });
    await image.waitFor();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  };
  /** Still open a while later: the grid underneath has settled without sending the preview away. */
  const staysOpen = async (p: Page, name: string) => {
    await p.waitForTimeout(1_500);
    expect(p.url()).toBe(`${server.baseUrl}${address}`);
    expect(await previewOf(p, name).isVisible()).toBe(true);
  };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    context = await newContext(browser, server.baseUrl);
    page = await context.newPage();
    await signIn(page, DEMO_LIBRARY_OWNER, { path: '/my-photos/photos' });
    await dismissCookieBanner(page);
    await waitForDemoLibrary(page, server.baseUrl);
    // A photo from the middle of the oldest month: far below the top of the timeline, its month not loaded there.
    const counts = await photoApi<Counts>(page, server.baseUrl, '/users/timeline?sortKey=dateTaken');
    const { year, month } = oldestKnownMonth(counts);
    const page1 = await photoApi<{ images: Photo[] }>(page, server.baseUrl, `/photos/timeline/${year}/${month}?limit=24`);
    const photo = page1.images[Math.floor(page1.images.length / 2)]!;
    target = await photoApi<PhotoInTimeline>(page, server.baseUrl, `/photos/${photo.imageId}`);
    address = `/my-photos/photos/preview/${photo.imageId}`;
    monthRequests = recordMonthRequests(context);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('opened by its address, shows that photo full screen without loading its month, and again after a reload', async () => {
    expect(target.previous).not.toBeNull();
    expect(target.next).not.toBeNull();
    const name = target.photo.localFileName;
    await page.goto(address);
    await shown(page, name);
    await staysOpen(page, name);
    expect(monthRequests).not.toContain(`${target.year}-${target.month}`);

    await page.reload();
    await shown(page, name);
    await staysOpen(page, name);
    await expectNoSeriousA11yViolations(page, 'photo preview opened by its address');
    await screenshot(page, 'preview-address-reloaded-desktop-en');
  });

  it('moves to its neighbours with the keys and the arrows, and closes onto the timeline at its month', async () => {
    const first = target.photo.localFileName;
    await page.keyboard.press('ArrowRight');
    await shown(page, target.next!.localFileName);
    expect(page.url()).toBe(`${server.baseUrl}/my-photos/photos/preview/${target.next!.imageId}`);
    await page.keyboard.press('ArrowLeft');
    await shown(page, first);
    await page.getByRole('button', { name: 'Previous photo' }).click();
    await shown(page, target.previous!.localFileName);
    await page.getByRole('button', { name: 'Next photo' }).click();
    await shown(page, first);

    await page.keyboard.press('Escape');
    await page.waitForURL('**/my-photos/photos');
    await previewOf(page, first).waitFor({ state: 'detached' });
    const heading = page.getByRole('heading', { level: 2, name: `${MONTHS[target.month - 1]} ${target.year}` });
    await heading.waitFor();
    const box = await heading.boundingBox();
    expect(box && box.y >= 0 && box.y < page.viewportSize()!.height).toBe(true);
    await page.locator(`[data-photo-id="${target.photo.imageId}"]`).waitFor();
  });

  it('opens in a new tab from a middle click on its tile', async () => {
    const tile = page.locator(`[data-photo-id="${target.photo.imageId}"]`);
    const [tab] = await Promise.all([context.waitForEvent('page'), tile.click({ button: 'middle' })]);
    await tab.waitForLoadState();
    expect(tab.url()).toBe(`${server.baseUrl}${address}`);
    await shown(tab, target.photo.localFileName);
    // The tab the tile was in stays on the grid.
    expect(page.url()).toBe(`${server.baseUrl}/my-photos/photos`);
    await tab.close();
  });

  it('zoomed, swaps the original in over the thumbnail once it has arrived, in the same place', async () => {
    const name = target.photo.localFileName;
    const originals: string[] = [];
    page.on('request', (request) => {
      if (request.url() === target.photo.untouchedUrl) originals.push(request.url());
    });
    await page.goto(address);
    await shown(page, name);
    await page.waitForTimeout(500);
    expect(originals).toEqual([]);

    const dialog = previewOf(page, name);
    await dialog.getByRole('button', { name: 'Zoom in' }).click();
    const original = dialog.locator('img[aria-hidden="true"]');
    await original.waitFor();
    expect(await original.getAttribute('src')).toBe(target.photo.untouchedUrl);
    expect(await original.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const thumbnail = dialog.getByRole('img', { name });
    await expect.poll(() => original.evaluate((img) => img.style.transform)).toContain('scale(2.5)');
    expect(await original.evaluate((img) => [img.style.transform, img.style.transformOrigin])).toEqual(
      await thumbnail.evaluate((img) => [img.style.transform, img.style.transformOrigin]),
    );
    await screenshot(page, 'preview-zoomed-original-desktop-en');
  });

  it('reloaded on a phone and in German, the preview shows the photo', async () => {
    const name = target.photo.localFileName;
    await page.setViewportSize(PHONE);
    await page.goto(address);
    await shown(page, name);
    await staysOpen(page, name);
    await screenshot(page, 'preview-address-reloaded-phone-en');

    const german = `${address}?channel=${GERMAN_CHANNEL}`;
    await page.goto(german);
    await shown(page, name);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de-DE');
    await screenshot(page, 'preview-address-reloaded-phone-de');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.reload();
    await shown(page, name);
    await screenshot(page, 'preview-address-reloaded-desktop-de');
  });
});
