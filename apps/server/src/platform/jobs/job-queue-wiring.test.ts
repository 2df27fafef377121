import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { deleteRedisKeys, skipTestsUnlessRedis, testRedisUrl, uniqueRedisPrefix } from '../../test/redis.js';
import { startTestShoebox } from '../../test/test-server.js';

const sqlite = databases.find((d) => d.name === 'sqlite')!;

describe('the server with REDIS_URL', () => {
  const prefix = uniqueRedisPrefix('wiring');
  let redis: Redis | undefined;
  skipTestsUnlessRedis();
  beforeAll(async () => {
    if (testRedisUrl) redis = new Redis(testRedisUrl);
  });
  afterAll(async () => {
    await redis?.quit();
    await deleteRedisKeys(prefix);
  });

  /** The names of the Redis connections the job queue holds under this prefix. */
  const jobConnections = async () =>
    String(await redis!.client('LIST'))
      .split('\n')
      .map((line) => /\bname=(\S+)/.exec(line)?.[1] ?? '')
      .filter((name) => name.startsWith(`${prefix}jobs`));

  it('keeps its jobs in Redis under REDIS_PREFIX, and closes every connection it opened', async () => {
    const server = await startTestShoebox(sqlite, { env: { REDIS_URL: testRedisUrl!, REDIS_PREFIX: prefix } });
    try {
      expect(await jobConnections()).toContain(`${prefix}jobs:producer`);
    } finally {
      await server.dispose();
    }
    expect(await jobConnections()).toEqual([]);
  });

  it('opens no Redis connection for its jobs without REDIS_URL', async () => {
    const server = await startTestShoebox(sqlite, { env: { REDIS_PREFIX: prefix } });
    try {
      expect(await jobConnections()).toEqual([]);
    } finally {
      await server.dispose();
    }
  });
});
