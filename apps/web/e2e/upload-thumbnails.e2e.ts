/// <reference types="node" />
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './support/auth';
import { expectNoSeriousA11yViolations } from './support/axe';
import { DESKTOP, launchBrowser, newContext, pageProblems, PHONE, screenshot } from './support/browser';
import { startServer, type TestServer } from './support/server';

/** Real camera files (their README says where they come from) and a real HEVC HEIC, as phones write them. */
const LEGACY = fileURLToPath(new URL('../../server/src/seed/legacy-library/', import.meta.url));
const HEIC_FIXTURE = fileURLToPath(new URL('../../server/src/modules/uploads/ingest/fixtures/photo.heic', import.meta.url));
const PHOTOS = '/my-photos/photos';
const GERMAN_CHANNEL = 'www.printhaven.de';
/** Pixels per side of a made thumbnail (THUMBNAIL_PIXELS in the web). */
const THUMBNAIL_PIXELS = 160;
/** Thumbnails made at the same time at most (THUMBNAIL_CONCURRENCY in the web). */
const THUMBNAIL_CONCURRENCY = 3;

/** JPEGs Chromium draws: a Nikon D2H photo, an iPhone 4S photo stored sideways (EXIF orientation 6), a GPS-tagged one. */
const DRAWABLE = ['nikon-d2h.jpg', 'iphone-4s.jpg', 'gps-tagged.jpg'];
/** Files Chromium cannot draw, and the type their placeholder shows: a HEIC, and a camera file cut after its EXIF block. */
const UNDRAWABLE = { 'night.heic': 'HEIC', 'damaged-dsci0001.jpg': 'JPG' } as const;

const uploadTexts = (locale: string) =>
  JSON.parse(fs.readFileSync(fileURLToPath(new URL(`../public/locales/${locale}/upload.json`, import.meta.url)), 'utf8')) as Record<string, string>;

// Sofia's storage status is critical: the storage warning flag is off here so its modal does not open over this one.
const FLAGS = JSON.stringify({ PhotoManagementStorageWarningEnabled: [] });

/**
 * Counts createImageBitmap calls running at once in the page, before the app loads: the list must never
 * decode more than THUMBNAIL_CONCURRENCY files at a time.
 */
function countDecodes() {
  const original = window.createImageBitmap.bind(window);
  const stats = { running: 0, most: 0, calls: 0 };
  (window as unknown as { decodeStats: typeof stats }).decodeStats = stats;
  window.createImageBitmap = (async (...args: Parameters<typeof createImageBitmap>) => {
    stats.running += 1;
    stats.calls += 1;
    stats.most = Math.max(stats.most, stats.running);
    try {
      return await original(...args);
    } finally {
      stats.running -= 1;
    }
  }) as typeof createImageBitmap;
}

/** Whether each URL still loads as an image (an object URL revoked no longer does). */
function imagesLoad(page: Page, urls: string[]): Promise<boolean[]> {
  return page.evaluate(
    (list) =>
      Promise.all(
        list.map(
          (url) =>
            new Promise<boolean>((resolve) => {
              const image = new Image();
              image.onload = () => resolve(true);
              image.onerror = () => resolve(false);
              image.src = url;
            }),
        ),
      ),
    urls,
  );
}

describe('upload dialog thumbnails (sofia)', () => {
  let server: TestServer;
  let browser: Browser;
  let signedIn: Awaited<ReturnType<BrowserContext['storageState']>>;
  let dir: string;
  const file = (name: string) => path.join(dir, name);

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shoebox-upload-thumbnails-'));
    for (const name of [...DRAWABLE, 'damaged-dsci0001.jpg']) fs.copyFileSync(path.join(LEGACY, name), file(name));
    for (let n = 1; n <= 8; n++) fs.copyFileSync(path.join(LEGACY, `orientation-${n}.jpg`), file(`orientation-${n}.jpg`));
    fs.copyFileSync(HEIC_FIXTURE, file('night.heic'));
    [server, browser] = await Promise.all([startServer({ FEATURE_FLAGS: FLAGS }), launchBrowser()]);
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    await signIn(page, 'sofia@example.com', { path: PHOTOS });
    const consent = page.getByRole('region', { name: 'Cookies' });
    await consent.getByRole('button', { name: 'Save choices' }).click();
    await consent.waitFor({ state: 'detached' });
    signedIn = await context.storageState();
    await context.close();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A signed-in page on the photos page, on the channel of `locale`, with the upload dialog open. */
  async function openDialog(locale: 'en-GB' | 'de-DE', viewport: typeof DESKTOP | typeof PHONE) {
    const texts = uploadTexts(locale);
    const phone = viewport === PHONE;
    const context = await newContext(browser, server.baseUrl, { locale, viewport, storageState: signedIn, ...(phone ? { isMobile: true, hasTouch: true } : {}) });
    await context.addInitScript(countDecodes);
    const page = await context.newPage();
    await page.goto(locale === 'de-DE' ? `${PHOTOS}?channel=${GERMAN_CHANNEL}` : PHOTOS);
    await page.getByRole('button', { name: texts.addPhotos }).first().click();
    const dialog = page.getByRole('dialog', { name: texts.title });
    await dialog.waitFor();
    const list = dialog.getByRole('list', { name: texts.listLabel });
    const row = (name: string) => list.getByRole('listitem').filter({ hasText: name });
    return { context, page, dialog, list, row, texts };
  }

  /** The thumbnail box of a row, once it is made (the row scrolled into view first: only rows near view are made). */
  async function thumbnailOf(row: Locator): Promise<Locator> {
    await row.scrollIntoViewIfNeeded();
    const box = row.locator('[data-thumbnail]');
    await expect.poll(() => box.getAttribute('data-thumbnail')).not.toBe('pending');
    return box;
  }

  for (const locale of ['en-GB', 'de-DE'] as const) {
    for (const viewport of [DESKTOP, PHONE]) {
      const size = `${viewport.width}x${viewport.height}`;
      it(`${locale} ${size}: each chosen JPEG shows its thumbnail, the HEIC and the damaged file a placeholder with their type; closing revokes the object URLs`, async () => {
        const { context, page, dialog, list, row, texts } = await openDialog(locale, viewport);
        try {
          await dialog.locator('input[type=file]').setInputFiles([...DRAWABLE, ...Object.keys(UNDRAWABLE)].map(file));
          await list.getByRole('listitem').nth(4).waitFor();

          const urls: string[] = [];
          for (const name of DRAWABLE) {
            const box = await thumbnailOf(row(name));
            expect(await box.getAttribute('data-thumbnail'), `${name}: ${pageProblems(page)}`).toBe('ready');
            const image = await box.locator('img').evaluate(async (img: HTMLImageElement) => {
              await img.decode();
              return { width: img.naturalWidth, height: img.naturalHeight, alt: img.getAttribute('alt'), src: img.src, shown: img.getBoundingClientRect().width };
            });
            expect(image, name).toMatchObject({ width: THUMBNAIL_PIXELS, height: THUMBNAIL_PIXELS, alt: '' });
            expect(image.src).toMatch(/^blob:/);
            expect(image.shown).toBe(viewport === PHONE ? 64 : 72);
            urls.push(image.src);
          }
          for (const [name, type] of Object.entries(UNDRAWABLE)) {
            const box = await thumbnailOf(row(name));
            expect(await box.getAttribute('data-thumbnail'), name).toBe('placeholder');
            expect(await box.innerText()).toBe(type);
            expect(await box.locator('img').count()).toBe(0);
            expect(await box.locator('svg').isVisible()).toBe(true);
          }
          // No broken image anywhere in the dialog.
          expect(await dialog.locator('img').evaluateAll((images) => images.filter((i) => !(i as HTMLImageElement).complete || (i as HTMLImageElement).naturalWidth === 0).length)).toBe(0);
          // The file name is read once per row: the picture is decorative.
          expect(await list.getByRole('img').count()).toBe(0);
          expect(await list.getByText('nikon-d2h.jpg', { exact: true }).count()).toBe(1);
          expect(await page.evaluate(() => (window as unknown as { decodeStats: { most: number } }).decodeStats.most)).toBeLessThanOrEqual(THUMBNAIL_CONCURRENCY);

          const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
          expect(axe.violations.map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
          await expectNoSeriousA11yViolations(page, `upload dialog with thumbnails (${locale}, ${size})`);
          await row(DRAWABLE[0]!).scrollIntoViewIfNeeded();
          await screenshot(page, `upload-thumbnails-${locale}-${size}`);

          // Uploaded (the first run) or already in the library (the runs after it), refused or not: each row keeps its picture.
          await dialog.getByRole('button', { name: texts.start_other!.replace('{{count}}', '5') }).click();
          for (const name of [...DRAWABLE, 'night.heic']) await expect.poll(() => row(name).getAttribute('data-status'), { timeout: 30_000 }).toMatch(/^(uploaded|duplicate)$/);
          await expect.poll(() => row('damaged-dsci0001.jpg').getAttribute('data-status'), { timeout: 30_000 }).toBe('refused');
          const after = await Promise.all(DRAWABLE.map((name) => row(name).locator('img').getAttribute('src')));
          expect(after).toEqual(urls);
          expect(await row('night.heic').locator('[data-thumbnail]').innerText()).toBe('HEIC');
          await expectNoSeriousA11yViolations(page, `upload dialog with thumbnails, uploaded (${locale}, ${size})`);
          await row(DRAWABLE[0]!).scrollIntoViewIfNeeded();
          await screenshot(page, `upload-thumbnails-${locale}-${size}-uploaded`);

          expect(await imagesLoad(page, urls)).toEqual(urls.map(() => true));
          await dialog.getByRole('button', { name: texts.cancel }).click();
          await dialog.waitFor({ state: 'detached' });
          expect(await imagesLoad(page, urls)).toEqual(urls.map(() => false));
        } finally {
          await context.close();
        }
      });
    }
  }

  it('thumbnails are turned as the EXIF orientation says: the letter F in all eight orientations gives the same picture', async () => {
    const { context, page, dialog, row } = await openDialog('en-GB', DESKTOP);
    try {
      const names = Array.from({ length: 8 }, (_, i) => `orientation-${i + 1}.jpg`);
      await dialog.locator('input[type=file]').setInputFiles(names.map(file));
      const sources: string[] = [];
      for (const name of names) {
        const box = await thumbnailOf(row(name));
        expect(await box.getAttribute('data-thumbnail'), name).toBe('ready');
        sources.push((await box.locator('img').getAttribute('src'))!);
      }
      // Mean difference (0–255) of each thumbnail from orientation 1's, and of orientation 1's from its own mirror image.
      const { differences, mirrored } = await page.evaluate(async (urls) => {
        const pixels = async (url: string, mirror = false) => {
          const image = new Image();
          image.src = url;
          await image.decode();
          const canvas = document.createElement('canvas');
          canvas.width = image.naturalWidth;
          canvas.height = image.naturalHeight;
          const context = canvas.getContext('2d')!;
          if (mirror) context.setTransform(-1, 0, 0, 1, canvas.width, 0);
          context.drawImage(image, 0, 0);
          return context.getImageData(0, 0, canvas.width, canvas.height).data;
        };
        const difference = (a: Uint8ClampedArray, b: Uint8ClampedArray) => {
          let sum = 0;
          for (let i = 0; i < a.length; i += 4) sum += Math.abs(a[i]! - b[i]!) + Math.abs(a[i + 1]! - b[i + 1]!) + Math.abs(a[i + 2]! - b[i + 2]!);
          return sum / ((a.length / 4) * 3);
        };
        const upright = await pixels(urls[0]!);
        return {
          differences: await Promise.all(urls.map(async (url) => Math.round(difference(upright, await pixels(url))))),
          mirrored: Math.round(difference(upright, await pixels(urls[0]!, true))),
        };
      }, sources);
      // The comparison can tell: an F and its mirror image differ this much.
      expect(mirrored).toBeGreaterThan(20);
      for (const [i, difference] of differences.entries()) expect(difference, names[i]).toBeLessThan(mirrored / 4);
    } finally {
      await context.close();
    }
  });

  it('of 200 chosen photos only the rows in view are decoded, at most three at a time; the others when scrolled to', async () => {
    const many = Array.from({ length: 200 }, (_, i) => `copy-${String(i + 1).padStart(3, '0')}.jpg`);
    for (const name of many) fs.copyFileSync(path.join(LEGACY, 'gps-tagged.jpg'), file(name));
    const { context, page, dialog, row } = await openDialog('en-GB', DESKTOP);
    try {
      await dialog.locator('input[type=file]').setInputFiles(many.map(file));
      await thumbnailOf(row('copy-001.jpg'));
      const decodes = () => page.evaluate(() => (window as unknown as { decodeStats: { running: number; calls: number; most: number } }).decodeStats);
      // The rows in and near view are made, then decoding stops.
      await expect.poll(async () => (await decodes()).running).toBe(0);
      const first = await decodes();
      expect(first.calls).toBeGreaterThan(0);
      expect(first.calls).toBeLessThan(40);
      expect(await row('copy-200.jpg').locator('[data-thumbnail]').getAttribute('data-thumbnail')).toBe('pending');

      expect(await (await thumbnailOf(row('copy-200.jpg'))).getAttribute('data-thumbnail')).toBe('ready');
      const after = await decodes();
      expect(after.most).toBeLessThanOrEqual(THUMBNAIL_CONCURRENCY);
      expect(after.calls).toBeLessThan(80);
    } finally {
      await context.close();
    }
  });
});
