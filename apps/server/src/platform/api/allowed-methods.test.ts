import { apiErrorSchema } from '@shoebox/contracts';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { useTestShoebox } from '../../test/test-server.js';
import { allowedMethods } from './allowed-methods.js';
import type { RegisteredRoute } from './route-inventory.js';

const route = (method: string, url: string, unannounced = false): RegisteredRoute => ({ method, url, authenticated: false, unannounced });

describe('the methods allowed at a path', () => {
  const allowed = allowedMethods(() => [
    route('GET', '/api/photos/:photoId'),
    route('HEAD', '/api/photos/:photoId'),
    route('DELETE', '/api/photos/:photoId'),
    route('DELETE', '/api/photos/all'),
    route('PATCH', '/api/uploads/*'),
    route('GET', '/*'),
    route('GET', '/metrics', true),
  ]);

  it("come from every route whose pattern matches the path, a parameter standing for one segment", () => {
    expect(allowed('/api/photos/abc')).toEqual(['DELETE', 'GET', 'HEAD']);
    expect(allowed('/api/photos/all')).toEqual(['DELETE', 'GET', 'HEAD']);
    expect(allowed('/api/photos/abc/more')).toEqual([]);
    expect(allowed('/api/uploads/abc/def')).toEqual(['PATCH']);
  });

  it("leave out the web app's catch-all and the routes that pass for unknown addresses", () => {
    expect(allowed('/no/such/page')).toEqual([]);
    expect(allowed('/metrics')).toEqual([]);
  });
});

// The router is the same on both databases: one suffices.
describe.each(databases.filter((kind) => kind.name === 'sqlite'))('a method the API does not answer at an existing path, on $name', (kind) => {
  const server = useTestShoebox(kind, { seed: false, env: { METRICS_TOKEN: 'operator-metrics-token-0123456789abcdef' } });

  it('is 405 with Allow naming the methods it answers, in the usual error shape', async () => {
    const response = await server().app.inject({ method: 'POST', url: '/health/ready' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
    expect(apiErrorSchema.parse(response.json())).toMatchObject({ status: 405, error: 'method_not_allowed' });
  });

  it("an unknown path stays 404, and the operator's metrics never announce themselves", async () => {
    expect((await server().app.inject({ method: 'POST', url: '/api/nowhere' })).statusCode).toBe(404);
    const metrics = await server().app.inject({ method: 'POST', url: '/metrics' });
    expect(metrics.statusCode).toBe(404);
    expect(metrics.headers.allow).toBeUndefined();
  });
});
