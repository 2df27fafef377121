import { apiErrorSchema } from '@shoebox/contracts';
import type { HTTPMethods } from 'fastify';
import { describe, expect, it } from 'vitest';
import { PUBLIC_ROUTES } from './public-routes.js';
import { databases } from './test/databases.js';
import { startTestShoebox, useTestShoebox } from './test/test-server.js';

/** A concrete address for a route pattern: every `:param` and wildcard gets a plausible value. */
const addressOf = (url: string) => url.replace(/:[A-Za-z0-9_]+/g, 'probe-id').replace(/\*$/, 'probe/path');

describe.each(databases)('which routes answer without a token, on $name', (kind) => {
  // With every optional route an operator can switch on: the metrics.
  const server = useTestShoebox(kind, { env: { METRICS_TOKEN: 'operator-metrics-token-0123456789abcdef' } });

  it('has every route either in the authenticated scope or named in the public list', () => {
    const routes = server().routes();
    expect(routes.length).toBeGreaterThan(30);
    const named = (method: string, url: string) => `${method} ${url}` in PUBLIC_ROUTES || `* ${url}` in PUBLIC_ROUTES;
    const stray = routes.filter((r) => !r.authenticated && !named(r.method, r.url) && !(r.method === 'HEAD' && named('GET', r.url)));
    expect(stray.map((r) => `${r.method} ${r.url}`)).toEqual([]);
    // The public list names only what the spec makes public: none of it is in the authenticated scope.
    expect(routes.filter((r) => r.authenticated && named(r.method, r.url)).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('names no public route that does not exist', () => {
    const registered = new Set(server().routes().flatMap((r) => [`${r.method} ${r.url}`, `* ${r.url}`]));
    expect(Object.keys(PUBLIC_ROUTES).filter((key) => !registered.has(key))).toEqual([]);
  });

  it('keeps the customer data behind the scope: the photo, album, customer, upload and deletion-information routes', () => {
    const authenticated = new Set(server().routes().filter((r) => r.authenticated).map((r) => `${r.method} ${r.url}`));
    for (const key of [
      'GET /api/customer/customers/me',
      'PUT /api/customer/customers/me',
      'GET /api/photo-management/photos',
      'DELETE /api/photo-management/photos/all',
      'GET /api/photo-management/albums/:id/photos',
      'GET /api/photo-management/shared-albums/:id',
      'GET /api/account-deletion/accounts/getaccountinformation',
      'POST /api/uploads',
    ]) {
      expect(authenticated, key).toContain(key);
    }
  });

  it('answers an anonymous call to every authenticated route 401 in the error shape, before reading its input', async () => {
    const routes = server().routes().filter((r) => r.authenticated && r.method !== 'OPTIONS');
    expect(routes.length).toBeGreaterThan(20);
    const answers = await Promise.all(
      routes.map(async (r) => {
        const response = await server().app.inject({
          method: r.method as HTTPMethods,
          url: `${addressOf(r.url)}?limit=not-a-number`,
          ...(['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) ? { payload: { not: 'what any route takes' } } : {}),
        });
        return {
          route: `${r.method} ${r.url}`,
          status: response.statusCode,
          challenge: response.headers['www-authenticate'],
          body: r.method === 'HEAD' ? undefined : response.json(),
        };
      }),
    );
    for (const answer of answers) {
      expect(answer.status, answer.route).toBe(401);
      expect(answer.challenge, answer.route).toBe('Bearer');
      if (answer.body !== undefined) {
        expect(apiErrorSchema.parse(answer.body), answer.route).toMatchObject({ status: 401, error: 'unauthorized' });
      }
    }
  });

  it('answers a forged or garbled token 401 as well', async () => {
    const response = await server().app.inject({ url: '/api/customer/customers/me', headers: { authorization: 'Bearer not.a.token' } });
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    expect(response.json()).toMatchObject({ status: 401, error: 'unauthorized' });
  });
});

describe.each(databases)('a route added outside the authenticated scope without a name, on $name', (kind) => {
  it('stops the server from starting, naming the route', async (context) => {
    if (!kind.available) return context.skip();
    const shoebox = await startTestShoebox(kind, { seed: false });
    try {
      shoebox.app.get('/api/photo-management/forgotten', async () => ({ leaked: true }));
      await expect(shoebox.app.ready()).rejects.toThrow('GET /api/photo-management/forgotten');
    } finally {
      await shoebox.dispose();
    }
  });
});
