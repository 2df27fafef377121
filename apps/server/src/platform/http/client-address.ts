import type { IncomingMessage } from 'node:http';

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
