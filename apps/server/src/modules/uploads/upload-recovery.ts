import path from 'node:path';
import type { FileStore } from '@tus/file-store';
import type { FastifyBaseLogger } from 'fastify';
import { IngestRejection } from './ingest/ingest-photo.js';
import type { UploadRepository } from './upload.repository.js';
import type { UploadService } from './upload.service.js';

const RECOVERY_INTERVAL_MS = 10 * 60 * 1000;
/** The first pass waits until start-up is over. */
const FIRST_RUN_DELAY_MS = 10_000;
/** An upload still 'receiving' after this long, with all its bytes here, lost its last response. */
const STALE_AFTER_MS = 60 * 1000;

/**
 * Finishes uploads whose bytes all arrived but whose photo was never made — the server stopped
 * between the last chunk and the end of ingest — and removes uploads abandoned long ago.
 */
export function startUploadRecovery(o: { dir: string; getDatastore: () => FileStore; uploads: UploadRepository; service: UploadService; log: FastifyBaseLogger }) {
  const recover = async () => {
    const datastore = o.getDatastore();
    const stale = await o.uploads.unfinished(new Date(Date.now() - STALE_AFTER_MS).toISOString());
    for (const upload of stale) {
      const info = await datastore.getUpload(upload.id).catch(() => undefined);
      if (!info || info.size === undefined || info.offset !== info.size) continue;
      try {
        await o.service.ingest(upload.id, path.join(o.dir, upload.id));
        o.log.info({ uploadId: upload.id }, 'Finished an interrupted upload');
      } catch (err) {
        if (!(err instanceof IngestRejection)) o.log.error({ err, uploadId: upload.id }, 'Finishing an interrupted upload failed');
      }
      await datastore.remove(upload.id).catch(() => undefined);
    }
    await datastore.deleteExpired().catch((err: unknown) => o.log.error({ err }, 'Removing expired uploads failed'));
  };
  const run = () => void recover().catch((err: unknown) => o.log.error({ err }, 'Upload recovery failed'));
  const first = setTimeout(run, FIRST_RUN_DELAY_MS);
  const timer = setInterval(run, RECOVERY_INTERVAL_MS);
  first.unref();
  timer.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(timer);
    },
    recover,
  };
}
