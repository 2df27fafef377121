/// <reference types="node" />
import { ARTICLES, superOrderListSchema } from '@shoebox/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAsCustomer, signIn } from './support/auth';
import { acceptCookies } from './support/cookies';
import { expectNoSeriousA11yViolations } from './support/axe';
import { DESKTOP, launchBrowser, newContext, PHONE, REVIEW_SHOTS_DIR, screenshot } from './support/browser';
import { startServer, type TestServer } from './support/server';

/** Emma's orders were printed from her library; Mila's are on their way in every status, one of them Sent. */
const EMMA = 'emma@example.com';
const MILA = 'mila@example.com';
const GERMAN = 'www.printhaven.de';
/** What an article code looks like (PAP_910, PHB_A4L): no customer screen may show one. */
const ARTICLE_CODE = /\b[A-Z]{3}_[A-Z0-9]+\b/;
const GERMAN_TITLES = new Set<string>(Object.values(ARTICLES).map((a) => a.titles.de));

const SIZES = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const;
const LANGUAGES = [
  ['en', ''],
  ['de', `?channel=${GERMAN}`],
] as const;

/** Every <img> inside the locator's pictures has been drawn (none broken, none still loading). */
async function picturesDrawn(page: Page, selector: string): Promise<{ photos: number; drawings: number }> {
  await page.waitForFunction((s) => [...document.querySelectorAll(`${s} [data-product-picture] img`)].every((img) => (img as HTMLImageElement).complete), selector);
  return page.evaluate((s) => {
    const frames = [...document.querySelectorAll(`${s} [data-product-picture]`)];
    const broken = frames.filter((f) => f.querySelector('img') && !((f.querySelector('img') as HTMLImageElement).naturalWidth > 0));
    if (broken.length) throw new Error(`${broken.length} pictures did not load`);
    return { photos: frames.filter((f) => f.querySelector('img')).length, drawings: frames.filter((f) => f.querySelector('svg')).length };
  }, selector);
}

describe('orders a customer recognises: pictures, names in their language, no article codes, parcel tracking', () => {
  let server: TestServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function signedIn(email: string, viewport: { width: number; height: number }, query = '') {
    const context = await newContext(browser, server.baseUrl, { viewport });
    const page = await context.newPage();
    // Signed in on the English storefront, where the cookie banner is answered; then the storefront asked for.
    await signIn(page, email, { path: '/orders' });
    await acceptCookies(page);
    if (query) await page.goto(`/orders${query}`);
    return { context, page };
  }

  // One signed-in page per customer, resized and switched between storefronts: a sign-in per combination
  // would cost the suite a minute and show nothing more.
  for (const email of [EMMA, MILA]) {
    it(`/orders of ${email} at 1280x800 and 390x844, in English and German: every order with its picture and product name, never an article code; axe clean`, async () => {
      const { context, page } = await signedIn(email, DESKTOP);
      for (const [size, viewport] of SIZES) {
        await page.setViewportSize(viewport);
        for (const [language, query] of LANGUAGES) {
          await page.goto(`/orders${query}`);
          const rows = page.getByRole('main').getByRole('listitem');
          await rows.first().waitFor();
          expect(await page.getByRole('main').innerText()).not.toMatch(ARTICLE_CODE);
          const pictures = await picturesDrawn(page, 'main');
          expect(pictures.photos + pictures.drawings).toBe(await rows.count());
          // Emma's orders were made from her photos, and show them.
          if (email === EMMA) expect(pictures.photos).toBeGreaterThan(0);
          await expectNoSeriousA11yViolations(page, `orders of ${email} (${size}, ${language})`);
          await screenshot(page, `orders-${email.split('@')[0]}-${size}-${language}`, { dir: REVIEW_SHOTS_DIR });
        }
      }
      await context.close();
    });
  }

  it("every product on Mila's German order pages is named in German, with its price; a Sent order links to its parcel", async () => {
    const { context, page } = await signedIn(MILA, DESKTOP, `?channel=${GERMAN}`);
    const { items } = superOrderListSchema.parse(await getAsCustomer(page, `${server.baseUrl}/api/orders/v2/superorders/me?Limit=20`));
    expect(items.length).toBeGreaterThanOrEqual(6);
    for (const order of items) {
      await page.goto(`/orders/${order.orderCode}?channel=${GERMAN}`);
      const products = page.getByRole('region', { name: /^Produkte/ });
      await products.getByRole('listitem').first().waitFor();
      const names = await products.getByRole('heading', { level: 3 }).allInnerTexts();
      expect(names.filter((name) => !GERMAN_TITLES.has(name)), `English or unknown names on ${order.orderCode}`).toEqual([]);
      expect(await products.innerText()).toMatch(/Preis: \d+,\d{2}\s£/);
      expect(await page.getByRole('main').innerText()).not.toMatch(ARTICLE_CODE);
      await picturesDrawn(page, 'main');
    }
    const sent = items.find((o) => o.status === 'Dispatched' && o.tracking);
    expect(sent, 'a Sent demo order with its parcel tracked').toBeDefined();
    await page.goto(`/orders/${sent!.orderCode}?channel=${GERMAN}`);
    const delivery = page.getByRole('region', { name: 'Lieferung' });
    await delivery.getByText(`Versendet mit ${sent!.tracking!.carrier}, Sendungsnummer ${sent!.tracking!.trackingNumber}`).waitFor();
    const track = delivery.getByRole('link', { name: /Sendung verfolgen/ });
    expect(await track.getAttribute('href')).toBe(sent!.tracking!.url);
    expect(await track.getAttribute('target')).toBe('_blank');
    await expectNoSeriousA11yViolations(page, 'a sent order (German)');
    await screenshot(page, 'order-sent-tracking-de', { dir: REVIEW_SHOTS_DIR, fullPage: true });
    await context.close();
  });

  for (const [language, query] of LANGUAGES) {
    it(`the Overview in ${language} is a dashboard: the latest order with its picture, the photos' storage and the newest photos`, async () => {
      const { context, page } = await signedIn(EMMA, DESKTOP, query);
      await page.goto(`/${query}`);
      const photos = page.getByRole('region', { name: language === 'de' ? 'Meine Fotos' : 'My photos' });
      const newest = photos.getByRole('list', { name: language === 'de' ? 'Ihre neuesten Fotos' : 'Your newest photos' });
      await newest.getByRole('img').first().waitFor();
      await page.waitForFunction(() => [...document.querySelectorAll('main section li img')].every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0));
      expect(await newest.getByRole('img').count()).toBe(6);
      await photos.getByText(language === 'de' ? 'Ihre Fotos sind sicher gespeichert' : 'Your photos are stored safely').waitFor();
      await expectNoSeriousA11yViolations(page, `overview (${language})`);
      await screenshot(page, `overview-dashboard-${language}`, { dir: REVIEW_SHOTS_DIR, fullPage: true });
      await context.close();

      const mila = await signedIn(MILA, DESKTOP, query);
      await mila.page.goto(`/${query}`);
      const latest = mila.page.getByRole('region', { name: language === 'de' ? 'Ihre letzte Bestellung' : 'Your latest order' });
      await latest.waitFor();
      expect(await latest.innerText()).not.toMatch(ARTICLE_CODE);
      expect(await latest.locator('[data-product-picture]').count()).toBe(1);
      await screenshot(mila.page, `overview-latest-order-${language}`, { dir: REVIEW_SHOTS_DIR });
      await mila.context.close();
    });
  }
});
