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
 * while either connection is away, events published meanwhile are missed (the bus delivers at most once):
 * once both are back, `onMissedEvents` listeners are told, so that clients read back what changed.
 */
export async function redisEventBus(o: RedisEventBusOptions): Promise<EventBus> {
  const channel = `${o.prefix}${PUSH_CHANNEL}`;
  // Named, so an operator's CLIENT LIST says whose connections these are.
  const publisher = new Redis(o.url, { lazyConnect: true, connectionName: `${o.prefix}push-publisher` });
  // A subscribed connection can send nothing else, so publishing has a connection of its own.
  const subscriber = new Redis(o.url, { lazyConnect: true, connectionName: `${o.prefix}push-subscriber` });
  const listeners = new Set<(userId: string, message: PushMessage) => void>();
  const missedListeners = new Set<() => void>();
  // A connection that closes after the start has missed (subscriber) or may fail to send (publisher) events
  // until it is ready again; its return is what clients must hear of.
  let started = false;
  const lost = new Set<string>();
  for (const [name, connection] of [['publisher', publisher], ['subscriber', subscriber]] as const) {
    connection.on('error', (err) => o.log.error({ err, connection: name }, 'Redis connection of the push events failed; reconnecting'));
    connection.on('close', () => {
      if (started) lost.add(name);
    });
    connection.on('ready', () => {
      if (!lost.delete(name) || lost.size > 0) return;
      o.log.warn('Redis is back for the push events: clients are told to read back what they missed');
      for (const listener of missedListeners) {
        try {
          listener();
        } catch (err) {
          o.log.error({ err }, 'A missed-events listener failed');
        }
      }
    });
  }
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
    started = true;
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
      started = false;
      listeners.clear();
      missedListeners.clear();
      await Promise.all([publisher.quit(), subscriber.quit()]);
    },
    async ping() {
      await publisher.ping();
    },
    onMissedEvents(listener) {
      missedListeners.add(listener);
      return () => missedListeners.delete(listener);
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
