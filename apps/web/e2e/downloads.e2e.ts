/// <reference types="node" />
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { Browser, BrowserContext, Download, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openZip } from '../../server/src/test/downloads';
import { albumId, DEMO_ALBUMS, pickVisibleTiles, toast, waitForDemoAlbums } from './support/albums';
import { acceptCookies } from './support/cookies';
import { signIn } from './support/auth';
import { expectNoSeriousA11yViolations } from './support/axe';
import { launchBrowser, newContext, PHONE, pageProblems, screenshot } from './support/browser';
import { DEMO_LIBRARY_OWNER, photoApi, waitForDemoLibrary } from './support/photos';
import { startServer, type TestServer } from './support/server';

const PHOTOS = '/my-photos/photos';
const LIMIT_TEXT = 'Up to 100 photos can be downloaded at a time';
const LARS = DEMO_ALBUMS.family.participant;

interface ListedPhoto {
  imageId: string;
  localFileName: string;
  untouchedUrl: string;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Every photo of a listing (the library, a shared album), following its cursor. */
async function listPhotos(page: Page, baseUrl: string, path: string): Promise<ListedPhoto[]> {
  const photos: ListedPhoto[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `limit=500&sortKey=created&sortOrder=desc${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const body: { images: ListedPhoto[]; cursor: string | null } = await photoApi(page, baseUrl, `${path}?${query}`);
    photos.push(...body.images);
    cursor = body.cursor;
  } while (cursor);
  return photos;
}

/** The original bytes of each photo, fetched from its signed link as the preview's Download does. */
async function originals(photos: ListedPhoto[]): Promise<Buffer[]> {
  return Promise.all(
    photos.map(async (photo) => {
      const response = await fetch(photo.untouchedUrl);
      if (!response.ok) throw new Error(`${photo.localFileName}'s original answered ${response.status}`);
      return Buffer.from(await response.arrayBuffer());
    }),
  );
}

/** The saved zip opens (unzip -t), and holds exactly these files, byte for byte, once each. */
async function expectZipOf(download: Download, expected: Buffer[]): Promise<Map<string, Buffer>> {
  const files = await openZip(fs.readFileSync((await download.path())!));
  expect(files.size).toBe(expected.length);
  expect([...files.values()].map(sha256).sort()).toEqual(expected.map(sha256).sort());
  return files;
}

/**
 * Starts recording the texts of the toasts the page shows, in order, however briefly (a toast is replaced in
 * place when its archive moves on); `seen()` answers them.
 */
async function recordToasts(page: Page): Promise<{ seen: () => Promise<string[]> }> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { shownToasts: string[] }).shownToasts = seen;
    const read = () => {
      for (const toast of document.querySelectorAll<HTMLElement>('[data-sonner-toast]')) {
        const text = toast.innerText.trim();
        if (text && seen.at(-1) !== text) seen.push(text);
      }
    };
    new MutationObserver(read).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return { seen: () => page.evaluate(() => [...(window as unknown as { shownToasts: string[] }).shownToasts]) };
}

/** The body of the next download request the page sends (either kind). */
function nextDownloadRequest(page: Page): Promise<Request> {
  return page.waitForRequest((r) => r.method() === 'POST' && /\/api\/downloads\/(downloads|shared-album-downloads)$/.test(r.url()));
}

describe('zip downloads: a selection, a shared album, and the downloads page', () => {
  let server: TestServer;
  let browser: Browser;
  let emmaContext: BrowserContext;
  let emma: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    emmaContext = await newContext(browser, server.baseUrl, { acceptDownloads: true });
    emma = await emmaContext.newPage();
    await signIn(emma, DEMO_LIBRARY_OWNER, { path: '/' });
    await waitForDemoLibrary(emma, server.baseUrl);
    await waitForDemoAlbums(emma, server.baseUrl);
    await emma.goto(PHOTOS);
    await acceptCookies(emma);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("101 selected: Download refuses with 'Up to 100 photos…'; 100: 'Preparing download...', 'Downloading photos', {downloadId}.zip holding the 100 originals", async () => {
    // A second tab on the downloads page, open before anything is asked for: it follows the archive live.
    const downloadsTab = await emmaContext.newPage();
    await downloadsTab.goto('/downloads');
    await downloadsTab.getByText('You have no downloads').waitFor();
    let downloadsTabLoads = 0;
    downloadsTab.on('load', () => downloadsTabLoads++);

    await emma.bringToFront();
    await emma.locator('[data-photo-id] img').first().waitFor();
    await emma.getByRole('button', { name: 'Select', exact: true }).click();
    const toolbar = emma.getByRole('region', { name: 'Selected photos' });
    const download = toolbar.getByRole('button', { name: 'Download' });
    const chosen: string[] = [];
    while (chosen.length < 101) {
      for (const id of await pickVisibleTiles(emma, Math.min(4, 101 - chosen.length), chosen)) {
        await emma.locator(`[data-photo-id="${id}"]`).click();
        chosen.push(id);
      }
    }
    expect(await toolbar.getByRole('status').innerText()).toBe('101 selected');

    const posted: string[] = [];
    emma.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/downloads/')) posted.push(r.url());
    });
    expect(await download.getAttribute('aria-disabled')).toBe('true');
    await download.hover();
    await expect.poll(() => toolbar.getByRole('tooltip').innerText()).toBe(LIMIT_TEXT);
    expect(await download.getAttribute('aria-describedby')).toBe(await toolbar.getByRole('tooltip').getAttribute('id'));
    await screenshot(emma, 'downloads-101-refused');
    await download.click({ force: true });
    await emma.waitForTimeout(300);
    expect(posted).toEqual([]);

    // One photo less: 100 can be downloaded.
    const dropped = chosen.pop()!;
    await emma.locator(`[data-photo-id="${dropped}"]`).click();
    expect(await toolbar.getByRole('status').innerText()).toBe('100 selected');
    expect(await download.getAttribute('aria-disabled')).toBeNull();

    const toasts = await recordToasts(emma);
    const requested = nextDownloadRequest(emma);
    const saved = emma.waitForEvent('download', { timeout: 60_000 });
    await download.click();
    const body = JSON.parse((await requested).postData() ?? '{}') as { id: string; photos: string[] };
    expect(body.photos.sort()).toEqual([...chosen].sort());
    // Selection mode ends once the request is accepted.
    await toolbar.waitFor({ state: 'detached' });

    let file: Download;
    try {
      file = await saved;
      await toast(emma, 'Downloading photos').waitFor();
    } catch (error) {
      await screenshot(emma, 'downloads-toasts');
      throw new Error(`${(error as Error).message}\n${pageProblems(emma)}\n${server.output()}`, { cause: error });
    }
    await screenshot(emma, 'downloads-toast-downloading');
    // 'Preparing download...' first, unless the 100 small demo photos were zipped before the page's push
    // connection was ready (then the archive is already there, and its toast says so at once).
    expect(['Preparing download...,Downloading photos', 'Downloading photos']).toContain((await toasts.seen()).join());
    expect(file.suggestedFilename()).toBe(`${body.id}.zip`);
    const library = new Map((await listPhotos(emma, server.baseUrl, '/photos')).map((p) => [p.imageId, p]));
    await expectZipOf(file, await originals(chosen.map((id) => library.get(id)!)));

    // The second tab shows the archive, ready, without being reloaded.
    const row = downloadsTab.getByRole('listitem', { name: '100 photos' });
    await row.getByText('Ready', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Download 100 photos' }).waitFor();
    expect(downloadsTabLoads).toBe(0);
    await downloadsTab.close();
  });

  it('the downloads page lists the archive with its count, size and date; its Download saves it again; axe finds nothing serious', async () => {
    await emma.goto('/downloads');
    await emma.getByRole('heading', { level: 1, name: 'Downloads' }).waitFor();
    const row = emma.getByRole('listitem', { name: '100 photos' });
    await row.getByText('Ready', { exact: true }).waitFor();
    const text = await row.innerText();
    expect(text).toMatch(/100 photos/);
    expect(text).toMatch(/\d+(\.\d+)? MB/);
    expect(text).toMatch(/Requested \d{1,2} \w{3} \d{4}/);
    expect(text).toMatch(/Available until \d{1,2} \w{3} \d{4}/);
    await expectNoSeriousA11yViolations(emma, 'downloads page');
    await screenshot(emma, 'downloads-page-desktop');

    const saved = emma.waitForEvent('download');
    await row.getByRole('button', { name: 'Download 100 photos' }).click();
    const file = await saved;
    expect(file.suggestedFilename()).toMatch(/^[0-9a-f-]{36}\.zip$/);
    expect((await openZip(fs.readFileSync((await file.path())!))).size).toBe(100);

    // On a phone: nothing sticks out sideways, and the button is there.
    const phone = await newContext(browser, server.baseUrl, { viewport: PHONE, hasTouch: true, isMobile: true });
    await phone.addCookies(await emmaContext.cookies());
    const small = await phone.newPage();
    await small.goto('/downloads');
    await small.getByRole('button', { name: 'Download 100 photos' }).waitFor();
    expect(await small.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await expectNoSeriousA11yViolations(small, 'downloads page (phone)');
    await screenshot(small, 'downloads-page-phone');
    await phone.close();
  });

  it("a participant downloads a shared album: each photo named with its owner, the zip holds every original once", async () => {
    const larsContext = await newContext(browser, server.baseUrl, { acceptDownloads: true });
    const lars = await larsContext.newPage();
    await signIn(lars, LARS, { path: '/my-photos/albums' });
    await acceptCookies(lars);
    const familyId = await albumId(lars, server.baseUrl, DEMO_ALBUMS.family.name);
    await lars.goto(`/my-photos/shared-albums/${familyId}`);
    await lars.getByRole('heading', { level: 1, name: DEMO_ALBUMS.family.name }).waitFor();

    await lars.getByRole('button', { name: 'Select', exact: true }).click();
    const toolbar = lars.getByRole('region', { name: 'Selected photos' });
    await toolbar.getByRole('button', { name: 'Select all' }).click();
    expect(await toolbar.getByRole('status').innerText()).toBe(`${DEMO_ALBUMS.family.photos} selected`);

    const requested = nextDownloadRequest(lars);
    const saved = lars.waitForEvent('download', { timeout: 60_000 });
    await toolbar.getByRole('button', { name: 'Download' }).click();
    const request = await requested;
    expect(request.url()).toMatch(/\/api\/downloads\/shared-album-downloads$/);
    const body = JSON.parse(request.postData() ?? '{}') as { id: string; name: string; photos: { photoId: string; ownerId: string }[] };
    expect(body.name).toBe(DEMO_ALBUMS.family.name);
    expect(body.photos).toHaveLength(DEMO_ALBUMS.family.photos);
    // Emma's photos and Lars's own, each with its owner.
    expect(new Set(body.photos.map((p) => p.ownerId)).size).toBe(2);

    await toast(lars, 'Downloading photos').waitFor({ timeout: 60_000 });
    const file = await saved;
    expect(file.suggestedFilename()).toBe(`${body.id}.zip`);
    const albumPhotos = await listPhotos(lars, server.baseUrl, `/shared-albums/${familyId}/photos`);
    expect(albumPhotos).toHaveLength(DEMO_ALBUMS.family.photos);
    await expectZipOf(file, await originals(albumPhotos));

    // The archive is Lars's: his downloads page lists it under the album's name.
    await lars.goto('/downloads');
    await lars.getByRole('listitem', { name: DEMO_ALBUMS.family.name }).getByText('Ready', { exact: true }).waitFor();
    await larsContext.close();
  });
});
