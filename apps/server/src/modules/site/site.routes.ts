import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { SERVICE_BASE_PATHS, appConfigSchema, publicConfigurationParamsSchema, publicConfigurationSchema } from '@shoebox/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { route } from '../../platform/api/route.js';
import { MethodNotAllowed, notFound } from '../../platform/http/errors.js';
import { appConfigFor } from './app-config.service.js';
import { publicConfigurationFor } from './public-configuration.service.js';

const SEO_PLACEHOLDER = '<!--seo-->';

function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

function isTestHost(config: Config, request: FastifyRequest): boolean {
  const host = request.hostname.toLowerCase();
  return config.testHosts.some((h) => h.toLowerCase() === host);
}

/** Only the root of a live storefront host is indexed, and it names itself (one of our origins) as canonical. */
function seoTags(config: Config, request: FastifyRequest): { html: string; header?: string } {
  const path = request.url.split('?')[0];
  if (path === '/' && !isTestHost(config, request)) {
    const origin = config.origins.includes(originOf(request)) ? originOf(request) : config.publicUrl;
    return { html: `<link rel="canonical" href="${origin}/">` };
  }
  return { html: '<meta name="robots" content="noindex">', header: 'noindex' };
}

export async function registerSite(app: FastifyInstance, config: Config, o: { allowedMethods: (path: string) => string[] }): Promise<void> {
  /** A path the API answers under other methods is 405 with Allow; any other is 404. */
  const noRoute = (request: FastifyRequest) => {
    const path = request.url.split('?')[0]!;
    const allow = o.allowedMethods(path);
    return allow.length ? new MethodNotAllowed(request.method, path, allow) : notFound(`No route ${request.method} ${path}`);
  };
  route(
    app,
    { method: 'GET', url: '/config.json', summary: "The web's settings: each service's base address, sign-in, flags", response: { 200: appConfigSchema } },
    ({ request, reply }) => {
      reply.header('Cache-Control', 'no-cache');
      return appConfigFor(config, originOf(request));
    },
  );

  route(
    app,
    {
      method: 'GET',
      url: `${SERVICE_BASE_PATHS.configuration}/:vendorId`,
      summary: "A storefront's menus and public page addresses",
      params: publicConfigurationParamsSchema,
      response: { 200: publicConfigurationSchema },
    },
    ({ params, reply }) => {
      reply.header('Cache-Control', 'public, max-age=300');
      return publicConfigurationFor(params.vendorId);
    },
  );

  app.get('/robots.txt', (request, reply) => {
    const body = isTestHost(config, request) ? 'User-agent: *\nDisallow: /\n' : 'User-agent: *\nAllow: /$\nDisallow: /\n';
    return reply.type('text/plain').send(body);
  });

  const indexFile = path.join(config.webDistDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ dir: config.webDistDir }, 'The web app is not built; run `npm run build`');
    app.setNotFoundHandler((request) => {
      throw noRoute(request);
    });
    return;
  }
  const indexHtml = fs.readFileSync(indexFile, 'utf8');

  await app.register(fastifyStatic, {
    root: config.webDistDir,
    index: false,
    wildcard: true,
    preCompressed: true,
    cacheControl: false,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  const serveApp = (request: FastifyRequest, reply: FastifyReply) => {
    const seo = seoTags(config, request);
    if (seo.header) reply.header('X-Robots-Tag', seo.header);
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(indexHtml.replace(SEO_PLACEHOLDER, seo.html));
  };

  app.get('/', serveApp);
  app.get('/favicon.ico', (_request, reply) => reply.redirect('/favicon.svg', 301));
  app.setNotFoundHandler((request, reply) => {
    const isPageRequest = request.method === 'GET' && !request.url.startsWith('/api/') && (request.headers.accept ?? '').includes('text/html');
    if (isPageRequest) return serveApp(request, reply);
    throw noRoute(request);
  });
}
