import { rm, writeFile } from 'node:fs/promises';
import { healthSchema } from '@shoebox/contracts';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { useTestShoebox } from '../../test/test-server.js';
import { fsBlobStore } from '../../platform/blobs/fs-blob-store.js';
import { urlSigner } from '../../platform/blobs/url-signer.js';
import { registerHealth } from './health.routes.js';
import { DEPENDENCY_UNANSWERED_MS } from './readiness-probe.js';
import { withAdmin } from '../../test/postgres-admin.js';

describe.each(databases)('GET /health on $name', (kind) => {
  const server = useTestShoebox(kind, { seed: false });

  it('answers 200 with the database and storage checks, never cached; /health/ready answers the same', async () => {
    for (const url of ['/health', '/health/ready']) {
      const response = await server().app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(healthSchema.parse(response.json())).toMatchObject({ status: 'ok', checks: { database: 'ok', storage: 'ok' } });
    }
  });

  it('when the database is gone: not ready (503 naming it), still live', async () => {
    const { app, db, config } = server();
    if (config.database.kind === 'postgres') {
      // The check has a connection of its own: the database itself must refuse, not only this pool.
      const name = new URL(config.database.url).pathname.slice(1);
      await withAdmin(async (admin) => {
        await admin.query(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS false`);
        await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
      });
    } else await db.destroy();
    const response = await app.inject({ url: '/health/ready' });
    expect(response.statusCode).toBe(503);
    expect(healthSchema.parse(response.json())).toMatchObject({ status: 'degraded', checks: { database: 'failed', storage: 'ok' } });
    const live = await app.inject({ url: '/health/live' });
    expect(live.statusCode).toBe(200);
    expect(healthSchema.parse(live.json())).toMatchObject({ status: 'ok', checks: {} });
  });
});

describe('readiness checks', () => {
  async function appWith(checks: Parameters<typeof registerHealth>[1]) {
    const app = Fastify({ logger: false });
    registerHealth(app, checks);
    await app.ready();
    return app;
  }

  it('a dependency slow to answer is told as slow and the instance stays ready; silent past its limit, it fails', async () => {
    let clock = 0;
    let checks = 0;
    const app = Fastify({ logger: false });
    registerHealth(app, { database: async () => undefined, redis: () => {
      checks++;
      return new Promise(() => {});
    }, storage: async () => undefined }, { now: () => clock });
    await app.ready();
    const first = await app.inject({ url: '/health/ready' });
    expect(first.statusCode).toBe(200);
    expect(healthSchema.parse(first.json()).checks).toEqual({ database: 'ok', redis: 'slow', storage: 'ok' });
    clock = DEPENDENCY_UNANSWERED_MS;
    const later = await app.inject({ url: '/health/ready' });
    expect(later.statusCode).toBe(503);
    expect(healthSchema.parse(later.json()).checks).toEqual({ database: 'ok', redis: 'failed', storage: 'ok' });
    // The unanswered check was waited on again, not asked a second time.
    expect(checks).toBe(1);
    await app.close();
  });

  it('a dependency that errs fails at once', async () => {
    const app = await appWith({ database: async () => Promise.reject(new Error('ECONNREFUSED')) });
    const response = await app.inject({ url: '/health/ready' });
    expect(response.statusCode).toBe(503);
    expect(healthSchema.parse(response.json()).checks).toEqual({ database: 'failed' });
    await app.close();
  });

  it('liveness runs no check at all', async () => {
    let ran = 0;
    const app = await appWith({ database: async () => void ran++ });
    expect((await app.inject({ url: '/health/live' })).statusCode).toBe(200);
    expect(ran).toBe(0);
    await app.close();
  });

  it('a photo folder that cannot be reached fails the storage check', async () => {
    // Under a file: the folder can be neither found nor made.
    const file = `/tmp/shoebox-health-${process.pid}-file`;
    await writeFile(file, 'not a folder');
    const dir = `${file}/photos`;
    const store = fsBlobStore(dir, 'http://localhost:3000', urlSigner('unused'));
    const app = await appWith({ storage: () => store.ping() });
    const response = await app.inject({ url: '/health/ready' });
    expect(response.statusCode).toBe(503);
    expect(healthSchema.parse(response.json()).checks).toEqual({ storage: 'failed' });
    await app.close();
    await rm(file, { force: true });
  });
});
