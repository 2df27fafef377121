import {
  accountPhotoInfoSchema,
  apiErrorSchema,
  photoPageSchema,
  UPLOAD_DUPLICATE_HEADER,
  UPLOAD_MAX_BYTES,
  UPLOAD_PHOTO_ID_HEADER,
  type Photo,
} from '@shoebox/contracts';
import fs from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { databases } from '../../test/databases.js';
import { blobFilesOf, locationOfUpload, newCustomer, PHOTOS_API, relative, type TestCustomer, tusClient, tusError, tusFilesOf, uploadDatastore, useLibraryServer } from '../../test/photo-library.js';
import { blobDirOf } from '../../test/test-server.js';
import { makeTestJpeg, makeTestPng } from '../../seed/photo-like-images.js';

let seed = 1;
const jpeg = () => makeTestJpeg({ width: 64, height: 48, seed: seed++, dateTaken: { local: '2023-08-12T15:04:05', offset: '+02:00' } });

describe.each(databases)('tus uploads at /api/uploads on $name', (kind) => {
  const server = useLibraryServer(kind);

  const photosOf = async (who: TestCustomer): Promise<Photo[]> =>
    photoPageSchema.parse((await server().app.inject({ url: `${PHOTOS_API}/photos`, headers: who.headers })).json()).images;
  const photoCount = async (who: TestCustomer) =>
    accountPhotoInfoSchema.parse((await server().app.inject({ url: `${PHOTOS_API}/users`, headers: who.headers })).json()).photosCount;
  const uploadRow = (id: string) => server().db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();

  /** Nothing of a refused file is kept: no photo, no blob, no tus file; the upload is recorded as rejected. */
  async function expectNothingStored(who: TestCustomer, uploadId: string, reason: string) {
    expect(await photosOf(who)).toEqual([]);
    expect(blobFilesOf(server(), who.id)).toEqual([]);
    expect(tusFilesOf(server(), uploadId)).toEqual([]);
    expect(await uploadRow(uploadId)).toMatchObject({ status: 'rejected', error: reason, photo_id: null });
  }

  it('stores a JPEG sent in chunks: the last PATCH answers with the new photo’s id', async () => {
    const me = await newCustomer(server());
    const tus = tusClient(server(), me.headers);
    const bytes = await jpeg();

    const created = await tus.create(bytes.length, { filename: 'Zoë’s birthday.jpg', filetype: 'image/jpeg' });
    expect(created.statusCode).toBe(201);
    const location = locationOfUpload(created);
    const uploadId = location.split('/').at(-1)!;
    expect(await uploadRow(uploadId)).toMatchObject({ customer_id: me.id, file_name: 'Zoë’s birthday.jpg', status: 'receiving' });

    const half = bytes.length >> 1;
    const first = await tus.patch(location, 0, bytes.subarray(0, half));
    expect(first.statusCode).toBe(204);
    expect(first.headers['upload-offset']).toBe(String(half));
    expect(first.headers[UPLOAD_PHOTO_ID_HEADER]).toBeUndefined();

    const last = await tus.patch(location, half, bytes.subarray(half));
    expect(last.statusCode).toBe(204);
    expect(last.headers['upload-offset']).toBe(String(bytes.length));
    expect(last.headers[UPLOAD_DUPLICATE_HEADER]).toBe('false');
    const photoId = last.headers[UPLOAD_PHOTO_ID_HEADER];
    expect(typeof photoId).toBe('string');
    // The browser may read both headers across origins.
    expect(String(last.headers['access-control-expose-headers'])).toMatch(new RegExp(`${UPLOAD_PHOTO_ID_HEADER}.*${UPLOAD_DUPLICATE_HEADER}`));

    const [photo, ...others] = await photosOf(me);
    expect(others).toEqual([]);
    expect(photo).toMatchObject({ imageId: photoId, localFileName: 'Zoë’s birthday.jpg', uploadId, dateTaken: '2023-08-12T15:04:05+02:00', visibleWidth: 64, visibleHeight: 48 });
    const original = await server().app.inject({ url: relative(photo!.untouchedUrl) });
    expect(original.rawPayload.equals(bytes)).toBe(true);
    expect(await uploadRow(uploadId)).toMatchObject({ status: 'done', photo_id: photoId, error: null });
    expect(tusFilesOf(server(), uploadId)).toEqual([]);
  });

  it('answers the same bytes again as a duplicate of the same photo, and keeps one', async () => {
    const [me, stranger] = [await newCustomer(server()), await newCustomer(server())];
    const bytes = await jpeg();
    const first = await tusClient(server(), me.headers).upload(bytes, 'a.jpg');
    const second = await tusClient(server(), me.headers).upload(bytes, 'copy of a.jpg', 3);
    expect(second.last.statusCode).toBe(204);
    expect(second.last.headers[UPLOAD_DUPLICATE_HEADER]).toBe('true');
    expect(second.last.headers[UPLOAD_PHOTO_ID_HEADER]).toBe(first.last.headers[UPLOAD_PHOTO_ID_HEADER]);
    expect((await photosOf(me)).map((p) => p.localFileName)).toEqual(['a.jpg']);
    expect(await photoCount(me)).toBe(1);
    expect(tusFilesOf(server(), second.uploadId)).toEqual([]);

    // Another customer's library is their own: the same bytes make a new photo there.
    const theirs = await tusClient(server(), stranger.headers).upload(bytes, 'a.jpg');
    expect(theirs.last.headers[UPLOAD_DUPLICATE_HEADER]).toBe('false');
    expect(theirs.last.headers[UPLOAD_PHOTO_ID_HEADER]).not.toBe(first.last.headers[UPLOAD_PHOTO_ID_HEADER]);
  });

  it('stores a PNG and keeps the original as PNG', async () => {
    const me = await newCustomer(server());
    const png = await makeTestPng({ width: 48, height: 64, seed: seed++ });
    const { last } = await tusClient(server(), me.headers).upload(png, 'screenshot.png');
    expect(last.statusCode).toBe(204);
    const [photo] = await photosOf(me);
    expect(photo).toMatchObject({ imageId: last.headers[UPLOAD_PHOTO_ID_HEADER], localFileName: 'screenshot.png', visibleWidth: 48, visibleHeight: 64 });
    expect(photo!.dateTaken).toBeUndefined();
    const original = await server().app.inject({ url: relative(photo!.untouchedUrl) });
    expect(original.headers['content-type']).toBe('image/png');
    expect(original.rawPayload.equals(png)).toBe(true);
  });

  it('422 naming the reason for a text file named .jpg, and keeps nothing of it', async () => {
    const me = await newCustomer(server());
    const text = Buffer.from('These are my holiday notes, not a photo.\n'.repeat(20));
    const { last, uploadId } = await tusClient(server(), me.headers).upload(text, 'holiday.jpg', 2);
    expect(last.statusCode).toBe(422);
    expect(apiErrorSchema.parse(tusError(last))).toMatchObject({ status: 422, error: 'unsupported_type', message: expect.stringMatching(/not a JPEG, PNG or HEIC/) });
    await expectNothingStored(me, uploadId, 'unsupported_type');
  });

  it('422 naming the reason for a truncated JPEG, and keeps nothing of it', async () => {
    const me = await newCustomer(server());
    const bytes = await jpeg();
    const { last, uploadId } = await tusClient(server(), me.headers).upload(bytes.subarray(0, Math.floor(bytes.length * 0.6)), 'cut.jpg');
    expect(last.statusCode).toBe(422);
    const error = apiErrorSchema.parse(tusError(last));
    expect(error).toMatchObject({ status: 422, error: 'corrupt', message: expect.stringMatching(/damaged or incomplete/) });
    expect(error.correlationId).toBe(last.headers['x-correlationid']);
    await expectNothingStored(me, uploadId, 'corrupt');
  });
  it('labels a refusal as JSON', async () => {
    const me = await newCustomer(server());
    const { last } = await tusClient(server(), me.headers).upload(Buffer.from('not a photo at all'), 'x.jpg');
    expect(last.statusCode).toBe(422);
    expect(last.headers['content-type']).toMatch(/^application\/json/);
  });

  it('refuses an empty file, a file without a name or size, and keeps no upload of them', async () => {
    const me = await newCustomer(server());
    const tus = tusClient(server(), me.headers);
    const before = await server().db.selectFrom('uploads').select('id').where('customer_id', '=', me.id).execute();

    const empty = await tus.create(0, { filename: 'empty.jpg' });
    expect(empty.statusCode).toBe(422);
    expect(apiErrorSchema.parse(tusError(empty))).toMatchObject({ status: 422, error: 'empty' });

    for (const metadata of [{}, { filename: '   ' }, { filename: 'x'.repeat(256) }] as Record<string, string>[]) {
      const response = await tus.create(10, metadata);
      expect(response.statusCode, JSON.stringify(metadata)).toBe(400);
      expect(apiErrorSchema.parse(tusError(response))).toMatchObject({ status: 400, error: 'bad_request' });
    }
    const deferred = await tus.create(undefined, { filename: 'later.jpg' });
    expect(deferred.statusCode).toBe(400);
    expect(apiErrorSchema.parse(tusError(deferred)).message).toMatch(/size must be known/);

    expect(await server().db.selectFrom('uploads').select('id').where('customer_id', '=', me.id).execute()).toEqual(before);
  });

  it('413 as JSON for an Upload-Length over the limit; the limit itself is accepted', async () => {
    const me = await newCustomer(server());
    const tus = tusClient(server(), me.headers);
    const tooBig = await tus.create(UPLOAD_MAX_BYTES + 1, { filename: 'huge.jpg' });
    expect(tooBig.statusCode).toBe(413);
    expect(apiErrorSchema.parse(tusError(tooBig))).toMatchObject({ status: 413, error: 'too_large', message: 'The file is larger than 50 MB' });
    expect(await server().db.selectFrom('uploads').select('id').where('customer_id', '=', me.id).execute()).toEqual([]);

    const atLimit = await tus.create(UPLOAD_MAX_BYTES, { filename: 'big.jpg' });
    expect(atLimit.statusCode).toBe(201);
    expect((await server().app.inject({ method: 'DELETE', url: locationOfUpload(atLimit), headers: { 'tus-resumable': '1.0.0', ...me.headers } })).statusCode).toBe(204);
  });

  it('resumes: PATCH half, HEAD tells the offset, a PATCH at the wrong offset is refused, PATCH the rest', async () => {
    const me = await newCustomer(server());
    const tus = tusClient(server(), me.headers);
    const bytes = await jpeg();
    const location = locationOfUpload(await tus.create(bytes.length, { filename: 'resumed.jpg' }));
    const half = Math.floor(bytes.length / 2);
    expect((await tus.patch(location, 0, bytes.subarray(0, half))).statusCode).toBe(204);

    // The connection dropped; the client asks where to go on.
    const head = await tus.head(location);
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe(String(half));
    expect(head.headers['upload-length']).toBe(String(bytes.length));
    expect(head.headers['cache-control']).toBe('no-store');

    expect((await tus.patch(location, 0, bytes.subarray(0, half))).statusCode).toBe(409);
    const last = await tus.patch(location, half, bytes.subarray(half));
    expect(last.statusCode).toBe(204);
    const [photo] = await photosOf(me);
    expect(photo!.imageId).toBe(last.headers[UPLOAD_PHOTO_ID_HEADER]);
    const original = await server().app.inject({ url: relative(photo!.untouchedUrl) });
    expect(original.rawPayload.equals(bytes)).toBe(true);
  });

  it('another customer cannot HEAD, PATCH or end my upload, even naming me in the internal header', async () => {
    const [me, stranger] = [await newCustomer(server()), await newCustomer(server())];
    const bytes = await jpeg();
    const mine = tusClient(server(), me.headers);
    const location = locationOfUpload(await mine.create(bytes.length, { filename: 'mine.jpg' }));
    expect((await mine.patch(location, 0, bytes.subarray(0, 100))).statusCode).toBe(204);

    for (const headers of [stranger.headers, { ...stranger.headers, 'x-shoebox-verified-customer': me.id }]) {
      const theirs = tusClient(server(), headers);
      const head = await theirs.head(location);
      expect(head.statusCode).toBe(404);
      expect(head.headers['upload-offset']).toBeUndefined();
      const patch = await theirs.patch(location, 100, bytes.subarray(100));
      expect(patch.statusCode).toBe(404);
      expect(apiErrorSchema.parse(tusError(patch))).toMatchObject({ status: 404, error: 'not_found' });
      const end = await server().app.inject({ method: 'DELETE', url: location, headers: { 'tus-resumable': '1.0.0', ...headers } });
      expect(end.statusCode).toBe(404);
    }
    // A made-up upload id answers the same.
    expect((await mine.head('/api/uploads/0123456789abcdef0123456789abcdef')).statusCode).toBe(404);

    expect(await photosOf(stranger)).toEqual([]);
    expect((await mine.head(location)).headers['upload-offset']).toBe('100');
    const last = await mine.patch(location, 100, bytes.subarray(100));
    expect(last.statusCode).toBe(204);
    expect((await photosOf(me)).map((p) => p.imageId)).toEqual([last.headers[UPLOAD_PHOTO_ID_HEADER]]);
  });
  it('answers the bucket or the database out for a moment with 503 and Retry-After, and the retry continues where the upload stands', async () => {
    const me = await newCustomer(server());
    const bytes = await jpeg();
    const client = tusClient(server(), me.headers);
    const location = locationOfUpload(await client.create(bytes.length, { filename: 'outage.jpg', filetype: 'image/jpeg' }));
    const store = uploadDatastore(server()).store;
    const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', syscall: 'read' });
    const write = vi.spyOn(store, 'write').mockRejectedValueOnce(reset);
    try {
      const refused = await client.patch(location, 0, bytes);
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(apiErrorSchema.parse(tusError(refused))).toMatchObject({ status: 503, error: 'service_unavailable' });
    } finally {
      write.mockRestore();
    }
    const offset = Number((await client.head(location)).headers['upload-offset']);
    const done = await client.patch(location, offset, bytes.subarray(offset));
    expect(done.statusCode).toBe(204);
    expect((await photosOf(me)).map((p) => p.imageId)).toEqual([done.headers[UPLOAD_PHOTO_ID_HEADER]]);
  });

  it('answers a server failure during ingest as the usual JSON 500, without internals', async () => {
    const me = await newCustomer(server());
    const blobDir = blobDirOf(server());
    const moved = `${blobDir}.moved`;
    fs.renameSync(blobDir, moved);
    fs.writeFileSync(blobDir, 'not a folder'); // every write of a photo's files now fails
    try {
      const { last, uploadId } = await tusClient(server(), me.headers).upload(await jpeg(), 'a.jpg');
      expect(last.statusCode).toBe(500);
      // The bytes stay for the recovery pass to try again.
      expect(tusFilesOf(server(), uploadId)).toHaveLength(2);
      expect(last.body).not.toContain(server().config.dataDir);
      expect(apiErrorSchema.parse(tusError(last))).toMatchObject({ status: 500, error: 'internal' });
    } finally {
      fs.rmSync(blobDir, { force: true });
      fs.renameSync(moved, blobDir);
    }
  });
});
