import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { useTestShoebox } from '../../test/test-server.js';
import { openApiPath, type OpenApiDocument } from './openapi.js';

describe.each(databases)('the published API on $name', (kind) => {
  const server = useTestShoebox(kind);

  async function fetchDocument(): Promise<OpenApiDocument> {
    const response = await server().app.inject({ url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    return response.json<OpenApiDocument>();
  }

  it('serves an OpenAPI 3.1 document, without a token, that the OpenAPI schema validator accepts', async () => {
    const doc = await fetchDocument();
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('describes every registered API route, method and path, including the tus upload endpoint', async () => {
    const doc = await fetchDocument();
    const routes = server().routes();
    const gets = new Set(routes.filter((r) => r.method === 'GET' && !r.schema?.hide).map((r) => r.url));
    const api = routes.filter((r) => (r.url.startsWith('/api/') || r.schema?.summary) && !r.schema?.hide && !(r.method === 'HEAD' && gets.has(r.url)));
    // Only the upload endpoint's refusal of methods tus does not know is left out, and it is no tus operation.
    const hidden = routes.filter((r) => r.url.startsWith('/api/') && r.schema?.hide);
    expect(new Set(hidden.map((r) => r.url))).toEqual(new Set(['/api/uploads', '/api/uploads/:id']));
    expect(hidden.filter((r) => ['POST', 'PATCH', 'DELETE'].includes(r.method))).toEqual([]);
    const missing = api.filter((r) => !doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()]).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    for (const op of ['post', 'head', 'patch', 'delete']) {
      expect(Object.keys(doc.paths['/api/uploads'] ?? {}).concat(Object.keys(doc.paths['/api/uploads/{id}'] ?? {}))).toContain(op);
    }
    // Nothing documented that the server does not answer.
    const registered = new Set(routes.map((r) => `${r.method.toLowerCase()} ${openApiPath(r.url)}`));
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method} ${path}`));
    expect(documented.filter((d) => !registered.has(d))).toEqual([]);
  });

  it('takes its schemas from the contracts: a param, a query, a body and an answer', async () => {
    const doc = await fetchDocument();
    const month = doc.paths['/api/photo-management/photos/timeline/{year}/{month}']?.get;
    expect(month?.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'year', in: 'path', required: true, schema: expect.objectContaining({ type: 'integer', minimum: 1970 }) }),
        expect.objectContaining({ name: 'limit', in: 'query', required: false, schema: expect.objectContaining({ maximum: 500, default: 24 }) }),
      ]),
    );
    const rename = doc.paths['/api/customer/customers/me']?.put;
    expect(rename?.requestBody?.content['application/json']?.schema).toMatchObject({ required: ['firstName', 'lastName', 'phone'] });
    expect(rename?.security).toEqual([{ oidc: ['account'] }]);
    expect(rename?.responses['401']).toBeDefined();
    const created = doc.paths['/api/photo-management/albums']?.post?.responses['201'];
    expect(created?.content?.['application/json']?.schema).toMatchObject({ properties: { albumId: { type: 'string' } } });
    expect(doc.paths['/api/photo-management/albums/{id}']?.delete?.responses['204']?.content).toBeUndefined();
    expect(doc.paths['/health']?.get?.security).toEqual([]);
  });

  it("names a route's own refusals in the error shape: the push channel's 426 to a plain GET, which it answers", async () => {
    const doc = await fetchDocument();
    const pushGet = doc.paths['/api/push']?.get as { responses: Record<string, { content?: Record<string, { schema: unknown }> }> };
    expect(pushGet.responses['426']?.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/ApiError' });
    expect((await server().app.inject({ url: '/api/push' })).statusCode).toBe(426);
  });

  it('documents the sign-in provider by its discovery document, which answers', async () => {
    const doc = await fetchDocument();
    const scheme = doc.components.securitySchemes.oidc as { type: string; openIdConnectUrl: string };
    expect(scheme.type).toBe('openIdConnect');
    const discovery = await server().app.inject({ url: new URL(scheme.openIdConnectUrl).pathname });
    expect(discovery.statusCode).toBe(200);
    expect(discovery.json()).toMatchObject({ issuer: server().config.auth.issuer, token_endpoint: expect.any(String) });
  });

  it('serves a reference page listing every operation, with no script and nothing from elsewhere', async () => {
    const doc = await fetchDocument();
    const page = await server().app.inject({ url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).not.toMatch(/<script/i);
    expect(page.body).not.toMatch(/(src|href)="https?:\/\/(?!localhost:3000\/)/);
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const method of Object.keys(ops)) {
        expect(page.body).toContain(`<span class="method">${method.toUpperCase()}</span> <span class="path">${path.replaceAll('&', '&amp;')}</span>`);
      }
    }
  });
});
