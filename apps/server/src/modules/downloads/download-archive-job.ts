import { randomUUID } from 'node:crypto';
import { DOWNLOAD_ARCHIVE_VALID_HOURS, type ArchiveEventKey, type SharedPhotoRef } from '@shoebox/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { BlobStore } from '../../platform/blobs/blob-store.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import { writeZipToBlob, type ArchiveEntry } from '../../platform/zip/zip-to-blob.js';
import type { PhotoOriginal } from '../photos/photo.service.js';
import type { DownloadRepository, DownloadRow } from './download.repository.js';

export const DOWNLOAD_ARCHIVE_JOB = 'download.archive';
export interface DownloadArchivePayload {
  downloadId: string;
}

/** Archives made at once by one server: each streams from and to the blob store, so a few keep the disk or network busy. */
export const DOWNLOAD_ARCHIVE_CONCURRENCY = 2;
/** Runs before an archive is given up and said to have failed. */
export const DOWNLOAD_ARCHIVE_ATTEMPTS = 3;
export const ARCHIVE_VALID_MS = DOWNLOAD_ARCHIVE_VALID_HOURS * 60 * 60 * 1000;

/** Stable codes a failed archive carries on the downloads page. */
export const ARCHIVE_FAILURES = {
  /** Every photo was deleted before the archive could read it. */
  photosMissing: 'photos_missing',
  /** The archive could not be made after every attempt. */
  failed: 'archive_failed',
} as const;

/** Where a customer's archive lives. */
export const archiveKey = (customerId: string, downloadId: string) => `archives/${customerId}/${downloadId}.zip`;

export interface DownloadArchiveDeps {
  repo: DownloadRepository;
  /** From the photos service: the customer's originals among ids, in the order asked for. */
  originalsOf(customerId: string, photoIds: string[]): Promise<PhotoOriginal[]>;
  /** From the albums service: whose each photo is, for those in a shared album the customer owns or takes part in. */
  sharedPhotoOwners(customerId: string, photoIds: string[]): Promise<Map<string, string>>;
  blobs: BlobStore;
  events: Pick<EventBus, 'publish'>;
  log: FastifyBaseLogger;
  now?: () => number;
}

/**
 * The job that makes an archive: the originals, under the names they were uploaded with, streamed into
 * the blob store (atomically: a killed run leaves no archive), then the row made ready in one update that
 * only a pending row takes, so a second run of a finished job changes nothing and says nothing twice; the
 * bytes of an archive whose row was removed meanwhile are deleted rather than left behind.
 * A photo deleted meanwhile, or another customer's no longer shared with the requester, is left out and
 * counted; with none left the archive fails as photos_missing.
 */
export function defineDownloadArchiveJob(jobs: Pick<JobQueue, 'define'>, deps: DownloadArchiveDeps): void {
  const { repo, blobs, events, log } = deps;
  const now = deps.now ?? Date.now;

  const publish = (row: Pick<DownloadRow, 'id' | 'customer_id'>, key: ArchiveEventKey) =>
    events
      .publish(row.customer_id, { id: randomUUID(), timestamp: new Date(now()).toISOString(), key, message: { userId: row.customer_id, downloadId: row.id } })
      // A lost event is not a lost archive: the downloads page shows its state whenever it is opened.
      .catch((err: unknown) => log.warn({ err, downloadId: row.id, key }, 'Publishing an archive event failed'));

  async function fail(row: DownloadRow, code: string) {
    if (await repo.markFailed(row.id, code, new Date(now()).toISOString())) await publish(row, 'archive.generation.error');
  }

  /** Another customer's photo is the requester's to take only while it is in a shared album of theirs. */
  const stillShared = async (requesterId: string, ref: SharedPhotoRef) =>
    ref.ownerId === requesterId || (await deps.sharedPhotoOwners(requesterId, [ref.photoId])).get(ref.photoId) === ref.ownerId;

  /**
   * Each photo still in its owner's library, and still shared with the requester, just before its bytes are
   * read: one deleted, taken out of the album or left by the requester since the request is left out.
   */
  async function* stillThere(requesterId: string, refs: SharedPhotoRef[], missing: { count: number }): AsyncGenerator<ArchiveEntry> {
    for (const ref of refs) {
      const [original] = (await stillShared(requesterId, ref)) ? await deps.originalsOf(ref.ownerId, [ref.photoId]) : [];
      if (!original) {
        missing.count++;
        continue;
      }
      yield { name: original.fileName, key: original.blobKey, bytes: original.bytes };
    }
  }

  jobs.define<DownloadArchivePayload>(
    DOWNLOAD_ARCHIVE_JOB,
    async ({ payload, signal }) => {
      const row = await repo.find(payload.downloadId);
      // Finished by an earlier run (or gone): nothing to do, nothing to say again.
      if (!row || row.state !== 'pending') return;
      await publish(row, 'archive.generation.started');

      const refs = JSON.parse(row.photos) as SharedPhotoRef[];
      const missing = { count: 0 };
      const key = archiveKey(row.customer_id, row.id);
      const result = await writeZipToBlob(blobs, key, stillThere(row.customer_id, refs, missing), {
        signal,
        onMissing: () => {
          missing.count++;
        },
      });
      if (result.written === 0) {
        await blobs.delete(key);
        await fail(row, ARCHIVE_FAILURES.photosMissing);
        return;
      }
      const finished = now();
      const ready = await repo.markReady(row.id, {
        size: result.bytes,
        leftOut: missing.count,
        finishedAt: new Date(finished).toISOString(),
        expiresAt: new Date(finished + ARCHIVE_VALID_MS).toISOString(),
      });
      if (ready) await publish(row, 'archive.generation.finished');
      // Removed while it was made (the library emptied): no row names these bytes any more.
      else if (!(await repo.find(row.id))) await blobs.delete(key);
    },
    {
      concurrency: DOWNLOAD_ARCHIVE_CONCURRENCY,
      maxAttempts: DOWNLOAD_ARCHIVE_ATTEMPTS,
      async onGivenUp({ payload }, error) {
        log.error({ err: error, downloadId: payload.downloadId }, 'An archive could not be made');
        const row = await repo.find(payload.downloadId);
        if (row) await fail(row, ARCHIVE_FAILURES.failed);
      },
    },
  );
}
