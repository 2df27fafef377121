import type { FastifyInstance } from 'fastify';
import { z } from 'zod/mini';
import { openApiDocument, type OpenApiDocument, type OpenApiOptions } from './openapi.js';
import { referencePage } from './reference-page.js';
import { route } from './route.js';
import type { RegisteredRoute } from './route-inventory.js';

export const OPENAPI_PATH = '/api/openapi.json';
export const REFERENCE_PATH = '/api/docs';

const openApiDocumentSchema = z.looseObject({
  openapi: z.literal('3.1.0'),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});

/** The API document and its reference page, both public: each built once, from every route registered by the time the first one is asked for. */
export function registerApiReference(app: FastifyInstance, routes: () => RegisteredRoute[], o: OpenApiOptions): void {
  let doc: OpenApiDocument | undefined;
  let html: string | undefined;
  const document = () => (doc ??= openApiDocument(routes(), o));
  const page = () => (html ??= referencePage(document(), OPENAPI_PATH, o.alsoPublished));

  route(app, { method: 'GET', url: OPENAPI_PATH, summary: 'This document: the API as OpenAPI 3.1', response: { 200: openApiDocumentSchema } }, ({ reply }) => {
    reply.header('Cache-Control', 'no-cache');
    return document();
  });

  route(
    app,
    { method: 'GET', url: REFERENCE_PATH, summary: 'The API reference as a page', response: { 200: z.string() }, produces: 'text/html' },
    ({ reply }) => reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(page()),
  );
}
