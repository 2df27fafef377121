import { UPLOAD_MAX_BYTES, UPLOAD_MAX_PIXELS, uploadMetadataSchema } from '@shoebox/contracts';
import { AppError, badRequest, parseRequest } from '../../platform/http/errors.js';
import type { AlbumService } from '../albums/album.service.js';
import type { IngestedPhotoToStore, PhotoService, StoredPhoto } from '../photos/photo.service.js';
import { IngestRejection } from './ingest/ingest-rejection.js';
import { IngestBusy, ingestPhotoIsolated } from './ingest/isolated-ingest.js';
import { dateFromLastModified, type DateTaken } from './ingest/read-date-taken.js';
import { UploadBusy } from './upload-busy.js';
import type { UploadDatastore } from './store/upload-datastore.js';
import { givingUp, RECOVERY_INTERVAL_MS } from './upload-giving-up.js';
import {
  libraryFull,
  MAX_LIBRARY_PHOTOS,
  MAX_UNFINISHED_UPLOAD_BYTES,
  MAX_UNFINISHED_UPLOADS,
  NoPlaceForUpload,
  secondsUntilRoomFor,
  UPLOAD_RATE_WINDOW_MS,
  UPLOADS_PER_MINUTE,
} from './upload-limits.js';
import type { UploadRepository } from './upload.repository.js';

export interface IngestResult {
  photoId: string;
  /** The customer already had this photo from another upload: nothing new was kept. */
  duplicate: boolean;
}

/** A file the customer had before, made a photo by the same ingest as an upload: stored, refused (and why), or to be tried again later. */
export type ImportOutcome = { outcome: 'stored'; photoId: string; duplicate: boolean } | { outcome: 'refused'; reason: string } | { outcome: 'busy' };

/** What a finished upload answers when its client asks where it stands. */
export interface FinishedUpload extends IngestResult {
  declaredBytes: number;
}

/**
 * The rules of uploading: who may start an upload and how many, and how a completely received upload
 * becomes a photo in the customer's library (and in the album it was for), exactly once.
 */
export function uploadService(o: {
  uploads: UploadRepository;
  datastore: UploadDatastore;
  photos: PhotoService;
  albums: AlbumService;
  /** Refuses a customer who may not add photos (a Blocked business account, decision 077). */
  mayAdd: (customerId: string) => Promise<void>;
}) {
  const { uploads, datastore } = o;
  /** Ingests under way in this process, so a resumed client and the recovery pass join the one already running. */
  const running = new Map<string, Promise<IngestResult>>();

  /** Checks a file, makes its renditions and stores it as the customer's photo, once per distinct content; `fallbackDate` when its EXIF has no date. */
  async function storePhoto({
    fallbackDate = null,
    ...s
  }: { customerId: string; fileName: string; uploadId: string; filePath: string; fallbackDate?: DateTaken | null } & Pick<IngestedPhotoToStore, 'uploadedAt' | 'alsoInTransaction'>): Promise<StoredPhoto> {
    const ingested = await ingestPhotoIsolated(s.filePath, { customerId: s.customerId, maxBytes: UPLOAD_MAX_BYTES, maxPixels: UPLOAD_MAX_PIXELS });
    return o.photos.storeIngested({ ...ingested, dateTaken: ingested.dateTaken ?? fallbackDate, ...s });
  }

  /** The file's last-modified time as its browser sent it (tus metadata lastModified, lastModifiedOffset); a malformed one is none. */
  async function lastModifiedOf(uploadId: string): Promise<DateTaken | null> {
    const metadata = (await datastore.store.getUpload(uploadId).catch(() => undefined))?.metadata;
    return dateFromLastModified(metadata?.lastModified, metadata?.lastModifiedOffset);
  }

  /** The upload was made for an album: the photo goes there too. An album gone or not the customer's to change keeps it in the library only. */
  async function placeInAlbum(customerId: string, albumId: string, photoId: string): Promise<void> {
    try {
      await o.albums.addPhotos({ customerId }, albumId, [photoId]);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }

  /**
   * When the customer's unfinished uploads are certain to leave room for one of `bytes`: each is given up
   * at the first recovery pass after it expired (one whose bytes are gone, at the next pass; one received
   * on another machine, by that machine a day after its last byte at the latest).
   */
  async function secondsUntilPlaceFor(customerId: string, bytes: number): Promise<number> {
    const now = Date.now();
    const held = await Promise.all(
      (await uploads.unfinishedOf(customerId)).map(async (upload) => {
        const giveUp = givingUp(upload, { machineId: datastore.machineId, lastWrittenAt: await datastore.lastWrittenAt(upload.id), now });
        return { declaredBytes: Number(upload.declared_bytes), givenUpAt: Math.max(giveUp.at, now) + RECOVERY_INTERVAL_MS };
      }),
    );
    return secondsUntilRoomFor(bytes, held, now);
  }

  /**
   * The album an upload is for must take the photo: the albums' own rule, asked before any byte arrives.
   * One that is not there (or not the customer's) is `album_not_found`, so a client never takes it for
   * its upload being gone (`not_found`); a shared one is the albums' `shared_album`.
   */
  async function checkAlbum(customerId: string, albumId: string): Promise<void> {
    try {
      await o.albums.checkCanAddPhotos({ customerId }, albumId);
    } catch (error) {
      if (error instanceof AppError && error.code === 'not_found') throw new AppError(404, 'album_not_found', 'The album this photo is for does not exist');
      throw error;
    }
  }

  /** Once per upload in the whole cluster at a time: one that another instance finished meanwhile answers its outcome. */
  const ingest = (uploadId: string) => datastore.alone(uploadId, () => ingestAlone(uploadId));

  async function ingestAlone(uploadId: string): Promise<IngestResult> {
    const upload = await uploads.find(uploadId);
    if (!upload) throw new Error(`Unknown upload ${uploadId}`);
    if (upload.status === 'done' && upload.photo_id) return { photoId: upload.photo_id, duplicate: upload.duplicate === 1 };
    await uploads.markIngesting(uploadId);
    const fallbackDate = await lastModifiedOf(uploadId);
    const file = await datastore.localFile(uploadId);
    if (!file) {
      // Finished meanwhile by another instance, which removed the bytes: its outcome is the answer.
      const now = await uploads.find(uploadId);
      if (now?.status === 'done' && now.photo_id) return { photoId: now.photo_id, duplicate: now.duplicate === 1 };
      throw new Error(`The bytes of upload ${uploadId} are gone`);
    }
    let stored: StoredPhoto;
    try {
      stored = await storePhoto({ customerId: upload.customer_id, fileName: upload.file_name, uploadId, filePath: file.path, fallbackDate });
    } catch (error) {
      // The bytes stay for the client's retry or the recovery pass: a busy server loses no upload.
      if (error instanceof IngestBusy) throw new UploadBusy();
      if (!(error instanceof IngestRejection)) throw error;
      await uploads.finish(uploadId, 'rejected', { error: error.reason });
      // Nothing of a refused file is kept.
      await datastore.remove(uploadId);
      throw error;
    } finally {
      await file.release();
    }
    // The same upload stored again (its server stopped before recording the outcome) is no duplicate of itself.
    const result = { photoId: stored.photoId, duplicate: stored.duplicate && stored.uploadId !== uploadId };
    if (upload.album_id) await placeInAlbum(upload.customer_id, upload.album_id, result.photoId);
    await uploads.finish(uploadId, 'done', { photo_id: result.photoId, duplicate: result.duplicate ? 1 : 0 });
    await datastore.remove(uploadId);
    return result;
  }

  return {
    storePhoto,

    /**
     * Makes a photo of a file the customer uploaded before this library existed (library activation's
     * import): the same checks, dates, renditions and de-duplication as an upload. `sourceId` is kept as
     * the photo's upload id; `fallbackDate` stands in when the file has no date of its own.
     */
    async importPhoto(s: {
      customerId: string;
      fileName: string;
      sourceId: string;
      filePath: string;
      uploadedAt: string;
      fallbackDate: DateTaken | null;
      alsoInTransaction: IngestedPhotoToStore['alsoInTransaction'];
    }): Promise<ImportOutcome> {
      try {
        const { sourceId, ...rest } = s;
        const stored = await storePhoto({ ...rest, uploadId: sourceId });
        return { outcome: 'stored', photoId: stored.photoId, duplicate: stored.duplicate };
      } catch (error) {
        if (error instanceof IngestBusy) return { outcome: 'busy' };
        if (error instanceof IngestRejection) return { outcome: 'refused', reason: error.reason };
        throw error;
      }
    },

    /** Records a new upload of the customer's, or refuses it with a message for them. */
    async begin(customerId: string, u: { id: string; fileName: string | undefined; size: number | undefined; albumId: string | undefined }): Promise<{ fileName: string }> {
      // The name is shown to everyone an album of the photo is shared with: the contract refuses control and text-direction characters.
      const { filename: fileName } = parseRequest(uploadMetadataSchema, { filename: u.fileName, albumId: u.albumId }, 'upload metadata');
      if (u.size === undefined) throw badRequest('The file size must be known before uploading');
      if (u.size === 0) throw new AppError(422, 'empty', 'The file is empty');
      await o.mayAdd(customerId);
      // The album is checked now, before any byte arrives, by the same rule that places the photo in it later.
      if (u.albumId !== undefined) await checkAlbum(customerId, u.albumId);
      const now = Date.now();
      const created = await uploads.create(
        { id: u.id, customer_id: customerId, file_name: fileName, album_id: u.albumId ?? null, declared_bytes: u.size, machine_id: datastore.machineId },
        {
          photos: MAX_LIBRARY_PHOTOS,
          uploads: MAX_UNFINISHED_UPLOADS,
          bytes: MAX_UNFINISHED_UPLOAD_BYTES,
          perWindow: UPLOADS_PER_MINUTE,
          windowStart: new Date(now - UPLOAD_RATE_WINDOW_MS).toISOString(),
        },
      );
      if (created.outcome === 'library_full') throw libraryFull();
      if (created.outcome === 'too_many') {
        throw new NoPlaceForUpload(
          'too_many_unfinished_uploads',
          `You already have ${MAX_UNFINISHED_UPLOADS} unfinished uploads: let them finish before starting more`,
          { maxUploads: MAX_UNFINISHED_UPLOADS },
          await secondsUntilPlaceFor(customerId, u.size),
        );
      }
      if (created.outcome === 'too_large') {
        throw new NoPlaceForUpload(
          'unfinished_uploads_too_large',
          `Your unfinished uploads already come to nearly ${MAX_UNFINISHED_UPLOAD_BYTES / 1024 ** 3} GB: let them finish before starting more`,
          { maxBytes: MAX_UNFINISHED_UPLOAD_BYTES },
          await secondsUntilPlaceFor(customerId, u.size),
        );
      }
      if (created.outcome === 'too_fast') {
        // Until the oldest upload of the full window leaves it.
        const waitMs = Date.parse(created.oldestInWindow) + UPLOAD_RATE_WINDOW_MS - now;
        throw new NoPlaceForUpload(
          'too_many_uploads',
          `You started ${UPLOADS_PER_MINUTE} uploads in the last minute: the next one can start shortly`,
          { maxUploads: UPLOADS_PER_MINUTE },
          Math.max(1, Math.ceil(waitMs / 1000)),
        );
      }
      return { fileName };
    },

    /** Whether the upload is the customer's; another customer's is treated as one that does not exist. */
    async isOwnedBy(customerId: string, uploadId: string): Promise<boolean> {
      return (await uploads.find(uploadId))?.customer_id === customerId;
    },

    /** The length the upload declared, for messages about it. */
    declaredBytes: async (uploadId: string) => (await uploads.find(uploadId))?.declared_bytes,

    /** Gives an unfinished upload up: its client ended it, it was abandoned or it expired. Its place is freed and its bytes removed. */
    async end(uploadId: string, reason: 'cancelled' | 'abandoned' | 'expired'): Promise<void> {
      await uploads.finish(uploadId, 'rejected', { error: reason });
      // The tus server removes what a client ends itself.
      if (reason !== 'cancelled') await datastore.remove(uploadId);
    },

    /**
     * Turns a completely received upload into a photo and removes its bytes; a repeated call answers the
     * same. Throws IngestRejection when the file is not an acceptable photo, UploadBusy (the upload
     * kept) when its photo cannot be made yet.
     */
    complete(uploadId: string): Promise<IngestResult> {
      let pending = running.get(uploadId);
      if (!pending) {
        pending = ingest(uploadId).finally(() => running.delete(uploadId));
        running.set(uploadId, pending);
      }
      return pending;
    },

    /**
     * Where a customer's upload stands for a client that resumes it: finished (with its photo), or
     * undefined while bytes are still to come. One whose bytes all arrived but whose photo was never made
     * (the server stopped) is finished now.
     */
    async resumed(customerId: string, uploadId: string): Promise<FinishedUpload | undefined> {
      const upload = await uploads.find(uploadId);
      if (!upload || upload.customer_id !== customerId || upload.status === 'rejected') return undefined;
      // Upload recovery may finish it, and remove its bytes, between the two reads: then it is done.
      if (upload.status !== 'done' && !(await datastore.isComplete(uploadId)) && (await uploads.find(uploadId))?.status !== 'done') return undefined;
      return { ...(await this.complete(uploadId)), declaredBytes: upload.declared_bytes };
    },
  };
}
export type UploadService = ReturnType<typeof uploadService>;
