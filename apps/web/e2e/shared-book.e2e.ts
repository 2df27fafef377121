import { encodeShareEmail, SHARED_BOOK_WEB_PATH, type Widget, type WidgetShareList } from '@shoebox/contracts';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerHeaders, getAsCustomer } from './support/auth';
import { expectNoSeriousA11yViolations } from './support/axe';
import { DESKTOP, newContext, PHONE, REVIEW_SHOTS_DIR, screenshot } from './support/browser';
import { linkFromMailbox } from './support/mailbox';
import { startSignedInSession, type SignedInSession } from './support/session';

/** Emma's first demo book (seed/demo-widgets.ts): her own photos, two to a page, the first page captioned. */
const OWNER = 'emma@example.com';
const TITLE = 'Our summer';
const RECIPIENT = 'grandpa.book@example.org';
/** The demo books are made of the demo photos, seeded in the background after them on first start. */
const SEED_TIMEOUT_MS = 240_000;

interface Reading {
  label: string;
  viewport: { width: number; height: number };
  phone: boolean;
  locale: 'en-GB' | 'de-DE';
  query: string;
  texts: { saveCookieChoices: string; next: string; previous: string; cover: string; coverAlt: string; page: (n: number) => string; pageOf: (n: number, total: number) => string; pagesOf: (a: number, b: number, total: number) => string };
}

const ENGLISH = {
  saveCookieChoices: 'Save choices',
  next: 'Next page',
  previous: 'Previous page',
  cover: 'Cover',
  coverAlt: `Cover of ${TITLE}`,
  page: (n: number) => `Page ${n}`,
  pageOf: (n: number, total: number) => `Page ${n} of ${total}`,
  pagesOf: (a: number, b: number, total: number) => `Pages ${a}–${b} of ${total}`,
};
const GERMAN = {
  saveCookieChoices: 'Auswahl speichern',
  next: 'Nächste Seite',
  previous: 'Vorherige Seite',
  cover: 'Einband',
  coverAlt: `Titelbild von ${TITLE}`,
  page: (n: number) => `Seite ${n}`,
  pageOf: (n: number, total: number) => `Seite ${n} von ${total}`,
  pagesOf: (a: number, b: number, total: number) => `Seiten ${a}–${b} von ${total}`,
};
const READINGS: Reading[] = [
  { label: 'desktop-en', viewport: DESKTOP, phone: false, locale: 'en-GB', query: '', texts: ENGLISH },
  { label: 'phone-en', viewport: PHONE, phone: true, locale: 'en-GB', query: '', texts: ENGLISH },
  { label: 'desktop-de', viewport: DESKTOP, phone: false, locale: 'de-DE', query: '?channel=www.printhaven.de', texts: GERMAN },
  { label: 'phone-de', viewport: PHONE, phone: true, locale: 'de-DE', query: '?channel=www.printhaven.de', texts: GERMAN },
];

/** A screenshot once the page turned has come to rest. */
async function shot(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  await screenshot(page, `shared-book-${name}`, { dir: REVIEW_SHOTS_DIR });
}
const indicator = (page: Page) => page.getByRole('navigation').locator('p[aria-live]');
/** The pages shown, by their names (those lying unseen under them are hidden from everyone). */
const shownPages = (page: Page, texts: Reading['texts']) => page.getByRole('region', { name: new RegExp(`^${texts.page(0).replace('0', '\\d+')}$`) });
/** Every image the book shows: the cover's, or the photos of the pages shown. */
const shownImages = (page: Page, texts: Reading['texts']) => page.getByRole('img', { name: texts.coverAlt }).or(shownPages(page, texts).getByRole('img'));

/** Waits until every image shown has its bytes (naturalWidth > 0), drawn from the link's own address in one of its sizes. */
async function expectImagesLoaded(images: Locator, linkToken: string): Promise<void> {
  expect(await images.count()).toBeGreaterThan(0);
  for (const image of await images.all()) {
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const source = await image.evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(new URL(source).pathname).toContain(`/shared-books/${linkToken}/`);
  }
}

/** A sideways swipe of one finger across the element, as a phone's touch screen sends it. */
async function swipe(page: Page, over: Locator, direction: 'left' | 'right'): Promise<void> {
  const box = (await over.boundingBox())!;
  const y = box.y + box.height / 2;
  const [from, to] = direction === 'left' ? [box.x + box.width * 0.8, box.x + box.width * 0.2] : [box.x + box.width * 0.2, box.x + box.width * 0.8];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from, y }] });
  for (let step = 1; step <= 6; step++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: from + ((to - from) * step) / 6, y }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

describe('a shared photo book, opened cold from its link, reads like a book', () => {
  let session: SignedInSession;
  let book: Widget;
  let link: string;
  let token: string;

  beforeAll(async () => {
    session = await startSignedInSession(OWNER, { path: '/online-products' });
    const { page, server } = session;
    const deadline = Date.now() + SEED_TIMEOUT_MS;
    for (;;) {
      const found = (await getAsCustomer<{ items: Widget[] }>(page, `${server.baseUrl}/api/widgets/v1/widgets/me`)).items.find((w) => w.title === TITLE);
      if (found) {
        book = found;
        break;
      }
      if (Date.now() > deadline) throw new Error(`Emma has no demo book “${TITLE}” after ${SEED_TIMEOUT_MS / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
    // Shared as the share form does it, and the link read from the mail the recipient gets.
    const query = new URLSearchParams({ vendorId: 'printhaven-gb', fromName: 'Emma', personalMessage: 'Leaf through our summer', toEmailAddress: encodeShareEmail(RECIPIENT) });
    const shared = await page.request.put(`${server.baseUrl}/api/widgets/v1/widget/${book.widgetId}/share?${query}`, { headers: await bearerHeaders(session.context) });
    expect(shared.status(), await shared.text()).toBe(200);
    link = await linkFromMailbox(page, server.baseUrl, RECIPIENT, SHARED_BOOK_WEB_PATH);
    token = new URL(link).pathname.slice(`${SHARED_BOOK_WEB_PATH}/`.length);
    expect(book.pageCount).toBeGreaterThanOrEqual(3);
  }, SEED_TIMEOUT_MS + 60_000);

  afterAll(async () => {
    await session?.close();
  });

  for (const reading of READINGS) {
    it(`${reading.label} (${reading.viewport.width}x${reading.viewport.height}, ${reading.locale}): the cover, then the pages turned one spread at a time, each page's photos loaded`, async () => {
      const { texts } = reading;
      const total = book.pageCount;
      const perView = reading.phone ? 1 : 2;
      const context = await newContext(session.browser, session.server.baseUrl, { viewport: reading.viewport, locale: reading.locale, isMobile: reading.phone, hasTouch: reading.phone });
      try {
        const page = await context.newPage();
        // Which pages' photos the browser asked for, and in which sizes each photo (or the cover) was fetched.
        const photosAsked = new Set<number>();
        const sizesAsked = new Map<string, Set<string>>();
        page.on('request', (request) => {
          const url = new URL(request.url());
          const photo = /\/shared-books\/[^/]+\/(cover|photos\/(\d+)\/\d+)$/.exec(url.pathname);
          if (!photo) return;
          if (photo[2] !== undefined) photosAsked.add(Number(photo[2]));
          sizesAsked.set(photo[1]!, new Set([...(sizesAsked.get(photo[1]!) ?? []), url.searchParams.get('size') ?? 'page']));
        });
        await page.goto(`${link}${reading.query}`);
        await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(TITLE);
        // A first visit is asked about cookies: the recipient keeps only the necessary ones.
        const banner = page.getByRole('region', { name: 'Cookies' });
        await banner.getByRole('button', { name: texts.saveCookieChoices }).click();
        await banner.waitFor({ state: 'detached' });

        // The cover first, with its photo; only the first pages' photos are fetched ahead, never the whole book's.
        await page.getByRole('img', { name: texts.coverAlt }).waitFor();
        await expect.poll(() => indicator(page).innerText()).toBe(texts.cover);
        await expectImagesLoaded(shownImages(page, texts), token);
        expect(await page.getByRole('button', { name: texts.previous }).getAttribute('aria-disabled')).toBe('true');
        expect([...photosAsked].every((index) => index < perView)).toBe(true);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(reading.viewport.width);
        await expectNoSeriousA11yViolations(page, `${SHARED_BOOK_WEB_PATH}/{token}, cover (${reading.label})`);
        await shot(page, `${reading.label}-cover`);

        // Leafed through to the end: by swiping on a phone, by the arrow key on a wide screen, and by the button.
        let first = 1;
        for (let turn = 0; first <= total; turn++) {
          if (turn % 2 === 1) await page.getByRole('button', { name: texts.next }).click();
          else if (reading.phone) await swipe(page, first === 1 ? page.getByRole('img', { name: texts.coverAlt }) : shownPages(page, texts).first(), 'left');
          else await page.keyboard.press('ArrowRight');
          const last = Math.min(first + perView - 1, total);
          await expect.poll(() => indicator(page).innerText()).toBe(first === last ? texts.pageOf(first, total) : texts.pagesOf(first, last, total));
          for (let n = first; n <= last; n++) await page.getByRole('region', { name: texts.page(n), exact: true }).waitFor();
          expect(await shownPages(page, texts).count()).toBe(last - first + 1);
          await expectImagesLoaded(shownImages(page, texts), token);
          if (first === 1) {
            await expectNoSeriousA11yViolations(page, `${SHARED_BOOK_WEB_PATH}/{token}, first pages (${reading.label})`);
            await shot(page, `${reading.label}-pages-${first}`);
          }
          // Only the pages shown and the next ones are fetched, not what lies further on.
          expect(Math.max(...photosAsked)).toBeLessThan(Math.min(last + perView, total));
          first = last + 1;
        }
        await shot(page, `${reading.label}-last`);
        expect(await page.getByRole('button', { name: texts.next }).getAttribute('aria-disabled')).toBe('true');

        // And back: the arrow key, or a swipe the other way.
        if (reading.phone) await swipe(page, shownPages(page, texts).first(), 'right');
        else await page.keyboard.press('ArrowLeft');
        const back = reading.phone ? total - 1 : total - ((total - 1) % 2) - 2;
        await expect.poll(() => indicator(page).innerText()).toBe(reading.phone ? texts.pageOf(back, total) : texts.pagesOf(back, back + 1, total));
        await expectImagesLoaded(shownImages(page, texts), token);
        // Each photo was fetched once, in the one size it is shown in: turning pages back and forth fetches nothing again.
        expect([...sizesAsked].filter(([, sizes]) => sizes.size > 1)).toEqual([]);
        expect(sizesAsked.has('cover')).toBe(true);
      } finally {
        await context.close();
      }
    });
  }

  it('a revoked link opens nothing any more: the page says so, and neither the book nor its photos are served', async () => {
    const { page, server } = session;
    const headers = await bearerHeaders(session.context);
    const shares = await getAsCustomer<WidgetShareList>(page, `${server.baseUrl}/api/widgets/v1/widget/${book.widgetId}/shares`);
    const share = shares.items.find((s) => s.recipient === RECIPIENT)!;
    expect((await page.request.delete(`${server.baseUrl}/api/widgets/v1/widget/${book.widgetId}/shares/${share.id}`, { headers })).status()).toBe(204);

    const context = await newContext(session.browser, server.baseUrl);
    try {
      const stranger = await context.newPage();
      await stranger.goto(link);
      await expect.poll(() => stranger.getByRole('heading', { level: 1 }).innerText()).toBe('This link no longer works');
      for (const path of ['', '/cover', '/photos/0/0']) expect((await stranger.request.get(`${server.baseUrl}/api/widgets/v1/shared-books/${token}${path}`)).status()).toBe(404);
      await expectNoSeriousA11yViolations(stranger, `${SHARED_BOOK_WEB_PATH}/{revoked} (1280x800)`);
      await shot(stranger, 'revoked-desktop');
    } finally {
      await context.close();
    }
  });
});
