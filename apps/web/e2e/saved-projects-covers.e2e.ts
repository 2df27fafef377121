/// <reference types="node" />
import { projectListSchema, type ProjectList } from '@shoebox/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerHeaders, signIn } from './support/auth';
import { expectNoSeriousA11yViolations } from './support/axe';
import { DESKTOP, launchBrowser, newContext, pageProblems, PHONE, REVIEW_SHOTS_DIR, screenshot } from './support/browser';
import { DEMO_LIBRARY_OWNER } from './support/photos';
import { startServer, type TestServer } from './support/server';

/** An internal article code as the shop names its articles (PAP_910): never shown to a customer. */
const ARTICLE_CODE = /\b[A-Z]{3}_\d+\b/;
const GERMAN_CHANNEL = 'www.printhaven.de';

const STOREFRONTS = [
  { language: 'en', locale: 'en-GB', path: '/saved-projects', list: 'Your saved projects', product: 'Photo prints 10x15', acceptAll: 'Accept all', other: 'Fotoabzüge' },
  { language: 'de', locale: 'de-DE', path: `/saved-projects?channel=${GERMAN_CHANNEL}`, list: 'Ihre gespeicherten Projekte', product: 'Fotoabzüge 10x15', acceptAll: 'Alle akzeptieren', other: 'Photo prints' },
] as const;
type Storefront = (typeof STOREFRONTS)[number];
const SIZES = [
  { name: 'desktop', viewport: DESKTOP },
  { name: 'phone', viewport: PHONE },
] as const;

const list = (page: Page, storefront: Storefront) => page.getByRole('list', { name: storefront.list });

/** Every cover in the list scrolled into view (they load lazily) and loaded: answers each one's natural width. */
async function loadedCoverWidths(page: Page): Promise<number[]> {
  const covers = page.locator('main li [data-product-picture] img');
  const widths: number[] = [];
  for (let i = 0; i < (await covers.count()); i++) {
    const cover = covers.nth(i);
    await cover.scrollIntoViewIfNeeded();
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 10_000 }).toBe(true);
    widths.push(await cover.evaluate((img: HTMLImageElement) => img.naturalWidth));
  }
  return widths;
}

describe('saved projects show their covers and the product in the storefront\'s language, never an article code', () => {
  let server: TestServer;
  let browser: Browser;
  const contexts = new Map<string, BrowserContext>();

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    // One signed-in profile per storefront: the German one is entered through the German channel's address.
    for (const storefront of STOREFRONTS) {
      const context = await newContext(browser, server.baseUrl, { locale: storefront.locale });
      const page = await context.newPage();
      await signIn(page, DEMO_LIBRARY_OWNER, { path: storefront.path });
      const banner = page.getByRole('region', { name: 'Cookies' });
      await banner.waitFor({ timeout: 5_000 }).then(
        () => banner.getByRole('button', { name: storefront.acceptAll }).click(),
        () => undefined,
      );
      await page.close();
      contexts.set(storefront.language, context);
    }
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const storefront of STOREFRONTS) {
    for (const size of SIZES) {
      it(`${storefront.language} at ${size.viewport.width}x${size.viewport.height}: a loaded cover photo beside each project, named in the storefront's language`, async () => {
        const page = await contexts.get(storefront.language)!.newPage();
        await page.setViewportSize(size.viewport);
        try {
          const answer = page.waitForResponse((r) => /\/api\/projects\/api\/v2\/projects\//.test(r.url()) && r.request().method() === 'GET');
          await page.goto(storefront.path);
          const projects = projectListSchema.parse(await (await answer).json());
          await expect.poll(() => list(page, storefront).getByRole('listitem').count()).toBe(10);

          // Emma's demo projects are made of her photos: every one has a cover, and every cover loads.
          expect(projects.projects.every((p) => p.cover !== null)).toBe(true);
          const widths = await loadedCoverWidths(page);
          expect(widths).toHaveLength(10);
          for (const width of widths) expect(width).toBeGreaterThan(0);
          // The picture comes first in its card, before the project's name.
          const first = list(page, storefront).getByRole('listitem').first();
          expect(await first.evaluate((li) => li.firstElementChild?.getAttribute('data-product-picture'))).toBe('photo');

          const text = await page.locator('body').innerText();
          expect(text).not.toMatch(ARTICLE_CODE);
          expect(await first.innerText()).toContain(storefront.product);
          expect(text).not.toContain(storefront.other);
          expect(await page.locator('html').getAttribute('lang')).toBe(storefront.locale);

          await page.evaluate(() => window.scrollTo(0, 0));
          await screenshot(page, `saved-projects-covers-${storefront.language}-${size.name}`, { dir: REVIEW_SHOTS_DIR, fullPage: size.name === 'desktop' });
          await expectNoSeriousA11yViolations(page, `saved projects with covers, ${storefront.language}, ${size.viewport.width}x${size.viewport.height}`);
        } catch (error) {
          await screenshot(page, `saved-projects-covers-${storefront.language}-${size.name}-failure`);
          throw new Error(`${String(error)}\n${pageProblems(page)}`);
        } finally {
          await page.close();
        }
      });
    }
  }

  it('a project whose cover photo was deleted from the library shows a drawing of its product instead', async () => {
    const storefront = STOREFRONTS[0];
    const context = contexts.get(storefront.language)!;
    const page = await context.newPage();
    try {
      const answer = page.waitForResponse((r) => /\/api\/projects\/api\/v2\/projects\//.test(r.url()) && r.request().method() === 'GET');
      await page.goto(storefront.path);
      const { projects }: ProjectList = projectListSchema.parse(await (await answer).json());
      const victim = projects[0]!;
      const deleted = await page.request.delete(`${server.baseUrl}/api/photo-management/photos/${victim.thumbnailPhotoId}`, { headers: await bearerHeaders(context) });
      expect(deleted.status()).toBe(204);

      await page.reload();
      const item = list(page, storefront).getByRole('listitem', { name: victim.title });
      await item.locator('[data-product-picture="prints"] svg').waitFor();
      expect(await item.locator('img').count()).toBe(0);
      expect(await item.innerText()).toContain(storefront.product);
      // The others keep theirs.
      expect(await list(page, storefront).getByRole('listitem').nth(1).locator('[data-product-picture="photo"] img').count()).toBe(1);
      await screenshot(page, 'saved-projects-covers-photo-deleted', { dir: REVIEW_SHOTS_DIR });
    } catch (error) {
      await screenshot(page, 'saved-projects-covers-photo-deleted-failure');
      throw new Error(`${String(error)}\n${pageProblems(page)}`);
    } finally {
      await page.close();
    }
  });
});
