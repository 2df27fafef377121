import type { FastifyBaseLogger } from 'fastify';
import type { BlobStore } from '../../platform/blobs/blob-store.js';
import { yieldAfter } from '../../platform/jobs/pacing.js';
import { startPeriodicPass } from '../../platform/jobs/periodic-pass.js';
import type { PhotoRepository } from './photo.repository.js';

const SWEEP_INTERVAL_MS = 5_000;
const SWEEP_BATCH = 200;
const NEVER_ABORTED = new AbortController().signal;
/**
 * A photo's files and row are stored within this time (the largest upload to a slow bucket takes well
 * under a minute); an intent older than this belongs to a store the server never finished.
 */
export const BLOB_INTENT_GRACE_MS = 15 * 60 * 1000;
/** An intent turns stale only after the grace period: looking for stale ones once a minute is plenty. */
const INTENT_SWEEP_INTERVAL_MS = 60_000;

/**
 * Removes the files of deleted photos (their rows went in the delete's transaction), `SWEEP_BATCH` folders at
 * a time, pausing `pausePerWork` times a batch's length before the next; answers how many. Any process may
 * do it at any time, beside the sweeper below: deleting twice is harmless. The storage period's run sweeps
 * behind its own deletes in its own process (decision 072), so the server has none of its files to remove.
 */
export function sweepDeletedPhotoFiles(repo: Pick<PhotoRepository, 'pendingBlobDeletions' | 'blobDeletionsDone'>, blobs: Pick<BlobStore, 'deletePrefix'>, pausePerWork?: number): Promise<number> {
  return drain(blobs, () => repo.pendingBlobDeletions(SWEEP_BATCH), (prefixes) => repo.blobDeletionsDone(prefixes), pausePerWork);
}

async function drain(blobs: Pick<BlobStore, 'deletePrefix'>, next: () => Promise<{ prefix: string }[]>, done: (prefixes: string[]) => Promise<void>, pausePerWork?: number) {
  let removed = 0;
  let workMs = 0;
  for (;;) {
    // A library emptied leaves many thousands: requests get their turn between two batches (none after the last).
    if (removed > 0) await yieldAfter(workMs, NEVER_ABORTED, pausePerWork);
    const started = performance.now();
    const batch = await next();
    if (batch.length === 0) return removed;
    for (const { prefix } of batch) await blobs.deletePrefix(prefix);
    await done(batch.map((b) => b.prefix));
    removed += batch.length;
    workMs = performance.now() - started;
  }
}

/**
 * Removes files no photo row owns: those of deleted photos (the rows went in the delete's transaction)
 * and those of stores a stopped server never finished (their intent outlived the grace period). A
 * restart in between only delays their removal; deleting twice is harmless. Runs at start and every few
 * seconds; stale intents are looked for at start and then once a minute.
 */
export function startPhotoBlobSweeper(repo: PhotoRepository, blobs: BlobStore, log: FastifyBaseLogger): { stop(): Promise<void>; sweep(): Promise<number> } {
  let intentsSweptAt = Number.NEGATIVE_INFINITY;
  const pass = startPeriodicPass({
    intervalMs: SWEEP_INTERVAL_MS,
    log,
    failure: 'Removing photo files no photo owns failed; retrying later',
    pass: async () => {
      const deleted = await sweepDeletedPhotoFiles(repo, blobs);
      if (Date.now() - intentsSweptAt < INTENT_SWEEP_INTERVAL_MS) return deleted;
      intentsSweptAt = Date.now();
      const before = new Date(intentsSweptAt - BLOB_INTENT_GRACE_MS).toISOString();
      const unfinished = await drain(
        blobs,
        () => repo.staleBlobIntents(before, SWEEP_BATCH),
        async (prefixes) => {
          for (const prefix of prefixes) await repo.clearBlobIntent(prefix);
        },
      );
      if (unfinished > 0) log.info({ count: unfinished }, 'Removed the files of photos whose storing never finished');
      return deleted + unfinished;
    },
    failed: () => 0,
  });
  return { stop: pass.stop, sweep: pass.run };
}
