// Every photo of a 1,000,000-photo timeline reached in Chromium, on a desktop (1280x800) and a phone
// (390x844): the bench customer of a library of a million photos, the rows only (`npm run seed --
// --without-files`, cached; the thumbnails answer not found, so the tiles show their 'could not load' face).
// Each visit opens /my-photos/photos in a new page and:
//   - scrolls the window to its bottom in STEPS steps (two animation frames after each), then waits for the
//     tile of the library's very last photo (Unknown Date's oldest, from the API) to be in view;
//   - jumps with the month jump to Unknown Date and back to the newest month, waiting each time for the
//     month's heading right under the timeline's bar;
//   - records the most elements the DOM had and the longest main-thread task of the whole visit (the five
//     longest in the details, each with the step it fell in), and apart the longest after the page's load.
// Baseline: the share of the library one plain element as tall as the timeline's content would reach here:
// the tallest box this Chromium lays out (measured in the run) over the content's height (the grid's rules,
// apps/web/src/features/photos/grid/grid-layout.ts, applied to the counts and the list's measured width).
import { launchBrowser, newContext } from './support/chromium.mjs';
import { ensureLibrary } from './support/library.mjs';
import { startShoebox } from './support/server.mjs';
import { signInContext } from './support/sign-in.mjs';
import { median, row } from './support/stats.mjs';

const RUNS = Number(process.env.BENCH_MILLION_RUNS ?? 3);
const STEPS = 200;
const PHOTOS = 1_000_000;
const TIMELINE_PATH = '/my-photos/photos';
const API = '/api/photo-management';
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
const BUDGETS = { reachedPercent: 100, maxDom: 1_499, longestTaskMs: 100 };
const WAIT_MS = 60_000;

function instrument() {
  const b = (window.__bench = { tasks: [] });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) b.tasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
}

/** In the page: the tallest box Chromium lays out, and the timeline's content height by the grid's rules. */
function heights(counts) {
  const probe = document.createElement('div');
  probe.style.cssText = 'position:absolute;top:0;left:0;width:1px;height:1000000000px;visibility:hidden';
  document.body.append(probe);
  const tallest = probe.getBoundingClientRect().height;
  probe.remove();
  const list = document.querySelector('[style*="--columns"]');
  const width = list.clientWidth;
  const columns = Number(list.style.getPropertyValue('--columns'));
  const rowHeight = (width - 4 * (columns - 1)) / columns + 4;
  const header = width < 480 ? 48 : 64;
  let content = 0;
  for (const months of Object.values(counts)) for (const n of Object.values(months)) if (n > 0) content += header + Math.ceil(n / columns) * rowHeight;
  return { tallest, content, listHeight: list.getBoundingClientRect().height };
}

async function scrollToBottom({ steps }) {
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
  const room = () => document.scrollingElement.scrollHeight - innerHeight;
  let maxDom = document.getElementsByTagName('*').length;
  for (let i = 1; i <= steps; i++) {
    window.scrollTo({ top: Math.round((room() * i) / steps), behavior: 'instant' });
    await frame();
    await frame();
    maxDom = Math.max(maxDom, document.getElementsByTagName('*').length);
  }
  return maxDom;
}

const domSize = (page) => page.evaluate(() => document.getElementsByTagName('*').length);

async function visit(context, baseUrl, viewport, { counts, lastPhoto, newestLabel }) {
  const page = await context.newPage();
  try {
    await page.setViewportSize(viewport);
    await page.addInitScript(instrument);
    await page.goto(`${baseUrl}${TIMELINE_PATH}`);
    await page.locator('[data-photo-id]').first().waitFor({ timeout: WAIT_MS });
    const sizes = await page.evaluate(heights, counts);

    const mark = (phase) => page.evaluate((p) => window.__bench.phases.push([p, performance.now()]), phase);
    await page.evaluate(() => (window.__bench.phases = []));
    await mark('scroll');
    let maxDom = await page.evaluate(scrollToBottom, { steps: STEPS });
    await mark('wait for the last photo');
    const scrolled = performance.now();
    let lastShownMs = null;
    try {
      await page.waitForFunction((id) => {
        const tile = document.querySelector(`[data-photo-id="${id}"]`);
        const box = tile?.getBoundingClientRect();
        return !!box && box.bottom > 0 && box.top < innerHeight;
      }, lastPhoto, { timeout: WAIT_MS, polling: 50 });
      lastShownMs = performance.now() - scrolled;
    } catch {
      // not reached: the row says so
    }
    maxDom = Math.max(maxDom, await domSize(page));

    const jump = page.getByRole('combobox', { name: 'Jump to' });
    const bar = page.getByRole('group', { name: 'Timeline options' });
    const jumps = {};
    for (const label of ['Unknown Date', newestLabel]) {
      await mark(`jump to ${label}`);
      const started = performance.now();
      await jump.selectOption({ label });
      const heading = page.getByRole('region', { name: 'Photos timeline' }).getByRole('heading', { level: 2, name: label });
      let landed = null;
      while (performance.now() - started < WAIT_MS) {
        const [box, under] = await Promise.all([heading.boundingBox(), bar.boundingBox()]);
        const below = box && under ? box.y - (under.y + under.height) : -1;
        if (below >= 0 && below < 64) {
          landed = performance.now() - started;
          break;
        }
        await page.waitForTimeout(20);
      }
      jumps[label] = landed;
      maxDom = Math.max(maxDom, await domSize(page));
    }
    const { tasks: timed, phases } = await page.evaluate(() => window.__bench);
    const phaseAt = (t) => phases.filter(([, at]) => at <= t).at(-1)?.[0] ?? 'load';
    const tasks = timed.map(([, d]) => d);
    const longestTasks = [...timed].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([t, d]) => ({ durationMs: Math.round(d), phase: phaseAt(t) }));
    return {
      reached: lastShownMs !== null,
      lastShownMs,
      jumpsLanded: Object.values(jumps).every((ms) => ms !== null),
      jumps,
      maxDom,
      longestTaskMs: Math.max(0, ...tasks),
      longestTaskAfterLoadMs: Math.max(0, ...timed.filter(([t]) => phaseAt(t) !== 'load').map(([, d]) => d)),
      longestTasks,
      oneTallListReachPercent: Math.min(100, (100 * sizes.tallest) / sizes.content),
      sizes,
    };
  } finally {
    await page.close();
  }
}

export default async function timelineMillion({ log }) {
  const library = await ensureLibrary({ log, photosPerCustomer: PHOTOS, total: PHOTOS, files: false });
  log(library.reused ? `library reused (built earlier in ${library.seedSeconds.toFixed(1)} s)` : `library seeded in ${library.seedSeconds.toFixed(1)} s`);
  const server = await startShoebox({ dataDir: library.dataDir, env: { SEED_DEMO_DATA: 'false' } });
  const { browser, close } = await launchBrowser();
  try {
    const context = await newContext(browser);
    const token = await signInContext(context, server.baseUrl, library.account);
    const get = async (path) => {
      const response = await fetch(`${server.baseUrl}${API}${path}`, { headers: { authorization: `Bearer ${token}` } });
      if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
      return response.json();
    };
    const counts = await get('/users/timeline?sortKey=dateTaken');
    const dated = Object.entries(counts).filter(([y]) => y !== '1970').flatMap(([y, ms]) => Object.keys(ms).map((m) => ({ year: Number(y), month: Number(m) })));
    const newest = dated.reduce((a, b) => (b.year * 12 + b.month > a.year * 12 + a.month ? b : a));
    const newestLabel = new Date(Date.UTC(newest.year, newest.month - 1, 1)).toLocaleString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    const lastPhoto = (await get('/photos/timeline/1970/1?sortKey=dateTaken&sortOrder=asc&limit=1')).images[0].imageId;

    const rows = [];
    const details = { library: { dataDir: library.dataDir, photos: library.photos }, visits: {} };
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      const visits = [];
      for (let i = 0; i < RUNS; i++) {
        const v = await visit(context, server.baseUrl, viewport, { counts, lastPhoto, newestLabel });
        visits.push(v);
        log(`${name} run ${i + 1}/${RUNS}: last photo ${v.reached ? `shown ${v.lastShownMs.toFixed(0)} ms after the scroll` : 'NOT reached'}, jumps ${JSON.stringify(v.jumps)}, max DOM ${v.maxDom}, longest tasks ${v.longestTasks.map((t) => `${t.durationMs} ms (${t.phase})`).join(', ')}; content ${Math.round(v.sizes.content).toLocaleString('en')} px in a list of ${Math.round(v.sizes.listHeight).toLocaleString('en')} px, tallest box ${v.sizes.tallest.toLocaleString('en')} px`);
      }
      details.visits[name] = visits;
      const all = (key) => visits.map((v) => v[key]);
      const reachedPercent = visits.every((v) => v.reached && v.jumpsLanded) ? 100 : 0;
      const baselineLabel = 'one tall element';
      rows.push(
        row({ name: `${TIMELINE_PATH}, 1,000,000 photos, ${name}: the last photo shown by scrolling and both month jumps landed (100 = every visit)`, unit: '%', value: reachedPercent, baseline: median(all('oneTallListReachPercent')), baselineLabel: `${baselineLabel} reaches`, budget: BUDGETS.reachedPercent, better: 'higher' }),
        row({ name: `  time from the scroll's end to the last photo shown, ${name}`, unit: 'ms', value: visits.every((v) => v.reached) ? median(all('lastShownMs')) : null, samples: all('lastShownMs') }),
        row({ name: `  max DOM elements, ${name}`, unit: 'elements', value: Math.max(...all('maxDom')), budget: BUDGETS.maxDom, samples: all('maxDom') }),
        row({ name: `  longest main-thread task, ${name}`, unit: 'ms', value: median(all('longestTaskMs')), budget: BUDGETS.longestTaskMs, samples: all('longestTaskMs') }),
        row({ name: `  longest task after the page's load (scroll, last photo, jumps), ${name}`, unit: 'ms', value: median(all('longestTaskAfterLoadMs')), samples: all('longestTaskAfterLoadMs') }),
      );
    }
    return { rows, details };
  } finally {
    await close();
    await server.stop();
  }
}
