import type { FastifyBaseLogger } from 'fastify';

export interface PeriodicPass<T> {
  /** Runs a pass now, or answers the one under way: two passes never overlap. */
  run(): Promise<T>;
  /** Stops the timer and waits for a pass under way, so what it uses (the database, the blobs) can close. */
  stop(): Promise<void>;
}

/**
 * Runs `pass` at start and then every `intervalMs`, on a timer that keeps no process alive. A pass that
 * throws is logged as `failure` and answers `failed()`; the next tick tries again, so a restart or a
 * failure only delays the work.
 */
export function startPeriodicPass<T>(o: { intervalMs: number; log: FastifyBaseLogger; failure: string; pass: () => Promise<T>; failed: () => T }): PeriodicPass<T> {
  let running: Promise<T> | undefined;
  const run = () =>
    (running ??= (async () => {
      try {
        return await o.pass();
      } catch (err) {
        o.log.error({ err }, o.failure);
        return o.failed();
      } finally {
        running = undefined;
      }
    })());
  void run();
  const timer = setInterval(() => void run(), o.intervalMs);
  timer.unref();
  return {
    run,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
