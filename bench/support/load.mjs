// A small bounded HTTP load generator: `connections` keep-alive connections (undici Pool, no
// pipelining), each sending the next request as soon as its previous answer is read in full.
// Requests cycle through `paths`. Runs `warmupMs` unrecorded, then records for `durationMs` or
// `maxRequests`, whichever comes first; every request has its own timeout.
import { Pool } from 'undici';

const REQUEST_TIMEOUT_MS = 10_000;

/**
 * Answers { requests, errors, firstError, seconds, rps, p50, p95, p99, mean, bytes } for the
 * recorded phase (latency in ms, from sending the request to the last byte of its body).
 */
export async function runLoad({ origin, paths, headers = {}, connections = 32, warmupMs = 1_000, durationMs = 5_000, maxRequests = 2_000_000 }) {
  if (!paths.length) throw new Error('runLoad needs at least one path');
  const pool = new Pool(origin, { connections, pipelining: 1, headersTimeout: REQUEST_TIMEOUT_MS, bodyTimeout: REQUEST_TIMEOUT_MS, keepAliveTimeout: 60_000 });
  const latencies = new Float64Array(maxRequests);
  let recorded = 0;
  /** Every request answered 200, the warm-up's too: what the server's CPU time over the whole run is divided by. */
  let completed = 0;
  let errors = 0;
  let firstError;
  let bytes = 0;
  let next = 0;
  const started = performance.now();
  const recordFrom = started + warmupMs;
  const stopAt = recordFrom + durationMs;
  let recordEnd = stopAt;

  async function worker() {
    while (recorded < maxRequests) {
      const t0 = performance.now();
      if (t0 >= stopAt) return;
      const path = paths[next++ % paths.length];
      let ok = false;
      let size = 0;
      try {
        const response = await pool.request({ method: 'GET', path, headers });
        for await (const chunk of response.body) size += chunk.length;
        ok = response.statusCode === 200;
        if (!ok) firstError ??= `${response.statusCode} for ${path}`;
      } catch (error) {
        firstError ??= `${error?.message ?? error} for ${path}`;
      }
      const t1 = performance.now();
      if (ok) completed++;
      if (t0 < recordFrom) continue;
      if (!ok) {
        errors++;
        continue;
      }
      if (recorded < maxRequests) {
        latencies[recorded++] = t1 - t0;
        bytes += size;
        if (recorded === maxRequests) recordEnd = t1;
      }
    }
  }

  try {
    await Promise.all(Array.from({ length: connections }, worker));
  } finally {
    await pool.close();
  }
  const seconds = (Math.min(recordEnd, performance.now()) - recordFrom) / 1000;
  const done = latencies.subarray(0, recorded).slice().sort();
  const at = (p) => (recorded ? done[Math.min(recorded - 1, Math.max(0, Math.ceil((p / 100) * recorded) - 1))] : NaN);
  return {
    requests: recorded,
    completed,
    errors,
    firstError,
    seconds,
    rps: recorded / seconds,
    p50: at(50),
    p95: at(95),
    p99: at(99),
    mean: recorded ? done.reduce((a, b) => a + b, 0) / recorded : NaN,
    bytes,
  };
}
