import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * The address a request comes from, read as Fastify reads `request.ip` for the routes: behind a trusted
 * proxy (TRUST_PROXY) the first address of X-Forwarded-For, otherwise the peer. For what does not pass
 * through Fastify's request, such as a WebSocket upgrade.
 */
export function clientAddressOf(request: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = request.headers['x-forwarded-for'];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
    if (first) return first;
  }
  return request.socket.remoteAddress ?? '';
}

/**
 * A request forwarded by a proxy (it carries X-Forwarded-For) while TRUST_PROXY is off means every
 * client shares the proxy's address for the per-client limits (sign-in, push sockets): one attacker's
 * failures then slow everyone. Said once in the log, at the first such request, with what to set.
 */
export function registerProxyCheck(app: FastifyInstance, trustProxy: boolean): void {
  if (trustProxy) return;
  let said = false;
  app.addHook('onRequest', async (request) => {
    if (said || request.headers['x-forwarded-for'] === undefined) return;
    said = true;
    request.log.warn(
      'Requests arrive through a proxy (X-Forwarded-For) but TRUST_PROXY is off: every client shares the proxy\'s address for the sign-in and push limits. Set TRUST_PROXY=true when the server is reached only through that proxy.',
    );
  });
}
