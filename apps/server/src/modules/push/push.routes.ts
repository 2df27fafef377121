import { PUSH_AUTHENTICATE_WITHIN_MS, PUSH_AUTHENTICATED_REPLY } from '@shoebox/contracts';
import type { FastifyInstance } from 'fastify';
import { NO_CONTENT, route } from '../../platform/api/route.js';
import { AppError } from '../../platform/http/errors.js';
import { refuseUpgrade, type PushSocketService } from './push-socket.service.js';

/** The address /config.json gives the web as `pushSocketUrl`. */
export const PUSH_PATH = '/api/push';

/**
 * The push socket. The upgrade is taken from the HTTP server before Fastify routes anything, because
 * a socket is authenticated by its first message, not by a header; the Fastify route only answers a
 * plain GET, and names the address in the route list and the API document.
 */
export function registerPushRoutes(app: FastifyInstance, push: PushSocketService): void {
  app.server.on('upgrade', (request, socket, head) => {
    // Node's parser lets through request targets that are no URL ('http://[::1'); throwing here, outside
    // any request handler, would stop the server.
    const pathname = URL.parse(request.url ?? '/', 'http://upgrade')?.pathname;
    if (pathname === undefined) return refuseUpgrade(request, socket, 400, 'bad_request', 'The request address is not valid');
    if (pathname === PUSH_PATH) return push.handleUpgrade(request, socket, head);
    // The push socket is this server's only upgrade; any other would hang open unanswered.
    refuseUpgrade(request, socket, 404, 'not_found', 'Nothing to upgrade to at this address');
  });
  // Before the HTTP server closes, which would otherwise wait on the open sockets.
  app.addHook('preClose', () => push.close());

  route(
    app,
    {
      method: 'GET',
      url: PUSH_PATH,
      summary: 'The push channel: a WebSocket for the signed-in customer\'s events',
      description:
        'Open a WebSocket here, then send `{"action":"authenticate","token":"<access token>"}` as the first message, ' +
        `within ${PUSH_AUTHENTICATE_WITHIN_MS / 1000} s. The server answers the text \`${PUSH_AUTHENTICATED_REPLY}\`, then sends the customer's ` +
        'archive and import events as JSON text frames until the token expires or the account is deleted (checked at every ping). A missing, bad or late authentication is closed ' +
        'with a 4000–4999 code and its reason; later messages are ignored. A plain GET answers 426.',
      response: { 101: NO_CONTENT },
      refusals: { 426: 'A plain GET, not a WebSocket upgrade: `Upgrade: websocket` says how to ask' },
    },
    ({ reply }) => {
      reply.header('Upgrade', 'websocket');
      throw new AppError(426, 'upgrade_required', 'Open this address as a WebSocket');
    },
  );
}
