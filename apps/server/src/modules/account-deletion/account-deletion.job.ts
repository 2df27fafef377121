import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Identity } from '../../platform/auth/access-token.js';
import type { BlobStore } from '../../platform/blobs/blob-store.js';
import { photoBlobPrefix } from '../../platform/blobs/photo-blob-keys.js';
import type { JobRun } from '../../platform/jobs/job-queue.js';
import { DELETE_BATCH, yieldAfter } from '../../platform/jobs/pacing.js';
import type { AlbumService } from '../albums/album.service.js';
import type { PhotoService } from '../photos/photo.service.js';
import type { AccountDeletionRepository } from './account-deletion.repository.js';

export const ACCOUNT_DELETION_JOB = 'account.delete';

const photoFolder = (customerId: string) => photoBlobPrefix(customerId, '').replace(/\/$/, '');

/** Orders and invoices are kept this long after they were placed or issued (decision 066). */
export const BOOKKEEPING_YEARS = 10;
/** A deletion never gives up: it is retried (with the queue's growing waits) until everything is gone. */
const MAX_ATTEMPTS = 1_000;
/** Passes over the library before the deletion fails and is retried later: a new photo can arrive from an upload that was under way. */
const LIBRARY_PASSES = 3;

export interface AccountDeletionPayload {
  /** Only the tombstone: the finished job's row names nobody. */
  tombstone: string;
}

/** What the deletion uses of the modules that own a customer's data; the composition root hands them over. */
export interface AccountDeletionDeps {
  repo: AccountDeletionRepository;
  blobs: BlobStore;
  photos: Pick<PhotoService, 'libraryOriginals' | 'deletePhotos'>;
  albums: Pick<AlbumService, 'delete' | 'deleteShared'>;
  /** Received upload bytes (the tus folder). */
  uploadFiles: { remove(uploadId: string): Promise<void> };
  /** Every blob folder that holds only this customer's files (photos, archives, exports, the older system's photos). */
  blobFoldersOf(customerId: string): string[];
  /** Deletions other modules own (addresses, payment methods, requests, widgets); each takes everything of the customer and may run twice. */
  erasers: ((customerId: string) => Promise<void>)[];
  /**
   * How long other machines may still take the account for live after the mark (LIVE_ACCOUNT_TRUST_MS):
   * the job starts only then, so nothing they let through arrives behind it.
   */
  liveTrustMs: number;
  /** This machine stops taking the account for live at once (the confirmation's commit has marked it). */
  accountEnded(customerId: string): void;
  log: FastifyBaseLogger;
  now?: () => Date;
}

export function accountDeletionJob(d: AccountDeletionDeps) {
  const now = d.now ?? (() => new Date());

  /** Acting as the account: the library's and the albums' own deletion paths, with their counts and rules. */
  const actingAs = (customerId: string): Identity => ({ customerId, email: '', idpType: '', idpSub: '', isBusiness: false });

  /**
   * The library's rows in small transactions through the photo service (its counts, version and album places
   * stay right), each followed by a pause a few times its length, so other customers' requests run between
   * them. The files go afterwards with the customer's whole folders, as one tree each in a low-priority
   * process (run, below): removed while the rows go, they slowed other customers' timelines (decision 066).
   */
  async function deletePhotos(customerId: string, signal: AbortSignal): Promise<void> {
    const identity = actingAs(customerId);
    for (;;) {
      const started = performance.now();
      const batch = await d.photos.libraryOriginals(customerId, null, DELETE_BATCH);
      if (batch.length === 0) return;
      await d.photos.deletePhotos(identity, batch.map((p) => p.photoId));
      // Their files go with the customer's folder, so the blob sweeper is not asked to look for them.
      await d.repo.blobDeletionsDone(batch.map((p) => photoBlobPrefix(customerId, p.photoId)));
      await yieldAfter(performance.now() - started, signal);
    }
  }

  async function deleteAlbums(customerId: string): Promise<void> {
    const identity = actingAs(customerId);
    // Shared ones end for their participants as when the owner deletes them; from others' shared albums the customer leaves.
    for (const album of await d.repo.ownAlbums(customerId)) {
      if (album.is_shared) await d.albums.deleteShared(identity, album.id);
      else await d.albums.delete(identity, album.id);
    }
    for (const id of await d.repo.joinedAlbumIds(customerId)) await d.albums.deleteShared(identity, id);
  }

  async function run(job: JobRun<AccountDeletionPayload>): Promise<void> {
    const { tombstone } = job.payload;
    const pending = await d.repo.byTombstone(tombstone);
    if (!pending?.customer_id) return;
    const customerId = pending.customer_id;
    const trustedUntil = Date.parse(pending.requested_at) + d.liveTrustMs;
    if (trustedUntil > now().getTime()) await sleep(trustedUntil - now().getTime(), undefined, { signal: job.signal });
    const email = await d.repo.email(customerId);
    for (let pass = 1; ; pass++) {
      await deletePhotos(customerId, job.signal);
      await deleteAlbums(customerId);
      for (const uploadId of await d.repo.uploadIds(customerId)) await d.uploadFiles.remove(uploadId);
      await d.repo.libraryRecords(customerId);
      if (await d.repo.libraryEmpty(customerId)) break;
      if (pass >= LIBRARY_PASSES) throw new Error('Photos or uploads keep arriving for an account being deleted; trying again later');
    }
    const photoRoot = photoFolder(customerId);
    for (const folder of d.blobFoldersOf(customerId)) await d.blobs.deletePrefix(folder);
    await d.repo.libraryLeftovers(customerId, photoRoot);
    if (email) await d.repo.signInRecords(customerId, email);
    for (const erase of d.erasers) await erase(customerId);
    const keepFrom = new Date(now());
    keepFrom.setUTCFullYear(keepFrom.getUTCFullYear() - BOOKKEEPING_YEARS);
    await d.repo.detachOrders(customerId, tombstone, keepFrom.toISOString());
    await d.repo.finish(tombstone, customerId, now().toISOString());
    d.log.info({ tombstone }, 'An account deletion finished');
  }

  return { run, options: { maxAttempts: MAX_ATTEMPTS } };
}
