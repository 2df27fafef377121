import { healthSchema, type Health } from '@shoebox/contracts';
import { sql } from 'kysely';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { route } from '../../platform/api/route.js';
import type { Db } from '../../platform/db/database.js';

export const SERVER_VERSION = process.env.npm_package_version ?? '0.1.0';

/**
 * How long one readiness check may take before it counts as failed: well under a load balancer's usual
 * check timeout (HAProxy's default is 1 s), so a slow dependency marks the instance not ready instead of
 * the check itself timing out and the balancer guessing why.
 */
export const READINESS_CHECK_TIMEOUT_MS = 500;

/** What an instance needs to serve customers, by name: each resolves when it answers now. */
export type ReadinessChecks = Record<string, () => Promise<unknown>>;

class CheckTimeout extends Error {}

function withinTimeout(check: () => Promise<unknown>): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new CheckTimeout(`No answer within ${READINESS_CHECK_TIMEOUT_MS} ms`)), READINESS_CHECK_TIMEOUT_MS);
  });
  return Promise.race([check(), timeout]).finally(() => clearTimeout(timer));
}

/** The database check every instance has: one round trip, on a connection from the customers' pool. */
export const databaseCheck = (db: Db) => () => sql`select 1`.execute(db);

/**
 * GET /health/live: the process answers (no database, no network: a busy pool never marks a live instance
 * down). GET /health/ready, and /health as before: every check passes within its timeout (the dependencies,
 * and the cluster's settings: decision 097), else 503 naming the ones that did not (decision 092).
 */
export function registerHealth(app: FastifyInstance, checks: ReadinessChecks): void {
  const base = () => ({ version: SERVER_VERSION, uptimeSeconds: Math.round(process.uptime()) });

  route(
    app,
    { method: 'GET', url: '/health/live', summary: 'Whether the process answers; never waits on the database or anything else', response: { 200: healthSchema } },
    async ({ reply }) => reply.header('Cache-Control', 'no-store').send({ status: 'ok', ...base(), checks: {} } satisfies Health),
  );

  const ready = async ({ request, reply }: { request: FastifyRequest; reply: FastifyReply }) => {
    const names = Object.keys(checks);
    const outcomes = await Promise.allSettled(names.map((name) => withinTimeout(checks[name]!)));
    const results: Health['checks'] = {};
    outcomes.forEach((outcome, i) => {
      results[names[i]!] = outcome.status === 'fulfilled' ? 'ok' : 'failed';
      if (outcome.status === 'rejected') request.log.error({ err: outcome.reason, check: names[i] }, 'Readiness check failed');
    });
    const ok = Object.values(results).every((r) => r === 'ok');
    const body: Health = { status: ok ? 'ok' : 'degraded', ...base(), checks: results };
    return reply.status(ok ? 200 : 503).header('Cache-Control', 'no-store').send(body);
  };
  const summary = "Whether this instance can serve customers: its database, Redis and photo storage each answer in time, and on a shared database its settings are the cluster's; 503 names the checks that fail";
  route(app, { method: 'GET', url: '/health/ready', summary, response: { 200: healthSchema, 503: healthSchema } }, ready);
  route(app, { method: 'GET', url: '/health', summary, response: { 200: healthSchema, 503: healthSchema } }, ready);
}
