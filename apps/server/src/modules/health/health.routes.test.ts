import { rm, writeFile } from 'node:fs/promises';
import { healthSchema } from '@shoebox/contracts';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { useTestShoebox } from '../../test/test-server.js';
import { fsBlobStore } from '../../platform/blobs/fs-blob-store.js';
import { urlSigner } from '../../platform/blobs/url-signer.js';
import { registerHealth } from './health.routes.js';

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
    const { app, db } = server();
    await db.destroy();
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

  it('a dependency that does not answer counts as failed once its timeout is over, and the others are still told', async () => {
    const app = await appWith({ database: async () => undefined, redis: () => new Promise(() => {}), storage: async () => undefined });
    const response = await app.inject({ url: '/health/ready' });
    expect(response.statusCode).toBe(503);
    expect(healthSchema.parse(response.json()).checks).toEqual({ database: 'ok', redis: 'failed', storage: 'ok' });
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
