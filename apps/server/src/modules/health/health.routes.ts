import { healthSchema, type Health } from '@shoebox/contracts';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/api/route.js';
import type { Db } from '../../platform/db/database.js';

export const SERVER_VERSION = process.env.npm_package_version ?? '0.1.0';

export function registerHealth(app: FastifyInstance, db: Db): void {
  const summary = 'Whether the server and its database answer; 503 when the database does not';
  route(app, { method: 'GET', url: '/health', summary, response: { 200: healthSchema, 503: healthSchema } }, async ({ request, reply }) => {
    let database: 'ok' | 'failed' = 'ok';
    try {
      await sql`select 1`.execute(db);
    } catch (err) {
      request.log.error({ err }, 'Health check: database unreachable');
      database = 'failed';
    }
    const body: Health = {
      status: database === 'ok' ? 'ok' : 'degraded',
      version: SERVER_VERSION,
      uptimeSeconds: Math.round(process.uptime()),
      checks: { database },
    };
    return reply.status(database === 'ok' ? 200 : 503).header('Cache-Control', 'no-store').send(body);
  });
}
