import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { Redis } from 'ioredis';
import { beforeEach, expect } from 'vitest';

/**
 * The run's Redis (`npm test` starts a throw-away redis-server and sets TEST_REDIS_URL; by hand, point
 * it at any Redis you may write to). Every suite works under a key prefix of its own and removes its
 * keys when it ends, so suites running in parallel, or on a shared Redis, never meet.
 */
export const testRedisUrl = process.env.TEST_REDIS_URL;

if (!testRedisUrl && process.env.CI === 'true') {
  throw new Error('TEST_REDIS_URL is not set under CI: run the tests with `npm test`, which starts a redis-server for the run.');
}

export const redisAvailable = Boolean(testRedisUrl);
export const REDIS_UNAVAILABLE = 'Redis is not available: set TEST_REDIS_URL (npm test does)';

/** A prefix no other suite, run or machine uses, e.g. `test:jobs:4711:9f2c…:`, ending in a colon. */
export function uniqueRedisPrefix(name: string): string {
  return `test:${name}:${process.pid}:${randomBytes(6).toString('hex')}:`;
}

/** Removes every key under the prefix. */
export async function deleteRedisKeys(prefix: string): Promise<void> {
  if (!testRedisUrl) return;
  const redis = new Redis(testRedisUrl, { lazyConnect: true });
  await redis.connect();
  try {
    // Key names are matched literally: the prefix's glob characters are escaped.
    const pattern = `${prefix.replace(/[*?[\]\\]/g, '\\$&')}*`;
    for await (const keys of redis.scanStream({ match: pattern, count: 500 }) as AsyncIterable<string[]>) {
      if (keys.length) await redis.unlink(...keys);
    }
  } finally {
    await redis.quit();
  }
}

/** Reports every test of the enclosing block as skipped, with the reason, when the run has no Redis. */
export function skipTestsUnlessRedis(): void {
  beforeEach((context) => {
    if (!redisAvailable) context.skip(REDIS_UNAVAILABLE);
  });
}

export interface OwnRedis {
  url: string;
  /** Kills it (SIGKILL, as a crash would), at once; does nothing when it is stopped. */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty, and resolves once it answers. */
  start(): Promise<void>;
}

/**
 * A redis-server of the calling test's own on a free port, for the tests of an outage: the run's Redis is
 * shared and must stay up. Stopped when the test stops it; `npm test` installs redis-server.
 */
export async function startOwnRedis(): Promise<OwnRedis> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const own: OwnRedis = {
    url,
    async start() {
      child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      const client = new Redis(url, { lazyConnect: true, retryStrategy: () => 50 });
      client.on('error', () => {});
      await expect.poll(() => client.ping().catch(() => 'down'), { timeout: 15_000 }).toBe('PONG');
      client.disconnect();
    },
    async stop() {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
  };
  await own.start();
  return own;
}
