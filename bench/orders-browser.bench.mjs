// The order list in Chromium for the orders bench customer (1,000 orders in a database of 1,000,000;
// support/orders-db.mjs, cached, SQLite), signed in through the real sign-in page. Each visit is a new
// page with the HTTP cache off; in the page, the time of the first animation frame in which the newest
// order's row (its link to /orders/{code}, in the viewport) is in the DOM and can be painted:
//   - cold load: /orders opened directly, from navigation start;
//   - from the Overview: '/' loaded until it greets the customer, then a client-side navigation to
//     /orders (history.pushState + popstate, as the router's own back/forward), from that moment.
// The list then pages on by itself until all 1,000 are read: on cold loads, when the oldest order's
// row is in the DOM too (informational).
// Baseline, measured the same way in the same runs (alternating): /downloads, another screen of the
// account area that loads its code and texts on demand and asks the API once (this customer has no
// downloads: until its empty state shows).
import fs from 'node:fs';
import path from 'node:path';
import { ORDERS_PAGE_LIMIT } from '@shoebox/contracts';
import { disableCache, launchBrowser, newContext } from './support/chromium.mjs';
import { ensureOrdersDb } from './support/orders-db.mjs';
import { REPO_ROOT } from './support/paths.mjs';
import { startShoebox } from './support/server.mjs';
import { signInContext } from './support/sign-in.mjs';
import { median, row } from './support/stats.mjs';

const RUNS = 5;
const BUDGET_MS = 1_000;
const WAIT_MS = 30_000;
const DOWNLOADS_EMPTY = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'apps/web/public/locales/en-GB/downloads.json'), 'utf8')).page.empty;

/** Installed before any script of the page: window.__watch(targets) records, per target, the first frame it is shown in. */
function instrument() {
  const shown = (t) => {
    const el = t.selector
      ? document.querySelector(t.selector)
      : document.evaluate(`//*[normalize-space(text())=${JSON.stringify(t.text)}]`, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue;
    if (!el) return false;
    const r = el.getBoundingClientRect();
    return !t.inView || (r.height > 0 && r.width > 0 && r.bottom > 0 && r.top < innerHeight);
  };
  window.__watch = (targets, from = 0) => {
    const seen = (window.__seen = {});
    const poll = () => {
      for (const t of targets) if (seen[t.name] === undefined && shown(t)) seen[t.name] = performance.now() - from;
      if (targets.some((t) => seen[t.name] === undefined)) requestAnimationFrame(poll);
    };
    requestAnimationFrame(poll);
  };
}

async function waitSeen(page, names) {
  await page.waitForFunction((n) => n.every((name) => window.__seen?.[name] !== undefined), names, { timeout: WAIT_MS, polling: 50 }).catch(async () => {
    const text = await page.evaluate(() => (document.body?.innerText ?? '').replace(/\s+/g, ' ').slice(0, 160)).catch(() => '?');
    throw new Error(`${page.url()}: ${names.join(', ')} not shown within ${WAIT_MS / 1000} s (seen ${await page.evaluate(() => JSON.stringify(window.__seen))}; text: "${text}")`);
  });
  return page.evaluate(() => window.__seen);
}

/** Opens `screenPath` directly: ms from navigation start to each target shown, and to its API call (`apiPath`) asked and answered. */
async function coldLoad(context, baseUrl, screenPath, targets, apiPath) {
  const page = await context.newPage();
  try {
    await disableCache(page);
    await page.addInitScript(instrument);
    await page.addInitScript((t) => window.__watch(t), targets);
    await page.goto(`${baseUrl}${screenPath}`, { waitUntil: 'commit' });
    const seen = await waitSeen(page, targets.map((t) => t.name));
    // When the screen's first API answer was asked for and arrived, to tell the server's part from the page's.
    // Also when the last script and the last texts file arrived before the first rows: the screen's own code and texts.
    const timing = await page.evaluate(
      ({ p, before }) => {
        const all = performance.getEntriesByType('resource');
        const e = all.find((r) => r.name.includes(p));
        const last = (test) => {
          const ends = all.filter((r) => test(new URL(r.name).pathname) && r.responseEnd <= before).map((r) => r.responseEnd);
          return ends.length ? Math.max(...ends) : NaN;
        };
        return { apiStart: e?.startTime ?? NaN, apiEnd: e?.responseEnd ?? NaN, scriptsEnd: last((u) => u.endsWith('.js')), textsEnd: last((u) => u.startsWith('/locales/')) };
      },
      { p: apiPath, before: seen.first },
    );
    return { ...seen, ...timing };
  } finally {
    await page.close();
  }
}

/** Loads the Overview, then navigates to `screenPath` inside the app: ms from that moment to each target shown. */
async function fromOverview(context, baseUrl, account, screenPath, targets) {
  const page = await context.newPage();
  try {
    await disableCache(page);
    await page.addInitScript(instrument);
    await page.goto(`${baseUrl}/`);
    await page.getByText(account.greeting).waitFor({ state: 'visible', timeout: WAIT_MS });
    await page.evaluate(
      ({ to, t }) => {
        const from = performance.now();
        window.__watch(t, from);
        history.pushState({}, '', to);
        dispatchEvent(new PopStateEvent('popstate', { state: {} }));
      },
      { to: screenPath, t: targets },
    );
    return await waitSeen(page, targets.map((t) => t.name));
  } finally {
    await page.close();
  }
}

export default async function ordersBrowser({ log }) {
  const seeded = await ensureOrdersDb({ log });
  log(`${seeded.reused ? 'orders reused' : 'orders seeded'} (${seeded.orders.total.toLocaleString('en')} orders, ${seeded.orders.bench.toLocaleString('en')} of ${seeded.account.email})`);
  const server = await startShoebox({ dataDir: seeded.dataDir, env: { SEED_DEMO_DATA: 'false' } });
  const { browser, close } = await launchBrowser();
  try {
    const context = await newContext(browser);
    const token = await signInContext(context, server.baseUrl, seeded.account);
    const api = async (offset) => {
      const response = await fetch(`${server.baseUrl}/api/orders/v2/superorders/me?Offset=${offset}&Limit=${ORDERS_PAGE_LIMIT}`, { headers: { authorization: `Bearer ${token}` } });
      if (!response.ok) throw new Error(`GET /v2/superorders/me answered ${response.status}`);
      return response.json();
    };
    const first = await api(0);
    if (first.total !== seeded.orders.bench) throw new Error(`The customer has ${first.total} orders, the seeder made ${seeded.orders.bench}`);
    const newest = first.items[0].orderCode;
    const oldest = (await api(first.total - 1)).items[0].orderCode;
    const link = (code) => `main a[href="/orders/${encodeURIComponent(code)}"]`;
    const orders = [{ name: 'first', selector: link(newest), inView: true }];
    const allOrders = [...orders, { name: 'all', selector: link(oldest) }];
    const downloads = [{ name: 'first', text: DOWNLOADS_EMPTY, inView: true }];
    log(`signed in as ${seeded.account.email}; newest order ${newest}, oldest ${oldest}`);

    const runs = { cold: [], coldBase: [], nav: [], navBase: [] };
    for (let i = 0; i < RUNS; i++) {
      // Alternate which goes first, so a slow patch of the machine does not always hit the same one.
      const pairs = [
        [() => coldLoad(context, server.baseUrl, '/orders', allOrders, '/v2/superorders/me'), runs.cold],
        [() => coldLoad(context, server.baseUrl, '/downloads', downloads, '/api/downloads/'), runs.coldBase],
        [() => fromOverview(context, server.baseUrl, seeded.account, '/orders', orders), runs.nav],
        [() => fromOverview(context, server.baseUrl, seeded.account, '/downloads', downloads), runs.navBase],
      ];
      for (const [measure, into] of i % 2 ? pairs.reverse() : pairs) into.push(await measure());
      log(`run ${i + 1}/${RUNS}: cold /orders ${runs.cold.at(-1).first.toFixed(0)} ms (its first page asked at ${runs.cold.at(-1).apiStart.toFixed(0)}, answered at ${runs.cold.at(-1).apiEnd.toFixed(0)} ms, last script ${runs.cold.at(-1).scriptsEnd.toFixed(0)} ms, last texts ${runs.cold.at(-1).textsEnd.toFixed(0)} ms; all ${runs.cold.at(-1).all.toFixed(0)} ms), /downloads ${runs.coldBase.at(-1).first.toFixed(0)} ms; from the Overview /orders ${runs.nav.at(-1).first.toFixed(0)} ms, /downloads ${runs.navBase.at(-1).first.toFixed(0)} ms`);
    }
    const pick = (r, key) => r.map((x) => x[key]);
    const n = seeded.orders.bench.toLocaleString('en');
    return {
      rows: [
        row({ name: `/orders cold load, first rows (${n} orders)`, value: median(pick(runs.cold, 'first')), unit: 'ms', baseline: median(pick(runs.coldBase, 'first')), baselineLabel: '/downloads cold', budget: BUDGET_MS, samples: pick(runs.cold, 'first'), baselineSamples: pick(runs.coldBase, 'first') }),
        row({ name: `/orders from the Overview, first rows (${n} orders)`, value: median(pick(runs.nav, 'first')), unit: 'ms', baseline: median(pick(runs.navBase, 'first')), baselineLabel: '/downloads from Overview', budget: BUDGET_MS, samples: pick(runs.nav, 'first'), baselineSamples: pick(runs.navBase, 'first') }),
        row({ name: '/orders cold load, its first page answered (API)', value: median(pick(runs.cold, 'apiEnd')), unit: 'ms', baseline: median(pick(runs.coldBase, 'apiEnd')), baselineLabel: '/downloads API answered', samples: pick(runs.cold, 'apiEnd'), baselineSamples: pick(runs.coldBase, 'apiEnd') }),
        row({ name: `/orders cold load, all ${n} rows (paged by ${ORDERS_PAGE_LIMIT})`, value: median(pick(runs.cold, 'all')), unit: 'ms', baseline: median(pick(runs.coldBase, 'first')), baselineLabel: '/downloads cold', samples: pick(runs.cold, 'all') }),
      ],
      details: { orders: seeded.orders, seedSeconds: seeded.seedSeconds, reused: seeded.reused, newest, oldest, runs },
    };
  } finally {
    await close();
    await server.stop();
  }
}
