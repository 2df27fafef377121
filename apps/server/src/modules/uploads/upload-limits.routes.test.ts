import { apiErrorSchema, UPLOAD_MAX_BYTES } from '@shoebox/contracts';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { locationOfUpload, newCustomer, recoverUploads, tusClient, useLibraryServer } from '../../test/photo-library.js';
import { makeTestJpeg } from '../../seed/photo-like-images.js';
import { MAX_UNFINISHED_UPLOAD_BYTES, MAX_UNFINISHED_UPLOADS } from './upload-limits.js';

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
