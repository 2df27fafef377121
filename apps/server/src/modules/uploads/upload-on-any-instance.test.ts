import http from 'node:http';
import type net from 'node:net';
import { Readable } from 'node:stream';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { photoPageSchema, UPLOAD_PHOTO_ID_HEADER } from '@shoebox/contracts';
import { Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestJpeg } from '../../seed/photo-like-images.js';
import { s3BlobStore } from '../../platform/blobs/s3-blob-store.js';
import { RESUMABLE_UPLOADS_PREFIX, s3ClientSettings } from '../../platform/blobs/s3-bucket.js';
import { databases, skipTestsUnlessAvailable } from '../../test/databases.js';
import { locationOfUpload, newCustomer, PHOTOS_API, recoverUploads, tusClient, uploadDatastore, type TestCustomer } from '../../test/photo-library.js';
import { roundRobin, type RoundRobin } from '../../test/round-robin.js';
import { useS3Server } from '../../test/s3-server.js';
import { startTestShoebox, type TestShoebox } from '../../test/test-server.js';
import { UPLOAD_PATH } from './upload.routes.js';

let seed = 9300;
/** Big enough that a request cut in its middle has sent some of it, small enough to stay quick. */
const photo = () => makeTestJpeg({ width: 900, height: 600, seed: seed++ });

/**
 * Instances on one database and one bucket (decision 099): an upload's state, bytes and lock are where every
 * instance reaches them, so a plain round-robin balancer needs no stickiness.
 */
describe.each(databases)('uploads on any instance of a cluster, on $name', (kind) => {
  skipTestsUnlessAvailable(kind);
  const s3 = useS3Server();
  let a: TestShoebox;
  let b: TestShoebox;
  const urls: string[] = [];
  /** The connections instance A accepted, to see how much of a request has reached it. */
  const socketsOfA: net.Socket[] = [];
  beforeAll(async () => {
    if (!kind.available) return;
    a = await startTestShoebox(kind, { env: s3().env });
    b = await startTestShoebox(kind, { database: a.database, seed: false, env: s3().env });
    a.app.server.on('connection', (socket: net.Socket) => void socketsOfA.push(socket));
    for (const server of [a, b]) {
      await server.app.listen({ host: '127.0.0.1', port: 0 });
      urls.push(`http://127.0.0.1:${(server.app.server.address() as net.AddressInfo).port}`);
    }
  });
  afterAll(async () => {
    await b?.dispose();
    await a?.dispose();
  });

  const photosOf = async (who: TestCustomer) => photoPageSchema.parse((await a.app.inject({ url: `${PHOTOS_API}/photos`, headers: who.headers })).json()).images;
  const uploadRow = (id: string) => a.db.selectFrom('uploads').select(['status', 'photo_id', 'error']).where('id', '=', id).executeTakeFirstOrThrow();
  /** What is left in the bucket of uploads still arriving. */
  const uploadObjects = async () => {
    const client = new S3Client(s3ClientSettings(s3().config));
    const listed = await client.send(new ListObjectsV2Command({ Bucket: s3().config.bucket, Prefix: RESUMABLE_UPLOADS_PREFIX }));
    client.destroy();
    return (listed.Contents ?? []).map((o) => o.Key);
  };
  const originalOf = async (who: TestCustomer, photoId: string) => {
    const url = (await photosOf(who)).find((p) => p.imageId === photoId)?.untouchedUrl;
    return Buffer.from(await (await fetch(url!)).arrayBuffer());
  };

  /** A PATCH on the instance at `url` that sends `sent` of `body`'s bytes and then hangs, until `cut` is called. */
  const hangingPatch = (url: string, who: TestCustomer, location: string, offset: number, body: Buffer, sent: number) => {
    const request = http.request(`${url}${location}`, {
      // A connection of its own, as a client's cut one is (and the one untilAReceived watches).
      agent: false,
      method: 'PATCH',
      headers: { ...who.headers, 'tus-resumable': '1.0.0', 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream', 'content-length': String(body.length) },
    });
    const answered = new Promise<number | 'cut'>((resolve) => {
      request.on('response', (res) => resolve(res.statusCode ?? 0));
      request.on('error', () => resolve('cut'));
    });
    request.write(body.subarray(0, sent));
    return { answered, cut: () => request.destroy() };
  };
  /**
   * Until instance A has read `bytes` from one of the connections it accepted after the first
   * `connectionsBefore`: a busy machine delivers a request's bytes late, and what has not arrived when the
   * connection is cut was never the server's to keep.
   */
  const untilAReceived = async (bytes: number, connectionsBefore: number) => {
    const arrived = () => socketsOfA.slice(connectionsBefore).some((socket) => socket.bytesRead >= bytes);
    for (let i = 0; i < 200 && !arrived(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  };
  /** The upload's offset as instance `server` reports it, once it reports one past 0 (the other instance may still hold it). */
  const offsetOnceKept = async (server: TestShoebox, who: TestCustomer, location: string) => {
    let offset = 0;
    for (let i = 0; i < 100 && offset === 0; i++) {
      if (i) await new Promise((resolve) => setTimeout(resolve, 100));
      offset = Number((await tusClient(server, who.headers).head(location)).headers['upload-offset'] ?? 0);
    }
    return offset;
  };

  it('tus-js-client through a plain round-robin balancer uploads every photo, whole or in chunks on alternating instances, and leaves nothing behind', async () => {
    const me = await newCustomer(a);
    const balancer: RoundRobin = await roundRobin(urls);
    try {
      const send = (bytes: Buffer, fileName: string, chunkSize?: number) =>
        new Promise<string | null>((resolve, reject) => {
          new Upload(bytes, {
            endpoint: `${balancer.url}${UPLOAD_PATH}`,
            headers: me.headers,
            metadata: { filename: fileName, filetype: 'image/jpeg' },
            retryDelays: [],
            ...(chunkSize ? { chunkSize } : {}),
            onSuccess: ({ lastResponse }) => resolve(lastResponse.getHeader(UPLOAD_PHOTO_ID_HEADER) ?? null),
            onError: reject,
          }).start();
        });
      const files = await Promise.all([photo(), photo(), photo()]);
      const ids = [await send(files[0]!, 'whole.jpg'), await send(files[1]!, 'thirds.jpg', Math.ceil(files[1]!.length / 3)), await send(files[2]!, 'sevenths.jpg', Math.ceil(files[2]!.length / 7))];
      expect(new Set(balancer.served)).toEqual(new Set([0, 1]));
      expect((await photosOf(me)).map((p) => p.imageId).sort()).toEqual([...ids].sort());
      for (const [i, id] of ids.entries()) expect((await originalOf(me, id!)).equals(files[i]!)).toBe(true);
      expect(await uploadObjects()).toEqual([]);
    } finally {
      await balancer.close();
    }
  });

  it('a request cut mid-file on one instance keeps what arrived, and the upload resumes at that offset on the other', async () => {
    const me = await newCustomer(a);
    const bytes = await photo();
    const location = locationOfUpload(await tusClient(a, me.headers).create(bytes.length, { filename: 'cut.jpg', filetype: 'image/jpeg' }));
    const sent = Math.floor(bytes.length / 2);
    const connectionsBefore = socketsOfA.length;
    const patch = hangingPatch(urls[0]!, me, location, 0, bytes, sent);
    await untilAReceived(sent, connectionsBefore);
    patch.cut();
    expect(await patch.answered).toBe('cut');

    // What arrived is kept (all of it, unless the cut overtook the last bytes inside A), and B resumes there.
    const kept = await offsetOnceKept(b, me, location);
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThanOrEqual(sent);
    const rest = await tusClient(b, me.headers).patch(location, kept, bytes.subarray(kept));
    expect(rest.statusCode).toBe(204);
    const photoId = String(rest.headers[UPLOAD_PHOTO_ID_HEADER]);
    expect((await originalOf(me, photoId)).equals(bytes)).toBe(true);
    expect(await uploadRow(location.split('/').at(-1)!)).toEqual({ status: 'done', photo_id: photoId, error: null });
    expect(await uploadObjects()).toEqual([]);
  });

  it("a resume on another instance while the first still holds the upload for a connection that hangs: the first lets go, keeping what arrived", async () => {
    const me = await newCustomer(a);
    const bytes = await photo();
    const location = locationOfUpload(await tusClient(a, me.headers).create(bytes.length, { filename: 'hangs.jpg', filetype: 'image/jpeg' }));
    const sent = Math.floor(bytes.length / 3);
    const connectionsBefore = socketsOfA.length;
    const patch = hangingPatch(urls[0]!, me, location, 0, bytes, sent);
    await untilAReceived(sent, connectionsBefore);

    // The client gave up on that connection and asks B where the upload stands: A is asked to let go.
    const head = await tusClient(b, me.headers).head(location);
    expect(head.statusCode).toBe(200);
    const kept = Number(head.headers['upload-offset']);
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThanOrEqual(sent);
    patch.cut();
    await patch.answered;
    const rest = await tusClient(b, me.headers).patch(location, kept, bytes.subarray(kept));
    expect(rest.statusCode).toBe(204);
    expect((await originalOf(me, String(rest.headers[UPLOAD_PHOTO_ID_HEADER]))).equals(bytes)).toBe(true);
  });

  it('an upload whose bytes all arrived on an instance that stopped before making its photo is finished by the others, once, whichever instances try', async () => {
    const me = await newCustomer(a);
    const bytes = await photo();
    const location = locationOfUpload(await tusClient(a, me.headers).create(bytes.length, { filename: 'left.jpg', filetype: 'image/jpeg' }));
    const uploadId = location.split('/').at(-1)!;
    await uploadDatastore(a).store.write(Readable.from([bytes]), uploadId, 0);
    await a.db.updateTable('uploads').set({ status: 'ingesting', created_at: new Date(Date.now() - 5 * 60_000).toISOString() }).where('id', '=', uploadId).execute();

    // Both instances' recovery passes at once: one makes the photo, the other reads its outcome.
    await Promise.all([recoverUploads(a), recoverUploads(b)]);
    expect(await photosOf(me)).toHaveLength(1);
    const row = await uploadRow(uploadId);
    expect(row).toMatchObject({ status: 'done', error: null });
    expect((await originalOf(me, row.photo_id!)).equals(bytes)).toBe(true);
    expect(await uploadObjects()).toEqual([]);
  });

  it("the sweep of stopped blob writes leaves an upload that waits for its customer, however long it has been quiet", async () => {
    const me = await newCustomer(a);
    const bytes = await photo();
    const location = locationOfUpload(await tusClient(a, me.headers).create(bytes.length, { filename: 'paused.jpg', filetype: 'image/jpeg' }));
    const half = Math.floor(bytes.length / 2);
    expect((await tusClient(b, me.headers).patch(location, 0, bytes.subarray(0, half))).statusCode).toBe(204);

    const hoursLater = s3BlobStore(s3().config, () => Date.now() + 6 * 60 * 60 * 1000);
    expect(await hoursLater.sweepPartials(60 * 60 * 1000)).toBe(0);
    expect((await tusClient(a, me.headers).head(location)).headers['upload-offset']).toBe(String(half));
    expect((await tusClient(a, me.headers).patch(location, half, bytes.subarray(half))).statusCode).toBe(204);
  });
});
