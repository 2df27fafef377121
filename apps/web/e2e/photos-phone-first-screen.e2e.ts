/// <reference types="node" />
import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../server/src/seed/demo-accounts';
import { acceptCookies } from './support/cookies';
import { bearerHeaders, signIn } from './support/auth';
import { expectNoSeriousA11yViolations } from './support/axe';
import { DESKTOP, launchBrowser, newContext, pageProblems, PHONE, REVIEW_SHOTS_DIR, screenshot } from './support/browser';
import { photoApi } from './support/photos';
import { startServer, type TestServer } from './support/server';

const PHOTOS = '/my-photos/photos';
/** The number: on a 390x844 phone the first thumbnail's top is at most this far from the window's top. */
const FIRST_SCREEN_TOP = 400;
/**
 * The first thumbnail's top at 1280x800 before the phone layout (Lars, a first visit: the header with its
 * storage warning, the banner with its summary, the sort bar and a month heading): desktop may not get worse.
 */
const DESKTOP_TOP_BEFORE = 427;
/** The demo accounts the issue names; Sofia's and Mila's libraries start empty, so each gets one photo first. */
const NAMED = ['emma', 'lars', 'sofia', 'mila'];
const GIVEN_A_PHOTO = ['sofia', 'mila'];

type Texts = Record<string, Record<string, unknown>>;
const localeTexts = (locale: string, namespace: string): Texts =>
  JSON.parse(fs.readFileSync(new URL(`../public/locales/${locale}/${namespace}.json`, import.meta.url), 'utf8')) as Texts;

/** What the checks read, in the language the page speaks (from its locale files, so each is quoted as shown). */
function language(name: 'en' | 'de', locale: string, channel?: string) {
  const photos = localeTexts(locale, 'photos');
  const storage = localeTexts(locale, 'storage');
  const banner = photos.banner as Record<string, string>;
  const header = photos.header as Record<string, string>;
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // Every settled label of the storage button, a count where the text has one.
  const storageLabels = Object.entries(storage.button as Record<string, string>)
    .filter(([key]) => key !== 'loading' && key !== 'unknown')
    .map(([, text]) => escape(text).replace('\\{\\{count\\}\\}', '\\d+'));
  return {
    name,
    locale,
    query: channel ? `?channel=${channel}` : '',
    timeline: (photos.timeline as Record<string, string>).label!,
    tabs: header.tabsLabel!,
    back: header.backToHome!,
    bannerTitle: banner.title!,
    bannerSummary: banner.summary!,
    showMore: banner.showMore!,
    addPhotos: localeTexts(locale, 'upload').addPhotos as unknown as string,
    acceptAll: (JSON.parse(fs.readFileSync(new URL(`../public/locales/${locale}.json`, import.meta.url), 'utf8')) as { consent: { acceptAll: string } }).consent.acceptAll,
    storageLabel: new RegExp(`^(${storageLabels.join('|')})$`),
  };
}
const LANGUAGES = [language('en', 'en-GB'), language('de', 'de-DE', 'www.printhaven.de')];
type Language = (typeof LANGUAGES)[number];

/** A small real JPEG, uploaded as the upload modal does (one tus request carrying every byte). */
async function uploadOnePhoto(page: Page, baseUrl: string, fileName: string): Promise<void> {
  const pixels = Buffer.alloc(480 * 360 * 3);
  for (let i = 0; i < pixels.length; i += 3) [pixels[i], pixels[i + 1], pixels[i + 2]] = [40 + ((i / 3) % 480) / 3, 120, 200];
  const bytes = await sharp(pixels, { raw: { width: 480, height: 360, channels: 3 } }).jpeg().toBuffer();
  const metadata = `filename ${Buffer.from(fileName).toString('base64')},filetype ${Buffer.from('image/jpeg').toString('base64')}`;
  const response = await page.request.post(`${baseUrl}/api/uploads`, {
    headers: {
      ...(await bearerHeaders(page.context())),
      'tus-resumable': '1.0.0',
      'upload-length': String(bytes.length),
      'upload-metadata': metadata,
      'content-type': 'application/offset+octet-stream',
    },
    data: bytes,
  });
  if (response.status() !== 201) throw new Error(`Uploading ${fileName} answered ${response.status()}: ${await response.text()}`);
}

/** How many photos the signed-in customer's library holds; none where the photo service does not answer (a business customer's). */
async function photosCount(page: Page, baseUrl: string): Promise<number> {
  try {
    return (await photoApi<{ photosCount: number }>(page, baseUrl, '/users')).photosCount;
  } catch {
    return 0;
  }
}

/**
 * Waits until the page has its settled shape: the storage status known, 'Add photos', the tab counts and
 * the first thumbnail shown; the critical storage modal (Sofia's), which opens by itself once per browser
 * session, and the cookie question are answered.
 */
async function waitForSettledPage(page: Page, lang: Language, { newSession }: { newSession: boolean }): Promise<void> {
  const main = page.getByRole('main');
  await main.getByRole('button', { name: lang.storageLabel }).waitFor();
  await main.getByRole('button', { name: lang.addPhotos, exact: true }).first().waitFor();
  await expect.poll(() => page.getByRole('navigation', { name: lang.tabs }).getByRole('link').first().innerText()).toMatch(/\d/);
  await page.getByRole('region', { name: lang.timeline }).locator('[data-photo-id] img').first().waitFor();
  if (newSession && (await main.getByRole('button', { name: lang.storageLabel }).getAttribute('data-tone')) === 'critical') {
    // Its code comes after the button's: give it a moment; it does not open again in the same browser session.
    const dialog = page.getByRole('alertdialog');
    const opened = await dialog.waitFor({ timeout: 5_000 }).then(
      () => true,
      () => false,
    );
    if (opened) {
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
  }
  await acceptCookies(page, lang.acceptAll);
  await page.mouse.move(1, 1);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** The first thumbnail's top from the top of the window, and the columns of the grid, with the page scrolled to its top. */
async function firstThumbnail(page: Page, lang: Language): Promise<{ top: number; columns: number }> {
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const timeline = page.getByRole('region', { name: lang.timeline });
  const tile = (await timeline.locator('[data-photo-id]').first().boundingBox())!;
  const grid = (await timeline.boundingBox())!;
  // Tiles are square with 4px between them.
  return { top: Math.round(tile.y), columns: Math.round((grid.width + 4) / (tile.width + 4)) };
}

describe('the photos page shows photos on a phone’s first screen (390x844), for every demo account with photos, in English and German', () => {
  let server: TestServer;
  let browser: Browser;
  /** Demo account names (before the @) whose library holds photos once Sofia and Mila have one. */
  const withPhotos = new Set<string>();

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    // Every account at once, each in its own browser context: signing in is mostly waiting.
    await Promise.all(
      DEMO_ACCOUNTS.map(async (account) => {
        const name = account.email.split('@')[0]!;
        const context = await newContext(browser, server.baseUrl);
        try {
          const page = await context.newPage();
          await signIn(page, account.email);
          if (GIVEN_A_PHOTO.includes(name) && (await photosCount(page, server.baseUrl)) === 0) await uploadOnePhoto(page, server.baseUrl, `${name}-phone.jpg`);
          if ((await photosCount(page, server.baseUrl)) > 0) withPhotos.add(name);
        } finally {
          await context.close();
        }
      }),
    );
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the accounts measured include every one the issue names', () => {
    expect([...withPhotos]).toEqual(expect.arrayContaining(NAMED));
  });

  for (const lang of LANGUAGES) {
    for (const account of DEMO_ACCOUNTS) {
      const name = account.email.split('@')[0]!;
      it(`${name} (${lang.name}): the first thumbnail within ${FIRST_SCREEN_TOP}px on a first visit and after, 3–4 columns, one bar for the back link and both buttons; desktop no lower than before`, async (test) => {
        if (!withPhotos.has(name)) return test.skip(`${account.email} has no photos to show`);
        let context: BrowserContext | undefined;
        let page: Page | undefined;
        try {
          context = await newContext(browser, server.baseUrl, { viewport: PHONE, locale: lang.locale, isMobile: true, hasTouch: true });
          page = await context.newPage();
          await signIn(page, account.email, { path: `${PHOTOS}${lang.query}` });
          await waitForSettledPage(page, lang, { newSession: true });

          // A first visit: the banner has not been read.
          const first = await firstThumbnail(page, lang);
          expect(first.top, `first visit, ${PHONE.width}x${PHONE.height}`).toBeLessThanOrEqual(FIRST_SCREEN_TOP);
          expect(first.columns).toBeGreaterThanOrEqual(3);
          expect(first.columns).toBeLessThanOrEqual(4);

          // The back link, the storage status and 'Add photos' share one bar; the buttons are named by their labels.
          const main = page.getByRole('main');
          const centre = async (locator: ReturnType<Page['getByRole']>) => {
            const box = (await locator.boundingBox())!;
            return box.y + box.height / 2;
          };
          const back = await centre(main.getByRole('link', { name: lang.back }));
          const storage = main.getByRole('button', { name: lang.storageLabel });
          expect(Math.abs((await centre(storage)) - back)).toBeLessThanOrEqual(4);
          expect(Math.abs((await centre(main.getByRole('button', { name: lang.addPhotos, exact: true }).first())) - back)).toBeLessThanOrEqual(4);
          // A warning or critical status shows as more than a colour: the badge carries '!'.
          const tone = await storage.getAttribute('data-tone');
          const badge = await storage.evaluate((button) => getComputedStyle(button.querySelector('span[aria-hidden="true"]')!, '::after').content);
          expect(badge).toBe(tone === 'warning' || tone === 'critical' ? '"!"' : 'none');

          await expectNoSeriousA11yViolations(page, `photos page, ${name}, ${lang.name}, 390x844`);
          await screenshot(page, `photos-phone-first-screen-${name}-${lang.name}-390x844`, { dir: REVIEW_SHOTS_DIR });

          // The next visit: the banner was read and is one line; it opens again to its summary.
          await page.reload();
          await waitForSettledPage(page, lang, { newSession: false });
          const again = await firstThumbnail(page, lang);
          expect(again.top, `next visit, ${PHONE.width}x${PHONE.height}`).toBeLessThanOrEqual(FIRST_SCREEN_TOP);
          const banner = page.getByRole('region', { name: lang.bannerTitle });
          expect(await banner.getByText(lang.bannerSummary).count()).toBe(0);
          await screenshot(page, `photos-phone-first-screen-${name}-${lang.name}-390x844-read`, { dir: REVIEW_SHOTS_DIR });
          await banner.getByRole('button', { name: lang.showMore }).click();
          await banner.getByText(lang.bannerSummary).waitFor();
          await context.close();

          // Desktop: no lower than before on a first visit, higher once the banner was read.
          context = await newContext(browser, server.baseUrl, { viewport: DESKTOP, locale: lang.locale });
          page = await context.newPage();
          await signIn(page, account.email, { path: `${PHOTOS}${lang.query}` });
          await waitForSettledPage(page, lang, { newSession: true });
          const desktop = await firstThumbnail(page, lang);
          expect(desktop.top, 'first visit, 1280x800').toBeLessThanOrEqual(DESKTOP_TOP_BEFORE);
          expect(desktop.columns).toBe(6);
          await screenshot(page, `photos-phone-first-screen-${name}-${lang.name}-1280x800`, { dir: REVIEW_SHOTS_DIR });
          await page.reload();
          await waitForSettledPage(page, lang, { newSession: false });
          expect((await firstThumbnail(page, lang)).top, 'next visit, 1280x800').toBeLessThan(desktop.top);
          await screenshot(page, `photos-phone-first-screen-${name}-${lang.name}-1280x800-read`, { dir: REVIEW_SHOTS_DIR });
          await expectNoSeriousA11yViolations(page, `photos page, ${name}, ${lang.name}, 1280x800 (banner read)`);
        } catch (error) {
          throw new Error(`${(error as Error).message}\n${page ? pageProblems(page) : ''}`, { cause: error });
        } finally {
          await context?.close();
        }
      }, 120_000);
    }
  }
});
