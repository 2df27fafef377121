import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { UPLOAD_PHOTO_ID_HEADER } from '@shoebox/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { databases, skipTestsUnlessAvailable } from '../../test/databases.js';
import { locationOfUpload, newCustomer, recoverUploads, type TestCustomer, tusClient, uploadDatastore } from '../../test/photo-library.js';
import { startTestShoebox, type TestShoebox } from '../../test/test-server.js';
import { makeTestJpeg } from '../../seed/photo-like-images.js';
import { UPLOAD_EXPIRY_MS } from './store/upload-datastore.js';
import { MAX_UNFINISHED_UPLOADS } from './upload-limits.js';
import { RECOVERY_INTERVAL_MS } from './upload-giving-up.js';

let seed = 900;

/**
 * Two machines of one deployment: servers on one database (a shared SQLite file, or PostgreSQL), each with
 * a DATA_DIR of its own, so each keeps the bytes of the uploads it receives in its own `uploads` folder.
 */
describe.each(databases)('unfinished uploads on two machines on $name', (kind) => {
  skipTestsUnlessAvailable(kind);
  const started: TestShoebox[] = [];
  afterEach(async () => {
    // The first one made the database: it goes last.
    for (const server of started.reverse()) await server.dispose();
    started.length = 0;
  });
  const machineB = async () => started[started.push(await startTestShoebox(kind)) - 1]!;
  /** Another machine on B's database; `dataDir` is the folder of a machine that starts again. */
  const machineOn = async (b: TestShoebox, dataDir?: string) =>
    started[started.push(await startTestShoebox(kind, { database: b.database, seed: false, env: dataDir ? { DATA_DIR: dataDir } : {} })) - 1]!;

  const uploadRow = (server: TestShoebox, id: string) => server.db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  /** The customer's unfinished uploads as their limit counts them (PostgreSQL answers the bigint bytes as text). */
  const placesHeld = async (server: TestShoebox, who: TestCustomer) => {
    const totals = await server.db.selectFrom('unfinished_upload_totals').select(['uploads', 'bytes']).where('customer_id', '=', who.id).executeTakeFirst();
    return { uploads: Number(totals?.uploads ?? 0), bytes: Number(totals?.bytes ?? 0) };
  };
  const photosOf = (server: TestShoebox, who: TestCustomer) => server.db.selectFrom('photos').select(['id', 'upload_id']).where('customer_id', '=', who.id).execute();
  /** The upload began this long ago (a slow phone, or a machine that stopped a while back): past recovery's quiet minute. */
  const beganMinutesAgo = async (server: TestShoebox, uploadId: string, minutes: number) => {
    await server.db.updateTable('uploads').set({ created_at: new Date(Date.now() - minutes * 60_000).toISOString() }).where('id', '=', uploadId).execute();
  };

  it('an upload still coming in on B survives A starting and making its recovery pass, keeps its place, and becomes a photo', async () => {
    const b = await machineB();
    const me = await newCustomer(b);
    const bytes = await makeTestJpeg({ width: 400, height: 300, seed: seed++ });
    const tus = tusClient(b, me.headers);
    const location = locationOfUpload(await tus.create(bytes.length, { filename: 'slow.jpg', filetype: 'image/jpeg' }));
    const uploadId = location.split('/').at(-1)!;
    expect((await tus.patch(location, 0, bytes.subarray(0, 1000))).statusCode).toBe(204);
    await beganMinutesAgo(b, uploadId, 2);

    const a = await machineOn(b);
    await recoverUploads(a);

    expect(await uploadRow(b, uploadId)).toMatchObject({ status: 'receiving', error: null });
    expect(await placesHeld(b, me)).toEqual({ uploads: 1, bytes: bytes.length });

    const rest = await tus.patch(location, 1000, bytes.subarray(1000));
    expect(rest.statusCode).toBe(204);
    const [photo, ...more] = await photosOf(b, me);
    expect(more).toEqual([]);
    expect(rest.headers[UPLOAD_PHOTO_ID_HEADER]).toBe(photo!.id);
    expect(await uploadRow(b, uploadId)).toMatchObject({ status: 'done', photo_id: photo!.id, error: null });
    expect(await placesHeld(b, me)).toEqual({ uploads: 0, bytes: 0 });
  });

  it('an upload fully received on B, whose server stopped before making its photo, is left by A and finished when B starts again', async () => {
    const b = await machineB();
    const me = await newCustomer(b);
    const bytes = await makeTestJpeg({ width: 64, height: 48, seed: seed++ });
    const location = locationOfUpload(await tusClient(b, me.headers).create(bytes.length, { filename: 'cut-off.jpg', filetype: 'image/jpeg' }));
    const uploadId = location.split('/').at(-1)!;
    // Every byte reached B's disk, then B stopped before the ingest ran.
    await uploadDatastore(b).store.write(Readable.from([bytes]), uploadId, 0);
    await b.db.updateTable('uploads').set({ status: 'ingesting' }).where('id', '=', uploadId).execute();
    await beganMinutesAgo(b, uploadId, 5);
    await b.close();

    const a = await machineOn(b);
    await recoverUploads(a);
    expect(await uploadRow(a, uploadId)).toMatchObject({ status: 'ingesting', error: null });
    expect(await photosOf(a, me)).toEqual([]);
    expect(await placesHeld(a, me)).toEqual({ uploads: 1, bytes: bytes.length });

    // The same machine again: the same DATA_DIR, so the same upload folder.
    await machineOn(b, b.config.dataDir);
    await expect.poll(() => photosOf(a, me), { timeout: 10_000 }).toEqual([{ id: expect.any(String), upload_id: uploadId }]);
    const [photo] = await photosOf(a, me);
    await expect.poll(() => uploadRow(a, uploadId)).toMatchObject({ status: 'done', photo_id: photo!.id });
    expect(await placesHeld(a, me)).toEqual({ uploads: 0, bytes: 0 });
  });

  it('an upload from before machines were told apart is finished by the machine that has its bytes, and left alone by the one that has not', async () => {
    const b = await machineB();
    const me = await newCustomer(b);
    const bytes = await makeTestJpeg({ width: 64, height: 48, seed: seed++ });
    const location = locationOfUpload(await tusClient(b, me.headers).create(bytes.length, { filename: 'older.jpg', filetype: 'image/jpeg' }));
    const uploadId = location.split('/').at(-1)!;
    await uploadDatastore(b).store.write(Readable.from([bytes]), uploadId, 0);
    await b.db.updateTable('uploads').set({ machine_id: null }).where('id', '=', uploadId).execute();
    await beganMinutesAgo(b, uploadId, 5);

    const a = await machineOn(b);
    await recoverUploads(a);
    expect(await uploadRow(a, uploadId)).toMatchObject({ status: 'receiving', error: null });

    await recoverUploads(b);
    const [photo] = await photosOf(b, me);
    expect(await uploadRow(b, uploadId)).toMatchObject({ status: 'done', photo_id: photo!.id });
  });

  it('a customer whose unfinished uploads on B hold every place is told on A to retry when B gives them up, not at A\'s next pass', async () => {
    const b = await machineB();
    const me = await newCustomer(b);
    const onB = tusClient(b, me.headers);
    for (let i = 0; i < MAX_UNFINISHED_UPLOADS; i++) expect((await onB.create(1000, { filename: `f${i}.jpg` })).statusCode).toBe(201);

    const a = await machineOn(b);
    const refused = await tusClient(a, me.headers).create(1000, { filename: 'more.jpg' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'too_many_unfinished_uploads' });
    // Nothing was sent to them yet: B gives the first up a whole expiry from now, at its pass after that.
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan((UPLOAD_EXPIRY_MS - 5000) / 1000);
    expect(retryAfter).toBeLessThanOrEqual((UPLOAD_EXPIRY_MS + RECOVERY_INTERVAL_MS) / 1000 + 1);
  });

  it('an upload of a machine gone for good is given up by another a week after it began, freeing its place', async () => {
    const b = await machineB();
    const me = await newCustomer(b);
    const location = locationOfUpload(await tusClient(b, me.headers).create(5000, { filename: 'lost.jpg', filetype: 'image/jpeg' }));
    const uploadId = location.split('/').at(-1)!;
    await b.close();
    fs.rmSync(path.join(b.config.dataDir, 'uploads'), { recursive: true, force: true });

    const a = await machineOn(b);
    await beganMinutesAgo(a, uploadId, 6 * 24 * 60);
    await recoverUploads(a);
    expect(await uploadRow(a, uploadId)).toMatchObject({ status: 'receiving' });

    await beganMinutesAgo(a, uploadId, 7 * 24 * 60 + 1);
    await recoverUploads(a);
    expect(await uploadRow(a, uploadId)).toMatchObject({ status: 'rejected', error: 'abandoned' });
    expect(await placesHeld(a, me)).toEqual({ uploads: 0, bytes: 0 });
  });
});
