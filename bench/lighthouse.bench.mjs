// Lighthouse (desktop preset) on two signed-in pages, median of RUNS: the performance score of the
// Overview (emma), and the layout shift of the photos page of a customer whose storage status is a
// warning (lars), whose header settles with the longest storage label. Chromium is launched by
// Playwright with a persistent profile and a DevTools port; each customer signs in once, their session
// cookies are kept, and before each run the profile gets that customer's cookies; Lighthouse then
// drives the same browser with disableStorageReset so they stay. Lighthouse then keeps the HTTP cache
// too, so the bench clears it before every run: every run is a first visit with a session. Baseline:
// the public page /account-deleted of the same server, run the same way and interleaved with the others.
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { launchPersistentWithDebuggingPort } from './support/chromium.mjs';
import { freePort, startShoebox } from './support/server.mjs';
import { bearerToken, EMMA, LARS, signIn } from './support/sign-in.mjs';
import { median, row, sleep, withTimeout } from './support/stats.mjs';

const RUNS = 3;
const BUDGET_SCORE = 95;
/** Cumulative layout shift of the storage-warning customer's photos page (Lighthouse's own "good" threshold). */
const BUDGET_PHOTOS_CLS = 0.1;
const PHOTOS_PATH = '/my-photos/photos';
/** Lars's demo library (apps/server/src/seed/demo-photos.ts), seeded in the background after Emma's on first start. */
const LARS_PHOTOS = 12;
const SEED_TIMEOUT_MS = 4 * 60_000;
const SEED_POLL_MS = 2_000;
const LIGHTHOUSE_TIMEOUT_MS = 3 * 60_000;
/** Lighthouse sometimes fails to record a trace on a loaded machine (NO_NAVSTART, NO_FCP …): retry those. */
const ATTEMPTS = 3;

class LighthouseRuntimeError extends Error {}

const METRICS = [
  { audit: 'first-contentful-paint', name: 'FCP', unit: 'ms' },
  { audit: 'largest-contentful-paint', name: 'LCP', unit: 'ms' },
  { audit: 'total-blocking-time', name: 'TBT', unit: 'ms' },
  { audit: 'cumulative-layout-shift', name: 'CLS', unit: '' },
];

/** The URLs Lighthouse saw requested, from its network-requests audit. */
const requestsOf = (lhr) => lhr.audits['network-requests']?.details?.items ?? [];

/** The run ended on `pathname`, signed in, without passing through sign-in. */
function checkSignedInPage(lhr, url, pathname) {
  const final = new URL(lhr.finalDisplayedUrl);
  if (final.pathname !== pathname) throw new Error(`Lighthouse ended on ${lhr.finalDisplayedUrl}, not ${url}`);
  const requests = requestsOf(lhr);
  const signIn = requests.filter((r) => /\/(oidc|auth\/callback)\b/.test(new URL(r.url).pathname));
  if (signIn.length) throw new Error(`The run on ${url} went through sign-in: ${signIn.map((r) => r.url).join(', ')}`);
  if (!requests.some((r) => new URL(r.url).pathname.endsWith('/customers/me') && r.statusCode === 200)) {
    throw new Error(`The run on ${url} never got the signed-in customer (no 200 from …/customers/me); requests: ${requests.map((r) => `${r.statusCode} ${r.url}`).join(', ')}`);
  }
}

function checkPublicPage(lhr, url) {
  const final = new URL(lhr.finalDisplayedUrl);
  if (final.pathname !== new URL(url).pathname) throw new Error(`Lighthouse ended on ${lhr.finalDisplayedUrl}, not ${url}`);
}

async function audit(url, port, clearCache) {
  await clearCache();
  const result = await withTimeout(
    lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true }, desktopConfig),
    LIGHTHOUSE_TIMEOUT_MS,
    `Lighthouse on ${url}`,
  );
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
  if (lhr.runtimeError) throw new LighthouseRuntimeError(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = lhr.categories.performance.score;
  if (typeof score !== 'number') throw new Error(`Lighthouse on ${url} gave no performance score (warnings: ${lhr.runWarnings.join('; ')})`);
  return {
    lhr,
    score: score * 100,
    metrics: Object.fromEntries(METRICS.map((m) => [m.name, lhr.audits[m.audit]?.numericValue])),
  };
}

async function auditWithRetries(url, port, clearCache, log) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, port, clearCache);
    } catch (error) {
      if (!(error instanceof LighthouseRuntimeError) || attempt >= ATTEMPTS) throw error;
      log(`${error.message.split('\n')[0]} — retrying (${attempt}/${ATTEMPTS - 1})`);
    }
  }
}

/** Waits until the signed-in customer's library holds `count` photos, so the page measured is the settled one. */
async function waitForLibrary(page, baseUrl, count) {
  const token = await bearerToken(page.context(), baseUrl);
  const deadline = performance.now() + SEED_TIMEOUT_MS;
  let photosCount = 0;
  while (performance.now() < deadline) {
    const response = await page.request.get(`${baseUrl}/api/photo-management/users`, { headers: { Authorization: `Bearer ${decodeURIComponent(token)}` } });
    if (!response.ok()) throw new Error(`GET /api/photo-management/users answered ${response.status()}`);
    ({ photosCount } = await response.json());
    if (photosCount >= count) return;
    await sleep(SEED_POLL_MS);
  }
  throw new Error(`The demo library has ${photosCount} photos after ${SEED_TIMEOUT_MS / 1000} s, not ${count}`);
}

/** Signs `account` in on a profile without cookies and answers its session cookies. */
async function sessionOf(context, page, baseUrl, account) {
  await context.clearCookies();
  await signIn(page, baseUrl, account);
  return context.cookies();
}

const PHOTOS_LABEL = 'photos page, storage warning';

const metricRows = (what, ours, base) =>
  METRICS.map((m) => {
    const values = ours.map((r) => r.metrics[m.name]);
    const baselineValues = base.map((r) => r.metrics[m.name]);
    // A layout shift in one load of three is one a customer sees: the photos page's is held to its worst run.
    const worst = m.name === 'CLS' && what === PHOTOS_LABEL;
    return row({
      name: `${m.name}, ${what} (${worst ? `worst of ${RUNS}` : 'median'})`,
      value: worst ? Math.max(...values) : median(values),
      unit: m.unit,
      baseline: worst ? Math.max(...baselineValues) : median(baselineValues),
      baselineLabel: '/account-deleted',
      ...(worst ? { budget: BUDGET_PHOTOS_CLS } : {}),
      samples: values,
      baselineSamples: baselineValues,
    });
  });

export default async function lighthouseBench({ log }) {
  const server = await startShoebox();
  const debuggingPort = await freePort();
  const chromium = await launchPersistentWithDebuggingPort(debuggingPort);
  try {
    const { context } = chromium;
    const page = context.pages()[0] ?? (await context.newPage());
    const oursUrl = `${server.baseUrl}/`;
    const photosUrl = `${server.baseUrl}${PHOTOS_PATH}`;
    const baseUrl = `${server.baseUrl}/account-deleted`;
    // Warm the server's routes once (the photos page with its thumbnails too).
    const larsSession = await sessionOf(context, page, server.baseUrl, LARS);
    await waitForLibrary(page, server.baseUrl, LARS_PHOTOS);
    await page.goto(photosUrl);
    await page.locator('main img').first().waitFor({ state: 'visible' });
    log('signed in as lars');
    const emmaSession = await sessionOf(context, page, server.baseUrl, EMMA);
    log('signed in as emma');
    await page.goto(baseUrl);
    await page.locator('main h1').first().waitFor({ state: 'visible' });
    // Leave a blank tab so only Lighthouse's tab is busy.
    await page.goto('about:blank');
    const cdp = await context.newCDPSession(page);
    const clearCache = () => cdp.send('Network.clearBrowserCache');
    const as = async (session) => {
      await context.clearCookies();
      await context.addCookies(session);
    };

    const ours = [];
    const photos = [];
    const base = [];
    for (let i = 0; i < RUNS; i++) {
      const b = await auditWithRetries(baseUrl, debuggingPort, clearCache, log);
      checkPublicPage(b.lhr, baseUrl);
      base.push(b);
      await as(emmaSession);
      const o = await auditWithRetries(oursUrl, debuggingPort, clearCache, log);
      checkSignedInPage(o.lhr, oursUrl, '/');
      ours.push(o);
      await as(larsSession);
      const p = await auditWithRetries(photosUrl, debuggingPort, clearCache, log);
      checkSignedInPage(p.lhr, photosUrl, PHOTOS_PATH);
      photos.push(p);
      const warnings = [...new Set([...o.lhr.runWarnings, ...p.lhr.runWarnings, ...b.lhr.runWarnings])];
      log(
        `run ${i + 1}/${RUNS}: overview ${o.score.toFixed(0)}, photos (lars) ${p.score.toFixed(0)} CLS ${p.metrics.CLS.toFixed(3)}, account-deleted ${b.score.toFixed(0)}` +
          (warnings.length ? ` (warnings: ${warnings.join('; ')})` : ''),
      );
    }

    const scoreRow = (what, runs, budget) =>
      row({
        name: `performance score, ${what} (median of ${RUNS})`,
        value: median(runs.map((r) => r.score)),
        unit: 'score',
        baseline: median(base.map((r) => r.score)),
        baselineLabel: '/account-deleted',
        ...(budget === undefined ? {} : { budget }),
        better: 'higher',
        samples: runs.map((r) => r.score),
        baselineSamples: base.map((r) => r.score),
      });
    const rows = [
      scoreRow('Overview', ours, BUDGET_SCORE),
      ...metricRows('Overview', ours, base),
      scoreRow(PHOTOS_LABEL, photos),
      ...metricRows(PHOTOS_LABEL, photos, base),
    ];
    const opportunities = (lhr) =>
      Object.values(lhr.audits)
        .filter((a) => a.details?.type === 'opportunity' && (a.details.overallSavingsMs ?? 0) > 0)
        .map((a) => ({ id: a.id, savingsMs: a.details.overallSavingsMs, savingsBytes: a.details.overallSavingsBytes }));
    const requests = (lhr) =>
      requestsOf(lhr).map((r) => ({ url: new URL(r.url).pathname, status: r.statusCode, type: r.resourceType, transferSize: r.transferSize, start: Math.round(r.networkRequestTime), end: Math.round(r.networkEndTime) }));
    /** What moved, per run: Lighthouse's layout-shift audit names the elements and their share. */
    const shifts = (lhr) => lhr.audits['layout-shifts']?.details?.items ?? [];
    return {
      rows,
      details: {
        overview: { opportunities: opportunities(ours[0].lhr), requests: requests(ours[0].lhr) },
        photos: { requests: requests(photos[0].lhr), layoutShifts: photos.map((r) => shifts(r.lhr)) },
        baseline: { opportunities: opportunities(base[0].lhr), requests: requests(base[0].lhr) },
      },
    };
  } finally {
    await chromium.close();
    await server.stop();
  }
}
