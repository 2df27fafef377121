import type { FastifyBaseLogger } from 'fastify';
import { startPeriodicPass } from '../jobs/periodic-pass.js';
import type { BlobStore } from './blob-store.js';

/**
 * A streamed write touches its partial bytes every few seconds (a chunk to the temp file, a part to
 * the bucket); one untouched this long belongs to a process that was stopped mid-write (kill -9, a
 * crash), on this machine or another sharing the store.
 */
export const PARTIAL_WRITE_STALE_MS = 15 * 60 * 1000;
/** A stopped write's leftovers are gone at most this long after they turn stale. */
const SWEEP_INTERVAL_MS = 15 * 60 * 1000;

/** Removes stale partial writes at start and then every interval, so a killed archive leaves nothing behind. */
export function startPartialWriteSweeper(blobs: BlobStore, log: FastifyBaseLogger): { stop(): Promise<void> } {
  const pass = startPeriodicPass({
    intervalMs: SWEEP_INTERVAL_MS,
    log,
    failure: 'Sweeping partial blob writes failed',
    pass: async () => {
      const removed = await blobs.sweepPartials(PARTIAL_WRITE_STALE_MS);
      if (removed) log.info({ removed }, 'Removed partial blob writes left by a stopped process');
    },
    failed: () => undefined,
  });
  return { stop: pass.stop };
}
