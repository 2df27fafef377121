import { randomUUID } from 'node:crypto';
import {
  THUMBNAIL_SIZES,
  UNKNOWN_DATE,
  type AccountPhotoInfo,
  type FailedList,
  type Photo,
  type PhotoInTimeline,
  type PhotoPage,
  type Picture,
  type SortKey,
  type SortOptions,
  type SortOrder,
  type TimelineCounts,
} from '@shoebox/contracts';
import type { Identity } from '../../platform/auth/access-token.js';
import type { BlobStore } from '../../platform/blobs/blob-store.js';
import type { Transaction } from 'kysely';
import type { Database, PhotosTable } from '../../platform/db/schema.js';
import { notFound } from '../../platform/http/errors.js';
import { ttlCache } from '../../platform/cache/ttl-cache.js';
import { decodeCursor, nextCursor, type Cursor } from '../../platform/db/keyset.js';
import { originalKey, photoBlobPrefix, renditionKey } from '../../platform/blobs/photo-blob-keys.js';
import type { PhotoRepository } from './photo.repository.js';

export interface Rendition {
  size: number;
  width: number;
  height: number;
}

/** A checked photo, ready to keep: what the ingest step made of a customer's file. */
export interface IngestedPhotoToStore {
  customerId: string;
  uploadId: string;
  fileName: string;
  /** The original bytes, on disk; left where they are. */
  filePath: string;
  mime: string;
  checksum: string;
  bytes: number;
  width: number;
  height: number;
  dateTaken: { local: string; offset: string | null } | null;
  renditions: (Rendition & { jpeg: Buffer })[];
  /** When the customer first uploaded it, if not now (a photo brought from the retailer's older system). */
  uploadedAt?: string;
  /** The caller's record that this photo was made, written in the photo row's transaction (not for a duplicate). */
  alsoInTransaction?: (trx: Transaction<Database>, photoId: string) => Promise<void>;
}

export interface StoredPhoto {
  photoId: string;
  /** The customer already had a photo with these bytes: that one is answered, nothing new is kept. */
  duplicate: boolean;
  /** The upload the answered photo came from. */
  uploadId: string;
}

/** A photo's original as an archive takes it: the name it was uploaded under and where its bytes are. */
export interface PhotoOriginal {
  photoId: string;
  fileName: string;
  blobKey: string;
  bytes: number;
}

const toOriginal = (row: Pick<PhotosTable, 'id' | 'customer_id' | 'original_name' | 'mime' | 'bytes'>): PhotoOriginal => ({
  photoId: row.id,
  fileName: row.original_name,
  blobKey: originalKey(row.customer_id, row.id, row.mime),
  bytes: Number(row.bytes),
});

const monthKey = (year: number, month: number) => `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;

export interface PageQuery {
  cursor?: string;
  limit: number;
  sortKey: SortKey;
  sortOrder: SortOrder;
}

/** `countAlbums` comes from the albums module: the library's header shows both counts. */
/**
 * Answers for unchanged libraries are served from memory. Keys carry the library's version, which every
 * change moves on in its own transaction, so no machine serves a stale answer; entries also expire well
 * before the signed URLs inside them do.
 */
const CACHE_TTL_MS = 10 * 60 * 1000;
const COUNTS_CACHE_SIZE = 10_000;
const PAGES_CACHE_SIZE = 1_000;

export function photoService(repo: PhotoRepository, blobs: BlobStore, countAlbums: (customerId: string) => Promise<{ own: number; read: number }>) {
  // Kept serialized: sending cached bytes costs no JSON work at all.
  const countsCache = ttlCache<string>(COUNTS_CACHE_SIZE, CACHE_TTL_MS);
  const pagesCache = ttlCache<string>(PAGES_CACHE_SIZE, CACHE_TTL_MS);

  function toPhoto(row: PhotosTable): Photo {
    const renditions = JSON.parse(row.renditions) as Rendition[];
    const largest = renditions.reduce((a, b) => (b.size > a.size ? b : a));
    const signed = new Map<number, string>();
    const renditionUrl = (size: number) => {
      let url = signed.get(size);
      if (!url) signed.set(size, (url = blobs.signedUrl(renditionKey(row.customer_id, row.id, size))));
      return url;
    };
    const thumbnails = THUMBNAIL_SIZES.map((size) => {
      // A small photo has no larger rendition than its own size: the next smaller one stands in.
      const r = renditions.find((x) => x.size === size) ?? largest;
      return { id: `${row.id}-${size}`, url: renditionUrl(r.size), width: r.width, height: r.height };
    });
    return {
      imageId: row.id,
      localFileName: row.original_name,
      url: renditionUrl(largest.size),
      untouchedUrl: blobs.signedUrl(originalKey(row.customer_id, row.id, row.mime), { downloadName: row.original_name }),
      uploadId: row.upload_id,
      ...(row.date_taken === UNKNOWN_DATE ? {} : { dateTaken: `${row.date_taken}${row.date_taken_offset ?? ''}` }),
      uploadEnd: row.uploaded_at,
      visibleWidth: row.width,
      visibleHeight: row.height,
      thumbnails,
    };
  }

  function toPage(rows: PhotosTable[], query: PageQuery): PhotoPage {
    return {
      images: rows.map(toPhoto),
      cursor: nextCursor(rows, query.limit, (last) => ({ value: query.sortKey === 'created' ? last.uploaded_at : last.date_taken, id: last.id })),
    };
  }

  async function loadTimelineCounts(customerId: string, sortKey: SortKey): Promise<TimelineCounts> {
    const counts: TimelineCounts = {};
    for (const { month, count } of await repo.monthCounts(customerId, sortKey)) {
      const [year, m] = month.split('-');
      const byMonth = (counts[String(Number(year))] ??= {});
      byMonth[String(Number(m))] = Number(count);
    }
    return counts;
  }

  /**
   * The photo after `from` when walking the timeline in `order`: the next one in its month, else the first of
   * the next month with photos. 'Unknown Date' is filed under the lowest month there is (UNKNOWN_DATE), so
   * it comes last newest-first and first oldest-first, as the timeline shows it.
   */
  async function neighbour(customerId: string, sortKey: SortKey, order: SortOrder, month: string, from: Cursor): Promise<PhotosTable | undefined> {
    const [sameMonth] = await repo.monthPage(customerId, sortKey, order, month, from, 1);
    if (sameMonth) return sameMonth;
    const other = await repo.adjacentMonth(customerId, sortKey, month, order === 'asc' ? 'up' : 'down');
    if (!other) return undefined;
    const [first] = await repo.monthPage(customerId, sortKey, order, other, undefined, 1);
    return first;
  }

  return {
    toPhoto,

    /** The timeline counts as JSON text (TimelineCounts). */
    async timelineCountsJson(identity: Identity, sortKey: SortKey): Promise<string> {
      const version = await repo.libraryVersion(identity.customerId);
      return countsCache.getOrLoad(`${identity.customerId}|${version}|${sortKey}`, async () => JSON.stringify(await loadTimelineCounts(identity.customerId, sortKey)));
    },


    /** One page of a month as JSON text (PhotoPage). */
    async monthPageJson(identity: Identity, year: number, month: number, query: PageQuery): Promise<string> {
      const version = await repo.libraryVersion(identity.customerId);
      const key = [identity.customerId, version, year, month, query.sortKey, query.sortOrder, query.limit, query.cursor ?? ''].join('|');
      return pagesCache.getOrLoad(key, async () => {
        const rows = await repo.monthPage(identity.customerId, query.sortKey, query.sortOrder, monthKey(year, month), decodeCursor(query.cursor), query.limit);
        return JSON.stringify(toPage(rows, query));
      });
    },

    async listPage(identity: Identity, query: PageQuery): Promise<PhotoPage> {
      const rows = await repo.listPage(identity.customerId, query.sortKey, query.sortOrder, decodeCursor(query.cursor), query.limit);
      return toPage(rows, query);
    },

    /**
     * One of the customer's photos and where it sits in the timeline under a sort: its month and the photos
     * before and after it, across months, in the order the timeline shows them. A handful of index reads
     * wherever the photo is; its month is never read whole.
     */
    async photoInTimeline(identity: Identity, photoId: string, sort: SortOptions): Promise<PhotoInTimeline> {
      const row = await repo.findOwned(identity.customerId, photoId);
      if (!row) throw notFound('Photo not found');
      const [month, value] = sort.sortKey === 'created' ? [row.upload_month, row.uploaded_at] : [row.taken_month, row.date_taken];
      const [previous, next] = await Promise.all([
        neighbour(identity.customerId, sort.sortKey, sort.sortOrder === 'asc' ? 'desc' : 'asc', month, { value, id: row.id }),
        neighbour(identity.customerId, sort.sortKey, sort.sortOrder, month, { value, id: row.id }),
      ]);
      return {
        photo: toPhoto(row),
        year: Number(month.slice(0, 4)),
        month: Number(month.slice(5, 7)),
        previous: previous ? toPhoto(previous) : null,
        next: next ? toPhoto(next) : null,
      };
    },

    async accountInfo(identity: Identity): Promise<AccountPhotoInfo> {
      const [albums, photosCount] = await Promise.all([countAlbums(identity.customerId), repo.photoCount(identity.customerId)]);
      return { albumsCount: albums.own, photosCount, readAlbumsCount: albums.read };
    },

    /** Ids that are not the customer's own (another customer's, unknown, already gone) come back as failed. */
    async deletePhotos(identity: Identity, photoIds: string[]): Promise<FailedList> {
      const unique = [...new Set(photoIds)];
      const deleted = new Set(await repo.deleteOwned(identity.customerId, unique));
      return { failed: unique.filter((id) => !deleted.has(id)) };
    },

    /**
     * Deletes photos of the library as `deletePhotos` does, only while `stillDue` (run first, in the same
     * transaction) answers true; answers how many went, or undefined when `stillDue` refused.
     */
    async deletePhotosIf(customerId: string, photoIds: string[], stillDue: (trx: Transaction<Database>) => Promise<boolean>): Promise<number | undefined> {
      let refused = false;
      const deleted = await repo.deleteOwned(customerId, [...new Set(photoIds)], async (trx) => {
        refused = !(await stillDue(trx));
        return !refused;
      });
      return refused ? undefined : deleted.length;
    },

    async deletePhoto(identity: Identity, photoId: string): Promise<void> {
      const deleted = await repo.deleteOwned(identity.customerId, [photoId]);
      if (deleted.length === 0) throw notFound('Photo not found');
    },

    /** The customer's originals among the ids, in the order asked for; ids that are not the customer's photos (any more) are left out. */
    async originalsOf(customerId: string, photoIds: string[]): Promise<PhotoOriginal[]> {
      const rows = new Map((await repo.originals(customerId, [...new Set(photoIds)])).map((row) => [row.id, row]));
      return photoIds.flatMap((id) => {
        const row = rows.get(id);
        return row ? [toOriginal(row)] : [];
      });
    },

    /**
     * The smallest thumbnail of each of the ids that is the customer's photo, signed: the picture an order or a
     * saved project shows of the photos it was made from. Ids of another customer's or deleted photos are left
     * out. A caller keeping the answer keeps it for less than CACHE_TTL_MS, as this module's own caches do.
     */
    async picturesOf(customerId: string, photoIds: readonly string[]): Promise<Map<string, Picture>> {
      const rows = await repo.renditionsOf(customerId, [...new Set(photoIds)]);
      return new Map(
        rows.map((row) => {
          const renditions = JSON.parse(row.renditions) as Rendition[];
          const smallest = renditions.reduce((a, b) => (b.size < a.size ? b : a));
          return [row.id, { url: blobs.signedUrl(renditionKey(row.customer_id, row.id, smallest.size)), width: smallest.width, height: smallest.height }];
        }),
      );
    },

    /**
     * One page of the customer's whole library by photo id: the originals after the id `after` (null: from the start),
     * at most `limit`. The last one's photoId is the next page's `after`; an empty page is the end. Photos added or
     * deleted meanwhile are picked up or left out by where their id falls.
     */
    async libraryOriginals(customerId: string, after: string | null, limit: number): Promise<PhotoOriginal[]> {
      if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`A library page holds at least one photo, not ${limit}`);
      return (await repo.originalsAfter(customerId, after, limit)).map(toOriginal);
    },

    /** Moves on with every change to the customer's library. */
    libraryVersion: (customerId: string) => repo.libraryVersion(customerId),

    async deleteAll(identity: Identity): Promise<number> {
      return repo.deleteAll(identity.customerId);
    },

    /**
     * Keeps an ingested photo: its files, then its row, as one recoverable unit. The prefix is recorded
     * before any file is written and cleared in the row's transaction, so files a stopped server left
     * behind are found and removed by the sweeper (photo-blob-sweeper.ts).
     */
    async storeIngested(photo: IngestedPhotoToStore): Promise<StoredPhoto> {
      const existing = await repo.findByChecksum(photo.customerId, photo.checksum);
      if (existing) return { photoId: existing.id, duplicate: true, uploadId: existing.upload_id };

      const photoId = randomUUID();
      const prefix = photoBlobPrefix(photo.customerId, photoId);
      await repo.recordBlobIntent(prefix);
      const forget = async () => {
        await blobs.deletePrefix(prefix);
        await repo.clearBlobIntent(prefix);
      };
      const now = photo.uploadedAt ?? new Date().toISOString();
      const dateTaken = photo.dateTaken?.local ?? UNKNOWN_DATE;
      let inserted: boolean;
      try {
        await blobs.putFile(originalKey(photo.customerId, photoId, photo.mime), photo.filePath, photo.mime);
        for (const r of photo.renditions) await blobs.putBuffer(renditionKey(photo.customerId, photoId, r.size), r.jpeg, 'image/jpeg');
        inserted = await repo.insert(
          {
            id: photoId,
            customer_id: photo.customerId,
            checksum: photo.checksum,
            original_name: photo.fileName,
            mime: photo.mime,
            bytes: photo.bytes,
            width: photo.width,
            height: photo.height,
            date_taken: dateTaken,
            date_taken_offset: photo.dateTaken?.offset ?? null,
            taken_month: dateTaken.slice(0, 7),
            uploaded_at: now,
            upload_month: now.slice(0, 7),
            upload_id: photo.uploadId,
            renditions: JSON.stringify(photo.renditions.map(({ size, width, height }): Rendition => ({ size, width, height }))),
          },
          prefix,
          photo.alsoInTransaction,
        );
      } catch (error) {
        // Left to the sweeper when even this fails: the intent is still recorded.
        await forget().catch(() => undefined);
        throw error;
      }
      if (inserted) return { photoId, duplicate: false, uploadId: photo.uploadId };
      // The same bytes arrived twice at once and the other store won: keep its photo, drop these files.
      await forget();
      const winner = await repo.findByChecksum(photo.customerId, photo.checksum);
      return { photoId: winner?.id ?? photoId, duplicate: true, uploadId: winner?.upload_id ?? photo.uploadId };
    },
  };
}
export type PhotoService = ReturnType<typeof photoService>;
