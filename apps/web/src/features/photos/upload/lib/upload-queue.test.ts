// @vitest-environment jsdom
// On jsdom (the web tests' default is happy-dom): the upload's files, their bytes and object URLs are made as jsdom makes them, which the tus client and the thumbnail maker read as in a browser.
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, test } from 'vitest';
import { fakeTusServer } from '../../../../test/fake-tus-server';
import { server } from '../../../../test/msw-server';
import { UPLOAD_CHUNK_SIZE, UploadQueue, type UploadItem } from './upload-queue';

const { Upload } = await import('tus-js-client');

const ENDPOINT = 'http://api.test/uploads';
const JPEG_HEAD = [0xff, 0xd8, 0xff, 0xe0];
/** This machine's UTC offset at the test files' modification time, in minutes east, as the metadata carries it. */
const OFFSET_AT_1700000000000 = String(-new Date(1_700_000_000_000).getTimezoneOffset());

/** A file that starts like a JPEG, `size` bytes long, with a fixed modification time (part of the fingerprint). */
function jpeg(name: string, size = 64): File {
  const bytes = new Uint8Array(size);
  bytes.set(JPEG_HEAD);
  for (let i = JPEG_HEAD.length; i < size; i++) bytes[i] = i % 251;
  return new File([bytes], name, { type: 'image/jpeg', lastModified: 1_700_000_000_000 });
}

const queues: UploadQueue[] = [];
function newQueue(options: Partial<ConstructorParameters<typeof UploadQueue>[0]> = {}) {
  const queue = new UploadQueue({
    endpoint: ENDPOINT,
    accessToken: async () => 'token-1',
    ownerId: async () => 'cust-1001',
    Upload,
    retryDelays: [0],
    ...options,
  });
  queues.push(queue);
  return queue;
}

afterEach(async () => {
  // A page that is reloaded never cancels: only dispose what a test did not leave behind on purpose.
  await Promise.all(queues.splice(0).map((q) => q.dispose()));
});

function settled(queue: UploadQueue, count: number): Promise<readonly UploadItem[]> {
  const done = (items: readonly UploadItem[]) =>
    items.length >= count && items.every((i) => i.status !== 'queued' && i.status !== 'uploading' && i.status !== 'ready');
  return new Promise((resolve) => {
    if (done(queue.getSnapshot())) return resolve(queue.getSnapshot());
    const stop = queue.subscribe(() => {
      if (done(queue.getSnapshot())) {
        stop();
        resolve(queue.getSnapshot());
      }
    });
  });
}

describe('UploadQueue', () => {
  test('uploads 200 files, never more than 3 at a time, each ending with its photo id', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const tus = fakeTusServer(ENDPOINT, {
      interceptPatch: async () => {
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await new Promise((r) => setTimeout(r, 2));
        inFlight -= 1;
        return undefined;
      },
    });
    server.use(...tus.handlers);
    const queue = newQueue();

    await queue.add(Array.from({ length: 200 }, (_, i) => jpeg(`photo-${i}.jpg`, 32 + i)));
    queue.start();
    const items = await settled(queue, 200);

    expect(items).toHaveLength(200);
    expect(items.every((i) => i.status === 'uploaded' && i.selected && i.photoId?.startsWith('photo-u'))).toBe(true);
    expect(new Set(items.map((i) => i.photoId)).size).toBe(200);
    expect(maxInFlight).toBeLessThanOrEqual(3);
    expect(maxInFlight).toBeGreaterThan(1);
    expect(tus.requests.filter((r) => r.method === 'POST')).toHaveLength(200);
    expect(tus.requests.every((r) => r.authorization === 'Bearer token-1')).toBe(true);
  }, 30_000);

  test('a file chosen again after a reload continues from the offset the server has', async () => {
    const size = UPLOAD_CHUNK_SIZE + 1000;
    let failing = true;
    const tus = fakeTusServer(ENDPOINT, {
      // The connection drops for every chunk after the first, until the "reload".
      interceptPatch: (_upload, offset) => (failing && offset > 0 ? HttpResponse.error() : undefined),
    });
    server.use(...tus.handlers);

    const before = newQueue({ retryDelays: [] });
    await before.add([jpeg('big.jpg', size)]);
    before.start();
    const [failed] = await settled(before, 1);
    expect(failed).toMatchObject({ status: 'failed', error: { kind: 'network' }, bytesUploaded: UPLOAD_CHUNK_SIZE });
    queues.splice(queues.indexOf(before), 1); // the page is gone: nothing is cancelled

    failing = false;
    const after = newQueue();
    await after.add([jpeg('big.jpg', size)]);
    expect(after.getSnapshot()[0]).toMatchObject({ status: 'ready', resumable: true });
    after.start();
    const [done] = await settled(after, 1);

    expect(done).toMatchObject({ status: 'uploaded', photoId: 'photo-u1' });
    expect(tus.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    const afterReload = tus.requests.slice(tus.requests.findIndex((r) => r.method === 'HEAD'));
    expect(afterReload.map((r) => `${r.method} ${r.offset ?? ''}`.trim())).toEqual(['HEAD', `PATCH ${UPLOAD_CHUNK_SIZE}`]);
    expect(tus.uploads.get('u1')?.offset).toBe(size);
  });

  test('another customer in the same browser does not resume the first one’s upload', async () => {
    const tus = fakeTusServer(ENDPOINT, { interceptPatch: (_u, offset) => (offset > 0 ? HttpResponse.error() : undefined) });
    server.use(...tus.handlers);
    const first = newQueue({ retryDelays: [] });
    await first.add([jpeg('big.jpg', UPLOAD_CHUNK_SIZE + 10)]);
    first.start();
    await settled(first, 1);
    queues.splice(queues.indexOf(first), 1);

    const other = newQueue({ ownerId: async () => 'cust-2002' });
    await other.add([jpeg('big.jpg', UPLOAD_CHUNK_SIZE + 10)]);

    expect(other.getSnapshot()[0]).toMatchObject({ status: 'ready', resumable: false });
  });

  test('a failed file is tried again by hand and continues where it stopped', async () => {
    let drops = 1;
    const tus = fakeTusServer(ENDPOINT, { interceptPatch: (_u, offset) => (offset > 0 && drops-- > 0 ? HttpResponse.error() : undefined) });
    server.use(...tus.handlers);
    const queue = newQueue({ retryDelays: [] });
    await queue.add([jpeg('big.jpg', UPLOAD_CHUNK_SIZE + 10)]);
    queue.start();
    const [failed] = await settled(queue, 1);
    expect(failed?.status).toBe('failed');

    queue.retry(failed!.key);
    const [done] = await settled(queue, 1);

    expect(done?.status).toBe('uploaded');
    expect(tus.requests.filter((r) => r.method === 'PATCH').map((r) => r.offset)).toEqual([0, UPLOAD_CHUNK_SIZE, UPLOAD_CHUNK_SIZE]);
  });

  test('while the connection is down the file says it is trying again, then carries on', async () => {
    let drops = 1;
    const tus = fakeTusServer(ENDPOINT, { interceptPatch: (_u, offset) => (offset > 0 && drops-- > 0 ? HttpResponse.error() : undefined) });
    server.use(...tus.handlers);
    const queue = newQueue({ retryDelays: [50] });
    const seen: boolean[] = [];
    queue.subscribe(() => seen.push(queue.getSnapshot()[0]?.retrying === true));
    await queue.add([jpeg('big.jpg', UPLOAD_CHUNK_SIZE + 10)]);
    queue.start();
    const [done] = await settled(queue, 1);

    expect(seen).toContain(true);
    expect(done).toMatchObject({ status: 'uploaded', retrying: false });
  });

  test('the same file added twice is listed once', async () => {
    const queue = newQueue();
    await queue.add([jpeg('a.jpg')]);
    await queue.add([jpeg('a.jpg'), jpeg('b.jpg')]);
    expect(queue.getSnapshot().map((i) => i.name)).toEqual(['a.jpg', 'b.jpg']);
  });

  test('sends filename, filetype (judged by the bytes) and the album as metadata', async () => {
    const tus = fakeTusServer(ENDPOINT);
    server.use(...tus.handlers);
    const queue = newQueue({ albumId: 'album-7' });
    const png = new Uint8Array(40);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    await queue.add([new File([png], 'scan.PNG', { type: '', lastModified: 1_700_000_000_000 })]);
    queue.start();
    await settled(queue, 1);

    expect(tus.uploads.get('u1')?.metadata).toEqual({ filename: 'scan.PNG', filetype: 'image/png', albumId: 'album-7', lastModified: '1700000000000', lastModifiedOffset: OFFSET_AT_1700000000000 });
  });

  test("the last-modified time carries the browser's UTC offset at that moment, summer time included", async () => {
    const tz = process.env.TZ;
    process.env.TZ = 'Europe/Berlin';
    try {
      const tus = fakeTusServer(ENDPOINT);
      server.use(...tus.handlers);
      const queue = newQueue();
      const july = Date.UTC(2021, 6, 1, 12);
      await queue.add([new File([jpeg('a.jpg')], 'summer.jpg', { type: 'image/jpeg', lastModified: july }), jpeg('winter.jpg')]);
      queue.start();
      await settled(queue, 2);

      const sent = [...tus.uploads.values()].map((upload) => [upload.metadata.filename, upload.metadata.lastModified, upload.metadata.lastModifiedOffset]);
      expect(sent).toEqual(
        expect.arrayContaining([
          ['summer.jpg', String(july), '120'],
          ['winter.jpg', '1700000000000', '60'],
        ]),
      );
    } finally {
      process.env.TZ = tz;
    }
  });

  test('a file the server refused is forgotten: chosen again, it is a new upload, not one that continues', async () => {
    const refuse = () => HttpResponse.json({ status: 422, error: 'corrupt', message: 'Damaged', correlationId: 'c' }, { status: 422, headers: { 'Tus-Resumable': '1.0.0' } });
    const tus = fakeTusServer(ENDPOINT, { interceptPatch: (_upload, offset) => (offset > 0 ? refuse() : undefined) });
    server.use(...tus.handlers);
    const before = newQueue();
    await before.add([jpeg('broken.jpg', UPLOAD_CHUNK_SIZE + 10)]);
    before.start();
    const [refused] = await settled(before, 1);
    expect(refused).toMatchObject({ status: 'refused', error: { kind: 'server', refusal: { status: 422, code: 'corrupt' } } });
    queues.splice(queues.indexOf(before), 1);

    const after = newQueue();
    await after.add([jpeg('broken.jpg', UPLOAD_CHUNK_SIZE + 10)]);
    expect(after.getSnapshot()[0]).toMatchObject({ status: 'ready', resumable: false });
  });

  test('a server too busy to make the photo, after every retry, is a failure that can be tried again, saying so by its code', async () => {
    const busy = HttpResponse.json(
      { status: 503, error: 'busy', message: 'Too many photos', correlationId: 'c', params: { retryAfterSeconds: 10 } },
      { status: 503, headers: { 'Tus-Resumable': '1.0.0', 'Retry-After': '10' } },
    );
    const tus = fakeTusServer(ENDPOINT, { interceptPatch: () => busy.clone() });
    server.use(...tus.handlers);
    const queue = newQueue({ retryDelays: [] });
    await queue.add([jpeg('a.jpg')]);
    queue.start();
    const [failed] = await settled(queue, 1);
    expect(failed).toMatchObject({ status: 'failed', error: { kind: 'server', refusal: { status: 503, code: 'busy', params: { retryAfterSeconds: 10 } } } });
  });

  test("a limit of the customer's uploads (429 with Retry-After) makes the file wait that long, then it starts again by itself", async () => {
    const sentAt: number[] = [];
    const tooFast = () =>
      HttpResponse.json(
        { status: 429, error: 'too_many_uploads', message: 'Too many', correlationId: 'c', params: { maxUploads: 300, retryAfterSeconds: 1 } },
        { status: 429, headers: { 'Tus-Resumable': '1.0.0', 'Retry-After': '1' } },
      );
    const tus = fakeTusServer(ENDPOINT, { interceptCreate: (attempt) => (sentAt.push(Date.now()), attempt === 1 ? tooFast() : undefined) });
    server.use(...tus.handlers);
    const queue = newQueue();
    const seen: UploadItem['status'][] = [];
    queue.subscribe(() => seen.push(queue.getSnapshot()[0]!.status));
    await queue.add([jpeg('a.jpg')]);
    queue.start();
    const [done] = await settled(queue, 1);
    expect(done).toMatchObject({ status: 'uploaded', photoId: 'photo-u1' });
    expect(done!.error).toBeUndefined();
    // Refused once, it waited (never shown as refused) and was not sent again before the second asked for.
    expect(sentAt).toHaveLength(2);
    expect(sentAt[1]! - sentAt[0]!).toBeGreaterThanOrEqual(1000);
    expect(seen).not.toContain('refused');
    expect(seen.slice(seen.indexOf('uploading'))).toContain('queued');
  });
});
