import { PUSH_AUTHENTICATE_WITHIN_MS, PUSH_AUTHENTICATED_REPLY } from '@shoebox/contracts';
import type { FastifyInstance } from 'fastify';
import { NO_CONTENT, route } from '../../platform/api/route.js';
import { AppError } from '../../platform/http/errors.js';
import type { PushSocketService } from './push-socket.service.js';

/** The address /config.json gives the web as `pushSocketUrl`. */
export const PUSH_PATH = '/api/push';

/**
 * The push socket. The upgrade is taken from the HTTP server before Fastify routes anything, because
 * a socket is authenticated by its first message, not by a header; the Fastify route only answers a
 * plain GET, and names the address in the route list and the API document.
 */
export function registerPushRoutes(app: FastifyInstance, push: PushSocketService): void {
  app.server.on('upgrade', (request, socket, head) => {
    if (new URL(request.url ?? '/', 'http://upgrade').pathname === PUSH_PATH) push.handleUpgrade(request, socket, head);
    // The push socket is this server's only upgrade; any other would hang open unanswered.
    else socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
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
        'archive and import events as JSON text frames until the token expires. A missing, bad or late authentication is closed ' +
        'with a 4000–4999 code and its reason; later messages are ignored. A plain GET answers 426.',
      response: { 101: NO_CONTENT },
    },
    ({ reply }) => {
      reply.header('Upgrade', 'websocket');
      throw new AppError(426, 'upgrade_required', 'Open this address as a WebSocket');
    },
  );
}
