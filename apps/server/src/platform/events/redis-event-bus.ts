import { pushMessageSchema, type PushMessage } from '@shoebox/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { z } from 'zod/mini';
import type { EventBus } from './event-bus.js';
import { deliver } from './memory-event-bus.js';

/** The one channel every machine publishes to and listens on, after the deployment's key prefix. */
export const PUSH_CHANNEL = 'push';

const envelopeSchema = z.object({ userId: z.string().check(z.minLength(1)), message: pushMessageSchema });

export interface RedisEventBusOptions {
  url: string;
  /** Keeps deployments (and test runs) that share one Redis apart, e.g. `shoebox:`. */
  prefix: string;
  log: FastifyBaseLogger;
}

/**
 * Events through Redis pub/sub: every machine publishes `{userId, message}` as JSON on one channel and
 * hears every event, its own included, and hands it to its sockets. ioredis reconnects on its own;
 * while the subscriber is away, events published meanwhile are missed (the bus delivers at most once).
 */
export async function redisEventBus(o: RedisEventBusOptions): Promise<EventBus> {
  const channel = `${o.prefix}${PUSH_CHANNEL}`;
  // Named, so an operator's CLIENT LIST says whose connections these are.
  const publisher = new Redis(o.url, { lazyConnect: true, connectionName: `${o.prefix}push-publisher` });
  // A subscribed connection can send nothing else, so publishing has a connection of its own.
  const subscriber = new Redis(o.url, { lazyConnect: true, connectionName: `${o.prefix}push-subscriber` });
  for (const [name, connection] of [['publisher', publisher], ['subscriber', subscriber]] as const) {
    connection.on('error', (err) => o.log.error({ err, connection: name }, 'Redis connection of the push events failed; reconnecting'));
  }
  const listeners = new Set<(userId: string, message: PushMessage) => void>();
  subscriber.on('message', (from: string, raw: string) => {
    if (from !== channel) return;
    const envelope = parseEnvelope(raw);
    if (!envelope) {
      o.log.warn({ channel, raw: raw.slice(0, 200) }, 'Dropped a malformed push event from Redis');
      return;
    }
    deliver(listeners, envelope.userId, envelope.message, o.log);
  });
  try {
    await Promise.all([publisher.connect(), subscriber.connect()]);
    // ioredis subscribes again by itself after a reconnect.
    await subscriber.subscribe(channel);
  } catch (err) {
    publisher.disconnect();
    subscriber.disconnect();
    throw err;
  }

  return {
    async publish(userId, message) {
      await publisher.publish(channel, JSON.stringify({ userId, message }));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      await Promise.all([publisher.quit(), subscriber.quit()]);
    },
    async ping() {
      await publisher.ping();
    },
  };
}

function parseEnvelope(raw: string): z.infer<typeof envelopeSchema> | null {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = envelopeSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}
