import { apiErrorSchema, photoPageSchema, UPLOAD_PHOTO_ID_HEADER, type Photo } from '@shoebox/contracts';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { locationOfUpload, newCustomer, PHOTOS_API, recoverUploads, type TestCustomer, tusClient, tusFilesOf, useLibraryServer } from '../../test/photo-library.js';
import { makeTestJpeg } from '../../seed/photo-like-images.js';
import { INGESTS_PER_CUSTOMER, INGESTS_QUEUED_PER_CUSTOMER, ingestPhotoIsolated, isolatedIngestStatus } from './ingest/isolated-ingest.js';

let seed = 900;
let dir: string;
/** A photo whose ingest takes far longer (2 MP) than stopping the pool's children once its job has started... */
let filler: string;
/** ...and a small one to fill the queue behind it, quick to make once the pool goes on. */
let queued: string;
/** The children stopped now, let go after each test even when it fails. */
let held: number[] = [];
const letGo = () => {
  for (const pid of held.splice(0)) process.kill(pid, 'SIGCONT');
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'shoebox-busy-'));
  filler = path.join(dir, 'filler.jpg');
  await writeFile(filler, await makeTestJpeg({ width: 1800, height: 1200, seed: 1 }));
  queued = path.join(dir, 'queued.jpg');
  await writeFile(queued, await makeTestJpeg({ width: 64, height: 48, seed: 2 }));
});
afterEach(letGo);
afterAll(() => rm(dir, { recursive: true, force: true }));

describe.each(databases)('an upload finished while the image pool is full, on $name', (kind) => {
  const server = useLibraryServer(kind);

  const photosOf = async (who: TestCustomer): Promise<Photo[]> =>
    photoPageSchema.parse((await server().app.inject({ url: `${PHOTOS_API}/photos`, headers: who.headers })).json()).images;

  /**
   * The customer's share of the pool running and their queue full, held so until `release`: the pool's children
   * are stopped (SIGSTOP) once their jobs have started, so no job ends however slow or loaded the machine is.
   * `release` lets them go on and settles when all of it is done.
   */
  async function holdPoolFullFor(who: TestCustomer) {
    const jobs = Array.from({ length: INGESTS_PER_CUSTOMER + INGESTS_QUEUED_PER_CUSTOMER }, (_, i) =>
      ingestPhotoIsolated(i < INGESTS_PER_CUSTOMER ? filler : queued, { customerId: who.id }),
    );
    const settled = Promise.allSettled(jobs);
    await expect.poll(() => isolatedIngestStatus().running, { interval: 1 }).toBe(INGESTS_PER_CUSTOMER);
    held = isolatedIngestStatus().pids;
    for (const pid of held) process.kill(pid, 'SIGSTOP');
    expect(isolatedIngestStatus()).toMatchObject({ running: INGESTS_PER_CUSTOMER, queued: INGESTS_QUEUED_PER_CUSTOMER });
    return {
      release: async () => {
        letGo();
        await settled;
      },
    };
  }

  /** An upload whose last byte is still to be sent. */
  async function almostUploaded(who: TestCustomer) {
    const bytes = await makeTestJpeg({ width: 64, height: 48, seed: seed++ });
    const tus = tusClient(server(), who.headers);
    const location = locationOfUpload(await tus.create(bytes.length, { filename: 'kept.jpg' }));
    expect((await tus.patch(location, 0, bytes.subarray(0, -1))).statusCode).toBe(204);
    return { tus, location, uploadId: location.split('/').at(-1)!, finish: () => tus.patch(location, bytes.length - 1, bytes.subarray(-1)) };
  }

  it('answers 503 with Retry-After, keeps the upload, and gives its photo to the retry once there is room', async () => {
    const me = await newCustomer(server());
    const { tus, location, uploadId, finish } = await almostUploaded(me);

    const pool = await holdPoolFullFor(me);
    const last = await finish();
    expect(last.statusCode).toBe(503);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect(apiErrorSchema.parse(JSON.parse(last.body))).toMatchObject({ status: 503, error: 'busy', params: { retryAfterSeconds: Number(last.headers['retry-after']) } });
    expect(tusFilesOf(server(), uploadId)).toHaveLength(2);

    // The client's retry, a HEAD, while the pool is still full: the same answer, nothing lost.
    const early = await tus.head(location);
    expect(early.statusCode).toBe(503);
    expect(early.headers['retry-after']).toBeDefined();
    expect(tusFilesOf(server(), uploadId)).toHaveLength(2);

    await pool.release();
    const head = await tus.head(location);
    expect(head.statusCode).toBe(200);
    const photos = await photosOf(me);
    expect(photos.map((p) => p.imageId)).toEqual([head.headers[UPLOAD_PHOTO_ID_HEADER]]);
    expect(photos[0]).toMatchObject({ localFileName: 'kept.jpg', uploadId });
  });

  it('is finished by the upload recovery once there is room', async () => {
    const me = await newCustomer(server());
    const { uploadId, finish } = await almostUploaded(me);
    const pool = await holdPoolFullFor(me);
    expect((await finish()).statusCode).toBe(503);
    await pool.release();

    await recoverUploads(server());
    const [photo, ...more] = await photosOf(me);
    expect(more).toEqual([]);
    expect(photo).toMatchObject({ localFileName: 'kept.jpg', uploadId });
    expect(tusFilesOf(server(), uploadId)).toEqual([]);
  });
});
