import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../http/errors.js';
import { InvalidTokenError, type AccessTokenVerifier, type Identity } from './access-token.js';

declare module 'fastify' {
  interface FastifyRequest {
    identity: Identity | null;
  }
}

/** Adds request.identity from the bearer token; routes that need a customer call requireIdentity. */
export function registerAuthentication(app: FastifyInstance, verify: AccessTokenVerifier): void {
  app.decorateRequest('identity', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    try {
      request.identity = await verify(header.slice('Bearer '.length).trim());
    } catch (err) {
      if (!(err instanceof InvalidTokenError)) throw err;
      request.log.info({ reason: err.message }, 'Rejected access token');
      throw unauthorized('Invalid or expired access token');
    }
  });
}

export function requireIdentity(request: FastifyRequest): Identity {
  if (!request.identity) throw unauthorized();
  return request.identity;
}
