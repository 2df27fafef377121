import type { PushMessage } from '@shoebox/contracts';

/**
 * Events for one customer, delivered to every push socket that customer has open on any machine.
 * In memory on one machine; through Redis pub/sub when `REDIS_URL` is set, so a job that ran on one
 * machine reaches a socket held by another. Delivery is at most once: a socket that is not
 * connected when an event is published does not get it later (screens refetch on open).
 */
export interface EventBus {
  publish(userId: string, message: PushMessage): Promise<void>;
  /** Calls `listener` for every event published from now on, on any machine; returns the unsubscribe. */
  subscribe(listener: (userId: string, message: PushMessage) => void): () => void;
  close(): Promise<void>;
  /** Resolves when the bus can carry an event now (the readiness check); rejects when it cannot. */
  ping(): Promise<void>;
  /**
   * Calls `listener` each time events may have been missed: the bus's link came back after it was lost, so
   * whatever was published meanwhile reached nobody. Whoever hands events on tells its clients to read back
   * what changed. Returns the unsubscribe.
   */
  onMissedEvents(listener: () => void): () => void;
}
