import { healthSchema } from '@shoebox/contracts';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { databases, useMigratedDatabase } from '../../test/databases.js';
import { startTestShoebox } from '../../test/test-server.js';
import { clusterSettings, joinCluster, type ClusterInstance } from './cluster-instances.js';

const settingsOf = (env: Record<string, string>, outboxIdentity = 'the shared outbox') =>
  clusterSettings(loadConfig({ PUBLIC_URL: 'https://account.printhaven.example', DATA_DIR: '/tmp/x', ...env }), { outboxIdentity });

describe.each(databases)('the instances of a cluster on $name', (kind) => {
  const db = useMigratedDatabase(kind);
  const joined: ClusterInstance[] = [];
  const join = async (env: Record<string, string> = {}, o: { goneAfterMs?: number; heartbeatMs?: number; outboxIdentity?: string } = {}) => {
    // Instances start one after the other: the first is the longest-running.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const instance = await joinCluster(db(), settingsOf(env, o.outboxIdentity), o);
    joined.push(instance);
    return instance;
  };
  const closeAll = () => Promise.all(joined.splice(0).map((i) => i.close()));

  it('instances with the same settings are all ready', async () => {
    const instances = [await join(), await join(), await join()];
    for (const instance of instances) await expect(instance.check()).resolves.toBeUndefined();
    await closeAll();
  });

  it('a newcomer with another public address, Redis or bucket is refused, naming them; the longer-running fleet is not', async () => {
    const fleet = [await join(), await join()];
    const stray = await join({ PUBLIC_URL: 'http://10.0.0.7:3000', REDIS_URL: 'redis://other-redis:6379' });
    await expect(stray.check()).rejects.toThrow(/: PUBLIC_URL, REDIS_URL$/);
    for (const instance of fleet) await expect(instance.check()).resolves.toBeUndefined();
    // Once the fleet has stopped, the newcomer's settings are the cluster's.
    await Promise.all(fleet.map((i) => i.close()));
    await expect(stray.check()).resolves.toBeUndefined();
    await closeAll();
  });

  it('without SMTP, a newcomer with an outbox folder of its own is refused; one sending over SMTP is too, as long as the fleet does not', async () => {
    await join();
    await expect((await join({}, { outboxIdentity: 'a folder on another machine' })).check()).rejects.toThrow(/: OUTBOX_DIR$/);
    await expect((await join({ SMTP_URL: 'smtp://mail.printhaven.example:587' })).check()).rejects.toThrow(/: OUTBOX_DIR$/);
    await expect((await join()).check()).resolves.toBeUndefined();
    await closeAll();
  });

  it('an instance that was killed (no longer heard of) no longer counts', async () => {
    // Killed: it says nothing more after joining.
    await join({}, { heartbeatMs: 60_000 });
    const next = await join({ S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }, { goneAfterMs: 300 });
    await expect(next.check()).rejects.toThrow(/S3_BUCKET/);
    await expect.poll(() => next.check().then(() => 'ready', () => 'refused'), { timeout: 5_000 }).toBe('ready');
    await closeAll();
  });
});

describe.each(databases.filter((d) => d.name === 'postgres'))('servers sharing a database on $name', (kind) => {
  it.skipIf(!kind.available)('one started with another public address is not ready and says which setting differs', async () => {
    const database = await kind.create('migrated');
    const first = await startTestShoebox(kind, { database, seed: false });
    const stray = await startTestShoebox(kind, { database, seed: false, env: { PUBLIC_URL: 'http://10.0.0.7:3000' } });
    try {
      expect((await first.app.inject({ url: '/health/ready' })).statusCode).toBe(200);
      const refused = await stray.app.inject({ url: '/health/ready' });
      expect(refused.statusCode).toBe(503);
      expect(healthSchema.parse(refused.json()).checks).toMatchObject({ database: 'ok', settings: 'failed' });
      expect((await stray.app.inject({ url: '/health/live' })).statusCode).toBe(200);
      await first.dispose();
      expect((await stray.app.inject({ url: '/health/ready' })).statusCode).toBe(200);
    } finally {
      await first.dispose();
      await stray.dispose();
      await database.drop();
    }
  });
});
