import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { ConnectionPoolStats } from '../db/database.js';
import { bearerSecret } from '../http/bearer-secret.js';
import { notFound } from '../http/errors.js';
import type { ImagePoolStatus } from '../images/image-pool.js';
import type { JobKindStats } from '../jobs/job-queue.js';

export const METRICS_PATH = '/metrics';
/** Every metric's name starts so, apart from the process's own (`process_`, `nodejs_`). */
const PREFIX = 'shoebox_';
/** Seconds: a request's time, from a cached answer (~1 ms) to a large download's first byte under load. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** The label of a request that matched no route: its path is not used, so strangers cannot grow the label set. */
const NO_ROUTE = '(none)';

/** What the scrape reads at the moment it asks, from the parts the composition root wired. */
export interface MetricsSources {
  jobs: () => Promise<JobKindStats[]>;
  /** PostgreSQL's connections; undefined on SQLite. */
  connectionPool: () => ConnectionPoolStats | undefined;
  imagePool: () => ImagePoolStatus;
  pushSockets: () => number;
}

export interface Metrics {
  /** Adds GET /metrics for the operator's token (decision 094), reading `sources` at each scrape. */
  expose(sources: MetricsSources): void;
}

/**
 * The operator's Prometheus metrics (decision 094): every request's time by route, method and status, from
 * the first route on (call it before any route is added), and at each scrape the job queue per kind, the
 * database's connection pool, the image pool, the push sockets and the process (CPU, memory, event loop).
 * A registry of its own per server, so servers in one process (the tests') never count into each other.
 */
export function createMetrics(app: FastifyInstance, token: string): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'Time from a request to its answer, by route (its pattern), method and status',
    labelNames: ['route', 'method', 'status'],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? NO_ROUTE;
    if (route === METRICS_PATH) return;
    requests.observe({ route, method: request.method, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  return {
    expose(sources) {
      // Both job gauges read one answer per scrape.
      let jobsOfThisScrape: Promise<JobKindStats[]> | undefined;
      const jobs = () => (jobsOfThisScrape ??= sources.jobs());
      const gauge = (name: string, help: string, labelNames: string[], collect: (g: Gauge) => Promise<void> | void) =>
        new Gauge({
          name: `${PREFIX}${name}`,
          help,
          labelNames,
          registers: [registry],
          async collect() {
            this.reset();
            await collect(this);
          },
        });
      gauge('jobs', 'Background jobs by kind and state (waiting, delayed, running, failed), across every instance', ['kind', 'state'], async (g) => {
        for (const s of await jobs()) {
          for (const state of ['waiting', 'delayed', 'running', 'failed'] as const) g.set({ kind: s.kind, state }, s[state]);
        }
      });
      gauge('job_oldest_waiting_seconds', 'How long the longest-waiting due job of a kind has waited', ['kind'], async (g) => {
        for (const s of await jobs()) g.set({ kind: s.kind }, s.oldestWaitingSeconds);
      });
      gauge('db_pool_connections', "PostgreSQL connections of this instance's pool: open, idle, the most it opens, and queries waiting for one", ['state'], (g) => {
        const pool = sources.connectionPool();
        if (!pool) return;
        for (const state of ['open', 'idle', 'waiting', 'max'] as const) g.set({ state }, pool[state]);
      });
      gauge('image_pool_jobs', "Photo processing in this instance's image pool: running and queued", ['state'], (g) => {
        const { running, queued } = sources.imagePool();
        g.set({ state: 'running' }, running);
        g.set({ state: 'queued' }, queued);
      });
      gauge('push_sockets', 'Push channel sockets open on this instance', [], (g) => g.set(sources.pushSockets()));

      const operator = bearerSecret(token);
      app.get(METRICS_PATH, { config: { unannounced: true } }, async (request, reply) => {
        // Answered like an unknown address to anyone without the token: the metrics are not for customers.
        if (operator(request.headers.authorization) !== 'right') throw notFound(`No route GET ${METRICS_PATH}`);
        let text: string;
        try {
          text = await registry.metrics();
        } finally {
          jobsOfThisScrape = undefined;
        }
        return reply.header('Cache-Control', 'no-store').type(registry.contentType).send(text);
      });
    },
  };
}
