import type { FastifyBaseLogger } from 'fastify';
import type { BlobStore } from '../../platform/blobs/blob-store.js';
import { startPeriodicPass } from '../../platform/jobs/periodic-pass.js';
import { archiveKey } from './download-archive-job.js';
import type { DownloadRepository } from './download.repository.js';
import type { DownloadService } from './download.service.js';

/** Archives expire by the hour; looking every ten minutes frees their space soon enough. */
export const DOWNLOAD_SWEEP_INTERVAL_MS = 10 * 60 * 1000;
const SWEEP_BATCH = 100;
/**
 * A request stores its archive's job right after its row; a row pending this long may belong to a request
 * that stopped in between, so its job is asked for again (which adds nothing when it exists).
 */
export const PENDING_RESUME_AFTER_MS = 10 * 60 * 1000;

/**
 * Deletes the bytes of archives whose time ran out and keeps their rows, as expired, for the downloads
 * page; asks again for the jobs of archives pending for long. At start and every ten minutes; a restart
 * in between only delays it, and deleting twice is harmless.
 */
export function startDownloadSweeper(deps: { repo: DownloadRepository; service: Pick<DownloadService, 'resumePending'>; blobs: BlobStore; log: FastifyBaseLogger }) {
  const { repo, service, blobs, log } = deps;
  let expired = 0;
  const pass = startPeriodicPass({
    intervalMs: DOWNLOAD_SWEEP_INTERVAL_MS,
    log,
    failure: 'Sweeping expired archives failed; retrying later',
    pass: async () => {
      expired = 0;
      for (;;) {
        const batch = await repo.expiredReady(new Date().toISOString(), SWEEP_BATCH);
        if (batch.length === 0) break;
        for (const row of batch) {
          await blobs.delete(archiveKey(row.customer_id, row.id));
          await repo.markExpired(row.id);
        }
        expired += batch.length;
      }
      const resumed = await service.resumePending(Date.now() - PENDING_RESUME_AFTER_MS, SWEEP_BATCH);
      return { expired, resumed };
    },
    failed: () => ({ expired, resumed: 0 }),
  });
  return { sweep: pass.run, stop: pass.stop };
}
