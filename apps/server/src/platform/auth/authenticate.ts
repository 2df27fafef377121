import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, unauthorized } from '../http/errors.js';
import { InsufficientScopeError, InvalidTokenError, type AccessTokenVerifier, type Identity } from './access-token.js';

declare module 'fastify' {
  interface FastifyRequest {
    identity: Identity | null;
  }
  interface FastifyContextConfig {
    /** Set on every route of the authenticated scope. */
    authenticated?: boolean;
  }
}

/**
 * Makes `app` the authenticated scope: every request to a route registered in it (or in a plugin it
 * registers) carries a valid bearer token or is answered 401 before any handler or validation runs.
 * CORS preflights pass: browsers never send credentials on them, and they reach no customer data.
 */
export function registerAuthentication(app: FastifyInstance, verify: AccessTokenVerifier): void {
  app.decorateRequest('identity', null);
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, authenticated: true };
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'OPTIONS') return;
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) {
      // RFC 6750: a 401 names the scheme the client must use.
      reply.header('WWW-Authenticate', 'Bearer');
      throw unauthorized();
    }
    try {
      request.identity = await verify(header.slice('Bearer '.length).trim());
    } catch (err) {
      if (err instanceof InsufficientScopeError) {
        reply.header('WWW-Authenticate', `Bearer error="insufficient_scope", scope="${err.requiredScope}"`);
        throw new AppError(403, 'insufficient_scope', err.message);
      }
      if (!(err instanceof InvalidTokenError)) throw err;
      request.log.info({ reason: err.message }, 'Rejected access token');
      reply.header('WWW-Authenticate', 'Bearer error="invalid_token"');
      throw unauthorized('Invalid or expired access token');
    }
  });
}

/** The caller of a route in the authenticated scope; anywhere else, asking for it is a 401. */
export function requireIdentity(request: FastifyRequest): Identity {
  if (!request.identity) throw unauthorized();
  return request.identity;
}
