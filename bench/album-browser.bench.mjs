// An album of ALBUM_PHOTOS photos in Chromium, signed in as the bench customer of the seeded library
// (100,000 photos; `npm run seed`, cached). Set-up, on a temporary copy of the library's database
// (support/library-copy.mjs, so the cached library is never written to; checked afterwards): the
// customer's first ALBUM_PHOTOS photos (GET /photos) go into a new album through the API, POST /albums
// then POST /albums/{id}/photos in batches of ALBUM_PHOTOS_BATCH_SIZE. The copy holds no blobs, so
// the album's photo folders are hard-linked into it from the library (same files, nothing copied).
// Each run opens /my-photos/albums/{id} in a new page (HTTP cache off) and measures it as the
// timeline bench does (support/grid-scroll.mjs): first thumbnail painted inside the grid's section
// ('Photos in {name}'), then STEPS scroll steps to the bottom (max DOM elements), the longest
// main-thread task of the visit, the JS heap after GC. At the bottom it then waits (at most
// LAST_ROW_TIMEOUT_MS) until the grid's last row holds the album's last photos (in the album's
// default order, read from GET /albums/{id}/photos), each an <img> that has loaded, not a grey
// placeholder: the bench fails otherwise. That wait is part of the visit (its long tasks count), and
// its length is printed as an informational row, without a baseline or budget.
// Baseline: the timeline bench's, a static page with a plain grid of the album's first
// BASELINE_PHOTOS thumbnails (the same files), served by a tiny server in this run, measured the same
// way. Runs alternate baseline and album; figures are medians of RUNS.
import fs from 'node:fs';
import path from 'node:path';
import { ALBUM_PHOTOS_BATCH_SIZE, DEFAULT_ALBUM_SORT } from '@shoebox/contracts';
import { launchBrowser, newContext } from './support/chromium.mjs';
import { alternateVisits, BASELINE_PHOTOS, gridRows, listPhotos, serveBaseline, thumbnailFiles } from './support/grid-scroll.mjs';
import { median, row } from './support/stats.mjs';
import { ensureLibrary } from './support/library.mjs';
import { copyLibrary } from './support/library-copy.mjs';
import { startShoebox } from './support/server.mjs';
import { signInContext } from './support/sign-in.mjs';

const ALBUM_PHOTOS = 10_000;
const ALBUM_NAME = 'Bench album';
const API = '/api/photo-management';
/** How long the bottom of the album may take to show its last photos once the scroll got there. */
const LAST_ROW_TIMEOUT_MS = 60_000;
/** The album's last photo ids handed to the page: more than a row can hold. */
const LAST_IDS = 100;
const GRID = `section[aria-label="Photos in ${ALBUM_NAME}"]`;

async function api(baseUrl, token, method, url, body) {
  const response = await fetch(`${baseUrl}${API}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${API}${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : undefined;
}

/** Hard-links each photo's blob folder (all its sizes) from the library into the copy's blobs/. */
function linkPhotoFiles(fromDataDir, toDataDir, photos) {
  const started = performance.now();
  let files = 0;
  for (const photo of photos) {
    const folder = path.posix.dirname(new URL(photo.thumbnails[0].url).pathname.replace(/^\/blobs\//, ''));
    const from = path.join(fromDataDir, 'blobs', folder);
    const to = path.join(toDataDir, 'blobs', folder);
    fs.mkdirSync(to, { recursive: true });
    for (const name of fs.readdirSync(from)) {
      try {
        fs.linkSync(path.join(from, name), path.join(to, name));
      } catch (error) {
        if (error.code !== 'EXDEV') throw error;
        fs.copyFileSync(path.join(from, name), path.join(to, name));
      }
      files++;
    }
  }
  return { files, ms: performance.now() - started };
}

/**
 * Runs in the page: waits until the grid's last row (the row placed lowest) holds the album's last
 * photos, in order, each with its thumbnail loaded and in the viewport. Answers { ok, ms, tiles, … }
 * or { ok: false, reason } when `timeoutMs` passed first.
 */
async function lastRowLoaded({ scope, expected, timeoutMs }) {
  const started = performance.now();
  const translateY = (el) => Number(/translateY\((-?[\d.]+)px\)/.exec(el.style.transform)?.[1] ?? Number.NaN);
  const check = () => {
    const grid = document.querySelector(scope);
    if (!grid) return { reason: `no ${scope}` };
    const rows = [...grid.querySelectorAll('div')].filter((el) => Number.isFinite(translateY(el)));
    if (!rows.length) return { reason: 'the grid has no rows' };
    const last = rows.reduce((a, b) => (translateY(b) > translateY(a) ? b : a));
    const cells = [...last.children];
    const want = expected.slice(-cells.length);
    const states = cells.map((cell, i) => {
      const id = cell.getAttribute('data-photo-id');
      if (!id) return cell.tagName === 'BUTTON' ? 'a "load more" tile' : 'a placeholder';
      if (id !== want[i]) return `photo ${id}, not ${want[i]}`;
      const img = cell.querySelector('img');
      if (!img) return 'no image (its thumbnail failed)';
      if (!(img.complete && img.naturalWidth > 0)) return 'an image still loading';
      const r = img.getBoundingClientRect();
      if (!(r.bottom > 0 && r.top < innerHeight)) return 'an image out of the viewport';
      return 'loaded';
    });
    const bad = states.findIndex((s) => s !== 'loaded');
    if (bad >= 0) return { reason: `tile ${bad + 1} of the last row (${cells.length} tiles, at ${translateY(last)} px) is ${states[bad]}` };
    if (cells.length === 0 || cells.length > expected.length) return { reason: `the last row holds ${cells.length} tiles` };
    return { ok: true, tiles: cells.length, ids: cells.map((c) => c.getAttribute('data-photo-id')), rowTop: translateY(last) };
  };
  for (;;) {
    const result = check();
    const ms = performance.now() - started;
    if (result.ok) return { ...result, ms };
    if (ms > timeoutMs) return { ...result, ok: false, ms };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export default async function albumBrowser({ log }) {
  const library = await ensureLibrary({ log });
  log(library.reused ? `library reused (built earlier in ${library.seedSeconds.toFixed(1)} s)` : `library seeded in ${library.seedSeconds.toFixed(1)} s`);
  const copy = copyLibrary(library);
  log(`database copied to a temp DATA_DIR (${(copy.bytes / 2 ** 20).toFixed(0)} MB in ${(copy.copyMs / 1000).toFixed(1)} s); the cached library stays as seeded`);
  let server;
  let browser;
  let baseline;
  try {
    server = await startShoebox({ dataDir: copy.dataDir, env: { SEED_DEMO_DATA: 'false' } });
    browser = await launchBrowser();
    const context = await newContext(browser.browser);
    const token = await signInContext(context, server.baseUrl, library.account);
    log(`signed in as ${library.account.email}`);

    // The album: the customer's first ALBUM_PHOTOS photos, added in batches as the app adds them.
    const chosen = await listPhotos(server.baseUrl, token, `${API}/photos`, ALBUM_PHOTOS);
    if (chosen.length < ALBUM_PHOTOS) throw new Error(`The bench customer has ${chosen.length} photos, fewer than ${ALBUM_PHOTOS}`);
    const setUpStarted = performance.now();
    const { albumId } = await api(server.baseUrl, token, 'POST', '/albums', { name: ALBUM_NAME });
    for (let i = 0; i < chosen.length; i += ALBUM_PHOTOS_BATCH_SIZE) {
      const photoIds = chosen.slice(i, i + ALBUM_PHOTOS_BATCH_SIZE).map((p) => p.imageId);
      const { failed } = await api(server.baseUrl, token, 'POST', `/albums/${encodeURIComponent(albumId)}/photos`, { photoIds });
      if (failed.length) throw new Error(`POST /albums/${albumId}/photos: ${failed.length} photos failed, e.g. ${JSON.stringify(failed[0])}`);
    }
    const album = await api(server.baseUrl, token, 'GET', `/albums/${encodeURIComponent(albumId)}`);
    if (album.photosCount !== ALBUM_PHOTOS) throw new Error(`The album holds ${album.photosCount} photos, expected ${ALBUM_PHOTOS}`);
    log(`album ${albumId} made with ${ALBUM_PHOTOS} photos in ${Math.ceil(ALBUM_PHOTOS / ALBUM_PHOTOS_BATCH_SIZE)} batches (${((performance.now() - setUpStarted) / 1000).toFixed(1)} s)`);
    const linked = linkPhotoFiles(library.dataDir, copy.dataDir, chosen);
    log(`${linked.files} photo files hard-linked into the copy in ${(linked.ms / 1000).toFixed(1)} s`);

    // The album's photos in the order its screen shows them (the default sort).
    const inOrder = await listPhotos(server.baseUrl, token, `${API}/albums/${encodeURIComponent(albumId)}/photos`, ALBUM_PHOTOS, DEFAULT_ALBUM_SORT);
    if (inOrder.length !== ALBUM_PHOTOS) throw new Error(`GET /albums/${albumId}/photos listed ${inOrder.length} photos, expected ${ALBUM_PHOTOS}`);
    const expected = inOrder.slice(-LAST_IDS).map((p) => p.imageId);

    const files = thumbnailFiles(library.dataDir, inOrder.slice(0, BASELINE_PHOTOS));
    baseline = await serveBaseline(files);
    log(`baseline: plain grid of ${files.length} thumbnails (the album's first)`);

    const albumPath = `/my-photos/albums/${albumId}`;
    const atBottom = async (page, scroll) => {
      if (!scroll.atBottom) throw new Error(`${albumPath}: the scroll did not reach the bottom (${scroll.scroller}, ${scroll.scrollHeight} px)`);
      const last = await page.evaluate(lastRowLoaded, { scope: GRID, expected, timeoutMs: LAST_ROW_TIMEOUT_MS });
      if (!last.ok) throw new Error(`${albumPath}: the album's last photos did not load at the bottom within ${LAST_ROW_TIMEOUT_MS / 1000} s: ${last.reason}`);
      log(`the last row (${last.tiles} tiles, the album's last photos) loaded ${last.ms.toFixed(0)} ms after the scroll reached the bottom`);
      return last;
    };
    const { ours, base, unbuilt, failure } = await alternateVisits({
      context,
      baselineUrl: baseline.baseUrl,
      baseUrl: server.baseUrl,
      screenPath: albumPath,
      what: 'album',
      log,
      options: { scope: GRID, atBottom },
    });

    const untouched = copy.sourceUnchanged();
    if (!untouched) throw new Error(`The cached library's database ${library.database.file} changed during the bench`);
    return {
      rows: [
        ...gridRows({ name: '/my-photos/albums/{id}', count: ALBUM_PHOTOS.toLocaleString('en'), what: 'album', ours, base, baselineLabel: `plain grid of ${files.length}`, unbuilt, failure }),
        row({
          name: "the album's last row loaded, after the scroll reached the bottom",
          unit: 'ms',
          value: ours.length ? median(ours.map((o) => o.atBottom.ms)) : null,
          samples: ours.map((o) => o.atBottom.ms),
          ...(ours.length ? {} : { note: 'not measured' }),
        }),
      ],
      details: {
        library: { dataDir: library.dataDir, photos: library.photos, seedSeconds: library.seedSeconds, reused: library.reused, untouched },
        copy: { bytes: copy.bytes, copyMs: copy.copyMs, linkedFiles: linked.files, linkMs: linked.ms },
        albumPhotos: ALBUM_PHOTOS,
        lastRowMs: ours.map((o) => o.atBottom.ms),
        unbuilt,
        failure,
        album: ours,
        baseline: base,
      },
    };
  } finally {
    await browser?.close();
    await baseline?.close();
    await server?.stop();
    await copy.remove();
  }
}
