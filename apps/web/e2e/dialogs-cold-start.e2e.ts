/// <reference types="node" />
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONSENT_COOKIE, DEFAULT_CONSENT } from '@shoebox/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { signIn } from './support/auth';
import { albumId, albumPhotoIds, DEMO_ALBUMS, waitForDemoAlbums } from './support/albums';
import { DESKTOP, launchBrowser, newContext, pageProblems, PHONE, REVIEW_SHOTS_DIR, screenshot } from './support/browser';
import { DEMO_LIBRARY_OWNER, photoApi, waitForDemoLibrary } from './support/photos';
import { startServer, type TestServer } from './support/server';

/**
 * Every dialog a photo screen offers, opened on a page that starts cold (a new tab going straight to the
 * address, as after a reload or a link), in English and in German: none may show a text's key instead of
 * the text (a feature's texts not loaded on that path).
 */

const LOCALES_DIR = fileURLToPath(new URL('../public/locales', import.meta.url));
const GERMAN_CHANNEL = 'www.printhaven.de';
/** Where the upload dialog's screenshots go, for the closing note. */
const NAMESPACES = ['photos', 'albums', 'upload', 'storage', 'exports'] as const;
type Namespace = (typeof NAMESPACES)[number];
type Messages = { [key: string]: string | Messages };
const PLURAL = /_(zero|one|two|few|many|other)$/;

const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, file), 'utf8')) as Messages;

function flatten(messages: Messages, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full, value);
    else for (const [k, v] of flatten(value, full)) out.set(k, v);
  }
  return out;
}

/**
 * Every key of every English namespace, as i18next shows a missing one: its dotted path, a plural without
 * its suffix.
 */
function everyKey(): string[] {
  const files = ['en-GB.json', ...fs.readdirSync(path.join(LOCALES_DIR, 'en-GB')).map((file) => `en-GB/${file}`)];
  const keys = new Set<string>();
  for (const file of files) for (const key of flatten(readJson(file)).keys()) keys.add(key.replace(PLURAL, ''));
  return [...keys];
}

/** A channel's texts of the feature namespaces, with English underneath as the app lays them. */
function featureTexts(locale: string): Record<Namespace, Map<string, string>> {
  const load = (ns: Namespace) => new Map([...flatten(readJson(`en-GB/${ns}.json`)), ...flatten(readJson(`${locale}/${ns}.json`))]);
  return Object.fromEntries(NAMESPACES.map((ns) => [ns, load(ns)])) as Record<Namespace, Map<string, string>>;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type Viewport = { width: number; height: number };

interface Channel {
  locale: string;
  /** Query that puts a new tab on this channel (sessionStorage is per tab, so every cold start names it). */
  query: string;
}

const CHANNELS: Channel[] = [
  { locale: 'en-GB', query: '' },
  { locale: 'de-DE', query: `channel=${GERMAN_CHANNEL}` },
];

const RAW_KEYS = everyKey();

/** Visible texts, and labels a screen reader reads, that are exactly a key of a namespace. */
function rawKeysShown(page: Page): Promise<string[]> {
  return page.evaluate((keys) => {
    const wanted = new Set(keys);
    const found = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      if (text && wanted.has(text) && parent?.checkVisibility()) found.add(text);
    }
    for (const element of document.body.querySelectorAll<HTMLElement>('[aria-label], [placeholder], [title], [alt]')) {
      if (!element.checkVisibility()) continue;
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = element.getAttribute(name)?.trim();
        if (value && wanted.has(value)) found.add(`${value} (${name})`);
      }
    }
    return [...found];
  }, RAW_KEYS);
}

describe('every dialog from a cold start of every route that offers it', () => {
  let server: TestServer;
  let browser: Browser;
  const ids = { photo: '', lisbon: '', lisbonPhoto: '', family: '', familyPhoto: '' };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    await signIn(page, DEMO_LIBRARY_OWNER, { path: '/' });
    await waitForDemoLibrary(page, server.baseUrl);
    await waitForDemoAlbums(page, server.baseUrl);
    const recent = await photoApi<{ images: { imageId: string }[] }>(page, server.baseUrl, '/photos?sortKey=created&sortOrder=desc');
    ids.photo = recent.images[0]!.imageId;
    ids.lisbon = await albumId(page, server.baseUrl, DEMO_ALBUMS.lisbon.name);
    ids.family = await albumId(page, server.baseUrl, DEMO_ALBUMS.family.name);
    ids.lisbonPhoto = (await albumPhotoIds(page, server.baseUrl, ids.lisbon))[0]!;
    ids.familyPhoto = (await albumPhotoIds(page, server.baseUrl, ids.family, undefined, 'shared-albums'))[0]!;
    await context.close();
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  describe.each(CHANNELS)('$locale', ({ locale, query }) => {
    let context: BrowserContext;
    const texts = featureTexts(locale);
    const text = (ns: Namespace, key: string): string => {
      const value = texts[ns].get(key);
      if (value === undefined) throw new Error(`No text ${ns}:${key}`);
      return value;
    };
    /** A text with its placeholders (and, for a plural, any of its forms) matching anything. */
    const pattern = (ns: Namespace, key: string): RegExp => {
      const forms = [...texts[ns].entries()].filter(([k]) => k === key || k.replace(PLURAL, '') === key).map(([, v]) => v);
      if (forms.length === 0) throw new Error(`No text ${ns}:${key}`);
      return new RegExp(`^(${forms.map((form) => escapeRegExp(form).replace(/\\\{\\\{[^}]*\\\}\\\}/g, '.+')).join('|')})$`);
    };
    const button = (scope: Page | Locator, ns: Namespace, key: string) => scope.getByRole('button', { name: pattern(ns, key) });

    beforeAll(async () => {
      context = await newContext(browser, server.baseUrl, { locale });
      // The cookie question answered (necessary cookies only), so its banner covers nothing in the tabs.
      await context.addCookies([{ name: CONSENT_COOKIE, value: DEFAULT_CONSENT, url: server.baseUrl }]);
      const page = await context.newPage();
      await signIn(page, DEMO_LIBRARY_OWNER, { path: query ? `/?${query}` : '/' });
      await page.close();
    }, 120_000);

    afterAll(async () => {
      await context?.close();
    });

    /** A new tab straight at the address: nothing of the app is loaded before. */
    async function cold(address: string, viewport: Viewport = DESKTOP): Promise<Page> {
      const page = await context.newPage();
      await page.setViewportSize(viewport);
      const url = query ? `${address}${address.includes('?') ? '&' : '?'}${query}` : address;
      await page.goto(url);
      return page;
    }

    /** Waits for the dialog named `name`, then asserts that no key shows anywhere on the page. */
    async function expectNoRawKeys(page: Page, role: 'dialog' | 'alertdialog', name: RegExp | string): Promise<void> {
      const dialog = page.locator(`[role="${role}"]`).last();
      try {
        await dialog.waitFor({ state: 'visible' });
      } catch (error) {
        throw new Error(`No ${role} opened: ${(error as Error).message}\n${pageProblems(page)}`, { cause: error });
      }
      const atOnce = await rawKeysShown(page);
      await page
        .getByRole(role, { name })
        .waitFor({ timeout: 5_000 })
        .catch(() => undefined);
      const settled = await rawKeysShown(page);
      expect([...new Set([...atOnce, ...settled])], `keys shown instead of texts at ${page.url()}`).toEqual([]);
      expect(await page.getByRole(role, { name }).count(), `the ${role} is named ${String(name)}`).toBeGreaterThan(0);
    }

    /** Turns on selection and selects the first photo tile. */
    async function selectFirstPhoto(page: Page, selectButton: Locator): Promise<Locator> {
      await page.locator('[data-photo-id] img').first().waitFor();
      await selectButton.click();
      await page.locator('[data-photo-id][role="checkbox"]').first().click();
      return page.getByRole('region', { name: text('photos', 'selection.toolbarLabel') });
    }

    async function run(
      address: () => string,
      open: (page: Page) => Promise<void>,
      role: 'dialog' | 'alertdialog',
      name: () => RegExp | string,
      shot?: { name: string; viewport: Viewport },
    ) {
      const page = await cold(address(), shot?.viewport);
      try {
        await open(page);
        await expectNoRawKeys(page, role, name());
        if (shot) await screenshot(page, `${shot.name}-${locale}`, { dir: REVIEW_SHOTS_DIR });
      } finally {
        await page.close();
      }
    }

    const timeline = () => '/my-photos/photos';
    const album = () => `/my-photos/albums/${ids.lisbon}`;
    const shared = () => `/my-photos/shared-albums/${ids.family}`;
    // The grids' shared controls (timeline, album, shared album) turn selection on.
    const selectButton = (page: Page) => page.getByRole('button', { name: text('photos', 'controls.select'), exact: true });
    /** Selects the first photo, then chooses the selection toolbar's action `key`. */
    const selectionAction = (key: string) => async (page: Page) => button(await selectFirstPhoto(page, selectButton(page)), 'photos', key).click();
    // The preview is named by its photo's file name once the photo is there.
    const PREVIEW_NAME = /^IMG_\d+\.jpg$/;

    it('timeline: upload', () =>
      run(timeline, (page) => button(page, 'upload', 'addPhotos').first().click(), 'dialog', () => text('upload', 'title')));

    it('timeline: storage status', () =>
      run(timeline, (page) => button(page, 'storage', 'button.safe').click(), 'dialog', () => pattern('storage', 'title.safe')));

    it('timeline: storage status, then export photos', () =>
      run(
        timeline,
        async (page) => {
          await button(page, 'storage', 'button.safe').click();
          await button(page.getByRole('dialog'), 'storage', 'exportAction').click();
        },
        'dialog',
        () => text('exports', 'creation.title'),
      ));

    it('timeline: copy to album', () =>
      run(timeline, selectionAction('selection.copyToAlbum'), 'dialog', () => text('albums', 'copy.title')));

    it('timeline: delete selected photos', () =>
      run(timeline, selectionAction('selection.delete'), 'alertdialog', () => pattern('photos', 'delete.selected.title')));

    it('timeline: delete all photos (its address)', () =>
      run(() => '/my-photos/photos?delete=all', async () => {}, 'alertdialog', () => text('photos', 'delete.all.title')));

    it('timeline preview: the preview, then delete', () =>
      run(
        () => `/my-photos/photos/preview/${ids.photo}`,
        async (page) => {
          await expectNoRawKeys(page, 'dialog', PREVIEW_NAME);
          await button(page.getByRole('dialog'), 'photos', 'preview.delete').click();
        },
        'alertdialog',
        () => text('photos', 'delete.single.title'),
      ));

    it('timeline preview: copy to album', () =>
      run(
        () => `/my-photos/photos/preview/${ids.photo}`,
        (page) => button(page.getByRole('dialog'), 'photos', 'preview.copyToAlbum').click(),
        'dialog',
        () => text('albums', 'copy.title'),
      ));

    it('albums list: new album', () =>
      run(() => '/my-photos/albums', (page) => button(page, 'albums', 'list.newAlbum').first().click(), 'dialog', () => text('albums', 'nameDialog.createTitle')));

    const openAlbumUpload = async (page: Page) => {
      await button(page, 'albums', 'album.addPhotos').click();
      await page.getByRole('button', { name: text('albums', 'album.upload') }).click();
    };

    it('album: add photos, upload', () =>
      run(album, openAlbumUpload, 'dialog', () => text('upload', 'title'), { name: 'upload-dialog-cold-album-1280x800', viewport: DESKTOP }));

    it('album: add photos, upload, on a phone-sized screen', () =>
      run(album, openAlbumUpload, 'dialog', () => text('upload', 'title'), { name: 'upload-dialog-cold-album-390x844', viewport: PHONE }));

    it('album: rename', () =>
      run(album, (page) => button(page, 'albums', 'album.editName').click(), 'dialog', () => text('albums', 'nameDialog.renameTitle')));

    it('album: delete album', () =>
      run(album, (page) => button(page, 'albums', 'album.deleteAlbum').first().click(), 'alertdialog', () => text('albums', 'deleteAlbum.title')));

    it('album: remove selected photos', () =>
      run(album, selectionAction('selection.deleteFromAlbum'), 'alertdialog', () => pattern('albums', 'remove.title')));

    it('album: copy selected photos to another album', () =>
      run(album, selectionAction('selection.copyToAlbum'), 'dialog', () => text('albums', 'copy.title')));

    it('album preview: the preview, then delete (remove from the album or delete)', () =>
      run(
        () => `/my-photos/albums/${ids.lisbon}/preview/${ids.lisbonPhoto}`,
        async (page) => {
          await expectNoRawKeys(page, 'dialog', PREVIEW_NAME);
          await button(page.getByRole('dialog'), 'photos', 'preview.delete').click();
        },
        'alertdialog',
        () => pattern('albums', 'remove.title'),
      ));

    it('shared album: participants', () =>
      run(shared, (page) => button(page, 'albums', 'shared.sharedWithCount').click(), 'dialog', () => pattern('albums', 'shared.participantsTitle')));

    it('shared album: delete shared album', () =>
      run(shared, (page) => button(page, 'albums', 'shared.delete').click(), 'alertdialog', () => text('albums', 'shared.deleteOwnerTitle')));

    it('shared album preview: the preview', () =>
      run(() => `/my-photos/shared-albums/${ids.family}/preview/${ids.familyPhoto}`, async () => {}, 'dialog', () => PREVIEW_NAME));
  });
});
