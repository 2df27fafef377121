// The photo timeline in Chromium, signed in as the bench customer of the seeded library (100,000
// photos; `npm run seed`, cached). Each run opens /my-photos/photos in a new page (HTTP cache off)
// and records, in the page:
//   - first thumbnails: performance.now() (from navigation start) of the first animation frame in
//     which a photo thumbnail (an <img> from /blobs/photos/, at least 40 px, in the viewport) has
//     loaded and can be painted;
//   - then scrolls the whole library top to bottom in STEPS steps (scrollTop of the page's biggest
//     scroller, two animation frames after each) and records the most elements the DOM had
//     (document.getElementsByTagName('*').length), the longest main-thread task of the whole visit
//     (PerformanceObserver 'longtask', load and scroll), and the JS heap at the end (CDP
//     Runtime.getHeapUsage after a forced garbage collection).
// Baseline: the same measurements, the same way, on a static page holding a plain, non-virtualized
// grid of the first BASELINE_PHOTOS thumbnails (the same 300 px files), served with the page by a
// tiny server in this run. Runs alternate baseline and timeline; figures are medians of RUNS.
// Until the timeline screen exists (the route shows the 'not available yet' page) its rows say so.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { disableCache, launchBrowser, newContext } from './support/chromium.mjs';
import { deferCleanup } from './support/cleanup.mjs';
import { ensureLibrary } from './support/library.mjs';
import { startShoebox } from './support/server.mjs';
import { signIn } from './support/sign-in.mjs';
import { median, row, withTimeout } from './support/stats.mjs';

const RUNS = 3;
const STEPS = 400;
const BASELINE_PHOTOS = 2_000;
const FIRST_THUMB_TIMEOUT_MS = 30_000;
const SCROLL_TIMEOUT_MS = 3 * 60_000;
const SETTLE_MS = 1_000;
const UNBUILT_TEXT = 'This part of your account is not available yet.';
const TIMELINE_PATH = '/my-photos/photos';
const API = '/api/photo-management';
const BUDGETS = { firstThumbMs: 1_500, maxDom: 3_000, longestTaskMs: 100, heapMB: 150 };
const MB = 1024 * 1024;

/** Installed before any script of the page: long tasks, and the first frame with a loaded thumbnail. */
function instrument({ marker }) {
  const b = (window.__bench = { firstThumb: null, firstThumbSrc: null, tasks: [] });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) b.tasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    b.noLongtask = true;
  }
  const inView = (img) => {
    const r = img.getBoundingClientRect();
    return r.width >= 40 && r.height >= 40 && r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth;
  };
  const poll = () => {
    for (const img of document.images) {
      if (img.complete && img.naturalWidth > 0 && (img.currentSrc || img.src).includes(marker) && inView(img)) {
        b.firstThumb = performance.now();
        b.firstThumbSrc = img.currentSrc || img.src;
        b.domAtFirstThumb = document.getElementsByTagName('*').length;
        return;
      }
    }
    requestAnimationFrame(poll);
  };
  requestAnimationFrame(poll);
}

/** Runs in the page: scrolls its biggest scroller from top to bottom, answering the largest DOM seen. */
async function scrollThrough({ steps }) {
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
  const room = (el) => el.scrollHeight - el.clientHeight;
  const scrollers = [document.scrollingElement, ...document.querySelectorAll('body *')].filter(
    (el) => el && room(el) > 0 && (el === document.scrollingElement || /(auto|scroll|overlay)/.test(getComputedStyle(el).overflowY)),
  );
  scrollers.sort((a, b) => room(b) - room(a));
  const scroller = scrollers[0];
  let maxDom = document.getElementsByTagName('*').length;
  if (!scroller) return { maxDom, scroller: null, start: performance.now(), end: performance.now() };
  const start = performance.now();
  for (let i = 1; i <= steps; i++) {
    scroller.scrollTop = Math.round((room(scroller) * i) / steps);
    await frame();
    await frame();
    maxDom = Math.max(maxDom, document.getElementsByTagName('*').length);
  }
  const end = performance.now();
  const name = scroller === document.scrollingElement ? 'document' : `${scroller.tagName.toLowerCase()}${scroller.id ? `#${scroller.id}` : ''}${scroller.className ? `.${String(scroller.className).split(/\s+/).join('.')}` : ''}`;
  return { maxDom, scroller: name, scrollHeight: scroller.scrollHeight, atBottom: room(scroller) - scroller.scrollTop < 2, start, end, images: document.images.length };
}

/**
 * One visit of `url` in a new page: answers { firstThumbMs, maxDom, longestTaskMs, heapMB, … }, or
 * { unbuilt: true } when the page says it is not available yet, or { failure } when no thumbnail came.
 */
async function visit(context, url, marker, { expectPath } = {}) {
  const page = await context.newPage();
  try {
    const cdp = await disableCache(page);
    await page.addInitScript(instrument, { marker });
    await page.goto(url, { waitUntil: 'commit' });
    const unbuilt = page.getByText(UNBUILT_TEXT).first();
    const outcome = await Promise.race([
      page.waitForFunction(() => window.__bench?.firstThumb !== null, undefined, { timeout: FIRST_THUMB_TIMEOUT_MS, polling: 50 }).then(() => 'thumb'),
      unbuilt.waitFor({ state: 'visible', timeout: FIRST_THUMB_TIMEOUT_MS }).then(() => 'unbuilt'),
    ]).catch(() => 'timeout');
    if (expectPath && new URL(page.url()).pathname !== expectPath) return { failure: `ended on ${page.url()}, not ${expectPath}` };
    if (outcome === 'unbuilt') return { unbuilt: true };
    if (outcome === 'timeout') {
      const seen = await page
        .evaluate(() => `${document.images.length} <img>, ${document.getElementsByTagName('*').length} elements, text: "${(document.body?.innerText ?? '').replace(/\s+/g, ' ').slice(0, 120)}"`)
        .catch((error) => `the page could not be read (${error.message})`);
      return { failure: `no thumbnail painted within ${FIRST_THUMB_TIMEOUT_MS / 1000} s (${seen})` };
    }

    const scroll = await withTimeout(page.evaluate(scrollThrough, { steps: STEPS }), SCROLL_TIMEOUT_MS, `scrolling ${url}`);
    await page.waitForTimeout(SETTLE_MS);
    const bench = await page.evaluate(() => ({ ...window.__bench, preGcHeap: performance.memory?.usedJSHeapSize }));
    await cdp.send('HeapProfiler.enable');
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = await cdp.send('Runtime.getHeapUsage');
    const longest = (from = 0, to = Infinity) => Math.max(0, ...bench.tasks.filter(([t]) => t >= from && t < to).map(([, d]) => d));
    return {
      firstThumbMs: bench.firstThumb,
      firstThumbSrc: new URL(bench.firstThumbSrc).pathname,
      domAtFirstThumb: bench.domAtFirstThumb,
      maxDom: scroll.maxDom,
      longestTaskMs: longest(),
      longestTaskDuringLoadMs: longest(0, scroll.start),
      longestTaskDuringScrollMs: longest(scroll.start, scroll.end),
      longTasks: bench.tasks.length,
      longestTasks: [...bench.tasks].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([start, duration]) => ({ start: Math.round(start), duration: Math.round(duration), phase: start < scroll.start ? 'load' : 'scroll' })),
      noLongtaskObserver: Boolean(bench.noLongtask),
      heapMB: heap.usedSize / MB,
      heapBeforeGcMB: bench.preGcHeap ? bench.preGcHeap / MB : null,
      scroll: { scroller: scroll.scroller, scrollHeight: scroll.scrollHeight, atBottom: scroll.atBottom, seconds: (scroll.end - scroll.start) / 1000, images: scroll.images },
    };
  } finally {
    await page.close();
  }
}

/** The first `n` photos of the timeline (date taken, newest first), through the list API. */
async function firstPhotos(baseUrl, token, n) {
  const photos = [];
  let cursor;
  while (photos.length < n) {
    const query = new URLSearchParams({ limit: String(Math.min(500, n - photos.length)), sortKey: 'dateTaken', sortOrder: 'desc', ...(cursor ? { cursor } : {}) });
    const response = await fetch(`${baseUrl}${API}/photos?${query}`, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`GET ${API}/photos answered ${response.status}`);
    const page = await response.json();
    photos.push(...page.images);
    if (!page.cursor) break;
    cursor = page.cursor;
  }
  return photos;
}

/** The baseline page and its thumbnails (read from the library's blob files), from memory and disk. */
async function serveBaseline(files) {
  const tiles = files.map((f, i) => `<img src="/t/${i}.jpg" alt="${f.name}" width="300" height="300">`).join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Photos</title>
<style>
  body { margin: 0; font-family: system-ui, sans-serif; }
  h1 { font-size: 1.5rem; margin: 16px; }
  .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(160px, 1fr)); gap: 4px; padding: 0 16px 16px; }
  .grid img { width: 100%; height: auto; aspect-ratio: 1; object-fit: cover; display: block; background: #eee; }
</style></head>
<body><h1>Photos</h1><div class="grid">
${tiles}
</div></body></html>`;
  const server = http.createServer((request, response) => {
    const url = new URL(request.url, 'http://x');
    if (url.pathname === '/') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' }).end(html);
      return;
    }
    const match = /^\/t\/(\d+)\.jpg$/.exec(url.pathname);
    const file = match ? files[Number(match[1])]?.path : undefined;
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    fs.readFile(file, (error, bytes) => {
      if (error) response.writeHead(404).end();
      else response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': bytes.length, 'cache-control': 'private, max-age=3600' }).end(bytes);
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, 'localhost', resolve);
  });
  const close = deferCleanup(() => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }));
  return { baseUrl: `http://localhost:${server.address().port}`, close };
}

export default async function timelineBrowser({ log }) {
  const library = await ensureLibrary({ log });
  log(library.reused ? `library reused (built earlier in ${library.seedSeconds.toFixed(1)} s)` : `library seeded in ${library.seedSeconds.toFixed(1)} s`);
  const server = await startShoebox({ dataDir: library.dataDir, env: { SEED_DEMO_DATA: 'false' } });
  const { browser, close } = await launchBrowser();
  let baseline;
  try {
    const context = await newContext(browser);
    const signInPage = await context.newPage();
    await signIn(signInPage, server.baseUrl, library.account);
    await signInPage.close();
    const token = (await context.cookies(server.baseUrl)).find((c) => c.name === 'auth_access_token').value;
    log(`signed in as ${library.account.email}`);

    const photos = await firstPhotos(server.baseUrl, token, BASELINE_PHOTOS);
    const blobs = path.join(library.dataDir, 'blobs');
    const files = photos.map((p) => ({ name: p.localFileName, path: path.join(blobs, new URL(p.thumbnails[0].url).pathname.replace(/^\/blobs\//, '')) }));
    if (!fs.existsSync(files[0].path)) throw new Error(`The library's thumbnail ${files[0].path} does not exist`);
    baseline = await serveBaseline(files);
    log(`baseline: plain grid of ${files.length} thumbnails`);

    const ours = [];
    const base = [];
    let unbuilt = false;
    let failure;
    for (let i = 0; i < RUNS; i++) {
      const b = await visit(context, `${baseline.baseUrl}/`, '/t/');
      if (b.failure || b.unbuilt) throw new Error(`The baseline page failed: ${b.failure ?? 'unbuilt?'}`);
      base.push(b);
      log(`run ${i + 1}/${RUNS} baseline: first thumbnails ${b.firstThumbMs.toFixed(0)} ms, max DOM ${b.maxDom}, longest task ${b.longestTaskMs.toFixed(0)} ms, heap ${b.heapMB.toFixed(1)} MB`);
      if (unbuilt || failure) continue;
      const o = await visit(context, `${server.baseUrl}${TIMELINE_PATH}`, '/blobs/photos/', { expectPath: TIMELINE_PATH });
      if (o.unbuilt) {
        unbuilt = true;
        log(`${TIMELINE_PATH} says '${UNBUILT_TEXT}': the timeline screen is not built yet`);
        continue;
      }
      if (o.failure) {
        failure = o.failure;
        log(`${TIMELINE_PATH}: ${o.failure}`);
        continue;
      }
      ours.push(o);
      log(`run ${i + 1}/${RUNS} timeline: first thumbnails ${o.firstThumbMs.toFixed(0)} ms, max DOM ${o.maxDom}, longest task ${o.longestTaskMs.toFixed(0)} ms (scroll ${o.longestTaskDuringScrollMs.toFixed(0)} ms), heap ${o.heapMB.toFixed(1)} MB; scrolled ${o.scroll.scroller} ${o.scroll.scrollHeight} px in ${o.scroll.seconds.toFixed(1)} s${o.scroll.atBottom ? '' : ' (NOT to the bottom)'}`);
    }

    const note = unbuilt ? 'not measured: timeline screen not built' : failure ? `not measured: ${failure}` : undefined;
    const figure = (key) => (ours.length ? median(ours.map((r) => r[key])) : null);
    const label = `plain grid of ${files.length}`;
    const common = (key) => ({ value: figure(key), baseline: median(base.map((r) => r[key])), baselineLabel: label, samples: ours.map((r) => r[key]), baselineSamples: base.map((r) => r[key]), ...(note ? { note } : {}) });
    const count = library.photos.bench.toLocaleString('en');
    return {
      rows: [
        row({ name: `${TIMELINE_PATH}: first thumbnails painted`, unit: 'ms', budget: BUDGETS.firstThumbMs, ...common('firstThumbMs') }),
        row({ name: `max DOM elements, scrolling ${count} photos (${STEPS} steps)`, unit: 'elements', budget: BUDGETS.maxDom, ...common('maxDom') }),
        row({ name: 'longest main-thread task, load + scroll', unit: 'ms', budget: BUDGETS.longestTaskMs, ...common('longestTaskMs') }),
        row({ name: 'JS heap after the scroll (after GC)', unit: 'MB', budget: BUDGETS.heapMB, ...common('heapMB') }),
      ],
      details: { library: { dataDir: library.dataDir, photos: library.photos, seedSeconds: library.seedSeconds, reused: library.reused }, unbuilt, failure, timeline: ours, baseline: base },
    };
  } finally {
    await close();
    await baseline?.close();
    await server.stop();
  }
}
