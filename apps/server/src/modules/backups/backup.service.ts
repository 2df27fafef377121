import { randomUUID } from 'node:crypto';
import { EXPORT_LINK_VALID_DAYS, channelForHost, exportChunkFileName, type BackupCreated, type ExportStatus, type SignedUrl } from '@shoebox/contracts';
import type { Identity } from '../../platform/auth/access-token.js';
import type { BlobStore } from '../../platform/blobs/blob-store.js';
import type { BackupsTable } from '../../platform/db/schema.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import type { BackupRepository } from './backup.repository.js';

/** The job that makes an export; its id is the export's. */
export const EXPORT_JOB = 'backup.export';
export interface ExportJobPayload {
  backupId: string;
}

const DAY_MS = 86_400_000;

/**
 * Ready exports a customer keeps at once (decision 047): each is the whole library, kept a week. Beyond
 * it a request is refused until the oldest expires, so asking again and again cannot fill the storage.
 */
export const MAX_READY_EXPORTS = 2;

class TooManyExports extends AppError {
  constructor(override readonly retryAfterSeconds: number) {
    super(429, 'too_many_exports', `At most ${MAX_READY_EXPORTS} exports can be kept at once; each expires ${EXPORT_LINK_VALID_DAYS} days after it is made`, undefined, {
      limit: MAX_READY_EXPORTS,
    });
  }
}

/** When an export's links stop working. */
export const exportExpiry = (processedAt: string) => new Date(Date.parse(processedAt) + EXPORT_LINK_VALID_DAYS * DAY_MS);

/** Where an export's chunks live; the expiry sweep and a failed export remove the whole folder. */
export const exportBlobPrefix = (customerId: string, backupId: string) => `exports/${customerId}/${backupId}`;
export const chunkBlobKey = (customerId: string, backupId: string, iteration: number) => `${exportBlobPrefix(customerId, backupId)}/${iteration}.zip`;

/**
 * A ready export already holds the library as it is (decision 080): another would be the same bytes again.
 * Its id lets a client lead the customer to it.
 */
const exportUpToDate = (exportId: string) =>
  new AppError(409, 'export_up_to_date', 'Your latest export already holds your library as it is now: download it from there', undefined, { exportId });
const libraryEmpty = () => new AppError(409, 'library_empty', 'There are no photos to export');
/** Not a 404: the web says 'Export error' for this and 'Your download link has expired' for a 404. */
const exportFailed = () => new AppError(422, 'export_failed', 'The export could not be made; please request a new one');

export interface BackupServiceDeps {
  repo: BackupRepository;
  blobs: Pick<BlobStore, 'signedUrl' | 'deletePrefix'>;
  jobs: Pick<JobQueue, 'enqueue'>;
  /** A page of the customer's whole library (the photos module's): here only to see that it has a photo. */
  libraryOriginals(customerId: string, after: string | null, limit: number): Promise<unknown[]>;
  /** The library's version (the photos module's), which moves on with every change to it. */
  libraryVersion(customerId: string): Promise<number>;
  /** Who the ready mail goes to, and which storefront they use (the customers module's). */
  customerOf(identity: Identity): Promise<{ email: string; channel: string }>;
  now?: () => Date;
}

/** The removal of a customer's exports alone, for work that runs without the rest of the service (decision 072). */
export function exportRemoval({ repo, blobs }: { repo: Pick<BackupRepository, 'idsOf' | 'deleteAllOf'>; blobs: Pick<BlobStore, 'deletePrefix'> }) {
  return {
    /**
     * Removes all of the customer's exports (when their library is emptied; the account stays). The chunk
     * files go before the rows, so a process stopped in between leaves rows that a second call removes,
     * never files no row names; an export's files written in between go after the rows. Answers how many
     * were removed.
     */
    async deleteAllOf(customerId: string): Promise<number> {
      for (const id of await repo.idsOf(customerId)) await blobs.deletePrefix(exportBlobPrefix(customerId, id));
      const removed = await repo.deleteAllOf(customerId, EXPORT_JOB);
      for (const row of removed) await blobs.deletePrefix(exportBlobPrefix(row.customer_id, row.id));
      return removed.length;
    },
  };
}

export function backupService({ repo, blobs, jobs, libraryOriginals, libraryVersion, customerOf, now = () => new Date() }: BackupServiceDeps) {
  const created = (row: BackupsTable): BackupCreated => ({ id: row.id, requested: row.requested_at, status: row.status === 'in-progress' ? 'in-progress' : 'requested' });
  const isExpired = (row: BackupsTable) => row.processed_at !== null && exportExpiry(row.processed_at).getTime() <= now().getTime();

  /** Exports made after this still have working links. */
  const madeAfter = () => new Date(now().getTime() - EXPORT_LINK_VALID_DAYS * DAY_MS).toISOString();

  /** The caller's export while its links work; another customer's, an unknown and an expired one are all 404. */
  async function visible(identity: Identity, id: string): Promise<BackupsTable> {
    const row = await repo.findOwned(identity.customerId, id);
    if (!row || isExpired(row)) throw notFound('Export not found');
    return row;
  }

  /** The refusal when the customer already keeps MAX_READY_EXPORTS ready exports, with the time until the oldest expires. */
  async function tooManyReady(customerId: string): Promise<TooManyExports | undefined> {
    const ready = await repo.readySince(customerId, madeAfter());
    if (ready.length < MAX_READY_EXPORTS) return undefined;
    const freesAt = exportExpiry(ready[ready.length - MAX_READY_EXPORTS]!).getTime();
    return new TooManyExports(Math.max(1, Math.ceil((freesAt - now().getTime()) / 1000)));
  }

  /**
   * Starts an export of the whole library, or answers the one already being made: a customer has one at a
   * time, held by the database, so two requests at once make one export.
   */
  async function start(identity: Identity): Promise<BackupCreated> {
    const running = await repo.findUnfinished(identity.customerId);
    if (running) {
      // Enqueueing is idempotent by id; it also restarts an export whose first enqueue a crash cut off.
      await jobs.enqueue<ExportJobPayload>(EXPORT_JOB, running.id, { backupId: running.id });
      return created(running);
    }
    const version = await libraryVersion(identity.customerId);
    const unchanged = await repo.readyOfVersion(identity.customerId, version, madeAfter());
    if (unchanged) throw exportUpToDate(unchanged.id);
    const full = await tooManyReady(identity.customerId);
    if (full) throw full;
    if ((await libraryOriginals(identity.customerId, null, 1)).length === 0) throw libraryEmpty();
    const customer = await customerOf(identity);
    const row: BackupsTable = {
      id: randomUUID(),
      customer_id: identity.customerId,
      status: 'requested',
      requested_at: now().toISOString(),
      processed_at: null,
      email: customer.email,
      locale: channelForHost('', customer.channel).locale,
      chunks_done: 0,
      resume_after: null,
      photos_count: 0,
      skipped_photos: 0,
      mail_sent_at: null,
      error: null,
      library_version: version,
    };
    if (!(await repo.insertIfNoneUnfinished(row))) {
      // Another request won the race: answer its export.
      const winner = await repo.findUnfinished(identity.customerId);
      if (winner) return created(winner);
      // It finished in between: this request starts the next one.
      return start(identity);
    }
    // Checked again now that this export holds the customer's one unfinished place: only it can still
    // become ready, so the count cannot change. Another request's export may have ended since the check above.
    const stillFull = await tooManyReady(identity.customerId);
    if (stillFull) {
      await repo.delete(row.id);
      throw stillFull;
    }
    try {
      await jobs.enqueue<ExportJobPayload>(EXPORT_JOB, row.id, { backupId: row.id });
    } catch (error) {
      // An export no job will make must not hold the customer's one place.
      await repo.markFailed(row.id, 'not queued');
      throw error;
    }
    return created(row);
  }

  return {
    start,

    async status(identity: Identity, id: string): Promise<ExportStatus> {
      const row = await visible(identity, id);
      if (row.status === 'failed') throw exportFailed();
      if (row.status !== 'processed' || row.processed_at === null) return { requested: row.requested_at, status: row.status === 'in-progress' ? 'in-progress' : 'requested' };
      const chunks = await repo.chunks(row.id);
      return {
        requested: row.requested_at,
        processed: row.processed_at,
        expires: exportExpiry(row.processed_at).toISOString(),
        chunks: chunks.map((c) => ({ id: c.id, iteration: c.iteration, size: c.size })),
        skippedPhotos: row.skipped_photos,
        photosCount: row.photos_count,
      };
    },

    deleteAllOf: exportRemoval({ repo, blobs }).deleteAllOf,

    /** A signed link to one chunk of a ready export, saved as 'my-photos-export-N-of-total.zip'. */
    async chunkUrl(identity: Identity, id: string, chunkId: string): Promise<SignedUrl> {
      const row = await visible(identity, id);
      const chunk = row.status === 'processed' ? await repo.chunk(row.id, chunkId) : undefined;
      if (!chunk) throw notFound('Export chunk not found');
      return { url: blobs.signedUrl(chunk.blob_key, { downloadName: exportChunkFileName(chunk.iteration, row.chunks_done) }) };
    },
  };
}
export type BackupService = ReturnType<typeof backupService>;
