/// <reference types="node" />
import fs from 'node:fs';
import { UPLOAD_PHOTO_ID_HEADER } from '@shoebox/contracts';
import type { Browser, BrowserContext, Page, WebSocket as PageSocket } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeTestJpeg } from '../../server/src/seed/photo-like-images';
import { openZip } from '../../server/src/test/downloads';
import { encodeMetadata } from '../../server/src/test/photo-library';
import { connectPush, type PushClient } from '../../server/src/test/push-client';
import { acceptCookies } from './support/cookies';
import { signIn } from './support/auth';
import { launchBrowser, newContext, pageProblems, screenshot } from './support/browser';
import { startTwoServers, twoServersUnavailable, type TwoServers } from './support/two-servers';

const OWNER = 'emma@example.com';
const PHOTOS = '/my-photos/photos';
const ARCHIVE_JOB = 'download.archive';
/** Uploaded in turn to machine A (directly) and machine B (through the front), a few days apart so all show at once. */
const UPLOADS = ['harbour.jpg', 'lighthouse.jpg', 'dunes.jpg', 'market.jpg', 'tram.jpg', 'sunset.jpg'];

interface Uploaded {
  photoId: string;
  name: string;
  bytes: Buffer;
}

async function accessToken(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === 'auth_access_token');
  if (!cookie) throw new Error('Not signed in: no auth_access_token cookie');
  return decodeURIComponent(cookie.value);
}

/** One whole photo in one tus creation request, as a client with creation-with-upload sends it. */
async function upload(baseUrl: string, token: string, name: string, bytes: Buffer): Promise<string> {
  const response = await fetch(`${baseUrl}/api/uploads`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      'Tus-Resumable': '1.0.0',
      'Upload-Length': String(bytes.length),
      'Upload-Metadata': encodeMetadata({ filename: name, filetype: 'image/jpeg' }),
      'Content-Type': 'application/offset+octet-stream',
    },
    body: new Uint8Array(bytes),
  });
  const photoId = response.headers.get(UPLOAD_PHOTO_ID_HEADER);
  if (response.status !== 201 || !photoId) throw new Error(`Uploading ${name} to ${baseUrl} answered ${response.status}: ${await response.text()}`);
  return photoId;
}

/** A push socket of the test's own, straight to one machine, as a page of the site would open it. */
async function pushSocketOn(baseUrl: string, origin: string, token: string): Promise<PushClient> {
  const client = await connectPush(`${baseUrl.replace(/^http/, 'ws')}/api/push`, { origin });
  client.authenticate(token);
  await client.receivedCount(1);
  if (client.received[0] !== 'OK') throw new Error(`The push socket on ${baseUrl} answered ${client.received[0]}`);
  return client;
}

/** The archive events among a socket's frames about one archive, in order. */
function archiveEvents(frames: string[], downloadId: string): string[] {
  return frames
    .filter((frame) => frame !== 'OK')
    .map((frame) => JSON.parse(frame) as { key: string; message?: { downloadId?: string } })
    .filter((m) => m.message?.downloadId === downloadId)
    .map((m) => m.key);
}

/** Resolves once the next push socket the page opens has been told OK; every text frame it receives goes to `frames`. */
function nextAuthenticatedSocket(page: Page, frames: string[]): Promise<PageSocket> {
  return new Promise((resolve) => {
    const onSocket = (socket: PageSocket) => {
      if (!socket.url().endsWith('/api/push')) return;
      page.off('websocket', onSocket);
      socket.on('framereceived', ({ payload }) => {
        frames.push(String(payload));
        if (payload === 'OK') resolve(socket);
      });
    };
    page.on('websocket', onSocket);
  });
}

/**
 * From the next load on, every text a toast shows is written down in order, however briefly it shows
 * (an archive of a few photos may be finished a moment after it started).
 */
async function recordToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { toastsSeen: string[] }).toastsSeen = seen;
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('[data-sonner-toast]')) {
        const text = toast.textContent?.trim() ?? '';
        if (text && seen.at(-1) !== text) seen.push(text);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { toastsSeen: string[] }).toastsSeen);
}

/**
 * The download e2e on two machines (issue 10's closing evidence): two server processes share PostgreSQL,
 * Redis and the blob folder; the page and its push socket are on machine B, the downloads service on A.
 */
describe('a zip download on two machines: the request on A, the push socket on B', () => {
  let servers: TwoServers;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  let uploaded: Uploaded[] = [];

  beforeEach((test) => {
    if (twoServersUnavailable) test.skip(twoServersUnavailable);
  });

  beforeAll(async () => {
    if (twoServersUnavailable) return;
    [servers, browser] = await Promise.all([startTwoServers(), launchBrowser()]);
    context = await newContext(browser, servers.siteUrl, { acceptDownloads: true });
    page = await context.newPage();
    await signIn(page, OWNER, { path: PHOTOS });
    await acceptCookies(page);
    token = await accessToken(context);

    const today = Date.now();
    uploaded = await Promise.all(
      UPLOADS.map(async (name, i) => {
        const local = new Date(today - (i + 1) * 86_400_000).toISOString().slice(0, 19);
        const bytes = await makeTestJpeg({ width: 800, height: 600, seed: 4200 + i, dateTaken: { local, offset: '+01:00' } });
        const machine = i % 2 === 0 ? servers.a.baseUrl : servers.siteUrl;
        return { name, bytes, photoId: await upload(machine, token, name, bytes) };
      }),
    );
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await servers?.stop();
  });

  it("selected photos: 'Preparing download...', 'Downloading photos', {downloadId}.zip whole and byte-identical; the downloads page in a second tab follows live", async () => {
    // The downloads page in a second tab, open before anything is asked for.
    const downloadsTab = await context.newPage();
    await downloadsTab.goto('/downloads');
    await downloadsTab.getByText('You have no downloads').waitFor();
    let downloadsTabLoads = 0;
    downloadsTab.on('load', () => downloadsTabLoads++);

    // Sockets of the test's own on each machine: the job runs on one of them, so one of these is on the other.
    const [onA, onB] = await Promise.all([
      pushSocketOn(servers.a.baseUrl, servers.siteUrl, token),
      pushSocketOn(servers.b.baseUrl, servers.siteUrl, token),
    ]);

    const toastsSeen = await recordToasts(page);
    await page.reload();
    const tiles = page.locator('[data-photo-id]');
    await expect.poll(() => tiles.count()).toBe(UPLOADS.length);
    await page.getByRole('button', { name: 'Select', exact: true }).click();
    for (const photo of uploaded) await page.locator(`[data-photo-id="${photo.photoId}"]`).click();
    const toolbar = page.getByRole('region', { name: 'Selected photos' });
    expect(await toolbar.getByRole('status').innerText()).toBe(`${UPLOADS.length} selected`);

    // The archive job waits in the queue until the page's socket is authenticated, so the archive's end
    // reaches the page through its socket on B, not from the list (on A) it reads when the socket opens.
    const archives = servers.jobQueue(ARCHIVE_JOB);
    await archives.pause();
    const pageFrames: string[] = [];
    const socket = nextAuthenticatedSocket(page, pageFrames);
    const requested = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/downloads/downloads'));
    const saved = page.waitForEvent('download', { timeout: 30_000 });
    // Awaited below; a failure before then is reported there, not as an unhandled rejection.
    saved.catch(() => undefined);
    await toolbar.getByRole('button', { name: 'Download' }).click();
    const downloadId = (JSON.parse((await requested).postData() ?? '{}') as { id: string }).id;
    await socket;
    await archives.resume();

    try {
      await saved;
      expect(await toastsSeen()).toEqual(['Preparing download...', 'Downloading photos']);
      expect(archiveEvents(pageFrames, downloadId)).toContain('archive.generation.finished');
    } catch (error) {
      await screenshot(page, 'two-servers-toasts');
      const said = `toasts: ${JSON.stringify(await toastsSeen())}\npage socket: ${pageFrames.join(' | ')}\nA socket: ${onA.received.join(' | ')}\nB socket: ${onB.received.join(' | ')}`;
      throw new Error(`${(error as Error).message}\n${said}\n${pageProblems(page)}\nA:\n${servers.a.output()}\nB:\n${servers.b.output()}`, { cause: error });
    }
    const download = await saved;
    expect(download.suggestedFilename()).toBe(`${downloadId}.zip`);
    const files = await openZip(fs.readFileSync((await download.path())!));
    expect([...files.keys()].sort()).toEqual([...UPLOADS].sort());
    for (const photo of uploaded) expect(files.get(photo.name)?.equals(photo.bytes), photo.name).toBe(true);

    // The second tab shows the archive, ready, without being reloaded.
    const row = downloadsTab.getByRole('listitem', { name: `${UPLOADS.length} photos` });
    await row.getByText('Ready', { exact: true }).waitFor();
    expect(downloadsTabLoads).toBe(0);
    await screenshot(downloadsTab, 'two-servers-downloads-page');

    // The events reached a socket on each machine: whichever ran the job, the other one's socket heard it through Redis.
    for (const client of [onA, onB]) {
      await expect.poll(() => archiveEvents(client.received, downloadId)).toEqual(['archive.generation.started', 'archive.generation.finished']);
      client.ws.close();
    }

    // The front sent the downloads service to A and everything else, the page's sockets among it, to B.
    const downloadCalls = servers.routed.filter((r) => r.path.startsWith('/api/downloads'));
    expect(downloadCalls.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([`POST /api/downloads/downloads`, `GET /api/downloads/downloads/${downloadId}/url`]),
    );
    expect(new Set(downloadCalls.map((r) => r.machine))).toEqual(new Set(['A']));
    const sockets = servers.routed.filter((r) => r.upgrade);
    expect(sockets.length).toBeGreaterThanOrEqual(2);
    expect(new Set(sockets.map((r) => `${r.machine} ${r.path}`))).toEqual(new Set(['B /api/push']));
    expect(servers.routed.find((r) => r.path === PHOTOS)?.machine).toBe('B');
  });
});
