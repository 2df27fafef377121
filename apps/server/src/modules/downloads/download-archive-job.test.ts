import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { DOWNLOAD_ARCHIVE_VALID_HOURS, type ArchiveEventKey, type PushMessage, type SharedPhotoRef } from '@shoebox/contracts';
import { describe, expect, it } from 'vitest';
import { BlobNotFoundError, type BlobStore } from '../../platform/blobs/blob-store.js';
import { fsBlobStore } from '../../platform/blobs/fs-blob-store.js';
import { urlSigner } from '../../platform/blobs/url-signer.js';
import type { JobHandler, JobKindOptions, JobQueue, JobRun } from '../../platform/jobs/job-queue.js';
import { insertAlbum, SHARED_ALBUMS } from '../../test/albums.js';
import { databases } from '../../test/databases.js';
import { archiveFilesOf, downloadCalls, fetchSigned, insertDownloadRow, openZip } from '../../test/downloads.js';
import { newCustomer, PHOTOS_API, silentLog, storePhotos, useLibraryServer, type TestCustomer } from '../../test/photo-library.js';
import { blobDirOf, PUBLIC_URL } from '../../test/test-server.js';
import { albumRepository } from '../albums/album.repository.js';
import { photoRepository } from '../photos/photo.repository.js';
import { photoService } from '../photos/photo.service.js';
import { ARCHIVE_VALID_MS, archiveKey, defineDownloadArchiveJob, DOWNLOAD_ARCHIVE_JOB, type DownloadArchivePayload } from './download-archive-job.js';
import { startDownloadSweeper } from './download-sweeper.js';
import { downloadRepository } from './download.repository.js';

const HOUR_MS = 60 * 60 * 1000;

describe.each(databases)('the archive job on $name', (kind) => {
  const server = useLibraryServer(kind);
  const calls = downloadCalls(server);

  /**
   * The job's handler, run here by hand on the server's database and blob folder, with hooks: `beforeLookup`
   * runs before the job looks a photo up (to delete it just then), `readFails` names blobs whose bytes are gone.
   */
  function archiveJob(o: { beforeLookup?: (photoId: string) => Promise<void>; readFails?: Set<string> } = {}) {
    const published: { userId: string; key: ArchiveEventKey; downloadId: string }[] = [];
    const real = fsBlobStore(blobDirOf(server()), PUBLIC_URL, urlSigner('unused'));
    const blobs: BlobStore = {
      ...real,
      read: (key) => (o.readFails?.has(key) ? Promise.reject(new BlobNotFoundError(key)) : real.read(key)),
    };
    const photos = photoService(photoRepository(server().db), real, async () => ({ own: 0, read: 0 }));
    let handler: JobHandler<DownloadArchivePayload> | undefined;
    let options: JobKindOptions<DownloadArchivePayload> | undefined;
    const queue: Pick<JobQueue, 'define'> = {
      define<P>(kindName: string, h: JobHandler<P>, opts?: JobKindOptions<P>) {
        expect(kindName).toBe(DOWNLOAD_ARCHIVE_JOB);
        handler = h as unknown as JobHandler<DownloadArchivePayload>;
        options = opts as unknown as JobKindOptions<DownloadArchivePayload>;
      },
    };
    defineDownloadArchiveJob(queue, {
      repo: downloadRepository(server().db),
      sharedPhotoOwners: async (customerId, ids) =>
        new Map((await albumRepository(server().db).sharedPhotoOwners(customerId, ids)).map((r) => [r.photo_id, r.photo_owner_id])),
      originalsOf: async (customerId, ids) => {
        for (const id of ids) await o.beforeLookup?.(id);
        return photos.originalsOf(customerId, ids);
      },
      blobs,
      events: {
        async publish(userId: string, message: PushMessage) {
          if ('key' in message) published.push({ userId, key: message.key, downloadId: message.message.downloadId });
        },
      },
      log: silentLog,
    });
    const runOf = (downloadId: string, attempt = 1): JobRun<DownloadArchivePayload> => ({
      id: downloadId,
      kind: DOWNLOAD_ARCHIVE_JOB,
      payload: { downloadId },
      attempt,
      signal: new AbortController().signal,
    });
    return {
      published,
      run: (downloadId: string, attempt?: number) => handler!(runOf(downloadId, attempt)),
      giveUp: (downloadId: string) => options!.onGivenUp!(runOf(downloadId, 3), new Error('disk full')),
    };
  }

  const rowOf = (id: string) => server().db.selectFrom('downloads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const refsOf = (who: TestCustomer, ids: string[]): SharedPhotoRef[] => ids.map((photoId) => ({ photoId, ownerId: who.id }));
  const archiveOf = async (who: TestCustomer, id: string) => {
    const link = await calls.url(who, id);
    expect(link.statusCode).toBe(200);
    const { response, bytes } = await fetchSigned(server(), (link.json() as { url: string }).url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''${id}.zip`);
    return { bytes, files: await openZip(bytes) };
  };

  it('makes a zip that unzip -t accepts, of the originals byte for byte under their uploaded names, one name each', async () => {
    const me = await newCustomer(server());
    const photos = await storePhotos(server(), me.id, [{ name: 'Beach.jpg' }, { name: 'Beach.jpg' }, { name: 'beach.JPG' }, { name: '..\\..\\evil.jpg' }]);
    const id = randomUUID();
    const created = await calls.post(me, { id, photos: photos.map((p) => p.photoId) });
    expect(created.statusCode).toBe(202);

    const item = await calls.settled(me, id);
    const { bytes, files } = await archiveOf(me, id);
    expect(item).toMatchObject({ state: 'ready', photosCount: 4, size: bytes.length, error: null });
    expect(Date.parse(item.expires!) - Date.parse(item.created)).toBeGreaterThanOrEqual(DOWNLOAD_ARCHIVE_VALID_HOURS * HOUR_MS - 60_000);
    const names = [...files.keys()];
    expect(names).toHaveLength(4);
    expect(names).toEqual(expect.arrayContaining(['Beach.jpg', 'Beach (2).jpg', 'beach (3).JPG']));
    // A name that tried to climb out of the folder is one plain file name.
    expect(names.find((n) => n.endsWith('evil.jpg'))).toMatch(/^[^/\\]+$/);
    expect(files.get('Beach.jpg')).toEqual(photos[0]!.bytes);
    expect(files.get('Beach (2).jpg')).toEqual(photos[1]!.bytes);
    expect(files.get('beach (3).JPG')).toEqual(photos[2]!.bytes);
    expect(archiveFilesOf(server())).toContain(path.join('archives', me.id, `${id}.zip`));
    expect(archiveFilesOf(server()).filter((f) => f.startsWith('.partial'))).toEqual([]);
  });

  it('leaves out a photo deleted while the archive is made, says how many, and the zip is whole', async () => {
    const me = await newCustomer(server());
    const photos = await storePhotos(server(), me.id, [{ name: 'a.jpg' }, { name: 'b.jpg' }, { name: 'c.jpg' }, { name: 'd.jpg' }]);
    const [a, b, c, d] = photos.map((p) => p.photoId) as [string, string, string, string];
    const row = await insertDownloadRow(server(), me.id, { refs: refsOf(me, [a, b, c, d]) });
    // b's row goes just before the archive looks for it; c's row is still there but its bytes are already swept.
    const job = archiveJob({
      beforeLookup: async (photoId) => {
        if (photoId !== b) return;
        const deleted = await server().app.inject({ method: 'DELETE', url: `${PHOTOS_API}/photos/${b}`, headers: me.headers });
        expect(deleted.statusCode).toBe(204);
      },
      readFails: new Set([`photos/${me.id}/${c}/original.jpg`]),
    });

    await job.run(row.id);
    const done = await rowOf(row.id);
    expect(done).toMatchObject({ state: 'ready', left_out: 2, error: null });
    const { bytes, files } = await archiveOf(me, row.id);
    expect(Number(done.size)).toBe(bytes.length);
    expect([...files.keys()].sort()).toEqual(['a.jpg', 'd.jpg']);
    expect(files.get('a.jpg')).toEqual(photos[0]!.bytes);
    expect(files.get('d.jpg')).toEqual(photos[3]!.bytes);
    expect((await calls.items(me)).find((i) => i.id === row.id)).toMatchObject({ photosCount: 2, state: 'ready' });
    expect(job.published.map((e) => e.key)).toEqual(['archive.generation.started', 'archive.generation.finished']);
    expect(job.published.every((e) => e.userId === me.id && e.downloadId === row.id)).toBe(true);
  });

  it('leaves out another customer’s photo no longer shared with the requester when the archive is made', async () => {
    const [owner, participant] = [await newCustomer(server()), await newCustomer(server())];
    const [kept, unshared] = await storePhotos(server(), owner.id, [{ name: 'kept.jpg' }, { name: 'unshared.jpg' }]);
    const albumId = await insertAlbum(server(), {
      ownerId: owner.id,
      participants: [participant.id],
      photos: [kept!, unshared!].map((p) => ({ photoId: p.photoId, ownerId: owner.id })),
    });
    const refs = refsOf(owner, [kept!.photoId, unshared!.photoId]);
    const first = await insertDownloadRow(server(), participant.id, { refs });
    const second = await insertDownloadRow(server(), participant.id, { refs });
    // The owner takes one photo out of the album after the request, before its archive is made.
    await server().db.deleteFrom('album_photos').where('album_id', '=', albumId).where('photo_id', '=', unshared!.photoId).execute();
    const job = archiveJob();

    await job.run(first.id);
    expect(await rowOf(first.id)).toMatchObject({ state: 'ready', left_out: 1 });
    expect([...(await archiveOf(participant, first.id)).files.keys()]).toEqual(['kept.jpg']);

    // The participant leaves the album: nothing of the owner's is theirs to take any more.
    expect((await server().app.inject({ method: 'DELETE', url: `${SHARED_ALBUMS}/${albumId}`, headers: participant.headers })).statusCode).toBe(204);
    await job.run(second.id);
    expect(await rowOf(second.id)).toMatchObject({ state: 'failed', error: 'photos_missing' });
    expect(fs.existsSync(path.join(blobDirOf(server()), archiveKey(participant.id, second.id)))).toBe(false);
  });

  it('fails with photos_missing when every photo was deleted, keeping no archive, and says so', async () => {
    const me = await newCustomer(server());
    const [p] = await storePhotos(server(), me.id, [{}]);
    const row = await insertDownloadRow(server(), me.id, { refs: refsOf(me, [p!.photoId, randomUUID()]) });
    const job = archiveJob({ readFails: new Set([`photos/${me.id}/${p!.photoId}/original.jpg`]) });

    await job.run(row.id);
    expect(await rowOf(row.id)).toMatchObject({ state: 'failed', error: 'photos_missing', size: null });
    expect(job.published.map((e) => e.key)).toEqual(['archive.generation.started', 'archive.generation.error']);
    expect(fs.existsSync(path.join(blobDirOf(server()), archiveKey(me.id, row.id)))).toBe(false);
    expect(archiveFilesOf(server()).filter((f) => f.includes(row.id) || f.startsWith('.partial'))).toEqual([]);
    expect((await calls.url(me, row.id)).statusCode).toBe(404);
  });

  it('a second run of a finished archive changes nothing and says nothing', async () => {
    const me = await newCustomer(server());
    const [p] = await storePhotos(server(), me.id, [{}]);
    const row = await insertDownloadRow(server(), me.id, { refs: refsOf(me, [p!.photoId]) });
    const job = archiveJob();
    await job.run(row.id);
    const ready = await rowOf(row.id);
    expect(ready.state).toBe('ready');

    await job.run(row.id, 2);
    expect(await rowOf(row.id)).toEqual(ready);
    await job.giveUp(row.id);
    expect(await rowOf(row.id)).toEqual(ready);
    expect(job.published.map((e) => e.key)).toEqual(['archive.generation.started', 'archive.generation.finished']);
  });

  it('an archive given up is failed with archive_failed, said once, and frees its place', async () => {
    const me = await newCustomer(server());
    const row = await insertDownloadRow(server(), me.id);
    await server().db.insertInto('download_pending_totals').values({ customer_id: me.id, pending: 1 }).execute();
    const job = archiveJob();

    await job.giveUp(row.id);
    await job.giveUp(row.id);
    expect(await rowOf(row.id)).toMatchObject({ state: 'failed', error: 'archive_failed' });
    expect(job.published.map((e) => e.key)).toEqual(['archive.generation.error']);
    const totals = await server().db.selectFrom('download_pending_totals').select('pending').where('customer_id', '=', me.id).executeTakeFirstOrThrow();
    expect(Number(totals.pending)).toBe(0);
  });

  it('an archive keeps for its validity period, then its bytes go and it stays listed as expired', async () => {
    const me = await newCustomer(server());
    const [p] = await storePhotos(server(), me.id, [{}]);
    const row = await insertDownloadRow(server(), me.id, { refs: refsOf(me, [p!.photoId]) });
    await archiveJob().run(row.id);
    const ready = await rowOf(row.id);
    expect(Date.parse(ready.expires_at!) - Date.parse(ready.finished_at!)).toBe(ARCHIVE_VALID_MS);
    const file = path.join(blobDirOf(server()), archiveKey(me.id, row.id));
    expect(fs.existsSync(file)).toBe(true);

    await server().db.updateTable('downloads').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', row.id).execute();
    expect((await calls.url(me, row.id)).statusCode).toBe(404);
    const sweeper = startDownloadSweeper({
      repo: downloadRepository(server().db),
      service: { resumePending: async () => 0 },
      blobs: fsBlobStore(blobDirOf(server()), PUBLIC_URL, urlSigner('unused')),
      log: silentLog,
    });
    await sweeper.stop();
    await sweeper.sweep();
    expect(fs.existsSync(file)).toBe(false);
    expect(await rowOf(row.id)).toMatchObject({ state: 'expired' });
    expect((await calls.items(me)).find((i) => i.id === row.id)).toMatchObject({ state: 'expired', size: Number(ready.size) });
  });
});
