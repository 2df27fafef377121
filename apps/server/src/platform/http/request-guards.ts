import type { FastifyInstance } from 'fastify';
import { AppError, unsafeInRequest } from './errors.js';
import { findUnsafeValue } from './unsafe-value.js';

/** Longer addresses answer 414; proxies commonly stop at 8 KB, and no address this server hands out comes near. */
export const MAX_URL_LENGTH = 8 * 1024;

/**
 * Checks that hold for every route, before any handler: an address of sane length, no NUL in the
 * path, the query or a parsed body (a 400 even in a field a schema forgot), and no absurdly nested body.
 */
export function registerRequestGuards(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (request.url.length > MAX_URL_LENGTH) throw new AppError(414, 'uri_too_long', 'The address is too long');
    // Percent-encoding is the only way a NUL reaches a path or a query: Node refuses a raw one.
    const nul = request.url.indexOf('%00');
    if (nul >= 0) {
      const query = request.url.indexOf('?');
      throw unsafeInRequest({ path: query >= 0 && nul > query ? 'query' : 'path', reason: 'nul' }, 'address');
    }
  });
  app.addHook('preValidation', async (request) => {
    const unsafe = findUnsafeValue(request.body);
    if (unsafe) throw unsafeInRequest(unsafe, 'body');
  });
}
