import { createHash } from 'node:crypto';
import {
  DOWNLOAD_ARCHIVE_VALID_HOURS,
  type DownloadCreated,
  type DownloadItem,
  type DownloadList,
  type DownloadRequest,
  type SharedAlbumDownloadRequest,
  type SharedPhotoRef,
  type SignedUrl,
} from '@shoebox/contracts';
import type { Identity } from '../../platform/auth/access-token.js';
import type { BlobStore } from '../../platform/blobs/blob-store.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import { archiveKey, DOWNLOAD_ARCHIVE_JOB, type DownloadArchiveDeps, type DownloadArchivePayload } from './download-archive-job.js';
import type { DownloadRepository, DownloadRow } from './download.repository.js';

/** Archives one customer may have waiting to be made at once; more are refused until one is done (decision 046). */
export const MAX_PENDING_DOWNLOADS = 5;
/**
 * Archives one customer may keep at once, in the making or ready to fetch (decision 046): each holds up to
 * 100 originals for 72 hours, so without it one customer asking again and again could fill the blob store.
 */
export const MAX_LIVE_DOWNLOADS = 50;
/**
 * Bytes one customer's kept archives may hold at once (decision 080): two archives of 100 of the largest
 * originals, or dozens of phone photos' archives. Counted by the originals' sizes when an archive is asked
 * for, by its zip's once made.
 */
export const MAX_KEPT_ARCHIVE_BYTES = 10 * 1024 ** 3;
/** When a refused customer may try again: about the time a 100-photo archive takes to make. */
export const PENDING_DOWNLOADS_RETRY_AFTER_SECONDS = 30;
/** The downloads page lists this many of the newest archives; older ones have long expired. */
export const DOWNLOAD_LIST_LIMIT = 100;

/** Checks a request with the photos and albums services' answers the archive job reads again (originalsOf, sharedPhotoOwners). */
export interface DownloadServiceDeps extends Pick<DownloadArchiveDeps, 'originalsOf' | 'sharedPhotoOwners'> {
  repo: DownloadRepository;
  jobs: Pick<JobQueue, 'enqueue'>;
  blobs: Pick<BlobStore, 'signedUrl' | 'delete'>;
  now?: () => number;
}

/** The same id was used for another request, by this customer or anyone else: one answer for both, so it says nothing of the other. */
const idInUse = () => new AppError(409, 'download_id_in_use', 'This download id belongs to another request');
const photoNotFound = () => notFound('Photo not found');

const tooManyDownloads = () =>
  new AppError(429, 'too_many_downloads', `At most ${MAX_LIVE_DOWNLOADS} archives can be kept at once; older ones expire after ${DOWNLOAD_ARCHIVE_VALID_HOURS} hours`, undefined, {
    limit: MAX_LIVE_DOWNLOADS,
  });

const downloadsTooLarge = () =>
  new AppError(
    429,
    'downloads_too_large',
    `Your archives kept at once may hold at most ${MAX_KEPT_ARCHIVE_BYTES / 1024 ** 3} GB; older ones expire after ${DOWNLOAD_ARCHIVE_VALID_HOURS} hours`,
    undefined,
    { maxBytes: MAX_KEPT_ARCHIVE_BYTES },
  );

class TooManyPendingDownloads extends AppError {
  override readonly retryAfterSeconds = PENDING_DOWNLOADS_RETRY_AFTER_SECONDS;
  constructor() {
    super(429, 'too_many_pending_downloads', `At most ${MAX_PENDING_DOWNLOADS} archives can be in the making at once`, undefined, {
      limit: MAX_PENDING_DOWNLOADS,
      retryAfterSeconds: PENDING_DOWNLOADS_RETRY_AFTER_SECONDS,
    });
  }
}

/** The row a new archive is recorded with: pending, nothing of its outcome yet. */
export const pendingDownloadRow = (o: { id: string; customerId: string; name: string | null; refs: SharedPhotoRef[]; createdAt: string; plannedBytes?: number }): DownloadRow => ({
  id: o.id,
  customer_id: o.customerId,
  name: o.name,
  photos: JSON.stringify(o.refs),
  photos_count: o.refs.length,
  state: 'pending',
  size: null,
  left_out: 0,
  error: null,
  created_at: o.createdAt,
  finished_at: null,
  expires_at: null,
  planned_bytes: o.plannedBytes ?? null,
  selection: selectionOf(o.refs),
});

/** The same photos of the same owners, in any order, make the same key. */
export const selectionOf = (refs: SharedPhotoRef[]) =>
  createHash('sha256')
    .update(
      refs
        .map((r) => `${r.ownerId}/${r.photoId}`)
        .sort()
        .join('\n'),
    )
    .digest('base64url');

const bytesOf = (originals: { bytes: number }[]) => originals.reduce((sum, o) => sum + Number(o.bytes), 0);
const refsOf = (row: DownloadRow) => JSON.parse(row.photos) as SharedPhotoRef[];
const sameRefs = (a: SharedPhotoRef[], b: SharedPhotoRef[]) => a.length === b.length && a.every((r, i) => r.photoId === b[i]?.photoId && r.ownerId === b[i]?.ownerId);

/** The removal of a customer's archives alone, for work that runs without the rest of the service (decision 072). */
export function downloadRemoval({ repo, blobs }: { repo: Pick<DownloadRepository, 'idsOf' | 'deleteAllOf'>; blobs: Pick<BlobStore, 'delete'> }) {
  return {
    /**
     * Removes all of the customer's archives (when their library is emptied; the account stays). The bytes
     * go before the rows, so a process stopped in between leaves rows that a second call removes with their
     * (already missing) files, never files no row names; an archive made in between goes after the rows.
     * Answers how many were removed.
     */
    async deleteAllOf(customerId: string): Promise<number> {
      for (const id of await repo.idsOf(customerId)) await blobs.delete(archiveKey(customerId, id));
      const removed = await repo.deleteAllOf(customerId, DOWNLOAD_ARCHIVE_JOB);
      for (const row of removed) await blobs.delete(archiveKey(row.customer_id, row.id));
      return removed.length;
    },
  };
}

export function downloadService(deps: DownloadServiceDeps) {
  const { repo, jobs, blobs } = deps;
  const now = deps.now ?? Date.now;

  const created = (row: Pick<DownloadRow, 'id' | 'name'>, refs: SharedPhotoRef[]): DownloadCreated => ({ id: row.id, name: row.name, photos: refs.map((r) => r.photoId) });

  /**
   * The archive this request names, when it was asked for before: the same request again (a double click, a
   * retry) is answered as the first was and its job asked for again, which adds nothing while it exists.
   */
  async function repeated(identity: Identity, existing: DownloadRow, refs: SharedPhotoRef[]): Promise<DownloadCreated> {
    if (existing.customer_id !== identity.customerId || !sameRefs(refsOf(existing), refs)) throw idInUse();
    if (existing.state === 'pending') await enqueue(existing.id);
    return created(existing, refs);
  }

  const enqueue = (downloadId: string) => jobs.enqueue<DownloadArchivePayload>(DOWNLOAD_ARCHIVE_JOB, downloadId, { downloadId });

  /**
   * Records the archive and asks for its job; the photos (and their originals' bytes) have been checked by
   * the caller. A selection asked again while its archive lives is answered with that archive.
   */
  async function start(identity: Identity, id: string, name: string | undefined, refs: SharedPhotoRef[], plannedBytes: number): Promise<DownloadCreated> {
    const row = pendingDownloadRow({ id, customerId: identity.customerId, name: name ?? null, refs, createdAt: new Date(now()).toISOString(), plannedBytes });
    const outcome = await repo.create(row, { pending: MAX_PENDING_DOWNLOADS, kept: MAX_LIVE_DOWNLOADS, bytes: MAX_KEPT_ARCHIVE_BYTES });
    if ('existing' in outcome) return repeated(identity, outcome.existing, refs);
    if ('identical' in outcome) {
      if (outcome.identical.state === 'pending') await enqueue(outcome.identical.id);
      return created(outcome.identical, refsOf(outcome.identical));
    }
    if ('full' in outcome) throw outcome.full === 'pending' ? new TooManyPendingDownloads() : outcome.full === 'kept' ? tooManyDownloads() : downloadsTooLarge();
    // Stored after the row: a request that fails here leaves a pending row its retry (or the sweep) asks the job for again.
    await enqueue(id);
    return created(row, refs);
  }

  function itemOf(row: DownloadRow, at: number): DownloadItem {
    const lapsed = row.state === 'ready' && row.expires_at !== null && Date.parse(row.expires_at) <= at;
    return {
      id: row.id,
      name: row.name,
      photosCount: row.photos_count - row.left_out,
      size: row.size === null ? null : Number(row.size),
      state: lapsed ? 'expired' : row.state,
      created: row.created_at,
      expires: row.expires_at,
      error: row.error,
    };
  }

  return {
    /** An archive of the caller's own photos; another customer's, unknown or deleted photo is a 404 naming none. */
    async create(identity: Identity, request: DownloadRequest): Promise<DownloadCreated> {
      const refs = request.photos.map((photoId) => ({ photoId, ownerId: identity.customerId }));
      const existing = await repo.find(request.id);
      if (existing) return repeated(identity, existing, refs);
      const originals = await deps.originalsOf(identity.customerId, request.photos);
      if (originals.length !== request.photos.length) throw photoNotFound();
      return start(identity, request.id, request.name, refs, bytesOf(originals));
    },

    /**
     * An archive of photos of shared albums the caller owns or takes part in. A photo in none of them is a 404
     * naming none; one the caller can see there under another owner than the one given is a 400 naming it.
     */
    async createShared(identity: Identity, request: SharedAlbumDownloadRequest): Promise<DownloadCreated> {
      const refs = request.photos.map(({ photoId, ownerId }) => ({ photoId, ownerId }));
      const existing = await repo.find(request.id);
      if (existing) return repeated(identity, existing, refs);
      const owners = await deps.sharedPhotoOwners(identity.customerId, refs.map((r) => r.photoId));
      if (refs.some((r) => !owners.has(r.photoId))) throw photoNotFound();
      const wrong = refs.find((r) => owners.get(r.photoId) !== r.ownerId);
      if (wrong) throw new AppError(400, 'wrong_photo_owner', 'A photo was given with an owner it does not have', undefined, { photoId: wrong.photoId });
      const ownerIds = [...new Set(refs.map((r) => r.ownerId))];
      const originals = await Promise.all(ownerIds.map((ownerId) => deps.originalsOf(ownerId, refs.filter((r) => r.ownerId === ownerId).map((r) => r.photoId))));
      return start(identity, request.id, request.name, refs, bytesOf(originals.flat()));
    },

    async list(identity: Identity): Promise<DownloadList> {
      const at = now();
      return { items: (await repo.listFor(identity.customerId, DOWNLOAD_LIST_LIMIT)).map((row) => itemOf(row, at)) };
    },

    /** A link to the caller's finished archive while it lasts: 409 while it is being made, 404 for any other. */
    async url(identity: Identity, id: string): Promise<SignedUrl> {
      const row = await repo.find(id);
      if (!row || row.customer_id !== identity.customerId) throw notFound('Download not found');
      const item = itemOf(row, now());
      if (item.state === 'pending') throw new AppError(409, 'download_not_ready', 'The archive is still being made');
      if (item.state !== 'ready') throw notFound('Download not found');
      return { url: blobs.signedUrl(archiveKey(row.customer_id, row.id), { downloadName: `${row.id}.zip` }) };
    },

    deleteAllOf: downloadRemoval({ repo, blobs }).deleteAllOf,

    /** Asks again for the job of archives pending since before `before`, in case a stopped request never stored it. */
    async resumePending(before: number, limit: number): Promise<number> {
      const rows = await repo.pendingSince(new Date(before).toISOString(), limit);
      for (const row of rows) await enqueue(row.id);
      return rows.length;
    },
  };
}
export type DownloadService = ReturnType<typeof downloadService>;
