/// <reference types="node" />
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { SERVICE_BASE_PATHS, UPLOAD_PHOTO_ID_HEADER } from '@shoebox/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { Upload } from 'tus-js-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeTestJpeg } from '../../server/src/seed/photo-like-images';
import { openZip } from '../../server/src/test/downloads';
import { encodeMetadata } from '../../server/src/test/photo-library';
import { acceptCookies } from './support/cookies';
import { signIn } from './support/auth';
import { launchBrowser, newContext, pageProblems, screenshot } from './support/browser';
import { startTwoServers, twoServersUnavailable, type TwoServers } from './support/two-servers';

const OWNER = 'emma@example.com';
const PHOTOS = '/my-photos/photos';
const UPLOAD_PATH = '/api/uploads';

async function accessToken(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === 'auth_access_token');
  if (!cookie) throw new Error('Not signed in: no auth_access_token cookie');
  return decodeURIComponent(cookie.value);
}

/** The customer's photos as the photos service lists them, through the balancer. */
async function photosOf(siteUrl: string, token: string): Promise<{ imageId: string; localFileName: string }[]> {
  const response = await fetch(`${siteUrl}${SERVICE_BASE_PATHS.photoManagement}/photos`, { headers: { Authorization: `Bearer ${token}` } });
  return ((await response.json()) as { images: { imageId: string; localFileName: string }[] }).images;
}

const photoNames = async (siteUrl: string, token: string) => (await photosOf(siteUrl, token)).map((p) => p.localFileName).sort();

/**
 * Two instances behind a plain round-robin balancer, with a bucket (issue 23, decision 099): every request
 * and socket goes to the next instance, whatever it is for, and uploads still arrive whole.
 */
describe('a cluster behind a plain round-robin balancer', () => {
  let servers: TwoServers;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  let dir: string;

  beforeEach((test) => {
    if (twoServersUnavailable) test.skip(twoServersUnavailable);
  });

  beforeAll(async () => {
    if (twoServersUnavailable) return;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shoebox-cluster-e2e-'));
    [servers, browser] = await Promise.all([startTwoServers({ routing: 'round-robin', bucket: true }), launchBrowser()]);
    context = await newContext(browser, servers.siteUrl, { acceptDownloads: true });
    page = await context.newPage();
    await signIn(page, OWNER, { path: PHOTOS });
    await acceptCookies(page);
    token = await accessToken(context);
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await servers?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const names = ['pier.jpg', 'gull.jpg', 'boats.jpg', 'nets.jpg'];
  const sent = new Map<string, Buffer>();

  it('the upload dialog sends every photo, its requests spread over both instances', async () => {
    const files = await Promise.all(
      names.map(async (name, i) => {
        const file = path.join(dir, name);
        const bytes = await makeTestJpeg({ width: 1200, height: 800, seed: 5100 + i });
        sent.set(name, bytes);
        fs.writeFileSync(file, bytes);
        return file;
      }),
    );
    const before = servers.routed.length;
    await page.getByRole('button', { name: 'Add photos' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Upload photos' });
    await dialog.locator('input[type=file]').setInputFiles(files);
    await dialog.getByRole('button', { name: 'Upload 4 photos' }).click();
    await dialog.getByText('4 of 4 uploaded', { exact: true }).waitFor({ timeout: 60_000 });
    await screenshot(page, 'cluster-upload-dialog');
    await dialog.getByRole('button', { name: 'Add to my photos' }).click();
    await dialog.waitFor({ state: 'detached' });

    const uploadRequests = servers.routed.slice(before).filter((r) => r.path.startsWith(UPLOAD_PATH) && r.method !== 'OPTIONS');
    expect(new Set(uploadRequests.map((r) => r.machine))).toEqual(new Set(['A', 'B']));
    expect(await photoNames(servers.siteUrl, token)).toEqual(expect.arrayContaining(names));
  });

  it('an upload cut mid-file resumes through tus-js-client at its offset, not from the start, and the photo is whole', async () => {
    const bytes = await makeTestJpeg({ width: 2400, height: 1600, seed: 5200 });
    const options = {
      endpoint: `${servers.siteUrl}${UPLOAD_PATH}`,
      headers: { Authorization: `Bearer ${token}` },
      metadata: { filename: 'cut.jpg', filetype: 'image/jpeg' },
      retryDelays: [],
    };
    // The first attempt: created, then its PATCH cut once a third of the file went out, as a phone losing its network.
    const created = await fetch(options.endpoint, {
      method: 'POST',
      headers: { ...options.headers, 'Tus-Resumable': '1.0.0', 'Upload-Length': String(bytes.length), 'Upload-Metadata': encodeMetadata(options.metadata) },
    });
    expect(created.status).toBe(201);
    const uploadUrl = new URL(created.headers.get('location')!, servers.siteUrl).href;
    await new Promise<void>((resolve) => {
      const patch = http.request(uploadUrl, {
        method: 'PATCH',
        headers: { ...options.headers, 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream', 'Content-Length': String(bytes.length) },
      });
      patch.on('error', () => resolve());
      patch.write(bytes.subarray(0, Math.floor(bytes.length / 3)));
      setTimeout(() => patch.destroy(), 500);
    });
    const cutAt = servers.routed.length;

    let resumedFrom = -1;
    const photoId = await new Promise<string | null>((resolve, reject) => {
      new Upload(bytes, {
        ...options,
        uploadUrl,
        onAfterResponse: (req, res) => {
          if (req.getMethod() === 'HEAD' && resumedFrom === -1) resumedFrom = Number(res.getHeader('Upload-Offset'));
        },
        onSuccess: ({ lastResponse }) => resolve(lastResponse.getHeader(UPLOAD_PHOTO_ID_HEADER) ?? null),
        onError: reject,
      }).start();
    });
    expect(resumedFrom).toBeGreaterThan(0);
    expect(resumedFrom).toBeLessThan(bytes.length);
    expect(new Set(servers.routed.slice(cutAt).map((r) => r.machine))).toEqual(new Set(['A', 'B']));
    expect(photoId).toEqual(expect.any(String));
    expect(await photoNames(servers.siteUrl, token)).toContain('cut.jpg');
  });

  it('a zip of the uploaded photos is made and saved whole, wherever its request, its job and the page\'s socket land', async () => {
    await page.reload();
    const tiles = page.locator('[data-photo-id]');
    await expect.poll(() => tiles.count()).toBeGreaterThanOrEqual(names.length);
    await page.getByRole('button', { name: 'Select', exact: true }).click();
    const ids = (await photosOf(servers.siteUrl, token)).filter((p) => names.includes(p.localFileName)).map((p) => p.imageId);
    expect(ids).toHaveLength(names.length);
    for (const id of ids) await page.locator(`[data-photo-id="${id}"]`).click();
    const saved = page.waitForEvent('download', { timeout: 60_000 });
    saved.catch(() => undefined);
    await page.getByRole('region', { name: 'Selected photos' }).getByRole('button', { name: 'Download' }).click();
    try {
      const files = await openZip(fs.readFileSync((await (await saved).path())!));
      expect([...files.keys()].sort()).toEqual([...names].sort());
      for (const name of names) expect(files.get(name)?.equals(sent.get(name)!), name).toBe(true);
    } catch (error) {
      await screenshot(page, 'cluster-zip');
      throw new Error(`${(error as Error).message}\n${pageProblems(page)}\nA:\n${servers.a.output()}\nB:\n${servers.b.output()}`, { cause: error });
    }
    const sockets = servers.routed.filter((r) => r.upgrade);
    expect(sockets.length).toBeGreaterThanOrEqual(1);
  });

  it('an album made through one instance and renamed through the other reads its new name at once through either', async () => {
    const albums = (base: string) => `${base}${SERVICE_BASE_PATHS.photoManagement}/albums`;
    const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
    const created = await fetch(albums(servers.a.baseUrl), { method: 'POST', headers, body: JSON.stringify({ name: 'Harbour walk' }) });
    expect(created.status).toBe(201);
    const { albumId } = (await created.json()) as { albumId: string };
    expect((await fetch(`${albums(servers.b.baseUrl)}/${albumId}`, { method: 'PATCH', headers, body: JSON.stringify({ name: 'Harbour at dusk' }) })).status).toBe(204);
    for (const base of [servers.a.baseUrl, servers.b.baseUrl, servers.siteUrl, servers.siteUrl]) {
      const album = (await (await fetch(`${albums(base)}/${albumId}`, { headers })).json()) as { albumName: string };
      expect(album.albumName, base).toBe('Harbour at dusk');
    }
  });
});
