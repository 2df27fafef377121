import { randomUUID } from 'node:crypto';
import type { PushMessage } from '@shoebox/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startOwnRedis, testRedisUrl as redisUrl, uniqueRedisPrefix } from '../../test/redis.js';
import { waitForCondition } from '../../test/wait.js';
import type { EventBus } from './event-bus.js';
import { memoryEventBus } from './memory-event-bus.js';
import { PUSH_CHANNEL, redisEventBus } from './redis-event-bus.js';

/** A prefix of this test's own: the test Redis may be shared, and nothing else may hear these events. */
const ownPrefix = () => uniqueRedisPrefix('events');

function recordingLog() {
  const log = { warn: vi.fn(), error: vi.fn(), info: vi.fn(), debug: vi.fn(), trace: vi.fn(), fatal: vi.fn() };
  return Object.assign(log, { child: () => log, level: 'info', silent: vi.fn() }) as unknown as FastifyBaseLogger & typeof log;
}

const archiveFinished = (userId: string): PushMessage => ({
  id: randomUUID(),
  timestamp: new Date().toISOString(),
  key: 'archive.generation.finished',
  message: { userId, downloadId: randomUUID() },
});

/** Collects what a bus delivers; `until(n)` waits for the n-th delivery (Redis delivers asynchronously). */
function collect(bus: EventBus) {
  const seen: { userId: string; message: PushMessage }[] = [];
  const unsubscribe = bus.subscribe((userId, message) => seen.push({ userId, message }));
  return {
    seen,
    unsubscribe,
    until: (n: number) => waitForCondition(() => expect(seen.length).toBeGreaterThanOrEqual(n)),
  };
}

const opened: EventBus[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((bus) => bus.close()));
});

const buses = [
  { name: 'memory', available: true, open: async (_prefix: string, log = recordingLog()) => memoryEventBus(log) },
  {
    name: 'redis',
    available: Boolean(redisUrl),
    open: async (prefix: string, log = recordingLog()) => redisEventBus({ url: redisUrl!, prefix, log }),
  },
];

describe.each(buses)('the $name event bus', (kind) => {
  const open = async (prefix: string, log?: ReturnType<typeof recordingLog>) => {
    const bus = await kind.open(prefix, log);
    opened.push(bus);
    return bus;
  };

  it.skipIf(!kind.available)('answers a ping while it can carry events (the readiness check)', async () => {
    await expect((await open(ownPrefix())).ping()).resolves.toBeUndefined();
  });

  it.skipIf(!kind.available)('delivers each event with its customer, in the order published, to every listener', async () => {
    const bus = await open(ownPrefix());
    const first = collect(bus);
    const second = collect(bus);
    const events = [archiveFinished('emma'), archiveFinished('lars'), archiveFinished('emma')];
    for (const [i, e] of events.entries()) await bus.publish(i === 1 ? 'lars' : 'emma', e);
    await first.until(3);
    await second.until(3);
    expect(first.seen).toEqual([
      { userId: 'emma', message: events[0] },
      { userId: 'lars', message: events[1] },
      { userId: 'emma', message: events[2] },
    ]);
    expect(second.seen).toEqual(first.seen);
  });

  it.skipIf(!kind.available)('stops delivering to a listener that unsubscribed, and a failing listener keeps none from the others', async () => {
    const log = recordingLog();
    const bus = await open(ownPrefix(), log);
    const leaving = collect(bus);
    bus.subscribe(() => {
      throw new Error('listener broke');
    });
    const staying = collect(bus);
    leaving.unsubscribe();
    await bus.publish('emma', archiveFinished('emma'));
    await staying.until(1);
    expect(leaving.seen).toEqual([]);
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ userId: 'emma' }), 'A push event listener failed');
  });
});

describe.skipIf(!redisUrl)('the Redis event bus across machines', () => {
  it('delivers an event published by one process to the listeners of another sharing the prefix, and to none under another prefix', async () => {
    const prefix = ownPrefix();
    const a = await redisEventBus({ url: redisUrl!, prefix, log: recordingLog() });
    const b = await redisEventBus({ url: redisUrl!, prefix, log: recordingLog() });
    const other = await redisEventBus({ url: redisUrl!, prefix: ownPrefix(), log: recordingLog() });
    opened.push(a, b, other);
    const onA = collect(a);
    const onOther = collect(other);
    const event = archiveFinished('emma');
    await b.publish('emma', event);
    await onA.until(1);
    // A marker published after the event on the other prefix: once it arrives, the event would have too.
    await other.publish('marker', archiveFinished('marker'));
    await onOther.until(1);
    expect(onA.seen).toEqual([{ userId: 'emma', message: event }]);
    expect(onOther.seen.map((s) => s.userId)).toEqual(['marker']);
  });

  it('logs and drops a malformed message on its channel, and goes on delivering', async () => {
    const prefix = ownPrefix();
    const log = recordingLog();
    const bus = await redisEventBus({ url: redisUrl!, prefix, log });
    opened.push(bus);
    const seen = collect(bus);
    const raw = new Redis(redisUrl!);
    try {
      for (const bad of ['not json', JSON.stringify({ userId: 'emma' }), JSON.stringify({ userId: 'emma', message: { key: 'archive.generation.finished' } }), JSON.stringify({ userId: '', message: archiveFinished('x') })]) {
        await raw.publish(`${prefix}${PUSH_CHANNEL}`, bad);
      }
    } finally {
      raw.disconnect();
    }
    const good = archiveFinished('emma');
    await bus.publish('emma', good);
    await seen.until(1);
    expect(seen.seen).toEqual([{ userId: 'emma', message: good }]);
    expect(log.warn).toHaveBeenCalledTimes(4);
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ raw: 'not json' }), 'Dropped a malformed push event from Redis');
  });

  it('closes both of its connections on close()', async () => {
    const prefix = ownPrefix();
    const bus = await redisEventBus({ url: redisUrl!, prefix, log: recordingLog() });
    const admin = new Redis(redisUrl!);
    try {
      const ours = async () => ((await admin.client('LIST')) as string).split('\n').filter((line) => line.includes(` name=${prefix}push-`)).length;
      expect(await ours()).toBe(2);
      await bus.close();
      await waitForCondition(async () => expect(await ours()).toBe(0));
    } finally {
      admin.disconnect();
    }
  });

  it('refuses to start when Redis cannot be reached', async () => {
    await expect(redisEventBus({ url: 'redis://127.0.0.1:1', prefix: ownPrefix(), log: recordingLog() })).rejects.toThrow();
  });
});

describe('the Redis event bus when Redis goes away', () => {
  it('says events may have been missed once Redis is back, and delivers again', async () => {
    const redis = await startOwnRedis();
    try {
      const bus = await redisEventBus({ url: redis.url, prefix: ownPrefix(), log: recordingLog() });
      opened.push(bus);
      let missed = 0;
      bus.onMissedEvents(() => missed++);
      const heard = collect(bus);
      await bus.publish('emma', archiveFinished('emma'));
      await heard.until(1);
      expect(missed).toBe(0);

      await redis.stop();
      await redis.start();
      await expect.poll(() => missed, { timeout: 30_000 }).toBe(1);
      // Subscribed again: an event published now arrives.
      await expect.poll(async () => {
        await bus.publish('emma', archiveFinished('emma')).catch(() => {});
        return heard.seen.length;
      }, { timeout: 15_000 }).toBeGreaterThan(1);
      expect(missed).toBe(1);
    } finally {
      await redis.stop();
    }
  }, 60_000);
});
