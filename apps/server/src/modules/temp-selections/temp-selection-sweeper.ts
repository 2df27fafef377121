import type { FastifyBaseLogger } from 'fastify';
import { startPeriodicPass } from '../../platform/jobs/periodic-pass.js';
import type { TempSelectionRepository } from './temp-selection.repository.js';

/** Expired selections are already invisible; sweeping hourly only keeps the table small. */
export const TEMP_SELECTION_SWEEP_INTERVAL_MS = 60 * 60 * 1000;
const SWEEP_BATCH = 1000;

/** Deletes expired temporary selections at start and every hour; a restart in between only delays it. */
export function startTempSelectionSweeper(deps: { repo: TempSelectionRepository; log: FastifyBaseLogger }) {
  const { repo, log } = deps;
  let deleted = 0;
  const pass = startPeriodicPass({
    intervalMs: TEMP_SELECTION_SWEEP_INTERVAL_MS,
    log,
    failure: 'Sweeping expired temporary selections failed; retrying later',
    pass: async () => {
      deleted = 0;
      for (;;) {
        const n = await repo.deleteExpired(new Date().toISOString(), SWEEP_BATCH);
        deleted += n;
        if (n < SWEEP_BATCH) return deleted;
      }
    },
    failed: () => deleted,
  });
  return { sweep: pass.run, stop: pass.stop };
}
