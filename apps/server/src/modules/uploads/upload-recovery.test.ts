import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createdAlbumSchema, photoPageSchema, UPLOAD_DUPLICATE_HEADER, UPLOAD_PHOTO_ID_HEADER, type Photo } from '@shoebox/contracts';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { ALBUMS } from '../../test/albums.js';
import { startTestShoebox, type TestShoebox } from '../../test/test-server.js';
import { blobFilesOf, locationOfUpload, newCustomer, PHOTOS_API, recoverUploads, type TestCustomer, tusClient, tusFilesOf, uploadDatastore, useLibraryServer } from '../../test/photo-library.js';
import type { UploadsTable } from '../../platform/db/schema.js';
import { makeTestJpeg } from '../../seed/photo-like-images.js';

let seed = 500;

describe.each(databases)('upload recovery on $name', (kind) => {
  const server = useLibraryServer(kind);

  const photosOf = async (who: TestCustomer): Promise<Photo[]> =>
    photoPageSchema.parse((await server().app.inject({ url: `${PHOTOS_API}/photos`, headers: who.headers })).json()).images;
  const uploadRow = (id: string) => server().db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

  /**
   * An upload created over tus whose bytes (all, or the first `received`) reached the disk without
   * the last PATCH's ingest running: the server stopped in between. Its row says `status`.
   */
  async function interruptedUpload(who: TestCustomer, bytes: Buffer, o: { received?: number; status?: UploadsTable['status']; createdMinutesAgo?: number; albumId?: string } = {}) {
    const created = await tusClient(server(), who.headers).create(bytes.length, { filename: 'interrupted.jpg', ...(o.albumId ? { albumId: o.albumId } : {}) });
    expect(created.statusCode).toBe(201);
    const location = locationOfUpload(created);
    const uploadId = location.split('/').at(-1)!;
    const received = o.received ?? bytes.length;
    await uploadDatastore(server()).store.write(Readable.from([bytes.subarray(0, received)]), uploadId, 0);
    await server()
      .db.updateTable('uploads')
      .set({ status: o.status ?? 'receiving', created_at: minutesAgo(o.createdMinutesAgo ?? 2) })
      .where('id', '=', uploadId)
      .execute();
    // The bytes were last written when the upload was created: recovery leaves recently written files alone.
    const lastWrite = new Date(Date.now() - (o.createdMinutesAgo ?? 2) * 60_000);
    fs.utimesSync(path.join(server().config.uploadsDir, uploadId), lastWrite, lastWrite);
    return { location, uploadId };
  }

  it('finishes an upload whose bytes all arrived but whose photo was never made', async () => {
    const me = await newCustomer(server());
    const bytes = await makeTestJpeg({ width: 64, height: 48, seed: seed++ });
    const { uploadId, location } = await interruptedUpload(me, bytes);
    expect(tusFilesOf(server(), uploadId)).toHaveLength(2);
    expect(await photosOf(me)).toEqual([]);

    await recoverUploads(server());

    const [photo, ...more] = await photosOf(me);
    expect(more).toEqual([]);
    expect(photo).toMatchObject({ localFileName: 'interrupted.jpg', uploadId });
    expect(await uploadRow(uploadId)).toMatchObject({ status: 'done', photo_id: photo!.imageId });
    expect(tusFilesOf(server(), uploadId)).toEqual([]);
    expect(blobFilesOf(server(), me.id, photo!.imageId)).toContain('original.jpg');
    // A client that resumes it learns the photo it made.
    const head = await tusClient(server(), me.headers).head(location);
    expect(head.statusCode).toBe(200);
    expect(head.headers[UPLOAD_PHOTO_ID_HEADER]).toBe(photo!.imageId);

    // A second pass changes nothing.
    await recoverUploads(server());
    expect((await photosOf(me)).map((p) => p.imageId)).toEqual([photo!.imageId]);
  });

  it('finishes an upload left in the middle of its ingest', async () => {
    const me = await newCustomer(server());
    const bytes = await makeTestJpeg({ width: 64, height: 48, seed: seed++ });
    const { uploadId } = await interruptedUpload(me, bytes, { status: 'ingesting' });
    await recoverUploads(server());
    const [photo] = await photosOf(me);
    expect(await uploadRow(uploadId)).toMatchObject({ status: 'done', photo_id: photo!.imageId });
  });

  it('leaves a partly received upload for its client to resume', async () => {
    const me = await newCustomer(server());
    const bytes = await makeTestJpeg({ width: 64, height: 48, seed: seed++ });
    const half = bytes.length >> 1;
    const { uploadId, location } = await interruptedUpload(me, bytes, { received: half });
    await recoverUploads(server());
    expect(await photosOf(me)).toEqual([]);
    expect(await uploadRow(uploadId)).toMatchObject({ status: 'receiving' });
    const tus = tusClient(server(), me.headers);
    expect((await tus.head(location)).headers['upload-offset']).toBe(String(half));
    expect((await tus.patch(location, half, bytes.subarray(half))).statusCode).toBe(204);
    expect(await photosOf(me)).toHaveLength(1);
  });

  it('finishes a complete upload however young, once, when its resuming client asks at the same moment', async () => {
    const me = await newCustomer(server());
    const bytes = await makeTestJpeg({ width: 64, height: 48, seed: seed++ });
    const { uploadId, location } = await interruptedUpload(me, bytes, { createdMinutesAgo: 0 });
    const [, head] = await Promise.all([recoverUploads(server()), tusClient(server(), me.headers).head(location)]);
    const photos = await photosOf(me);
    expect(photos).toHaveLength(1);
    expect(head.headers[UPLOAD_PHOTO_ID_HEADER]).toBe(photos[0]!.imageId);
    expect(head.headers[UPLOAD_DUPLICATE_HEADER]).toBe('false');
    expect(await uploadRow(uploadId)).toMatchObject({ status: 'done', photo_id: photos[0]!.imageId });
    expect(tusFilesOf(server(), uploadId)).toEqual([]);
  });

  it('refuses a complete upload that is not a photo and removes its bytes', async () => {
    const me = await newCustomer(server());
    const { uploadId } = await interruptedUpload(me, randomBytes(2048));
    await recoverUploads(server());
    expect(await photosOf(me)).toEqual([]);
    expect(await uploadRow(uploadId)).toMatchObject({ status: 'rejected', error: 'unsupported_type' });
    expect(tusFilesOf(server(), uploadId)).toEqual([]);
    expect(blobFilesOf(server(), me.id)).toEqual([]);
  });
  it('is not starved by a hundred abandoned uploads', async () => {
    const me = await newCustomer(server());
    const abandoned = Array.from({ length: 100 }, (_, i) => ({
      id: randomUUID().replaceAll('-', ''),
      customer_id: me.id,
      file_name: `abandoned-${i}.jpg`,
      album_id: null,
      status: 'receiving' as const,
      photo_id: null,
      error: null,
      created_at: minutesAgo(60 * 24 * 10 + i),
      finished_at: null,
    }));
    await server().db.insertInto('uploads').values(abandoned).execute();
    const bytes = await makeTestJpeg({ width: 64, height: 48, seed: seed++ });
    const { uploadId } = await interruptedUpload(me, bytes);
    await recoverUploads(server());
    expect(await uploadRow(uploadId)).toMatchObject({ status: 'done' });
  });

  it('finishes at start, at once, an upload cut off before its ingest: the photo is in its album and a resumed client learns its id', async () => {
    const me = await newCustomer(server());
    const album = createdAlbumSchema.parse((await server().app.inject({ method: 'POST', url: ALBUMS, headers: me.headers, payload: { name: 'Holidays' } })).json());
    const bytes = await makeTestJpeg({ width: 64, height: 48, seed: seed++ });
    // The server stopped just after the last byte reached the disk, seconds ago.
    const { uploadId, location } = await interruptedUpload(me, bytes, { status: 'ingesting', createdMinutesAgo: 0, albumId: album.albumId });

    let restarted: TestShoebox | undefined;
    try {
      restarted = await startTestShoebox(kind, { database: server().database, seed: false, env: { DATA_DIR: server().config.dataDir } });
      const started = Date.now();
      while ((await photosOf(me)).length === 0 && Date.now() - started < 5_000) await new Promise((r) => setTimeout(r, 50));
      const [photo] = await photosOf(me);
      expect(photo).toMatchObject({ localFileName: 'interrupted.jpg', uploadId });

      // tus-js-client resumes with HEAD; an upload whose bytes all arrived is finished, and it reads the photo's id there.
      const head = await tusClient(restarted, me.headers).head(location);
      expect(head.statusCode, head.body).toBe(200);
      expect(head.headers['upload-offset']).toBe(String(bytes.length));
      expect(head.headers['upload-length']).toBe(String(bytes.length));
      expect(head.headers[UPLOAD_PHOTO_ID_HEADER]).toBe(photo!.imageId);

      const inAlbum = photoPageSchema.parse((await restarted.app.inject({ url: `${ALBUMS}/${album.albumId}/photos`, headers: me.headers })).json()).images;
      expect(inAlbum.map((p) => p.imageId)).toEqual([photo!.imageId]);
    } finally {
      await restarted?.close();
    }
  });
});
