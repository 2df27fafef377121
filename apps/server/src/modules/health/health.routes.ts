import { healthSchema, type Health } from '@shoebox/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { route } from '../../platform/api/route.js';
import { readinessProbe } from './readiness-probe.js';

export const SERVER_VERSION = process.env.npm_package_version ?? '0.1.0';

/** What an instance needs to serve customers, by name: each resolves when it answers now. */
export type ReadinessChecks = Record<string, () => Promise<unknown>>;

/**
 * GET /health/live: the process answers (no database, no network: a busy pool never marks a live instance
 * down). GET /health/ready, and /health as before: every check passes within its timeout (the dependencies,
 * and the cluster's settings: decision 097), else 503 naming the ones that did not (decision 092).
 */
export function registerHealth(app: FastifyInstance, checks: ReadinessChecks, o: { now?: () => number } = {}): void {
  const probes = Object.entries(checks).map(([name, check]) => [name, readinessProbe(check, o.now)] as const);
  const base = () => ({ version: SERVER_VERSION, uptimeSeconds: Math.round(process.uptime()) });

  route(
    app,
    { method: 'GET', url: '/health/live', summary: 'Whether the process answers; never waits on the database or anything else', response: { 200: healthSchema } },
    async ({ reply }) => reply.header('Cache-Control', 'no-store').send({ status: 'ok', ...base(), checks: {} } satisfies Health),
  );

  const ready = async ({ request, reply }: { request: FastifyRequest; reply: FastifyReply }) => {
    const outcomes = await Promise.all(probes.map(([, probe]) => probe()));
    const results: Health['checks'] = {};
    outcomes.forEach((answer, i) => {
      const name = probes[i]![0];
      results[name] = answer.outcome;
      if (answer.outcome === 'failed') request.log.error({ err: answer.error, check: name }, 'Readiness check failed');
    });
    const ok = Object.values(results).every((r) => r !== 'failed');
    const body: Health = { status: ok ? 'ok' : 'degraded', ...base(), checks: results };
    return reply.status(ok ? 200 : 503).header('Cache-Control', 'no-store').send(body);
  };
  const summary = "Whether this instance can serve customers: its database, Redis and photo storage each answer in time, and on a shared database its settings are the cluster's; 503 names the checks that fail";
  route(app, { method: 'GET', url: '/health/ready', summary, response: { 200: healthSchema, 503: healthSchema } }, ready);
  route(app, { method: 'GET', url: '/health', summary, response: { 200: healthSchema, 503: healthSchema } }, ready);
}
