import type { FastifyBaseLogger } from 'fastify';
import { IngestRejection } from './ingest/ingest-photo.js';
import type { UploadsTable } from '../../platform/db/schema.js';
import { UploadBusy } from './upload-busy.js';
import { UPLOAD_EXPIRY_MS, type UploadDatastore } from './upload-datastore.js';
import type { UploadRepository } from './upload.repository.js';
import type { UploadService } from './upload.service.js';

/** How often recovery looks at unfinished uploads: an expired one is given up at the first pass after it expires. */
export const RECOVERY_INTERVAL_MS = 10 * 60 * 1000;
/** An upload row this young may not have its file yet (the tus server writes it just after): it is not given up. */
const QUIET_FOR_MS = 60 * 1000;
/**
 * Another machine's unfinished upload is given up by this one only this long after it began: its own
 * machine finishes it or gives it up a day after its last byte, so one still unfinished by then is on a
 * machine gone for good (or away for a week), and its place must not be held forever.
 */
export const OTHER_MACHINES_UPLOADS_KEPT_MS = 7 * 24 * 60 * 60 * 1000;
const RECOVERY_PAGE = 100;
/** Finished and refused upload records are kept this long, for support questions. */
const FINISHED_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * When the recovery of machine `machineId` gives an unfinished upload up if nothing more is sent to it, and
 * why; `lastWrittenAt` is when bytes last reached this machine's file of it (undefined: it has none). Only
 * the machine that holds an upload's bytes can tell it expired or is gone; another one, or one without its
 * bytes from before machines had ids, is someone else's to judge until OTHER_MACHINES_UPLOADS_KEPT_MS
 * (or a day after now, when its own machine gives it up at the latest).
 */
export function givingUp(upload: Pick<UploadsTable, 'machine_id' | 'created_at'>, o: { machineId: string; lastWrittenAt: number | undefined; now: number }) {
  if (o.lastWrittenAt !== undefined) return { at: o.lastWrittenAt + UPLOAD_EXPIRY_MS, reason: 'expired' as const };
  const createdAt = Date.parse(upload.created_at);
  if (upload.machine_id === o.machineId) return { at: createdAt + QUIET_FOR_MS, reason: 'abandoned' as const };
  return { at: Math.min(createdAt + OTHER_MACHINES_UPLOADS_KEPT_MS, o.now + UPLOAD_EXPIRY_MS), reason: 'abandoned' as const };
}

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
    await o.datastore.store.deleteExpired().catch((err: unknown) => o.log.error({ err }, 'Removing expired uploads failed'));
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
