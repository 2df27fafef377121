/// <reference types="node" />
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './support/auth';
import { DESKTOP, launchBrowser, newContext, PHONE, REVIEW_SHOTS_DIR, screenshot } from './support/browser';
import { DEMO_LIBRARY_OWNER, dismissCookieBanner, photoApi, waitForDemoLibrary } from './support/photos';
import { startServer, type TestServer } from './support/server';

const PHOTOS = '/my-photos/photos';
/** The demo customer whose storage status is a warning: the longest label the header's storage button settles on. */
const STORAGE_WARNING_CUSTOMER = 'lars@example.com';
/** Lars's demo library (apps/server/src/seed/demo-photos.ts), seeded in the background after Emma's. */
const STORAGE_WARNING_LIBRARY_SIZE = 12;
const SEED_TIMEOUT_MS = 240_000;
/** Lighthouse's threshold for a "good" cumulative layout shift. */
const CLS_BUDGET = 0.1;

interface Shift {
  value: number;
  /** Each element that moved, and how far down it went (px). */
  sources: { node: string; down: number }[];
}

declare global {
  interface Window {
    layoutShifts: Shift[];
  }
}

/** Records every layout shift of the page from its first paint, with the elements that moved. */
async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.layoutShifts = [];
    const describe = (node: Node | null) => {
      if (!(node instanceof Element)) return node?.nodeName ?? '?';
      const label = node.getAttribute('aria-label') ?? node.textContent?.trim().slice(0, 40) ?? '';
      return `${node.tagName.toLowerCase()}${node.className ? `.${String(node.className).split(' ')[0]}` : ''} "${label}"`;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] })[]) {
        if (entry.hadRecentInput) continue;
        const sources = (entry.sources ?? []).map((s) => ({ node: describe(s.node), down: s.currentRect.top - s.previousRect.top }));
        window.layoutShifts.push({ value: entry.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The header's lazily loaded parts: the storage status button's and 'Add photos''s code. */
const HEADER_PARTS = /\/assets\/(storage-status-control|add-photos-control)-[^/]*\.js$/;

/**
 * Holds the header's lazily loaded parts until `release` resolves, as a slow connection does when they
 * arrive after the timeline: the worst case for the page's layout.
 */
async function holdHeaderParts(page: Page, release: Promise<void>): Promise<void> {
  await page.route(HEADER_PARTS, async (route) => {
    await release;
    await route.continue();
  });
}

/** Waits until the signed-in customer's library holds `count` photos, so the page has its settled shape. */
async function waitForLibrary(page: Page, baseUrl: string, count: number): Promise<void> {
  await expect
    .poll(async () => (await photoApi<{ photosCount: number }>(page, baseUrl, '/users')).photosCount, { timeout: SEED_TIMEOUT_MS, interval: 2_000 })
    .toBeGreaterThanOrEqual(count);
}

/** Waits until the header has settled: the storage status known, 'Add photos', the tab counts and the first photos shown. */
async function waitForSettledHeader(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Storage: [12] months? left$/ }).waitFor();
  await page.getByRole('main').getByRole('button', { name: 'Add photos' }).first().waitFor();
  const tabs = page.getByRole('navigation', { name: 'Photo library' });
  await expect.poll(() => tabs.getByRole('link', { name: /^Photos/ }).innerText()).toMatch(/^Photos\s+\d+$/);
  await page.getByRole('region', { name: 'Photos timeline' }).locator('img').first().waitFor();
  // Two frames, so a shift caused by the last of these is reported.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** Saves the viewport as /tmp/shots/<name>.png once a photo in view has loaded. */
async function shot(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('main img')].some((img) => {
      const { top, bottom } = img.getBoundingClientRect();
      return img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0 && bottom > 0 && top < window.innerHeight;
    }),
  );
  await screenshot(page, name, { dir: REVIEW_SHOTS_DIR });
}

describe('photos page layout', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`the header does not push the page down while it settles, for a customer with a storage warning (${name})`, async () => {
      const context = await newContext(browser, server.baseUrl, { viewport });
      const page = await context.newPage();
      await signIn(page, STORAGE_WARNING_CUSTOMER);
      await waitForLibrary(page, server.baseUrl, STORAGE_WARNING_LIBRARY_SIZE);
      await dismissCookieBanner(page);
      // A first visit of the photos page in this session, its header's parts arriving after the timeline.
      await recordLayoutShifts(page);
      let release!: () => void;
      await holdHeaderParts(page, new Promise<void>((resolve) => (release = resolve)));
      await page.goto(PHOTOS);
      await page.getByRole('region', { name: 'Photos timeline' }).locator('img').first().waitFor();
      release();
      await waitForSettledHeader(page);
      await shot(page, `photos-header-settled-${viewport.width}x${viewport.height}`);

      const shifts = await page.evaluate(() => window.layoutShifts);
      const report = `layout shifts: ${JSON.stringify(shifts, null, 1)}`;
      // A label or a count arriving may move its neighbours sideways; nothing may be pushed down.
      expect(shifts.flatMap((s) => s.sources).filter((s) => s.down !== 0), report).toEqual([]);
      expect(shifts.reduce((sum, s) => sum + s.value, 0), report).toBeLessThan(CLS_BUDGET);
      await context.close();
    }, SEED_TIMEOUT_MS + 60_000);
  }

  describe('the account menu on a long timeline (emma, the demo library)', () => {
    it('stays in view on large screens while the timeline scrolls, and can scroll on its own when the window is short', async () => {
      const context = await newContext(browser, server.baseUrl);
      const page = await context.newPage();
      await signIn(page, DEMO_LIBRARY_OWNER, { path: PHOTOS });
      await waitForDemoLibrary(page, server.baseUrl);
      await page.reload();
      await page.getByRole('region', { name: 'Photos timeline' }).locator('img').first().waitFor();
      await dismissCookieBanner(page);
      const menu = page.getByRole('navigation', { name: 'Account menu' });

      const inView = async () => {
        const box = await menu.boundingBox();
        const height = page.viewportSize()!.height;
        return box !== null && box.y >= 0 && box.y < height && box.y + box.height <= height;
      };
      expect(await inView()).toBe(true);
      await page.evaluate(() => window.scrollBy(0, 6_000));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(3_000);
      await expect.poll(inView).toBe(true);
      await shot(page, 'photos-timeline-scrolled-1280x800');

      // A window shorter than the menu: the menu keeps its top in view and scrolls on its own to its last entry.
      await page.setViewportSize({ width: DESKTOP.width, height: 360 });
      const lastEntry = menu.getByRole('link').last();
      await lastEntry.scrollIntoViewIfNeeded();
      const box = (await lastEntry.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(360);
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(3_000);
      await context.close();
    }, 240_000);

    it('on phones the menu stays behind the header button, as before, and the timeline scrolls under nothing', async () => {
      const context = await newContext(browser, server.baseUrl, { viewport: PHONE });
      const page = await context.newPage();
      await signIn(page, DEMO_LIBRARY_OWNER, { path: PHOTOS });
      await page.getByRole('region', { name: 'Photos timeline' }).locator('img').first().waitFor();
      await dismissCookieBanner(page);
      expect(await page.getByRole('navigation', { name: 'Account menu' }).count()).toBe(0);
      const menuButton = page.getByRole('button', { name: 'Menu' });
      expect(await menuButton.isVisible()).toBe(true);

      await page.evaluate(() => window.scrollBy(0, 4_000));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(2_000);
      await shot(page, 'photos-timeline-scrolled-390x844');
      // The header (and its Menu button) scrolls away with the page, as it always did.
      const box = await menuButton.boundingBox();
      expect(box === null || box.y + box.height <= 0).toBe(true);
      await context.close();
    }, 120_000);
  });
});
