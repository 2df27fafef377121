// The orders API under load, for a customer with 1,000 orders in a database of 1,000,000 (with their
// products; support/orders-db.mjs, cached): GET /v2/superorders/me as the order list asks for it
// (Limit 100, the first page), the same paging through all 1,000 (Offset 0…900, as the list does
// until the total is read), and GET /v1/superorders/{code} over the customer's orders; 32 concurrent
// keep-alive connections (support/load.mjs). On SQLite, and on PostgreSQL too when BENCH_POSTGRES_URL
// names a database the bench may rebuild.
// Baseline: support/replay-server.mjs, a bare Node HTTP server answering the same URLs with the exact
// status, headers and body bytes captured from the real endpoints in this run, under the same load.
// Rounds alternate baseline and real server; figures are medians of rounds.
import { ORDERS_PAGE_LIMIT } from '@shoebox/contracts';
import { accessToken } from './support/access-token.mjs';
import { BENCH_POSTGRES_URL, ensureOrdersDb } from './support/orders-db.mjs';
import { alternateLoad, capture, cpuPerRequestRow, startReplay } from './support/replay-load.mjs';
import { startShoebox } from './support/server.mjs';
import { median, row } from './support/stats.mjs';
import { tempDir } from './support/temp.mjs';

const API = '/api/orders';
const CONNECTIONS = 32;
const ROUNDS = 3;
const LOAD = { connections: CONNECTIONS, warmupMs: 1_000, durationMs: 3_000 };
/** Orders whose details are asked for, spread evenly over the customer's history. */
const DETAIL_ORDERS = 250;
const BUDGET_THROUGHPUT_RATIO = 0.5;

/** The customer's pages as the order list reads them, checked against the seeded count. */
async function capturePages(baseUrl, headers, expected) {
  const captured = {};
  const codes = [];
  for (let offset = 0; ; offset += ORDERS_PAGE_LIMIT) {
    const url = `${API}/v2/superorders/me?Offset=${offset}&Limit=${ORDERS_PAGE_LIMIT}&OrderState=notExpired`;
    captured[url] = await capture(baseUrl, url, headers);
    const page = JSON.parse(captured[url].body.toString('utf8'));
    if (page.total !== expected) throw new Error(`${url} counts ${page.total} orders, the customer has ${expected}`);
    codes.push(...page.items.map((o) => o.orderCode));
    if (codes.length >= page.total || !page.items.length) break;
  }
  if (new Set(codes).size !== expected) throw new Error(`Paging gave ${new Set(codes).size} different orders, the customer has ${expected}`);
  return { captured, codes };
}

async function benchDatabase({ kind, postgresUrl, log }) {
  const seeded = await ensureOrdersDb({ log, postgresUrl });
  log(`${kind}: ${seeded.reused ? 'orders reused' : 'orders seeded'} (${seeded.orders.total.toLocaleString('en')} orders, ${seeded.orders.products.toLocaleString('en')} products, built in ${seeded.seedSeconds.toFixed(1)} s)`);
  const ownDir = seeded.dataDir ? undefined : tempDir('orders-pg');
  const server = await startShoebox({ dataDir: seeded.dataDir ?? ownDir.dir, env: { SEED_DEMO_DATA: 'false', ...(postgresUrl ? { DATABASE_URL: postgresUrl } : {}) } });
  let replay;
  try {
    const headers = { authorization: `Bearer ${await accessToken(server.baseUrl, seeded.account)}` };
    const firstUrl = `${API}/v2/superorders/me`;
    const first = await capture(server.baseUrl, firstUrl, headers);
    const firstPage = JSON.parse(first.body.toString('utf8'));
    if (firstPage.items.length !== Math.min(ORDERS_PAGE_LIMIT, seeded.orders.bench)) throw new Error(`${firstUrl} gave ${firstPage.items.length} orders`);
    const pages = await capturePages(server.baseUrl, headers, seeded.orders.bench);
    const step = Math.max(1, pages.codes.length / DETAIL_ORDERS);
    const detailUrls = [];
    for (let i = 0; i < pages.codes.length && detailUrls.length < DETAIL_ORDERS; i += step) detailUrls.push(`${API}/v1/superorders/${pages.codes[Math.floor(i)]}`);
    const captured = { [firstUrl]: first, ...pages.captured };
    for (const url of detailUrls) captured[url] = await capture(server.baseUrl, url, headers);
    const sizes = (urls) => median(urls.map((u) => captured[u].body.length));
    const pageUrls = Object.keys(pages.captured);
    log(`${kind}: first page ${(first.body.length / 1024).toFixed(0)} KB, ${pageUrls.length} pages, an order's details ${(sizes(detailUrls) / 1024).toFixed(1)} KB`);
    replay = await startReplay(captured);

    const endpoints = [
      { name: `GET /v2/superorders/me (Limit ${ORDERS_PAGE_LIMIT})`, paths: [firstUrl] },
      { name: `GET /v2/superorders/me, paging all ${seeded.orders.bench.toLocaleString('en')}`, paths: pageUrls },
      { name: `GET /v1/superorders/{code} (${detailUrls.length} orders)`, paths: detailUrls },
    ];
    const rows = [];
    const runs = [];
    for (const endpoint of endpoints) {
      const name = `[${kind}] ${endpoint.name}`;
      const pids = { ours: server.child.pid, base: replay.pid };
      const { ours, base } = await alternateLoad({ name, ours: server.baseUrl, base: replay.origin, paths: endpoint.paths, headers, rounds: ROUNDS, load: LOAD, log, pids });
      const pick = (r, key) => r.map((x) => x[key]);
      const common = { baselineLabel: 'replayed bytes' };
      rows.push(
        row({ name: `${name}, throughput (${CONNECTIONS} conn)`, value: median(pick(ours, 'rps')), unit: 'req/s', baseline: median(pick(base, 'rps')), ...common, budget: BUDGET_THROUGHPUT_RATIO, budgetOn: 'ratio', better: 'higher', samples: pick(ours, 'rps'), baselineSamples: pick(base, 'rps') }),
        ...['p50', 'p95'].map((p) => row({ name: `${name}, ${p} latency`, value: median(pick(ours, p)), unit: 'ms', baseline: median(pick(base, p)), ...common, samples: pick(ours, p), baselineSamples: pick(base, p) })),
        ...cpuPerRequestRow(name, { ours, base }),
      );
      runs.push({ endpoint: name, ours, base });
    }
    return {
      rows,
      details: {
        database: kind,
        orders: seeded.orders,
        seedSeconds: seeded.seedSeconds,
        reused: seeded.reused,
        responseBytes: { firstPage: first.body.length, pageMedian: sizes(pageUrls), detailMedian: sizes(detailUrls) },
        runs,
      },
    };
  } finally {
    await replay?.stop();
    await server.stop();
    await ownDir?.remove();
  }
}

export default async function ordersApi({ log }) {
  const databases = [{ kind: 'sqlite' }];
  if (BENCH_POSTGRES_URL) databases.push({ kind: 'postgres', postgresUrl: BENCH_POSTGRES_URL });
  else log('BENCH_POSTGRES_URL is not set: SQLite only');
  const rows = [];
  const details = [];
  for (const database of databases) {
    const result = await benchDatabase({ ...database, log });
    rows.push(...result.rows);
    details.push(result.details);
  }
  return { rows, details: { databases: details } };
}
