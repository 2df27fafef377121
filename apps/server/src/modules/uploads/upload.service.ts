import { randomUUID } from 'node:crypto';
import { UNKNOWN_DATE, UPLOAD_MAX_BYTES, UPLOAD_MAX_PIXELS } from '@shoebox/contracts';
import type { BlobStore } from '../../platform/blobs/blob-store.js';
import { photoBlobPrefix, type PhotoRepository } from '../photos/photo.repository.js';
import { originalKey, renditionKey, type Rendition } from '../photos/photo.service.js';
import { IngestRejection } from './ingest/ingest-photo.js';
import { ingestPhotoIsolated } from './ingest/isolated-ingest.js';
import type { UploadRepository } from './upload.repository.js';

export interface IngestResult {
  photoId: string;
  duplicate: boolean;
}

/** Turns a completely received upload into a photo: checks it, makes its renditions, stores it once. */
export function uploadService(uploads: UploadRepository, photos: PhotoRepository, blobs: BlobStore) {
  /** Checks a file, makes its renditions and stores it as the customer's photo, once per distinct content. */
  async function storePhoto(o: { customerId: string; fileName: string; uploadId: string; filePath: string }): Promise<IngestResult> {
    const ingested = await ingestPhotoIsolated(o.filePath, { customerId: o.customerId, maxBytes: UPLOAD_MAX_BYTES, maxPixels: UPLOAD_MAX_PIXELS });
    const existing = await photos.findByChecksum(o.customerId, ingested.checksum);
    if (existing) return { photoId: existing.id, duplicate: true };

    const photoId = randomUUID();
    await blobs.putFile(originalKey(o.customerId, photoId, ingested.mime), o.filePath, ingested.mime);
    for (const r of ingested.renditions) await blobs.putBuffer(renditionKey(o.customerId, photoId, r.size), r.jpeg, 'image/jpeg');
    const now = new Date().toISOString();
    const dateTaken = ingested.dateTaken?.local ?? UNKNOWN_DATE;
    const inserted = await photos.insert({
      id: photoId,
      customer_id: o.customerId,
      checksum: ingested.checksum,
      original_name: o.fileName,
      mime: ingested.mime,
      bytes: ingested.bytes,
      width: ingested.width,
      height: ingested.height,
      date_taken: dateTaken,
      date_taken_offset: ingested.dateTaken?.offset ?? null,
      taken_month: dateTaken.slice(0, 7),
      uploaded_at: now,
      upload_month: now.slice(0, 7),
      upload_id: o.uploadId,
      renditions: JSON.stringify(ingested.renditions.map(({ size, width, height }): Rendition => ({ size, width, height }))),
    });
    if (inserted) return { photoId, duplicate: false };
    // The same bytes arrived twice at once and the other upload won: keep its photo, drop these files.
    await blobs.deletePrefix(photoBlobPrefix(o.customerId, photoId));
    const winner = await photos.findByChecksum(o.customerId, ingested.checksum);
    return { photoId: winner?.id ?? photoId, duplicate: true };
  }

  return {
    storePhoto,

    /** Ingests a completely received upload, remembering the outcome so a repeated call answers the same. */
    async ingest(uploadId: string, filePath: string): Promise<IngestResult> {
      const upload = await uploads.find(uploadId);
      if (!upload) throw new Error(`Unknown upload ${uploadId}`);
      if (upload.status === 'done' && upload.photo_id) return { photoId: upload.photo_id, duplicate: false };
      await uploads.setStatus(uploadId, 'ingesting');
      try {
        const result = await storePhoto({ customerId: upload.customer_id, fileName: upload.file_name, uploadId, filePath });
        await uploads.setStatus(uploadId, 'done', { photo_id: result.photoId });
        return result;
      } catch (error) {
        if (error instanceof IngestRejection) await uploads.setStatus(uploadId, 'rejected', { error: error.reason });
        throw error;
      }
    },
  };
}
export type UploadService = ReturnType<typeof uploadService>;
