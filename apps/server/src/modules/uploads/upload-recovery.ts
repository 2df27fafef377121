import type { FastifyBaseLogger } from 'fastify';
import { IngestRejection } from './ingest/ingest-rejection.js';
import type { UploadsTable } from '../../platform/db/schema.js';
import { givingUp, OTHER_MACHINES_UPLOADS_KEPT_MS, RECOVERY_INTERVAL_MS } from './upload-giving-up.js';
import { UploadBusy } from './upload-busy.js';
import type { UploadDatastore } from './store/upload-datastore.js';
import type { UploadRepository } from './upload.repository.js';
import type { UploadService } from './upload.service.js';

const RECOVERY_PAGE = 100;
/** Finished and refused upload records are kept this long, for support questions. */
const FINISHED_KEPT_MS = 30 * 24 * 60 * 60 * 1000;


/**
 * Finishes uploads whose bytes all arrived but whose photo was never made — the server stopped
 * between the last chunk and the end of ingest — at start and then every few minutes, and gives up
 * uploads abandoned long ago. Machines share the database, not their upload folders: each judges the
 * uploads received on it (and those from before machines had ids whose bytes it has), see `givingUp`.
 * A client's own last PATCH or resuming HEAD that comes meanwhile joins the same ingest
 * (UploadService.complete), so finishing at once never makes a photo twice.
 */
export function startUploadRecovery(o: { datastore: UploadDatastore; uploads: UploadRepository; service: UploadService; log: FastifyBaseLogger }) {
  async function recoverOne(upload: UploadsTable): Promise<void> {
    if (await o.datastore.isComplete(upload.id)) {
      try {
        await o.service.complete(upload.id);
        o.log.info({ uploadId: upload.id }, 'Finished an interrupted upload');
      } catch (err) {
        if (err instanceof UploadBusy) o.log.info({ uploadId: upload.id }, 'The image pool is full: an interrupted upload waits for the next pass');
        else if (!(err instanceof IngestRejection)) o.log.error({ err, uploadId: upload.id }, 'Finishing an interrupted upload failed; trying again later');
      }
      return;
    }
    const now = Date.now();
    const giveUp = givingUp(upload, { machineId: o.datastore.machineId, lastWrittenAt: await o.datastore.lastWrittenAt(upload.id), now });
    if (giveUp.at >= now) return;
    await o.service.end(upload.id, giveUp.reason);
    if (upload.machine_id !== o.datastore.machineId) o.log.warn({ uploadId: upload.id, machineId: upload.machine_id }, 'Gave up an upload its own machine left unfinished for a week');
  }

  let running: Promise<void> | undefined;
  let stopped = false;
  /** One pass over every unfinished upload; a call while one runs joins it. */
  const recover = () => (running ??= pass().finally(() => (running = undefined)));
  const pass = async () => {
    const now = Date.now();
    const judged = { olderThan: new Date(now).toISOString(), othersBefore: new Date(now - OTHER_MACHINES_UPLOADS_KEPT_MS).toISOString() };
    let after: { createdAt: string; id: string } | undefined;
    for (;;) {
      const page = await o.uploads.unfinishedFor(o.datastore.machineId, judged, after, RECOVERY_PAGE);
      for (const upload of page) {
        // A stopping server finishes the upload in hand and leaves the rest for its next start.
        if (stopped) return;
        await recoverOne(upload);
      }
      const last = page.at(-1);
      if (!last || page.length < RECOVERY_PAGE) break;
      after = { createdAt: last.created_at, id: last.id };
    }
    if (stopped) return;
    await o.datastore.deleteExpired().catch((err: unknown) => o.log.error({ err }, 'Removing expired uploads failed'));
    await o.uploads.deleteFinishedBefore(new Date(Date.now() - FINISHED_KEPT_MS).toISOString());
  };

  const run = () => void recover().catch((err: unknown) => o.log.error({ err }, 'Upload recovery failed'));
  run();
  const timer = setInterval(run, RECOVERY_INTERVAL_MS);
  timer.unref();
  return {
    /** Settles once no pass runs: nothing of it outlives the server's database and folders. */
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
    recover,
  };
}
