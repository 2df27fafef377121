import type { FastifyBaseLogger } from 'fastify';
import type { TempSelectionRepository } from './temp-selection.repository.js';

/** Expired selections are already invisible; sweeping hourly only keeps the table small. */
export const TEMP_SELECTION_SWEEP_INTERVAL_MS = 60 * 60 * 1000;
const SWEEP_BATCH = 1000;

/** Deletes expired temporary selections at start and every hour; a restart in between only delays it. */
export function startTempSelectionSweeper(deps: { repo: TempSelectionRepository; log: FastifyBaseLogger }) {
  const { repo, log } = deps;
  let running: Promise<number> | undefined;
  const sweep = () =>
    (running ??= (async () => {
      let deleted = 0;
      try {
        for (;;) {
          const n = await repo.deleteExpired(new Date().toISOString(), SWEEP_BATCH);
          deleted += n;
          if (n < SWEEP_BATCH) return deleted;
        }
      } catch (err) {
        log.error({ err }, 'Sweeping expired temporary selections failed; retrying later');
        return deleted;
      } finally {
        running = undefined;
      }
    })());
  void sweep();
  const timer = setInterval(() => void sweep(), TEMP_SELECTION_SWEEP_INTERVAL_MS);
  timer.unref();
  return {
    sweep,
    /** Stops the timer and waits for a sweep under way, so the database it uses can close. */
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
