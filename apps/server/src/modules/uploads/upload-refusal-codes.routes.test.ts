import { apiErrorSchema, UPLOAD_MAX_BYTES } from '@shoebox/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { newCustomer, tusClient, useLibraryServer } from '../../test/photo-library.js';
import { makeTestJpeg, makeTestPng } from '../../seed/photo-like-images.js';
import { MAX_ASPECT_RATIO } from './ingest/header-limits.js';
import { MAX_UNFINISHED_UPLOAD_BYTES, MAX_UNFINISHED_UPLOADS } from './upload-limits.js';

let seed = 4000;

/**
 * A refusal the web shows a customer says why as a stable code (`error`) and the numbers its text needs
 * (`params`), so the web can say it in the channel's language; the English `message` stays for API
 * clients and logs.
 */
function refusalOf(response: LightMyRequestResponse) {
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  return apiErrorSchema.parse(JSON.parse(response.body));
}

describe.each(databases)('upload refusals carry a code and its parameters on $name', (kind) => {
  const server = useLibraryServer(kind);

  it('a photo too long and narrow: the code, its size and the limit', async () => {
    const me = await newCustomer(server());
    const strip = await makeTestPng({ width: 2001, height: 100, seed: seed++ });
    const { last } = await tusClient(server(), me.headers).upload(strip, 'strip.png');
    expect(last.statusCode).toBe(422);
    expect(refusalOf(last)).toMatchObject({
      status: 422,
      error: 'extreme_aspect_ratio',
      params: { width: 2001, height: 100, maxAspectRatio: MAX_ASPECT_RATIO },
      message: expect.stringMatching(/2001 × 100/),
    });
  });

  it('a damaged photo: the code, and a message that says what helps instead of trying the same file again', async () => {
    const me = await newCustomer(server());
    const bytes = await makeTestJpeg({ width: 640, height: 480, seed: seed++ });
    const { last } = await tusClient(server(), me.headers).upload(bytes.subarray(0, bytes.length >> 1), 'cut.jpg');
    const refusal = refusalOf(last);
    expect(refusal).toMatchObject({ status: 422, error: 'corrupt' });
    expect(refusal.message).not.toMatch(/try uploading it again/i);
    expect(refusal.message).toMatch(/export it again/i);
  });

  it('a file over the size limit, refused before any byte: the limit in bytes', async () => {
    const me = await newCustomer(server());
    const refused = await tusClient(server(), me.headers).create(UPLOAD_MAX_BYTES + 1, { filename: 'huge.jpg' });
    expect(refused.statusCode).toBe(413);
    expect(refusalOf(refused)).toMatchObject({ error: 'too_large', params: { maxBytes: UPLOAD_MAX_BYTES } });
  });

  it('too many unfinished uploads: the code and the limit', async () => {
    const me = await newCustomer(server());
    const tus = tusClient(server(), me.headers);
    for (let i = 0; i < MAX_UNFINISHED_UPLOADS; i++) expect((await tus.create(1000, { filename: `f${i}.jpg` })).statusCode).toBe(201);
    const refused = await tus.create(1000, { filename: 'one-more.jpg' });
    expect(refused.statusCode).toBe(429);
    expect(refusalOf(refused)).toMatchObject({ error: 'too_many_unfinished_uploads', params: { maxUploads: MAX_UNFINISHED_UPLOADS } });
  });

  it('unfinished uploads too large together: the code and the limit in bytes', async () => {
    const me = await newCustomer(server());
    const tus = tusClient(server(), me.headers);
    const fit = Math.floor(MAX_UNFINISHED_UPLOAD_BYTES / UPLOAD_MAX_BYTES);
    for (let i = 0; i < fit; i++) expect((await tus.create(UPLOAD_MAX_BYTES, { filename: `big${i}.jpg` })).statusCode).toBe(201);
    const refused = await tus.create(UPLOAD_MAX_BYTES, { filename: 'one-more.jpg' });
    expect(refused.statusCode).toBe(429);
    expect(refusalOf(refused)).toMatchObject({ error: 'unfinished_uploads_too_large', params: { maxBytes: MAX_UNFINISHED_UPLOAD_BYTES } });
  });

  it('a refusal without numbers has no params', async () => {
    const me = await newCustomer(server());
    const { last } = await tusClient(server(), me.headers).upload(Buffer.from('not a photo at all, just words'), 'notes.jpg');
    const refusal = refusalOf(last);
    expect(refusal.error).toBe('unsupported_type');
    expect(refusal).not.toHaveProperty('params');
  });
});
