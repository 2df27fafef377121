import { apiErrorSchema } from '@shoebox/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { bearer, signIn } from '../../test/sign-in.js';
import { useTestShoebox } from '../../test/test-server.js';

function expectApiError(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = apiErrorSchema.parse(response.json());
  expect(body.status).toBe(status);
  expect(body.correlationId).toBe(response.headers['x-correlationid']);
  expect(body.message.length).toBeGreaterThan(0);
  return body;
}

describe.each(databases)('JSON errors on $name', (kind) => {
  const server = useTestShoebox(kind);

  it('401 without a token', async () => {
    const body = expectApiError(await server().app.inject({ url: '/api/customer/customers/me' }), 401);
    expect(body.error).toBe('unauthorized');
  });

  it('401 with a token that does not verify', async () => {
    const response = await server().app.inject({ url: '/api/customer/customers/me', headers: bearer('not-a-jwt') });
    expect(expectApiError(response, 401).error).toBe('unauthorized');
  });

  it('404 for an unknown API route, even when a browser asks for a page', async () => {
    for (const headers of [{}, { accept: 'text/html' }]) {
      const body = expectApiError(await server().app.inject({ url: '/api/no-such-service/things?x=1', headers }), 404);
      expect(body.error).toBe('not_found');
      expect(body.message).toContain('/api/no-such-service/things');
      expect(body.message).not.toContain('x=1');
    }
  });

  it('405 with Allow for a method a known path does not answer (decision 105)', async () => {
    const response = await server().app.inject({ method: 'DELETE', url: '/api/customer/customers/me' });
    expect(expectApiError(response, 405).error).toBe('method_not_allowed');
    expect(String(response.headers.allow).split(', ')).toContain('GET');
    expect(String(response.headers.allow).split(', ')).not.toContain('DELETE');
  });

  it('400 for a body that is not JSON, and nothing changes', async () => {
    const { app } = server();
    const tokens = await signIn(app, 'emma@example.com');
    const before = (await app.inject({ url: '/api/customer/customers/me', headers: bearer(tokens.access_token) })).json();
    const response = await app.inject({
      method: 'PUT',
      url: '/api/customer/customers/me',
      headers: { ...bearer(tokens.access_token), 'content-type': 'application/json' },
      payload: '{"firstName": "Em',
    });
    expectApiError(response, 400);
    const after = (await app.inject({ url: '/api/customer/customers/me', headers: bearer(tokens.access_token) })).json();
    expect(after).toEqual(before);
  });

  it('413 for a body over the size limit', async () => {
    const { app } = server();
    const tokens = await signIn(app, 'emma@example.com');
    const response = await app.inject({
      method: 'PUT',
      url: '/api/customer/customers/me',
      headers: { ...bearer(tokens.access_token), 'content-type': 'application/json' },
      payload: JSON.stringify({ firstName: 'x'.repeat(2 * 1024 * 1024), lastName: 'y', phone: null }),
    });
    expectApiError(response, 413);
  });
});

describe.each(databases)('JSON errors without a web build on $name', (kind) => {
  const server = useTestShoebox(kind, { web: false, seed: false });

  it('404 JSON for a page request, since there is no page to serve', async () => {
    const body = expectApiError(await server().app.inject({ url: '/photos', headers: { accept: 'text/html' } }), 404);
    expect(body.error).toBe('not_found');
  });
});
