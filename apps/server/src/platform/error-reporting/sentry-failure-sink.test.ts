import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sentryFailureSink } from './sentry-failure-sink.js';

/** A stand-in for Sentry's ingest: keeps each envelope posted to it, as Sentry reads it (one JSON item per line). */
function ingest() {
  const envelopes: { path: string; items: unknown[] }[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      envelopes.push({ path: request.url ?? '', items: Buffer.concat(chunks).toString('utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as unknown) });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return { server, envelopes };
}

describe('the server failures to Sentry', () => {
  const { server, envelopes } = ingest();
  let dsn: string;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    dsn = `http://publickey@127.0.0.1:${(server.address() as AddressInfo).port}/42`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("sends the error with its correlation id, place and customer through the SDK's envelope, and nothing about the request or the machine", async () => {
    const sink = await sentryFailureSink({ dsn, release: '9.9.9' });
    const error = new TypeError('Cannot read properties of undefined');
    await sink.send(error, { correlationId: 'req-123', source: 'request', where: 'GET /api/orders/v1/Orders/:id', customerId: 'cust-1' });

    expect(envelopes).toHaveLength(1);
    const [{ path, items }] = envelopes as [(typeof envelopes)[number]];
    expect(path).toMatch(/^\/api\/42\/envelope\/\?sentry_version=7&sentry_key=publickey/);
    const event = items[2] as Record<string, unknown> & { exception: { values: { type: string; value: string; stacktrace?: { frames: unknown[] } }[] } };
    expect(items[1]).toMatchObject({ type: 'event' });
    expect(event.exception.values[0]).toMatchObject({ type: 'TypeError', value: 'Cannot read properties of undefined' });
    expect(event.exception.values[0]!.stacktrace?.frames.length).toBeGreaterThan(0);
    expect(event).toMatchObject({ release: '9.9.9', platform: 'node', tags: { correlationId: 'req-123', source: 'request', where: 'GET /api/orders/v1/Orders/:id' }, user: { id: 'cust-1' } });
    expect(event).not.toHaveProperty('request');
    expect(event).not.toHaveProperty('server_name');
    expect(JSON.stringify(event.user)).not.toContain('ip_address');
  });
});
