import { randomUUID } from 'node:crypto';
import { EXPORT_CHUNK_MAX_BYTES } from '@shoebox/contracts';
import type { BlobStore } from '../../platform/blobs/blob-store.js';
import type { BackupsTable } from '../../platform/db/schema.js';
import type { JobKindOptions, JobRun } from '../../platform/jobs/job-queue.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { writeZipToBlob, type ArchiveEntry } from '../../platform/zip/zip-to-blob.js';
import type { PhotoOriginal } from '../photos/photo.service.js';
import type { BackupRepository, Progress } from './backup.repository.js';
import { chunkBlobKey, exportBlobPrefix, exportExpiry, type ExportJobPayload } from './backup.service.js';
import { exportReadyMail } from './export-ready-mail.js';

/** Photos read from the library at a time: the most the job ever holds of a chunk's list. */
export const EXPORT_PAGE_SIZE = 500;
/** The web's address of an export, as the ready mail links it. */
export const exportPageUrl = (publicUrl: string, backupId: string) => `${publicUrl}/my-photos/exports/${backupId}`;

export interface ExportJobDeps {
  repo: BackupRepository;
  blobs: BlobStore;
  /** A page of the customer's whole library by photo id (the photos module's). */
  libraryOriginals(customerId: string, after: string | null, limit: number): Promise<PhotoOriginal[]>;
  mailer: Mailer;
  publicUrl: string;
  /** The most photo bytes a chunk holds; a single larger photo gets a chunk of its own. */
  chunkMaxBytes?: number;
  pageSize?: number;
  now?: () => Date;
}

/**
 * One chunk's photos, drawn from the library a page at a time as the zip takes them, from the first
 * page on until the next photo would take the chunk past `maxBytes` (the first photo always goes in).
 * `last()` is the last photo handed out: the next chunk starts after it.
 */
function chunkOf(first: PhotoOriginal[], next: (after: string) => Promise<PhotoOriginal[]>, o: { maxBytes: number; pageSize: number }) {
  let last: string | undefined;
  async function* entries(): AsyncGenerator<ArchiveEntry> {
    let bytes = 0;
    for (let page = first; page.length > 0; page = await next(last as string)) {
      for (const photo of page) {
        if (last !== undefined && bytes + photo.bytes > o.maxBytes) return;
        bytes += photo.bytes;
        last = photo.photoId;
        yield { name: photo.fileName, key: photo.blobKey, bytes: photo.bytes };
      }
      if (page.length < o.pageSize) return;
    }
  }
  return { entries, last: () => last };
}

/**
 * The `backup.export` job: walks the library in photo-id order, writes each chunk as a complete zip
 * (atomically, so no half chunk is ever under its key), and records it with the progress in one
 * transaction, so a run after a crash starts at the first unfinished chunk. One final update marks the
 * export processed; the ready mail is claimed in the row before it is sent, so it goes once.
 */
export function exportJob(deps: ExportJobDeps) {
  const { repo, blobs, mailer, publicUrl, chunkMaxBytes = EXPORT_CHUNK_MAX_BYTES, pageSize = EXPORT_PAGE_SIZE, now = () => new Date() } = deps;
  if (!Number.isInteger(chunkMaxBytes) || chunkMaxBytes < 1) throw new RangeError(`An export chunk holds at least one byte, not ${chunkMaxBytes}`);

  /**
   * Makes every chunk not yet made: 'empty' when the library turned out to have no photo left, 'removed'
   * when the export was removed meanwhile (its files are deleted then: no row names them any more).
   */
  async function makeChunks(row: BackupsTable, signal: AbortSignal): Promise<'made' | 'empty' | 'removed'> {
    const customerId = row.customer_id;
    let progress: Progress = { chunksDone: row.chunks_done, resumeAfter: row.resume_after };
    for (;;) {
      signal.throwIfAborted();
      const first = await deps.libraryOriginals(customerId, progress.resumeAfter, pageSize);
      if (first.length === 0) return progress.chunksDone > 0 ? 'made' : 'empty';
      const iteration = progress.chunksDone + 1;
      const key = chunkBlobKey(customerId, row.id, iteration);
      const chunk = chunkOf(first, (after) => deps.libraryOriginals(customerId, after, pageSize), { maxBytes: chunkMaxBytes, pageSize });
      const zip = await writeZipToBlob(blobs, key, chunk.entries(), { signal });
      const lastPhotoId = chunk.last() as string;
      // Every photo of this stretch was deleted meanwhile: no chunk, but the walk moves past them.
      if (zip.written === 0) await blobs.delete(key);
      const made = zip.written > 0 ? { id: randomUUID(), iteration, blob_key: key, size: zip.bytes, photos: zip.written } : null;
      if (!(await repo.recordStretch(row.id, progress, { chunk: made, lastPhotoId, photos: zip.written, skipped: zip.skipped }))) {
        if (!(await repo.find(row.id))) {
          await blobs.deletePrefix(exportBlobPrefix(customerId, row.id));
          return 'removed';
        }
        throw new Error(`Export ${row.id} moved on while chunk ${iteration} was made`);
      }
      progress = { chunksDone: made ? iteration : progress.chunksDone, resumeAfter: lastPhotoId };
    }
  }

  async function sendReadyMail(id: string): Promise<void> {
    const row = await repo.find(id);
    if (row?.status !== 'processed' || row.processed_at === null || row.mail_sent_at !== null) return;
    if (!(await repo.claimMail(id, now().toISOString()))) return;
    const mail = exportReadyMail({
      to: row.email,
      locale: row.locale,
      link: exportPageUrl(publicUrl, id),
      expires: exportExpiry(row.processed_at),
      photos: row.photos_count,
      skipped: row.skipped_photos,
    });
    try {
      await mailer.send(mail);
    } catch (error) {
      // Not handed over: the job's next run claims and sends it again.
      await repo.releaseMail(id);
      throw error;
    }
  }

  return {
    async run(job: JobRun<ExportJobPayload>): Promise<void> {
      const { backupId } = job.payload;
      const row = await repo.find(backupId);
      // Gone (swept) or given up: nothing to do.
      if (!row || row.status === 'failed') return;
      if (row.status !== 'processed') {
        await repo.markInProgress(backupId);
        const made = await makeChunks({ ...row, status: 'in-progress' }, job.signal);
        if (made === 'removed') return;
        if (made === 'empty') {
          if (await repo.markFailed(backupId, 'library_empty')) await blobs.deletePrefix(exportBlobPrefix(row.customer_id, backupId));
          return;
        }
        await repo.markProcessed(backupId, now().toISOString());
      }
      await sendReadyMail(backupId);
    },

    /** The export is failed and its chunks removed, unless it was already made (only its mail failed). */
    options: {
      async onGivenUp(job, error) {
        const row = await repo.find(job.payload.backupId);
        if (row && (await repo.markFailed(row.id, error.message.slice(0, 500)))) await blobs.deletePrefix(exportBlobPrefix(row.customer_id, row.id));
      },
    } satisfies JobKindOptions<ExportJobPayload>,
  };
}
