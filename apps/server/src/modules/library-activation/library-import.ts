/**
 * The import that activates a library (docs/decisions/051): each legacy photo goes through the upload
 * ingest and is marked imported in the photo row's own transaction, so a run that is killed and run
 * again continues with the next photo and never makes one twice. A file the ingest refuses is counted
 * failed and does not hold up the rest; the library ends ACTIVE.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ImportEventType } from '@shoebox/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { BlobNotFoundError, type BlobStore } from '../../platform/blobs/blob-store.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import type { JobRun } from '../../platform/jobs/job-queue.js';
import type { UploadService } from '../uploads/upload.service.js';
import { legacyPhotoKey } from './legacy-photo-keys.js';
import type { ImportCounts, LibraryActivationRepository } from './library-activation.repository.js';

export const LIBRARY_IMPORT_JOB = 'library.import';
/** At most one import.progress message a second: a large library would otherwise send one per photo. */
export const IMPORT_PROGRESS_EVERY_MS = 1_000;
/** When the image pool is full (customers uploading), the import waits this long and tries the same photo again. */
export const IMPORT_BUSY_WAIT_MS = 1_000;
/** Legacy photos read per query. */
export const IMPORT_BATCH_SIZE = 50;
/** Runs before an import is given up (its library goes back to NOT_ACTIVE, to be activated again). */
export const IMPORT_MAX_ATTEMPTS = 5;
/** Why a legacy photo whose bytes are gone is counted failed. */
const MISSING_FILE = 'missing_file';

export interface LibraryImportPayload {
  customerId: string;
  importId: string;
}

export interface LibraryImportDeps {
  repo: LibraryActivationRepository;
  blobs: BlobStore;
  uploads: UploadService;
  events: EventBus;
  /** A folder of the server's own data where each legacy file is put for the ingest, one at a time. */
  workDir: string;
  log: FastifyBaseLogger;
}

export function libraryImport(d: LibraryImportDeps) {
  const { repo } = d;

  /** Push delivery is at most once (event-bus.ts): a message that cannot be sent is logged, the import goes on. */
  async function publish(customerId: string, type: ImportEventType, counts: ImportCounts): Promise<void> {
    const message = { id: randomUUID(), type, data: { payload: { ...counts }, timestamp: new Date().toISOString() } };
    await d.events.publish(customerId, message).catch((err: unknown) => d.log.warn({ err, customerId, type }, 'An import push message could not be sent'));
  }

  /** One legacy photo into the library: 'imported' (a new photo or one the library already had) or 'failed'. */
  async function importOne(customerId: string, legacy: { id: string; file_name: string; uploaded_at: string }, dir: string, signal: AbortSignal): Promise<'imported' | 'failed'> {
    const file = path.join(dir, legacy.id);
    try {
      await pipeline(await d.blobs.read(legacyPhotoKey(customerId, legacy.id)), createWriteStream(file));
    } catch (error) {
      if (!(error instanceof BlobNotFoundError)) throw error;
      await repo.markFailed(legacy.id, MISSING_FILE, new Date().toISOString());
      return 'failed';
    }
    try {
      for (;;) {
        signal.throwIfAborted();
        const result = await d.uploads.importPhoto({
          customerId,
          fileName: legacy.file_name,
          sourceId: legacy.id,
          filePath: file,
          uploadedAt: legacy.uploaded_at,
          // A file without a date of its own was taken before it was uploaded: that day is the best known.
          fallbackDate: { local: legacy.uploaded_at.slice(0, 19), offset: '+00:00' },
          alsoInTransaction: (trx, photoId) => repo.markImported(legacy.id, photoId, new Date().toISOString(), trx),
        });
        if (result.outcome === 'busy') {
          await sleep(IMPORT_BUSY_WAIT_MS, undefined, { signal });
          continue;
        }
        if (result.outcome === 'refused') {
          await repo.markFailed(legacy.id, result.reason, new Date().toISOString());
          return 'failed';
        }
        // A duplicate made no photo, so nothing was written in a photo transaction: the mark is written here.
        if (result.duplicate) await repo.markImported(legacy.id, result.photoId, new Date().toISOString());
        return 'imported';
      }
    } finally {
      await fs.rm(file, { force: true });
    }
  }

  return {
    async run(job: JobRun<LibraryImportPayload>): Promise<void> {
      const { customerId, importId } = job.payload;
      // A run of an import that already ended (a repeated run after its last step) has nothing to do.
      if (!(await repo.isImporting(customerId, importId))) return;
      const dir = path.join(d.workDir, importId);
      // What a killed run left here is of no use: its photos are either marked or still pending.
      await fs.rm(dir, { recursive: true, force: true });
      await fs.mkdir(dir, { recursive: true });
      try {
        const counts = await repo.counts(customerId);
        await publish(customerId, 'import.started', counts);
        let sentAt = Date.now();
        for (let batch = await repo.pending(customerId, IMPORT_BATCH_SIZE); batch.length; batch = await repo.pending(customerId, IMPORT_BATCH_SIZE)) {
          for (const legacy of batch) {
            job.signal.throwIfAborted();
            counts[await importOne(customerId, legacy, dir, job.signal)] += 1;
            if (Date.now() - sentAt >= IMPORT_PROGRESS_EVERY_MS) {
              await publish(customerId, 'import.progress', counts);
              sentAt = Date.now();
            }
          }
        }
        // Counted again from the rows: a second run of the same import (a lease that lapsed under a slow run) counts nothing twice.
        if (await repo.finishImport(customerId, importId, new Date().toISOString())) await publish(customerId, 'import.finished', await repo.counts(customerId));
      } finally {
        await fs.rm(dir, { recursive: true, force: true });
      }
    },

    /** The import failed IMPORT_MAX_ATTEMPTS times: its library can be activated again, and says so. */
    async givenUp(job: JobRun<LibraryImportPayload>, error: Error): Promise<void> {
      const { customerId, importId } = job.payload;
      d.log.error({ err: error, customerId, importId }, 'Library import given up');
      if (await repo.abandonImport(customerId, importId)) await publish(customerId, 'import.failed', await repo.counts(customerId));
    },
  };
}
