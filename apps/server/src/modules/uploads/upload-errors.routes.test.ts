import { apiErrorSchema } from '@shoebox/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { encodeMetadata, locationOfUpload, newCustomer, tusClient, useLibraryServer } from '../../test/photo-library.js';

/** Every refusal of the upload endpoint is the one JSON error shape, labelled as JSON, with its correlation id. */
function expectRefusal(response: LightMyRequestResponse, status: number, error: string, message?: RegExp) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = apiErrorSchema.parse(JSON.parse(response.body));
  expect(body).toMatchObject({ status, error });
  if (message) expect(body.message).toMatch(message);
  expect(body.correlationId).toBe(response.headers['x-correlationid']);
}

describe.each(databases)('tus refusals at /api/uploads on $name', (kind) => {
  const server = useLibraryServer(kind);

  it('refuses Upload-Concat as unsupported, a client error, and keeps no upload', async () => {
    const me = await newCustomer(server());
    for (const concat of ['partial', 'final;/api/uploads/a /api/uploads/b']) {
      const response = await server().app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: { ...me.headers, 'tus-resumable': '1.0.0', 'upload-concat': concat, 'upload-length': '100', 'upload-metadata': encodeMetadata({ filename: 'a.jpg' }) },
      });
      expectRefusal(response, 400, 'concatenation_unsupported', /not supported/);
    }
    expect(await server().db.selectFrom('uploads').select('id').where('customer_id', '=', me.id).execute()).toEqual([]);
  });

  it('answers a wrong Tus-Resumable with 412 and the versions it speaks', async () => {
    const me = await newCustomer(server());
    for (const version of ['0.2.2', '2.0.0']) {
      const response = await server().app.inject({ method: 'POST', url: '/api/uploads', headers: { ...me.headers, 'tus-resumable': version, 'upload-length': '100' } });
      expectRefusal(response, 412, 'unsupported_version', /1\.0\.0/);
      expect(response.headers['tus-version']).toBe('1.0.0');
    }
    const missing = await server().app.inject({ method: 'POST', url: '/api/uploads', headers: { ...me.headers, 'upload-length': '100' } });
    expectRefusal(missing, 412, 'unsupported_version');
    expect(missing.headers['tus-version']).toBe('1.0.0');
  });

  it('answers malformed tus headers as JSON, naming the header', async () => {
    const me = await newCustomer(server());
    const tus = tusClient(server(), me.headers);
    const location = locationOfUpload(await tus.create(100, { filename: 'a.jpg' }));
    const cases: [string, Record<string, string>, string, RegExp][] = [
      ['POST', { 'upload-length': '-5' }, '/api/uploads', /Upload-Length/i],
      ['POST', { 'upload-length': '10', 'upload-metadata': 'filename not base64!!' }, '/api/uploads', /Upload-Metadata/i],
      ['POST', { 'upload-defer-length': '2' }, '/api/uploads', /Upload-Defer-Length/i],
      ['PATCH', { 'upload-offset': 'x', 'content-type': 'application/offset+octet-stream' }, location, /Upload-Offset/i],
      ['PATCH', { 'upload-offset': '0', 'content-type': 'text/plain' }, location, /Content-Type/i],
    ];
    for (const [method, headers, url, named] of cases) {
      const response = await server().app.inject({ method: method as 'POST', url, headers: { ...me.headers, 'tus-resumable': '1.0.0', ...headers }, payload: method === 'PATCH' ? Buffer.alloc(10) : undefined });
      expectRefusal(response, 400, 'bad_request', named);
    }
    expect((await tus.head(location)).headers['upload-offset']).toBe('0');
  });

  it('refuses a PATCH beyond the upload’s declared length by naming that length, not the size limit', async () => {
    const me = await newCustomer(server());
    const tus = tusClient(server(), me.headers);
    const location = locationOfUpload(await tus.create(100, { filename: 'a.jpg' }));
    const response = await tus.patch(location, 0, Buffer.alloc(150, 1));
    expectRefusal(response, 413, 'beyond_upload_length', /declared length of 100 bytes/);
    expect(response.body).not.toMatch(/50 MB/);
  });

  it('answers a method tus does not know as JSON', async () => {
    const me = await newCustomer(server());
    const response = await server().app.inject({ method: 'PUT', url: '/api/uploads/0123456789abcdef0123456789abcdef', headers: { ...me.headers, 'tus-resumable': '1.0.0' } });
    expectRefusal(response, 405, 'method_not_allowed');
  });
});
