import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fsBlobStore } from '../../platform/blobs/fs-blob-store.js';
import { urlSigner } from '../../platform/blobs/url-signer.js';
import type { JobHandler, JobQueue } from '../../platform/jobs/job-queue.js';
import { databases } from '../../test/databases.js';
import { insertDownloadRow } from '../../test/downloads.js';
import { newCustomer, silentLog, storePhotos, useLibraryServer, type TestCustomer } from '../../test/photo-library.js';
import { blobDirOf, PUBLIC_URL } from '../../test/test-server.js';
import { photoRepository } from '../photos/photo.repository.js';
import { photoService } from '../photos/photo.service.js';
import { archiveKey, defineDownloadArchiveJob, DOWNLOAD_ARCHIVE_JOB, type DownloadArchivePayload } from './download-archive-job.js';
import { downloadRepository } from './download.repository.js';
import { downloadService } from './download.service.js';

describe.each(databases)("removing a customer's downloads on $name", (kind) => {
  const server = useLibraryServer(kind);

  function kit() {
    const blobs = fsBlobStore(blobDirOf(server()), PUBLIC_URL, urlSigner('unused'));
    const repo = downloadRepository(server().db);
    const photos = photoService(photoRepository(server().db), blobs, async () => ({ own: 0, read: 0 }));
    const service = downloadService({ repo, blobs, jobs: { enqueue: async () => undefined }, originalsOf: photos.originalsOf, sharedPhotoOwners: async () => new Map() });
    return { blobs, repo, photos, service };
  }

  const archiveFile = (customerId: string, id: string) => path.join(blobDirOf(server()), archiveKey(customerId, id));
  const rowsOf = (who: TestCustomer) => server().db.selectFrom('downloads').select('id').where('customer_id', '=', who.id).execute();
  const pendingTotalOf = (who: TestCustomer) => server().db.selectFrom('download_pending_totals').select('pending').where('customer_id', '=', who.id).executeTakeFirst();
  const jobRow = (id: string, state: 'queued' | 'running') => {
    const at = new Date().toISOString();
    // Due in an hour: the test server's own queue leaves it waiting.
    const runAfter = new Date(Date.now() + 3_600_000).toISOString();
    return { kind: DOWNLOAD_ARCHIVE_JOB, id, payload: JSON.stringify({ downloadId: id }), state, attempts: 0, run_after: runAfter, lease_owner: null, lease_until: null, last_error: null, created_at: at, updated_at: at };
  };

  /** A ready archive with its bytes, a pending one with a queued job and its place under the cap, and a failed one. */
  async function downloadsOf(who: TestCustomer) {
    const { blobs } = kit();
    const ready = await insertDownloadRow(server(), who.id, { state: 'ready', size: 3, expires_at: new Date(Date.now() + 3_600_000).toISOString() });
    await blobs.putBuffer(archiveKey(who.id, ready.id), Buffer.from('zip'), 'application/zip');
    const pending = await insertDownloadRow(server(), who.id);
    await server().db.insertInto('download_pending_totals').values({ customer_id: who.id, pending: 1 }).execute();
    await server().db.insertInto('jobs').values(jobRow(pending.id, 'queued')).execute();
    const failed = await insertDownloadRow(server(), who.id, { state: 'failed', error: 'archive_failed' });
    return { ready, pending, failed };
  }

  it("removes every row, archive and queued job of the customer's downloads, answers how many, and leaves another customer's alone", async () => {
    const me = await newCustomer(server());
    const other = await newCustomer(server());
    const mine = await downloadsOf(me);
    const theirs = await downloadsOf(other);

    expect(await kit().service.deleteAllOf(me.id)).toBe(3);

    expect(await rowsOf(me)).toEqual([]);
    expect(await pendingTotalOf(me)).toBeUndefined();
    expect(fs.existsSync(archiveFile(me.id, mine.ready.id))).toBe(false);
    expect(await server().db.selectFrom('jobs').select('id').where('id', '=', mine.pending.id).execute()).toEqual([]);

    expect((await rowsOf(other)).map((r) => r.id).sort()).toEqual([theirs.ready.id, theirs.pending.id, theirs.failed.id].sort());
    expect(await pendingTotalOf(other)).toEqual({ pending: 1 });
    expect(fs.existsSync(archiveFile(other.id, theirs.ready.id))).toBe(true);
    expect(await server().db.selectFrom('jobs').select('state').where('id', '=', theirs.pending.id).execute()).toEqual([{ state: 'queued' }]);

    // Nothing left: a second call removes nothing.
    expect(await kit().service.deleteAllOf(me.id)).toBe(0);
  });

  it('leaves a running job in the queue, and that job, finding its archive gone when it ends, removes the zip it wrote', async () => {
    const me = await newCustomer(server());
    const [photo] = await storePhotos(server(), me.id, [{ name: 'a.jpg' }]);
    const row = await insertDownloadRow(server(), me.id, { refs: [{ photoId: photo!.photoId, ownerId: me.id }] });
    await server().db.insertInto('jobs').values(jobRow(row.id, 'running')).execute();
    const { blobs, repo, photos, service } = kit();
    let handler: JobHandler<DownloadArchivePayload> | undefined;
    const queue: Pick<JobQueue, 'define'> = { define: <P>(_kind: string, h: JobHandler<P>) => void (handler = h as unknown as JobHandler<DownloadArchivePayload>) };
    defineDownloadArchiveJob(queue, {
      repo,
      blobs,
      // The library is emptied while the job reads the photo it archives.
      originalsOf: async (customerId, ids) => {
        const originals = await photos.originalsOf(customerId, ids);
        expect(await service.deleteAllOf(me.id)).toBe(1);
        return originals;
      },
      sharedPhotoOwners: async () => new Map(),
      events: { publish: async () => undefined },
      log: silentLog,
    });

    await handler!({ id: row.id, kind: DOWNLOAD_ARCHIVE_JOB, payload: { downloadId: row.id }, attempt: 1, signal: new AbortController().signal });

    expect(await rowsOf(me)).toEqual([]);
    expect(fs.existsSync(archiveFile(me.id, row.id))).toBe(false);
    // The running job was not pulled from under its runner; the queue settles it.
    expect(await server().db.selectFrom('jobs').select('state').where('id', '=', row.id).execute()).toEqual([{ state: 'running' }]);
  });
});
