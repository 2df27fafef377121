import fs from 'node:fs/promises';
import path from 'node:path';
import type { FileStore } from '@tus/file-store';
import type { FastifyBaseLogger } from 'fastify';
import { IngestRejection } from './ingest/ingest-photo.js';
import type { UploadsTable } from '../../platform/db/schema.js';
import type { UploadRepository } from './upload.repository.js';
import { UPLOAD_EXPIRY_MS } from './upload.routes.js';
import type { UploadService } from './upload.service.js';

const RECOVERY_INTERVAL_MS = 10 * 60 * 1000;
/** The first pass waits until start-up is over. */
const FIRST_RUN_DELAY_MS = 10_000;
/** An upload whose file was written to within this time may still be receiving: it is left alone. */
const QUIET_FOR_MS = 60 * 1000;
const RECOVERY_PAGE = 100;
/** Finished and refused upload records are kept this long, for support questions. */
const FINISHED_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Finishes uploads whose bytes all arrived but whose photo was never made — the server stopped
 * between the last chunk and the end of ingest — and gives up uploads abandoned long ago.
 */
export function startUploadRecovery(o: { dir: string; getDatastore: () => FileStore; uploads: UploadRepository; service: UploadService; log: FastifyBaseLogger }) {
  async function recoverOne(datastore: FileStore, upload: UploadsTable): Promise<void> {
    const file = path.join(o.dir, upload.id);
    const info = await datastore.getUpload(upload.id).catch(() => undefined);
    const modified = (await fs.stat(file).catch(() => undefined))?.mtimeMs;
    if (!info || modified === undefined) {
      await o.uploads.setStatus(upload.id, 'rejected', { error: 'abandoned' });
      return;
    }
    if (Date.now() - modified < QUIET_FOR_MS) return;
    if (info.size === undefined || info.offset !== info.size) {
      if (Date.now() - modified > UPLOAD_EXPIRY_MS) {
        await o.uploads.setStatus(upload.id, 'rejected', { error: 'expired' });
        await datastore.remove(upload.id).catch(() => undefined);
      }
      return;
    }
    try {
      await o.service.ingest(upload.id, file);
      o.log.info({ uploadId: upload.id }, 'Finished an interrupted upload');
    } catch (err) {
      if (!(err instanceof IngestRejection)) {
        o.log.error({ err, uploadId: upload.id }, 'Finishing an interrupted upload failed; trying again later');
        return;
      }
    }
    await datastore.remove(upload.id).catch(() => undefined);
  }

  const recover = async () => {
    const datastore = o.getDatastore();
    const createdBefore = new Date(Date.now() - QUIET_FOR_MS).toISOString();
    let after: { createdAt: string; id: string } | undefined;
    for (;;) {
      const page = await o.uploads.unfinished(createdBefore, after, RECOVERY_PAGE);
      for (const upload of page) await recoverOne(datastore, upload);
      const last = page.at(-1);
      if (!last || page.length < RECOVERY_PAGE) break;
      after = { createdAt: last.created_at, id: last.id };
    }
    await datastore.deleteExpired().catch((err: unknown) => o.log.error({ err }, 'Removing expired uploads failed'));
    await o.uploads.deleteFinishedBefore(new Date(Date.now() - FINISHED_KEPT_MS).toISOString());
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
