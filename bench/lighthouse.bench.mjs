// Lighthouse performance score (desktop preset) of the signed-in Overview, median of RUNS.
// Chromium is launched by Playwright with a persistent profile and a DevTools port; emma signs in
// once, then Lighthouse drives the same browser with disableStorageReset so the session cookies
// stay. Lighthouse then keeps the HTTP cache too, so the bench clears it before every run: every
// run is a first visit with a session. Baseline: the public page /account-deleted of the same
// server, run the same way and interleaved with the Overview runs.
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { launchPersistentWithDebuggingPort } from './support/chromium.mjs';
import { freePort, startShoebox } from './support/server.mjs';
import { EMMA, signIn } from './support/sign-in.mjs';
import { median, row, withTimeout } from './support/stats.mjs';

const RUNS = 3;
const BUDGET_SCORE = 95;
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

function checkOverview(lhr, url) {
  const final = new URL(lhr.finalDisplayedUrl);
  if (final.pathname !== '/') throw new Error(`Lighthouse ended on ${lhr.finalDisplayedUrl}, not the Overview ${url}`);
  const requests = requestsOf(lhr);
  const signIn = requests.filter((r) => /\/(oidc|auth\/callback)\b/.test(new URL(r.url).pathname));
  if (signIn.length) throw new Error(`The Overview run went through sign-in: ${signIn.map((r) => r.url).join(', ')}`);
  if (!requests.some((r) => new URL(r.url).pathname.endsWith('/customers/me') && r.statusCode === 200)) {
    throw new Error(`The Overview run never got the signed-in customer (no 200 from …/customers/me); requests: ${requests.map((r) => `${r.statusCode} ${r.url}`).join(', ')}`);
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

export default async function lighthouseBench({ log }) {
  const server = await startShoebox();
  const debuggingPort = await freePort();
  const chromium = await launchPersistentWithDebuggingPort(debuggingPort);
  try {
    const page = chromium.context.pages()[0] ?? (await chromium.context.newPage());
    await signIn(page, server.baseUrl, EMMA);
    log('signed in as emma');
    const oursUrl = `${server.baseUrl}/`;
    const baseUrl = `${server.baseUrl}/account-deleted`;
    // Warm the server's routes once, then leave a blank tab so only Lighthouse's tab is busy.
    await page.goto(baseUrl);
    await page.locator('main h1').first().waitFor({ state: 'visible' });
    await page.goto('about:blank');
    const cdp = await chromium.context.newCDPSession(page);
    const clearCache = () => cdp.send('Network.clearBrowserCache');

    const ours = [];
    const base = [];
    for (let i = 0; i < RUNS; i++) {
      const b = await auditWithRetries(baseUrl, debuggingPort, clearCache, log);
      checkPublicPage(b.lhr, baseUrl);
      base.push(b);
      const o = await auditWithRetries(oursUrl, debuggingPort, clearCache, log);
      checkOverview(o.lhr, oursUrl);
      ours.push(o);
      const warnings = [...new Set([...o.lhr.runWarnings, ...b.lhr.runWarnings])];
      log(`run ${i + 1}/${RUNS}: overview ${o.score.toFixed(0)}, account-deleted ${b.score.toFixed(0)}${warnings.length ? ` (warnings: ${warnings.join('; ')})` : ''}`);
    }

    const rows = [
      row({
        name: `performance score, Overview (median of ${RUNS})`,
        value: median(ours.map((r) => r.score)),
        unit: 'score',
        baseline: median(base.map((r) => r.score)),
        baselineLabel: '/account-deleted',
        budget: BUDGET_SCORE,
        better: 'higher',
        samples: ours.map((r) => r.score),
        baselineSamples: base.map((r) => r.score),
      }),
      ...METRICS.map((m) =>
        row({
          name: `${m.name}, Overview (median)`,
          value: median(ours.map((r) => r.metrics[m.name])),
          unit: m.unit,
          baseline: median(base.map((r) => r.metrics[m.name])),
          baselineLabel: '/account-deleted',
          samples: ours.map((r) => r.metrics[m.name]),
          baselineSamples: base.map((r) => r.metrics[m.name]),
        }),
      ),
    ];
    const opportunities = (lhr) =>
      Object.values(lhr.audits)
        .filter((a) => a.details?.type === 'opportunity' && (a.details.overallSavingsMs ?? 0) > 0)
        .map((a) => ({ id: a.id, savingsMs: a.details.overallSavingsMs, savingsBytes: a.details.overallSavingsBytes }));
    const requests = (lhr) =>
      requestsOf(lhr).map((r) => ({ url: new URL(r.url).pathname, status: r.statusCode, type: r.resourceType, transferSize: r.transferSize, start: Math.round(r.networkRequestTime), end: Math.round(r.networkEndTime) }));
    return {
      rows,
      details: {
        overview: { opportunities: opportunities(ours[0].lhr), requests: requests(ours[0].lhr) },
        baseline: { opportunities: opportunities(base[0].lhr), requests: requests(base[0].lhr) },
      },
    };
  } finally {
    await chromium.close();
    await server.stop();
  }
}
