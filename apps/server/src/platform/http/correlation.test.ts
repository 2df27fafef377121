import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { apiErrorSchema } from '@shoebox/contracts';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { useTestShoebox } from '../../test/test-server.js';
import { currentTrace } from '../runtime/trace.js';
import { correlationIdFor, registerCorrelation } from './correlation.js';
import { redactingLogger } from './log-redaction.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe.each(databases)('X-CorrelationId on $name', (kind) => {
  const server = useTestShoebox(kind, { seed: false });

  it.each(['/health', '/config.json', '/oidc/.well-known/openid-configuration'])('echoes a caller id on %s', async (url) => {
    const response = await server().app.inject({ url, headers: { 'x-correlationid': 'web-4f2a:17.3_x' } });
    expect(response.headers['x-correlationid']).toBe('web-4f2a:17.3_x');
  });

  it('puts the same id in an error body', async () => {
    const response = await server().app.inject({ url: '/api/customer/customers/me', headers: { 'X-CorrelationId': 'trace-123' } });
    expect(response.statusCode).toBe(401);
    expect(response.headers['x-correlationid']).toBe('trace-123');
    expect(apiErrorSchema.parse(response.json()).correlationId).toBe('trace-123');
  });

  it('generates a fresh id for every request that brings none', async () => {
    const first = await server().app.inject({ url: '/health' });
    const second = await server().app.inject({ url: '/health' });
    expect(first.headers['x-correlationid']).toMatch(UUID);
    expect(second.headers['x-correlationid']).toMatch(UUID);
    expect(first.headers['x-correlationid']).not.toBe(second.headers['x-correlationid']);
  });

  it.each([
    ['spaces', 'two words'],
    ['markup', '<script>alert(1)</script>'],
    ['a header-splitting attempt', 'abc%0d%0aSet-Cookie:x=1'],
    ['an empty value', ''],
    ['more than 128 characters', 'a'.repeat(129)],
  ])('replaces a malformed id (%s) with a generated one', async (_name, given) => {
    const response = await server().app.inject({ url: '/api/customer/customers/me', headers: { 'x-correlationid': given } });
    const id = response.headers['x-correlationid'];
    expect(id).toMatch(UUID);
    expect(apiErrorSchema.parse(response.json()).correlationId).toBe(id);
  });

  it('accepts an id of exactly 128 characters', async () => {
    const given = 'b'.repeat(128);
    const response = await server().app.inject({ url: '/health', headers: { 'x-correlationid': given } });
    expect(response.headers['x-correlationid']).toBe(given);
  });
});

describe('the trace of a request', () => {
  it('is its id in its handler, after a body was read from the socket, and in its log lines; none outside', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const app = Fastify({ logger: { ...redactingLogger('info'), stream }, genReqId: correlationIdFor });
    registerCorrelation(app);
    app.post('/echo', async (request) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      request.log.info('handled');
      return { trace: currentTrace() };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/echo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-correlationid': 'trace-9b1' },
        body: JSON.stringify({ big: 'x'.repeat(200_000) }),
      });
      expect(await response.json()).toEqual({ trace: 'trace-9b1' });
      expect(lines.find((line) => line.msg === 'handled')).toMatchObject({ reqId: 'trace-9b1', trace: 'trace-9b1' });
      expect(currentTrace()).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});
