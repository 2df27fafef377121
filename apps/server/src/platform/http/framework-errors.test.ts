/**
 * Errors raised by the framework or by Node's HTTP parser, before any route runs, leave in the one
 * error shape with the correlation id, as every other error does. Sent over a real socket, byte for
 * byte: an HTTP client library would refuse or repair most of these requests before sending them.
 */
import net from 'node:net';
import { apiErrorSchema, SERVICE_BASE_PATHS } from '@shoebox/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { bearer, signIn } from '../../test/sign-in.js';
import { useTestShoebox } from '../../test/test-server.js';

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Writes the request as given and reads until the server closes the connection (every request here asks it to). */
function rawRequest(port: number, request: string | Buffer): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    // Not end(): a half-closed connection may be dropped before an asynchronous answer is written.
    socket.write(request);
  });
}

const CUSTOMER_ME = `${SERVICE_BASE_PATHS.customers}/customers/me`;

function http(method: string, url: string, headers: Record<string, string> = {}, body = ''): string {
  const all = { host: 'localhost:3000', connection: 'close', ...headers, ...(body ? { 'content-length': String(Buffer.byteLength(body)) } : {}) };
  return `${method} ${url} HTTP/1.1\r\n${Object.entries(all).map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n${body}`;
}

function expectShape(response: RawResponse, status: number, error: string) {
  expect(response.status, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = apiErrorSchema.parse(JSON.parse(response.body));
  expect(body).toMatchObject({ status, error });
  expect(body.message.length).toBeGreaterThan(0);
  expect(response.headers['x-correlationid']).toBeTruthy();
  expect(body.correlationId).toBe(response.headers['x-correlationid']);
  return body;
}

describe.each(databases)('framework errors over a real connection on $name', (kind) => {
  const server = useTestShoebox(kind);
  let port = 0;
  let token = '';

  beforeAll(async () => {
    if (!kind.available) return;
    const { app } = server();
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as net.AddressInfo).port;
    token = (await signIn(app, 'emma@example.com')).access_token;
  });

  it('400 for a path that is not valid percent-encoding, echoing the caller id', async () => {
    const response = await rawRequest(port, http('GET', `${CUSTOMER_ME.replace('/me', '')}/%E0%A4%A`, { 'x-correlationid': 'probe-1' }));
    expect(expectShape(response, 400, 'bad_request').correlationId).toBe('probe-1');
  });

  it('414 for an address longer than the server reads', async () => {
    expectShape(await rawRequest(port, http('GET', `/health?${'q'.repeat(10_000)}`)), 414, 'uri_too_long');
  });

  it('414 for an address longer than Node itself parses', async () => {
    expectShape(await rawRequest(port, http('GET', `/health?${'q'.repeat(40_000)}`)), 414, 'uri_too_long');
  });

  it('431 for headers larger than Node parses', async () => {
    expectShape(await rawRequest(port, http('GET', '/health', { 'x-padding': 'p'.repeat(40_000) })), 431, 'headers_too_large');
  });

  it('400 for bytes that are not HTTP', async () => {
    expectShape(await rawRequest(port, 'HELLO THERE\r\n\r\n'), 400, 'bad_request');
  });

  it('404 for an unknown API route', async () => {
    expectShape(await rawRequest(port, http('GET', '/api/nowhere')), 404, 'not_found');
  });

  it('400 for a body that is not JSON', async () => {
    const response = await rawRequest(port, http('PUT', CUSTOMER_ME, { ...bearer(token), 'content-type': 'application/json' }, '{"firstName": "Em'));
    expectShape(response, 400, 'bad_request');
  });

  it('415 for a body of a type the API does not read', async () => {
    const response = await rawRequest(port, http('PUT', CUSTOMER_ME, { ...bearer(token), 'content-type': 'text/csv' }, 'firstName\nEm'));
    expectShape(response, 415, 'unsupported_media_type');
  });

  it('400, not a stack overflow, for JSON nested far deeper than any contract, signed in or not', async () => {
    const deep = '['.repeat(200_000) + ']'.repeat(200_000);
    const json = { 'content-type': 'application/json' };
    expectShape(await rawRequest(port, http('PUT', CUSTOMER_ME, { ...bearer(token), ...json }, deep)), 400, 'bad_request');
    const subscribe = '/api/email-gateway/api/v1/Profiles/deep%40example.com/subscription';
    expectShape(await rawRequest(port, http('POST', subscribe, json, deep)), 400, 'bad_request');
  });

  it('413 for a body over the size limit', async () => {
    const body = JSON.stringify({ firstName: 'x'.repeat(2 * 1024 * 1024), lastName: 'y', phone: null });
    const response = await rawRequest(port, http('PUT', CUSTOMER_ME, { ...bearer(token), 'content-type': 'application/json' }, body));
    expectShape(response, 413, 'too_large');
  });
});
