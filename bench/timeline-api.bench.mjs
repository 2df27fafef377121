// The timeline's API under load: GET /users/timeline (per-month counts) and GET
// /photos/timeline/{y}/{m} (a month's first 24 photos, over many different months) for the bench
// customer of a seeded library (100,000 of 1,000,000 photos; `npm run seed`, cached), with 32
// concurrent keep-alive connections from a small undici load generator (support/load.mjs).
// Baseline: support/replay-server.mjs, a bare Node HTTP server answering the same URLs with the
// exact status, headers and body bytes captured from the real endpoints in this run, driven by the
// same load generator. Rounds alternate baseline and real server; figures are medians of rounds.
import { accessToken } from './support/access-token.mjs';
import { ensureLibrary } from './support/library.mjs';
import { alternateLoad, capture, cpuPerRequestRow, startReplay } from './support/replay-load.mjs';
import { startShoebox } from './support/server.mjs';
import { median, row } from './support/stats.mjs';

const API = '/api/photo-management';
const CONNECTIONS = 32;
const ROUNDS = 3;
const WARMUP_MS = 1_500;
const DURATION_MS = 5_000;
/** Different months asked for, spread over the whole library. */
const MONTHS = 96;
/** Issue 25: within 15 % of replaying the same bytes (it was 0.5, then 0.43x measured). */
const BUDGET_THROUGHPUT_RATIO = 0.85;
/** Issue 25: a month page's p95 within 1.3x of the replay's. */
const BUDGET_MONTH_P95_RATIO = 1.3;
/** Every month with photos, in a fixed shuffled order, at most `n`, always including the biggest. */
function pickMonths(counts, n) {
  const months = [];
  for (const [year, byMonth] of Object.entries(counts)) for (const [month, count] of Object.entries(byMonth)) months.push({ year: Number(year), month: Number(month), count });
  months.sort((a, b) => b.year - a.year || b.month - a.month);
  const biggest = months.reduce((a, b) => (b.count > a.count ? b : a));
  const step = Math.max(1, months.length / n);
  const picked = [];
  for (let i = 0; i < months.length && picked.length < n; i += step) picked.push(months[Math.floor(i)]);
  if (!picked.includes(biggest)) picked[picked.length - 1] = biggest;
  // A fixed shuffle, so consecutive requests hit different parts of the index.
  for (let i = picked.length - 1; i > 0; i--) {
    const j = (i * 7919) % (i + 1);
    [picked[i], picked[j]] = [picked[j], picked[i]];
  }
  return picked;
}

export default async function timelineApi({ log }) {
  const library = await ensureLibrary({ log });
  log(library.reused ? `library reused (built earlier in ${library.seedSeconds.toFixed(1)} s)` : `library seeded in ${library.seedSeconds.toFixed(1)} s`);
  const server = await startShoebox({ dataDir: library.dataDir, env: { SEED_DEMO_DATA: 'false' } });
  let replay;
  try {
    log(`server up on the library in ${server.startupMs.toFixed(0)} ms`);
    const token = await accessToken(server.baseUrl, library.account);
    const headers = { authorization: `Bearer ${token}` };
    log(`signed in as ${library.account.email}`);

    const countsUrl = `${API}/users/timeline?sortKey=dateTaken`;
    const countsResponse = await capture(server.baseUrl, countsUrl, headers);
    const counts = JSON.parse(countsResponse.body.toString('utf8'));
    const total = Object.values(counts).flatMap((m) => Object.values(m)).reduce((a, b) => a + b, 0);
    if (total !== library.photos.bench) throw new Error(`/users/timeline counts ${total} photos, the library has ${library.photos.bench} for the bench customer`);
    const months = pickMonths(counts, MONTHS);
    const monthUrls = months.map((m) => `${API}/photos/timeline/${m.year}/${m.month}?limit=24&sortKey=dateTaken&sortOrder=desc`);
    const captured = { [countsUrl]: countsResponse };
    for (const [i, url] of monthUrls.entries()) {
      captured[url] = await capture(server.baseUrl, url, headers);
      const page = JSON.parse(captured[url].body.toString('utf8'));
      if (page.images.length !== Math.min(24, months[i].count)) throw new Error(`${url} gave ${page.images.length} photos, expected ${Math.min(24, months[i].count)}`);
    }
    const monthBytes = monthUrls.map((u) => captured[u].body.length);
    log(`${months.length} months (${Math.min(...months.map((m) => m.count))}–${Math.max(...months.map((m) => m.count))} photos each); month page ${Math.round(median(monthBytes) / 1024)} KB, counts ${(countsResponse.body.length / 1024).toFixed(1)} KB`);

    replay = await startReplay(captured);

    const endpoints = [
      { name: 'GET /users/timeline', paths: [countsUrl] },
      { name: `GET /photos/timeline/{y}/{m}?limit=24 (${months.length} months)`, paths: monthUrls, p95Budget: BUDGET_MONTH_P95_RATIO },
    ];
    const results = [];
    for (const endpoint of endpoints) {
      const load = { connections: CONNECTIONS, warmupMs: WARMUP_MS, durationMs: DURATION_MS };
      const pids = { ours: server.child.pid, base: replay.pid };
      const { ours, base } = await alternateLoad({ name: endpoint.name, ours: server.baseUrl, base: replay.origin, paths: endpoint.paths, headers, rounds: ROUNDS, load, log, pids });
      results.push({ endpoint, ours, base });
    }

    const rows = [];
    const pick = (runs, key) => runs.map((r) => r[key]);
    for (const { endpoint, ours, base } of results) {
      const common = { baselineLabel: 'replayed bytes' };
      rows.push(
        row({ name: `${endpoint.name}, throughput (${CONNECTIONS} conn)`, value: median(pick(ours, 'rps')), unit: 'req/s', baseline: median(pick(base, 'rps')), ...common, budget: BUDGET_THROUGHPUT_RATIO, budgetOn: 'ratio', better: 'higher', samples: pick(ours, 'rps'), baselineSamples: pick(base, 'rps') }),
        ...['p50', 'p95', 'p99'].map((p) =>
          row({
            name: `${endpoint.name}, ${p} latency`,
            value: median(pick(ours, p)),
            unit: 'ms',
            baseline: median(pick(base, p)),
            ...common,
            ...(p === 'p95' && endpoint.p95Budget ? { budget: endpoint.p95Budget, budgetOn: 'ratio' } : {}),
            samples: pick(ours, p),
            baselineSamples: pick(base, p),
          }),
        ),
        ...cpuPerRequestRow(endpoint.name, { ours, base }),
      );
    }
    return {
      rows,
      details: {
        library: { dataDir: library.dataDir, photos: library.photos, seedSeconds: library.seedSeconds, reused: library.reused },
        months: months.map((m) => `${m.year}-${m.month}:${m.count}`),
        responseBytes: { counts: countsResponse.body.length, monthMedian: median(monthBytes) },
        runs: results.map(({ endpoint, ours, base }) => ({ endpoint: endpoint.name, ours, base })),
      },
    };
  } finally {
    await replay?.stop();
    await server.stop();
  }
}
