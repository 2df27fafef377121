// A customer of the seeded library loading their timeline while the server does background work: the
// month counts and month pages spread over their library, a few keep-alive connections, one request at a
// time each: what the account-deletion and storage period benches compare with and without that work.
import { Pool } from 'undici';
import { percentile } from './stats.mjs';

const API = '/api/photo-management';
/** Requests in flight at once: a timeline loading its months. */
export const CONNECTIONS = 4;
const WARMUP_MS = 2_000;
/** Different month pages asked for, spread over the customer's library. */
const MONTHS = 48;
const REQUEST_TIMEOUT_MS = 10_000;
/** The seeded accounts' password (bench/README.md). */
const BENCH_PASSWORD = 'shoebox-demo';

/**
 * The library customer with the most photos other than `benchId`, signing in with the bench customer's
 * password (set here in `db`: the seeder gives every customer an identity).
 */
export function mostPhotosCustomer(db, benchId) {
  const other = db
    .prepare("select customer_id as id, sum(count) as photos from photo_month_counts where customer_id != ? and sort_key = 'dateTaken' group by customer_id order by photos desc limit 1")
    .get(benchId);
  const customer = db.prepare('select email, first_name from customers where id = ?').get(other.id);
  const bench = db.prepare('select password_hash from identities where customer_id = ?').get(benchId);
  db.prepare('update identities set password_hash = ? where customer_id = ?').run(bench.password_hash, other.id);
  return { id: other.id, photos: other.photos, account: { email: customer.email, password: BENCH_PASSWORD, greeting: `Hello ${customer.first_name}` } };
}

/** The customer's timeline URLs: the month counts, and month pages spread over their library. */
export async function timelineUrls(origin, headers) {
  const pool = new Pool(origin, { connections: 1 });
  try {
    const countsUrl = `${API}/users/timeline?sortKey=dateTaken`;
    const response = await pool.request({ method: 'GET', path: countsUrl, headers });
    if (response.statusCode !== 200) throw new Error(`${countsUrl} answered ${response.statusCode}`);
    const counts = await response.body.json();
    const months = [];
    for (const [year, byMonth] of Object.entries(counts)) for (const month of Object.keys(byMonth)) months.push(`${API}/photos/timeline/${year}/${month}?limit=24&sortKey=dateTaken&sortOrder=desc`);
    const step = Math.max(1, months.length / MONTHS);
    const picked = [];
    for (let i = 0; i < months.length && picked.length < MONTHS; i += step) picked.push(months[Math.floor(i)]);
    return [countsUrl, ...picked];
  } finally {
    await pool.close();
  }
}

/**
 * `CONNECTIONS` loops, each sending the next URL as soon as its previous answer is read, until `until()`
 * says stop; answers the latencies (ms) of those sent after the warm-up, and fails on any error.
 */
export async function timelineLoad({ origin, urls, headers, until, warmupMs = WARMUP_MS }) {
  const pool = new Pool(origin, { connections: CONNECTIONS, pipelining: 1, headersTimeout: REQUEST_TIMEOUT_MS, bodyTimeout: REQUEST_TIMEOUT_MS, keepAliveTimeout: 60_000 });
  const latencies = [];
  const recordFrom = performance.now() + warmupMs;
  let next = 0;
  async function worker() {
    while (!until()) {
      const url = urls[next++ % urls.length];
      const t0 = performance.now();
      const response = await pool.request({ method: 'GET', path: url, headers });
      await response.body.arrayBuffer();
      if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode} for the timeline customer`);
      if (t0 >= recordFrom) latencies.push(performance.now() - t0);
    }
  }
  try {
    await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  } finally {
    await pool.close();
  }
  return latencies;
}

/** An `until` for timelineLoad: true once `ms` (plus the warm-up) have passed. */
export const forMs = (ms, warmupMs = WARMUP_MS) => {
  const end = performance.now() + ms + warmupMs;
  return () => performance.now() >= end;
};

export const loadStats = (samples) => ({ n: samples.length, p50: percentile(samples, 50), p95: percentile(samples, 95), p99: percentile(samples, 99) });
