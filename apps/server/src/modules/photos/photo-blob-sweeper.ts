import type { FastifyBaseLogger } from 'fastify';
import type { BlobStore } from '../../platform/blobs/blob-store.js';
import type { PhotoRepository } from './photo.repository.js';

const SWEEP_INTERVAL_MS = 5_000;
const SWEEP_BATCH = 200;

/**
 * Removes the bytes of deleted photos. The rows went in the delete's transaction; the files follow
 * here, so a restart in between only delays their removal. Deleting twice is harmless.
 */
export function startPhotoBlobSweeper(repo: PhotoRepository, blobs: BlobStore, log: FastifyBaseLogger): { stop(): void; sweep(): Promise<number> } {
  let running: Promise<number> | undefined;
  const sweep = () =>
    (running ??= (async () => {
      let removed = 0;
      try {
        for (;;) {
          const batch = await repo.pendingBlobDeletions(SWEEP_BATCH);
          if (batch.length === 0) return removed;
          for (const { prefix } of batch) await blobs.deletePrefix(prefix);
          await repo.blobDeletionsDone(batch.map((b) => b.prefix));
          removed += batch.length;
        }
      } catch (err) {
        log.error({ err }, 'Removing deleted photos’ files failed; retrying later');
        return removed;
      } finally {
        running = undefined;
      }
    })());
  const timer = setInterval(() => void sweep(), SWEEP_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer), sweep };
}
