import { apiErrorSchema, UPLOAD_MAX_BYTES } from '@shoebox/contracts';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { locationOfUpload, newCustomer, recoverUploads, tusClient, useLibraryServer } from '../../test/photo-library.js';
import { makeTestJpeg } from '../../seed/photo-like-images.js';
import { MAX_LIBRARY_PHOTOS, MAX_UNFINISHED_UPLOAD_BYTES, MAX_UNFINISHED_UPLOADS, UPLOADS_PER_MINUTE } from './upload-limits.js';

const ATTEMPTS = 300;
let seed = 900;

describe.each(databases)('unfinished uploads per customer on $name', (kind) => {
  const server = useLibraryServer(kind);
  const unfinished = (customerId: string) =>
    server().db.selectFrom('uploads').select('id').where('customer_id', '=', customerId).where('status', 'in', ['receiving', 'ingesting']).execute();

  it(`holds at ${MAX_UNFINISHED_UPLOADS} under ${ATTEMPTS} concurrent creations, with a clear refusal`, async () => {
    const [me, other] = [await newCustomer(server()), await newCustomer(server())];
    const tus = tusClient(server(), me.headers);
    const responses = await Promise.all(Array.from({ length: ATTEMPTS }, (_, i) => tus.create(1000, { filename: `f${i}.jpg` })));
    const created = responses.filter((r) => r.statusCode === 201);
    const refused = responses.filter((r) => r.statusCode !== 201);
    expect(created).toHaveLength(MAX_UNFINISHED_UPLOADS);
    for (const r of refused) {
      expect(r.statusCode).toBe(429);
      expect(r.headers['content-type']).toMatch(/^application\/json/);
      expect(apiErrorSchema.parse(JSON.parse(r.body))).toMatchObject({ status: 429, error: 'too_many_unfinished_uploads', message: expect.stringMatching(new RegExp(`${MAX_UNFINISHED_UPLOADS} unfinished uploads`)) });
    }
    expect(await unfinished(me.id)).toHaveLength(MAX_UNFINISHED_UPLOADS);
    // Another customer is not affected.
    expect((await tusClient(server(), other.headers).create(1000, { filename: 'x.jpg' })).statusCode).toBe(201);

    // A finished upload frees its place; so does one its client ends.
    const bytes = await makeTestJpeg({ width: 32, height: 32, seed: seed++ });
    const [first, second] = created.map(locationOfUpload);
    await server().app.inject({ method: 'DELETE', url: first!, headers: { 'tus-resumable': '1.0.0', ...me.headers } });
    const finished = await tus.upload(bytes, 'done.jpg');
    expect(finished.last.statusCode).toBe(204);
    expect((await tus.create(1000, { filename: 'again.jpg' })).statusCode).toBe(201);
    expect((await tus.create(1000, { filename: 'more.jpg' })).statusCode).toBe(429);
    expect((await server().app.inject({ method: 'DELETE', url: second!, headers: { 'tus-resumable': '1.0.0', ...me.headers } })).statusCode).toBe(204);
    expect((await tus.create(1000, { filename: 'more.jpg' })).statusCode).toBe(201);
    expect(await unfinished(me.id)).toHaveLength(MAX_UNFINISHED_UPLOADS);
  });

  it('bounds the bytes unfinished uploads reserve, under concurrency', async () => {
    const me = await newCustomer(server());
    const tus = tusClient(server(), me.headers);
    const fit = Math.floor(MAX_UNFINISHED_UPLOAD_BYTES / UPLOAD_MAX_BYTES);
    const responses = await Promise.all(Array.from({ length: fit + 20 }, (_, i) => tus.create(UPLOAD_MAX_BYTES, { filename: `big${i}.jpg` })));
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(fit);
    const refused = responses.find((r) => r.statusCode !== 201)!;
    expect(refused.statusCode).toBe(429);
    expect(apiErrorSchema.parse(JSON.parse(refused.body))).toMatchObject({ error: 'unfinished_uploads_too_large' });
  });

  it('gives up abandoned uploads after they expire, freeing their places', async () => {
    const me = await newCustomer(server());
    const tus = tusClient(server(), me.headers);
    await Promise.all(Array.from({ length: MAX_UNFINISHED_UPLOADS }, (_, i) => tus.create(1000, { filename: `f${i}.jpg` })));
    expect((await tus.create(1000, { filename: 'more.jpg' })).statusCode).toBe(429);
    // Nothing arrived for longer than uploads are kept.
    const longAgo = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000);
    await server().db.updateTable('uploads').set({ created_at: longAgo.toISOString() }).where('customer_id', '=', me.id).execute();
    const fs = await import('node:fs');
    const path = await import('node:path');
    for (const { id } of await unfinished(me.id)) fs.utimesSync(path.join(server().config.uploadsDir, id), longAgo, longAgo);
    await recoverUploads(server());
    expect(await unfinished(me.id)).toEqual([]);
    expect((await tus.create(1000, { filename: 'more.jpg' })).statusCode).toBe(201);
  });
});

describe.each(databases)('uploads started and photos kept per customer on $name', (kind) => {
  const server = useLibraryServer(kind);
  /** Uploads the customer started (and ended) `secondsAgo`, as a burst of them would have left. */
  const startedBefore = async (customerId: string, count: number, secondsAgo: number) => {
    const at = new Date(Date.now() - secondsAgo * 1000).toISOString();
    const rows = Array.from({ length: count }, (_, i) => ({
      id: `burst-${customerId}-${secondsAgo}-${i}`,
      customer_id: customerId,
      file_name: `b${i}.jpg`,
      album_id: null,
      declared_bytes: 1000,
      machine_id: null,
      status: 'rejected' as const,
      photo_id: null,
      error: 'cancelled',
      duplicate: 0,
      created_at: at,
      finished_at: at,
    }));
    for (let i = 0; i < rows.length; i += 100) await server().db.insertInto('uploads').values(rows.slice(i, i + 100)).execute();
  };
  const libraryOf = (customerId: string, photos: number) =>
    server().db.insertInto('photo_month_counts').values({ customer_id: customerId, sort_key: 'created', month: '2026-11', count: photos }).execute();

  it(`starts at most ${UPLOADS_PER_MINUTE} uploads in any sliding minute, under concurrency, and says when the next may start`, async () => {
    const [me, other] = [await newCustomer(server()), await newCustomer(server())];
    const tus = tusClient(server(), me.headers);
    await startedBefore(me.id, UPLOADS_PER_MINUTE - 5, 40);
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => tus.create(1000, { filename: `f${i}.jpg` })));
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(5);
    const refused = responses.find((r) => r.statusCode !== 201)!;
    expect(refused.statusCode).toBe(429);
    expect(apiErrorSchema.parse(JSON.parse(refused.body))).toMatchObject({ error: 'too_many_uploads', params: { maxUploads: UPLOADS_PER_MINUTE } });
    // The burst 40 s ago leaves the window in about 20 s.
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(15);
    expect(retryAfter).toBeLessThanOrEqual(21);
    // Another customer starts as usual.
    expect((await tusClient(server(), other.headers).create(1000, { filename: 'x.jpg' })).statusCode).toBe(201);
    // Once the burst is more than a minute old, uploads start again.
    await server().db.updateTable('uploads').set({ created_at: new Date(Date.now() - 61_000).toISOString() }).where('customer_id', '=', me.id).where('status', '=', 'rejected').execute();
    expect((await tus.create(1000, { filename: 'later.jpg' })).statusCode).toBe(201);
  });

  it(`keeps a library at ${MAX_LIBRARY_PHOTOS} photos, unfinished uploads counted, under concurrency`, async () => {
    const [me, other] = [await newCustomer(server()), await newCustomer(server())];
    await libraryOf(me.id, MAX_LIBRARY_PHOTOS - 3);
    const tus = tusClient(server(), me.headers);
    const responses = await Promise.all(Array.from({ length: 10 }, (_, i) => tus.create(1000, { filename: `f${i}.jpg` })));
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(3);
    const refused = responses.find((r) => r.statusCode !== 201)!;
    expect(refused.statusCode).toBe(409);
    expect(apiErrorSchema.parse(JSON.parse(refused.body))).toMatchObject({ error: 'library_full', params: { maxPhotos: MAX_LIBRARY_PHOTOS } });
    expect(await unfinishedCount(me.id)).toBe(3);
    expect((await tusClient(server(), other.headers).create(1000, { filename: 'x.jpg' })).statusCode).toBe(201);
  });

  const unfinishedCount = async (customerId: string) =>
    (await server().db.selectFrom('uploads').select('id').where('customer_id', '=', customerId).where('status', 'in', ['receiving', 'ingesting']).execute()).length;
});
