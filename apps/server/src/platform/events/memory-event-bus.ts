import type { PushMessage } from '@shoebox/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from './event-bus.js';

type Listener = (userId: string, message: PushMessage) => void;

/** The bus of one machine: an event reaches the listeners of this process only. */
export function memoryEventBus(log: FastifyBaseLogger): EventBus {
  const listeners = new Set<Listener>();
  return {
    async publish(userId, message) {
      deliver(listeners, userId, message, log);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
    },
    async ping() {},
    // In one process nothing is ever missed.
    onMissedEvents: () => () => {},
  };
}

/** Hands an event to every listener; one that throws is logged and does not keep it from the others. */
export function deliver(listeners: Iterable<Listener>, userId: string, message: PushMessage, log: FastifyBaseLogger): void {
  for (const listener of listeners) {
    try {
      listener(userId, message);
    } catch (err) {
      log.error({ err, userId }, 'A push event listener failed');
    }
  }
}
