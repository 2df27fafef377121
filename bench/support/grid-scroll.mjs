// Scrolling a photo grid in Chromium, measured the same way for every grid bench (timeline-browser,
// album-browser) and for their baseline, a static page with a plain grid of thumbnails:
//   - first thumbnails: performance.now() (from navigation start) of the first animation frame in
//     which a photo thumbnail (an <img> whose URL holds `marker`, at least 40 px, in the viewport;
//     inside `scope` when given) has loaded and can be painted;
//   - then the page's biggest scroller is scrolled top to bottom in STEPS steps (scrollTop, two
//     animation frames after each) and the most elements the DOM had is recorded
//     (document.getElementsByTagName('*').length), with the longest main-thread task of the whole
//     visit (PerformanceObserver 'longtask', load and scroll) and the JS heap at the end (CDP
//     Runtime.getHeapUsage after a forced garbage collection).
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { disableCache } from './chromium.mjs';
import { deferCleanup } from './cleanup.mjs';
import { median, row, withTimeout } from './stats.mjs';

export const RUNS = 3;
export const STEPS = 400;
export const BASELINE_PHOTOS = 2_000;
export const BUDGETS = { firstThumbMs: 1_500, maxDom: 3_000, longestTaskMs: 100, heapMB: 150 };
export const UNBUILT_TEXT = 'This part of your account is not available yet.';
const FIRST_THUMB_TIMEOUT_MS = 30_000;
const SCROLL_TIMEOUT_MS = 3 * 60_000;
const SETTLE_MS = 1_000;
const MB = 1024 * 1024;

/** Installed before any script of the page: long tasks, and the first frame with a loaded thumbnail. */
function instrument({ marker, scope }) {
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
  const images = () => (scope ? document.querySelectorAll(`${scope} img`) : document.images);
  const poll = () => {
    for (const img of images()) {
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
 * `scope` (a CSS selector) limits the first thumbnail to the images inside it. `atBottom(page, scroll)`
 * runs once the scroll has reached the bottom, before the page settles and its heap is measured; what
 * it answers is the visit's `atBottom` (its time counts in the visit, its long tasks too).
 */
export async function visit(context, url, marker, { expectPath, scope, atBottom } = {}) {
  const page = await context.newPage();
  try {
    const cdp = await disableCache(page);
    await page.addInitScript(instrument, { marker, scope });
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
    const bottom = atBottom ? await atBottom(page, scroll) : undefined;
    await page.waitForTimeout(SETTLE_MS);
    const bench = await page.evaluate(() => ({ ...window.__bench, preGcHeap: performance.memory?.usedJSHeapSize }));
    await cdp.send('HeapProfiler.enable');
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = await cdp.send('Runtime.getHeapUsage');
    // With an `atBottom` step, the tasks after the scroll (that step and the settling) are told apart as 'bottom'.
    const phase = (t) => (t < scroll.start ? 'load' : atBottom && t >= scroll.end ? 'bottom' : 'scroll');
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
      longestTasks: [...bench.tasks].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([start, duration]) => ({ start: Math.round(start), duration: Math.round(duration), phase: phase(start) })),
      noLongtaskObserver: Boolean(bench.noLongtask),
      heapMB: heap.usedSize / MB,
      heapBeforeGcMB: bench.preGcHeap ? bench.preGcHeap / MB : null,
      scroll: { scroller: scroll.scroller, scrollHeight: scroll.scrollHeight, atBottom: scroll.atBottom, seconds: (scroll.end - scroll.start) / 1000, images: scroll.images },
      ...(atBottom ? { longestTaskAfterScrollMs: longest(scroll.end), atBottom: bottom } : {}),
    };
  } finally {
    await page.close();
  }
}

/**
 * The first `n` photos of a photo list of the API (`GET /photos`, `GET /albums/{id}/photos`, …) in the
 * order `query` asks for, paging by 500.
 */
export async function listPhotos(baseUrl, token, listPath, n, query = {}) {
  const photos = [];
  let cursor;
  while (photos.length < n) {
    const search = new URLSearchParams({ limit: String(Math.min(500, n - photos.length)), ...query, ...(cursor ? { cursor } : {}) });
    const response = await fetch(`${baseUrl}${listPath}?${search}`, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`GET ${listPath} answered ${response.status}`);
    const page = await response.json();
    photos.push(...page.images);
    if (!page.cursor) break;
    cursor = page.cursor;
  }
  return photos;
}

/** The files of the photos' first thumbnails (the grid's 300 px) in the DATA_DIR whose blobs are read. */
export function thumbnailFiles(dataDir, photos) {
  const blobs = path.join(dataDir, 'blobs');
  const files = photos.map((p) => ({ name: p.localFileName, path: path.join(blobs, new URL(p.thumbnails[0].url).pathname.replace(/^\/blobs\//, '')) }));
  if (!fs.existsSync(files[0].path)) throw new Error(`The library's thumbnail ${files[0].path} does not exist`);
  return files;
}

/** The baseline page and its thumbnails (read from the library's blob files), from memory and disk. */
export async function serveBaseline(files) {
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

/**
 * RUNS visits of the baseline page and of the screen at `screenPath`, alternating, baseline first; after
 * the screen said it is not built, or failed, only the baseline runs. `what` names the screen in the log.
 * Answers { ours, base, unbuilt, failure }.
 */
export async function alternateVisits({ context, baselineUrl, baseUrl, screenPath, what, log, options = {} }) {
  const ours = [];
  const base = [];
  let unbuilt = false;
  let failure;
  for (let i = 0; i < RUNS; i++) {
    const b = await visit(context, `${baselineUrl}/`, '/t/');
    if (b.failure || b.unbuilt) throw new Error(`The baseline page failed: ${b.failure ?? 'unbuilt?'}`);
    base.push(b);
    log(`run ${i + 1}/${RUNS} baseline: first thumbnails ${b.firstThumbMs.toFixed(0)} ms, max DOM ${b.maxDom}, longest task ${b.longestTaskMs.toFixed(0)} ms, heap ${b.heapMB.toFixed(1)} MB`);
    if (unbuilt || failure) continue;
    const o = await visit(context, `${baseUrl}${screenPath}`, '/blobs/photos/', { expectPath: screenPath, ...options });
    if (o.unbuilt) {
      unbuilt = true;
      log(`${screenPath} says '${UNBUILT_TEXT}': the ${what} screen is not built yet`);
      continue;
    }
    if (o.failure) {
      failure = o.failure;
      log(`${screenPath}: ${o.failure}`);
      continue;
    }
    ours.push(o);
    log(`run ${i + 1}/${RUNS} ${what}: first thumbnails ${o.firstThumbMs.toFixed(0)} ms, max DOM ${o.maxDom}, longest task ${o.longestTaskMs.toFixed(0)} ms (scroll ${o.longestTaskDuringScrollMs.toFixed(0)} ms), heap ${o.heapMB.toFixed(1)} MB; scrolled ${o.scroll.scroller} ${o.scroll.scrollHeight} px in ${o.scroll.seconds.toFixed(1)} s${o.scroll.atBottom ? '' : ' (NOT to the bottom)'}`);
  }
  return { ours, base, unbuilt, failure };
}

/**
 * The four rows of a grid bench (first thumbnails, max DOM, longest task, heap): medians of the
 * screen's visits beside the baseline's. `name` is how the first row names the screen, `count` the
 * photos scrolled through.
 */
export function gridRows({ name, count, what, ours, base, baselineLabel, unbuilt, failure }) {
  const note = unbuilt ? `not measured: ${what} screen not built` : failure ? `not measured: ${failure}` : undefined;
  const figure = (key) => (ours.length ? median(ours.map((r) => r[key])) : null);
  const common = (key) => ({ value: figure(key), baseline: median(base.map((r) => r[key])), baselineLabel, samples: ours.map((r) => r[key]), baselineSamples: base.map((r) => r[key]), ...(note ? { note } : {}) });
  return [
    row({ name: `${name}: first thumbnails painted`, unit: 'ms', budget: BUDGETS.firstThumbMs, ...common('firstThumbMs') }),
    row({ name: `max DOM elements, scrolling ${count} photos (${STEPS} steps)`, unit: 'elements', budget: BUDGETS.maxDom, ...common('maxDom') }),
    row({ name: 'longest main-thread task, load + scroll', unit: 'ms', budget: BUDGETS.longestTaskMs, ...common('longestTaskMs') }),
    row({ name: 'JS heap after the scroll (after GC)', unit: 'MB', budget: BUDGETS.heapMB, ...common('heapMB') }),
  ];
}
