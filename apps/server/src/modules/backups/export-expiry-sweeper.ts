import type { FastifyBaseLogger } from 'fastify';
import { EXPORT_LINK_VALID_DAYS } from '@shoebox/contracts';
import type { BlobStore } from '../../platform/blobs/blob-store.js';
import { startPeriodicPass } from '../../platform/jobs/periodic-pass.js';
import type { BackupRepository } from './backup.repository.js';
import { exportBlobPrefix } from './backup.service.js';

/** Links lapse by the day: looking once an hour keeps expired chunks at most an hour past their week. */
export const EXPORT_SWEEP_INTERVAL_MS = 60 * 60 * 1000;
const SWEEP_BATCH = 100;
const DAY_MS = 86_400_000;

/**
 * Removes exports whose links have expired (made more than EXPORT_LINK_VALID_DAYS ago) and failed
 * exports as old: their chunks first, then their rows, so a stop in between only repeats a delete.
 * Runs at start and then every EXPORT_SWEEP_INTERVAL_MS; on several machines each sweeps, harmlessly.
 */
export function startExportExpirySweeper(o: { repo: BackupRepository; blobs: Pick<BlobStore, 'deletePrefix'>; log: FastifyBaseLogger; now?: () => Date }) {
  const { repo, blobs, log, now = () => new Date() } = o;
  let removed = 0;
  const pass = startPeriodicPass({
    intervalMs: EXPORT_SWEEP_INTERVAL_MS,
    log,
    failure: 'Removing expired exports failed; retrying later',
    pass: async () => {
      removed = 0;
      const before = new Date(now().getTime() - EXPORT_LINK_VALID_DAYS * DAY_MS).toISOString();
      for (let batch = await repo.expired(before, SWEEP_BATCH); batch.length > 0; batch = await repo.expired(before, SWEEP_BATCH)) {
        for (const row of batch) {
          await blobs.deletePrefix(exportBlobPrefix(row.customer_id, row.id));
          await repo.delete(row.id);
          removed++;
        }
      }
      if (removed > 0) log.info({ count: removed }, 'Removed expired exports');
      return removed;
    },
    failed: () => removed,
  });
  return { stop: pass.stop, sweep: pass.run };
}
