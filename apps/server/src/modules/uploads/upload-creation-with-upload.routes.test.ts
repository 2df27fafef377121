import fs from 'node:fs';
import type net from 'node:net';
import { apiErrorSchema, photoPageSchema, UPLOAD_DUPLICATE_HEADER, UPLOAD_MAX_BYTES, UPLOAD_PHOTO_ID_HEADER, type Photo } from '@shoebox/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { Upload } from 'tus-js-client';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { encodeMetadata, locationOfUpload, newCustomer, PHOTOS_API, relative, tusClient, tusFilesOf, useLibraryServer, type TestCustomer } from '../../test/photo-library.js';
import { makeTestJpeg } from '../../seed/photo-like-images.js';
import { MAX_UNFINISHED_UPLOADS } from './upload-limits.js';
import { UPLOAD_PATH } from './upload.routes.js';

let seed = 7100;
const jpeg = () => makeTestJpeg({ width: 64, height: 48, seed: seed++ });

/** tus creation-with-upload: the creation request carries the first bytes, as tus-js-client sends with uploadDataDuringCreation. */
describe.each(databases)('an upload created with its bytes in the same request, on $name', (kind) => {
  const server = useLibraryServer(kind);

  const photosOf = async (who: TestCustomer): Promise<Photo[]> =>
    photoPageSchema.parse((await server().app.inject({ url: `${PHOTOS_API}/photos`, headers: who.headers })).json()).images;
  const uploadsOf = (who: TestCustomer) => server().db.selectFrom('uploads').selectAll().where('customer_id', '=', who.id).execute();
  const tusFolder = () => (fs.existsSync(server().config.uploadsDir) ? fs.readdirSync(server().config.uploadsDir).sort() : []);

  const createWithBytes = (who: TestCustomer, length: number, body: Buffer, fileName = 'beach.jpg'): Promise<LightMyRequestResponse> =>
    server().app.inject({
      method: 'POST',
      url: UPLOAD_PATH,
      headers: {
        ...who.headers,
        'tus-resumable': '1.0.0',
        'upload-length': String(length),
        'upload-metadata': encodeMetadata({ filename: fileName, filetype: 'image/jpeg' }),
        'content-type': 'application/offset+octet-stream',
      },
      payload: body,
    });

  it('a whole photo in the creation request is stored: 201 with every byte taken, the photo in the library', async () => {
    const me = await newCustomer(server());
    const bytes = await jpeg();

    const created = await createWithBytes(me, bytes.length, bytes);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers['upload-offset']).toBe(String(bytes.length));
    expect(created.headers[UPLOAD_DUPLICATE_HEADER]).toBe('false');
    // Finished: nothing is left to expire.
    expect(created.headers['upload-expires']).toBeUndefined();
    const photoId = created.headers[UPLOAD_PHOTO_ID_HEADER];
    const uploadId = locationOfUpload(created).split('/').at(-1)!;

    const [photo, ...others] = await photosOf(me);
    expect(others).toEqual([]);
    expect(photo).toMatchObject({ imageId: photoId, localFileName: 'beach.jpg', uploadId });
    expect((await server().app.inject({ url: relative(photo!.untouchedUrl) })).rawPayload.equals(bytes)).toBe(true);
    expect(await uploadsOf(me)).toEqual([expect.objectContaining({ id: uploadId, status: 'done', photo_id: photoId })]);
    expect(tusFilesOf(server(), uploadId)).toEqual([]);
    // A client resuming it is told which photo it became.
    const head = await tusClient(server(), me.headers).head(locationOfUpload(created));
    expect(head.statusCode).toBe(200);
    expect(head.headers[UPLOAD_PHOTO_ID_HEADER]).toBe(photoId);
  });

  it('a first chunk in the creation request, then PATCHes to the end', async () => {
    const me = await newCustomer(server());
    const tus = tusClient(server(), me.headers);
    const bytes = await jpeg();
    const first = bytes.length >> 2;

    const created = await createWithBytes(me, bytes.length, bytes.subarray(0, first));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers['upload-offset']).toBe(String(first));
    expect(created.headers[UPLOAD_PHOTO_ID_HEADER]).toBeUndefined();
    // Unfinished: the client is told when it is given up.
    expect(Date.parse(String(created.headers['upload-expires']))).toBeGreaterThan(Date.now());
    const location = locationOfUpload(created);
    expect((await tus.head(location)).headers['upload-offset']).toBe(String(first));
    expect(await photosOf(me)).toEqual([]);

    const last = await tus.patch(location, first, bytes.subarray(first));
    expect(last.statusCode, last.body).toBe(204);
    expect(last.headers['upload-offset']).toBe(String(bytes.length));
    const [photo, ...others] = await photosOf(me);
    expect(others).toEqual([]);
    expect(photo).toMatchObject({ imageId: last.headers[UPLOAD_PHOTO_ID_HEADER], localFileName: 'beach.jpg' });
  });

  it('a file that is no photo, sent whole in the creation request: 422, nothing kept', async () => {
    const me = await newCustomer(server());
    const bytes = Buffer.from('plain text, not a photo at all');
    const refused = await createWithBytes(me, bytes.length, bytes, 'notes.jpg');
    expect(refused.statusCode, refused.body).toBe(422);
    expect(apiErrorSchema.parse(refused.json())).toMatchObject({ status: 422, error: 'unsupported_type' });
    expect(await photosOf(me)).toEqual([]);
    const [upload] = await uploadsOf(me);
    expect(upload).toMatchObject({ status: 'rejected', error: 'unsupported_type' });
    expect(tusFilesOf(server(), upload!.id)).toEqual([]);
  });

  describe('a refused creation stores nothing of the bytes it carried', () => {
    const expectNothingStored = async (who: TestCustomer, refused: LightMyRequestResponse, status: number, error: string, before: string[], uploadsBefore: number) => {
      expect(refused.statusCode, refused.body).toBe(status);
      expect(apiErrorSchema.parse(refused.json())).toMatchObject({ status, error });
      expect(refused.headers.location).toBeUndefined();
      expect(refused.headers['upload-offset']).toBeUndefined();
      expect(await uploadsOf(who)).toHaveLength(uploadsBefore);
      expect(tusFolder()).toEqual(before);
      expect(await photosOf(who)).toEqual([]);
    };

    it('larger than an upload may be: 413 too_large', async () => {
      const me = await newCustomer(server());
      const before = tusFolder();
      await expectNothingStored(me, await createWithBytes(me, UPLOAD_MAX_BYTES + 1, await jpeg()), 413, 'too_large', before, 0);
    });

    it('beyond the unfinished uploads a customer may have: 429 too_many_unfinished_uploads', async () => {
      const me = await newCustomer(server());
      const tus = tusClient(server(), me.headers);
      for (let i = 0; i < MAX_UNFINISHED_UPLOADS; i++) expect((await tus.create(1000, { filename: `f${i}.jpg` })).statusCode).toBe(201);
      const before = tusFolder();
      const bytes = await jpeg();
      await expectNothingStored(me, await createWithBytes(me, bytes.length, bytes), 429, 'too_many_unfinished_uploads', before, MAX_UNFINISHED_UPLOADS);
    });
  });

  it('tus-js-client with uploadDataDuringCreation stores the photo, whole or in chunks', async () => {
    const { app } = server();
    await app.listen({ host: '127.0.0.1', port: 0 });
    const endpoint = `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}${UPLOAD_PATH}`;
    const me = await newCustomer(server());
    const send = (bytes: Buffer, fileName: string, chunkSize?: number) =>
      new Promise<string | null>((resolve, reject) => {
        const upload = new Upload(bytes, {
          endpoint,
          headers: me.headers,
          metadata: { filename: fileName, filetype: 'image/jpeg' },
          uploadDataDuringCreation: true,
          retryDelays: [],
          ...(chunkSize ? { chunkSize } : {}),
          onSuccess: ({ lastResponse }) => resolve(lastResponse.getHeader(UPLOAD_PHOTO_ID_HEADER) ?? null),
          onError: reject,
        });
        upload.start();
      });

    const whole = await jpeg();
    const chunked = await jpeg();
    const wholeId = await send(whole, 'whole.jpg');
    const chunkedId = await send(chunked, 'chunked.jpg', Math.ceil(chunked.length / 3));
    const photos = await photosOf(me);
    expect(photos.map((p) => [p.localFileName, p.imageId]).sort()).toEqual([
      ['chunked.jpg', chunkedId],
      ['whole.jpg', wholeId],
    ]);
    expect(wholeId).toEqual(expect.any(String));
    expect(chunkedId).toEqual(expect.any(String));
  });
});
