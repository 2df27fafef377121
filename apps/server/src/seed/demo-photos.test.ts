import fs from 'node:fs';
import path from 'node:path';
import { photoPageSchema, timelineCountsSchema } from '@shoebox/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IngestResult, UploadService } from '../modules/uploads/upload.service.js';
import { databases, useMigratedDatabase } from '../test/databases.js';
import { PHOTOS_API, silentLog, useLibraryServer } from '../test/photo-library.js';
import { bearer, signIn } from '../test/sign-in.js';
import { DEMO_LIBRARY_OWNER, DEMO_PHOTO_COUNT, seedDemoPhotos } from './demo-photos.js';
import { makeTestJpeg } from './photo-like-images.js';

// The seed draws 332 photos of 1200×900. Here the first twelve of Emma's (seeds 1–12, the only ones
// stored for real below) are the same pictures at 1/75 of the size; the others are never decoded, so
// a placeholder naming the options stands in for them and keeps this test fast.
const smallPictures: typeof makeTestJpeg = async (o = {}) =>
  (o.seed ?? 1) <= 12 ? makeTestJpeg({ ...o, width: Math.round((o.width ?? 1600) / 75), height: Math.round((o.height ?? 1200) / 75) }) : Buffer.from(`placeholder ${JSON.stringify(o)}`);
/** As many of Emma's photos as smallPictures makes real. */
const REAL_PHOTOS = 12;

const MARKER = 'demo.photo-library-seeded';

interface StoreCall {
  customerId: string;
  fileName: string;
  uploadId: string;
  filePath: string;
}

/**
 * seedDemoPhotos takes no photo count, so it always walks all 320 (and Lars's 12): this stand-in for the upload
 * service stores the first `real` photos for real, answers the rest without storing them, and can
 * fail ("the server stopped") at a given call.
 */
function countingUploads(real: UploadService | undefined, o: { storeFirst: number; failAt?: number }) {
  if (o.storeFirst > REAL_PHOTOS) throw new Error(`Only the first ${REAL_PHOTOS} photos are real JPEGs here`);
  const calls: StoreCall[] = [];
  const results: IngestResult[] = [];
  /** What the work folder held when the first photo arrived. */
  let firstFolder: string[] = [];
  const uploads = {
    async storePhoto(call: StoreCall): Promise<IngestResult> {
      if (calls.length === 0) firstFolder = fs.readdirSync(path.dirname(call.filePath));
      calls.push(call);
      if (o.failAt !== undefined && calls.length === o.failAt) throw new Error('The server stopped');
      const result = real && calls.length <= o.storeFirst ? await real.storePhoto(call) : { photoId: `not-stored-${calls.length}`, duplicate: false };
      results.push(result);
      return result;
    },
    ingest: () => Promise.reject(new Error('not used')),
  } as unknown as UploadService;
  return { uploads, calls, results, firstFolder: () => firstFolder };
}

describe.each(databases)('the demo photo library on $name', (kind) => {
  const server = useLibraryServer(kind);
  const bareDb = useMigratedDatabase(kind);

  afterEach(() => {
    vi.useRealTimers();
  });

  const workDir = () => path.join(server().config.dataDir, 'demo-seed');
  const marker = (db = server().db) => db.selectFrom('secrets').select('value').where('name', '=', MARKER).executeTakeFirst();
  const emmaId = async () =>
    (await server().db.selectFrom('identities').select('customer_id').where('email', '=', DEMO_LIBRARY_OWNER).executeTakeFirstOrThrow()).customer_id;
  const emmaPhotoCount = async () => Number((await server().db.selectFrom('photos').select((eb) => eb.fn.countAll<number>().as('n')).where('customer_id', '=', await emmaId()).executeTakeFirstOrThrow()).n);

  it('stores nothing where the demo customers do not exist', async () => {
    const { uploads, calls } = countingUploads(undefined, { storeFirst: 0 });
    await seedDemoPhotos(bareDb(), uploads, silentLog, workDir(), smallPictures);
    expect(calls).toEqual([]);
    expect(await bareDb().selectFrom('photos').select('id').execute()).toEqual([]);
  });

  it('fills the owner’s library once, continues after a stop part-way without doubles, and then never again', async () => {
    const owner = await emmaId();

    // A stop in the middle of writing a photo left a file in the work folder.
    fs.mkdirSync(workDir(), { recursive: true });
    fs.writeFileSync(path.join(workDir(), 'IMG_0999.jpg'), 'half a photo');

    // First start: the server stops at the 5th photo. Nothing marks the library done.
    const first = countingUploads(server().uploads, { storeFirst: 4, failAt: 5 });
    await expect(seedDemoPhotos(server().db, first.uploads, silentLog, workDir(), smallPictures)).rejects.toThrow('The server stopped');
    expect(await marker()).toBeUndefined();
    expect(await emmaPhotoCount()).toBe(4);
    // It worked in the server's own data folder, cleared what the stop before left, and cleans up all the same.
    expect(path.dirname(first.calls[0]!.filePath)).toBe(workDir());
    expect(first.firstFolder()).toEqual(['IMG_1000.jpg']);
    expect(fs.existsSync(workDir())).toBe(false);

    // Next start: it goes through all of them; the first four are recognised as already there.
    const info = vi.fn();
    const second = countingUploads(server().uploads, { storeFirst: REAL_PHOTOS });
    await seedDemoPhotos(server().db, second.uploads, { ...silentLog, info } as unknown as FastifyBaseLogger, workDir(), smallPictures);
    // Emma's library first, then a few photos of Lars for the shared albums.
    const emmas = second.calls.filter((c) => c.customerId === owner);
    expect(emmas).toHaveLength(DEMO_PHOTO_COUNT);
    expect(second.calls.slice(0, DEMO_PHOTO_COUNT)).toEqual(emmas);
    expect(new Set(emmas.map((c) => c.fileName)).size).toBe(DEMO_PHOTO_COUNT);
    expect(emmas[0]!.fileName).toBe('IMG_1000.jpg');
    const lars = await server().db.selectFrom('identities').select('customer_id').where('email', '=', 'lars@example.com').executeTakeFirstOrThrow();
    expect(second.calls.slice(DEMO_PHOTO_COUNT).length).toBeGreaterThan(0);
    expect(second.calls.slice(DEMO_PHOTO_COUNT).every((c) => c.customerId === lars.customer_id)).toBe(true);
    expect(second.calls.every((c) => c.uploadId === 'demo-seed')).toBe(true);
    expect(second.results.slice(0, 12).map((r) => r.duplicate)).toEqual([true, true, true, true, ...Array(8).fill(false)]);
    expect(second.results.slice(0, 4).map((r) => r.photoId)).toEqual(first.results.map((r) => r.photoId));
    expect(await marker()).toBeDefined();
    expect(info).toHaveBeenCalledWith(expect.objectContaining({ ms: expect.any(Number) }), 'Demo photo libraries and albums ready');
    expect(await emmaPhotoCount()).toBe(12);

    // What the customer sees: dated photos with the camera's offset, and one in twelve without a date.
    const { access_token } = await signIn(server().app, DEMO_LIBRARY_OWNER);
    const counts = timelineCountsSchema.parse((await server().app.inject({ url: `${PHOTOS_API}/users/timeline`, headers: bearer(access_token) })).json());
    expect(Object.values(counts).flatMap((m) => Object.values(m)).reduce((a, b) => a + b, 0)).toBe(12);
    expect(counts['1970']).toEqual({ '1': 1 });
    const page = photoPageSchema.parse((await server().app.inject({ url: `${PHOTOS_API}/photos`, headers: bearer(access_token) })).json());
    const byName = new Map(page.images.map((p) => [p.localFileName, p]));
    expect(byName.get('IMG_1000.jpg')!.dateTaken).toMatch(/\+02:00$/);
    expect(byName.get('IMG_1001.jpg')!.dateTaken).toMatch(/\+01:00$/);
    expect(byName.get('IMG_1011.jpg')!.dateTaken).toBeUndefined();
    const albums = () => server().db.selectFrom('albums').select(['id', 'name']).orderBy('id').execute();
    const albumsAfterSeed = await albums();
    expect(albumsAfterSeed.length).toBeGreaterThan(0);

    // Every later start: nothing at all.
    const third = countingUploads(server().uploads, { storeFirst: REAL_PHOTOS });
    await seedDemoPhotos(server().db, third.uploads, silentLog, workDir(), smallPictures);
    expect(third.calls).toEqual([]);
    expect(await emmaPhotoCount()).toBe(12);
    expect(await albums()).toEqual(albumsAfterSeed);
  });
  it('continues without doubles when the restart is on another day', async () => {
    const owner = await emmaId();
    await server().db.deleteFrom('secrets').where('name', '=', MARKER).execute();
    await server().db.deleteFrom('photo_month_counts').where('customer_id', '=', owner).execute();
    await server().db.deleteFrom('photos').where('customer_id', '=', owner).execute();

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-10T22:00:00.000Z'));
    const first = countingUploads(server().uploads, { storeFirst: 3, failAt: 4 });
    await expect(seedDemoPhotos(server().db, first.uploads, silentLog, workDir(), smallPictures)).rejects.toThrow();
    vi.setSystemTime(new Date('2025-03-11T07:00:00.000Z'));
    await seedDemoPhotos(server().db, countingUploads(server().uploads, { storeFirst: 3 }).uploads, silentLog, workDir(), smallPictures);
    vi.useRealTimers();
    expect(await emmaPhotoCount()).toBe(3);
  });
});
