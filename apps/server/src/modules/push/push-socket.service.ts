import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { PUSH_AUTHENTICATE_WITHIN_MS, PUSH_AUTHENTICATED_REPLY, PUSH_CLOSE, pushAuthenticateSchema } from '@shoebox/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { decodeJwt } from 'jose';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { InsufficientScopeError, InvalidTokenError, type AccessTokenVerifier } from '../../platform/auth/access-token.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import { correlationIdFor } from '../../platform/http/correlation.js';
import { errorBody } from '../../platform/http/errors.js';

/** A client sends one small authenticate action; anything bigger is closed by ws with 1009 (decision 048). */
export const MAX_PUSH_MESSAGE_BYTES = 16 * 1024;
/** Tabs and screens of one customer with a socket open at once; the oldest goes beyond it (decision 048). */
export const MAX_PUSH_SOCKETS_PER_CUSTOMER = 20;
/**
 * Sockets on this server not yet authenticated (each lasts at most PUSH_AUTHENTICATE_WITHIN_MS), so idle
 * handshakes cannot pile up memory and file handles (decision 048). Beyond it a new socket takes the place
 * of the oldest one that has sent nothing yet: a browser sends its token at once, so anonymous sockets held
 * open cannot keep a signed-in customer out (decision 074). Only when every waiting socket's token is being
 * checked is an upgrade refused, with 503.
 */
export const MAX_UNAUTHENTICATED_PUSH_SOCKETS = 500;
/** Sockets waiting to authenticate from one client address; beyond it an upgrade is refused with 429 (decision 074). */
export const MAX_UNAUTHENTICATED_PUSH_SOCKETS_PER_CLIENT = 10;
/** A socket that has not answered the previous ping by the next one is dropped (decision 048). */
export const PUSH_PING_INTERVAL_MS = 30_000;
/** How long a stopping server waits for its sockets' closing handshakes before cutting them. */
const SHUTDOWN_GRACE_MS = 1_000;
/** setTimeout's largest delay; a token living longer is checked again when it fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;

type Close = { code: number; reason: string };

export interface PushSocketOptions {
  verify: AccessTokenVerifier;
  events: EventBus;
  /** Origins the web is served on; a browser page from any other may not open a socket. */
  origins: string[];
  log: FastifyBaseLogger;
  authenticateWithinMs?: number;
  pingIntervalMs?: number;
  maxSocketsPerCustomer?: number;
  maxUnauthenticatedSockets?: number;
  maxUnauthenticatedSocketsPerClient?: number;
  /** The address a request comes from, as the rest of the API reads it (platform/http/client-address.ts). */
  clientOf?: (request: IncomingMessage) => string;
}

export interface PushSocketService {
  /** Takes over an HTTP upgrade request for the push address. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Closes every socket (1001), waiting briefly for their handshakes. */
  close(): Promise<void>;
  /** Sockets open now, signed in or not yet. */
  openSockets(): number;
}

/**
 * The push channel's rules (spec §7 "Push channel"): a socket is nobody's until its first message, an
 * authenticate action with an access token the API would accept; then it gets 'OK' and that customer's
 * events only, until the token expires or the account is deleted. Everything else a client sends afterwards is ignored (§5).
 */
export function pushSocketService(o: PushSocketOptions): PushSocketService {
  const authenticateWithinMs = o.authenticateWithinMs ?? PUSH_AUTHENTICATE_WITHIN_MS;
  const pingIntervalMs = o.pingIntervalMs ?? PUSH_PING_INTERVAL_MS;
  const maxSockets = o.maxSocketsPerCustomer ?? MAX_PUSH_SOCKETS_PER_CUSTOMER;
  const maxUnauthenticated = o.maxUnauthenticatedSockets ?? MAX_UNAUTHENTICATED_PUSH_SOCKETS;
  const maxPerClient = o.maxUnauthenticatedSocketsPerClient ?? MAX_UNAUTHENTICATED_PUSH_SOCKETS_PER_CLIENT;
  const clientOf = o.clientOf ?? ((request: IncomingMessage) => request.socket.remoteAddress ?? '');
  // By then every socket now waiting has authenticated or been closed.
  const retryAfterSeconds = Math.ceil(authenticateWithinMs / 1000);
  const origins = new Set(o.origins);
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_PUSH_MESSAGE_BYTES, clientTracking: true });
  /** Each customer's authenticated sockets, oldest first. */
  const byCustomer = new Map<string, WebSocket[]>();
  const alive = new WeakSet<WebSocket>();
  /** Sockets accepted that have not authenticated yet, oldest first, each with its client's address. */
  const unauthenticated = new Map<WebSocket, string>();
  const unauthenticatedPerClient = new Map<string, number>();
  /** Of those, the ones that have sent nothing yet (the others' tokens are being checked). */
  const silent = new Set<WebSocket>();

  function stopWaiting(ws: WebSocket): void {
    silent.delete(ws);
    const client = unauthenticated.get(ws);
    if (client === undefined) return;
    unauthenticated.delete(ws);
    const left = (unauthenticatedPerClient.get(client) ?? 1) - 1;
    if (left > 0) unauthenticatedPerClient.set(client, left);
    else unauthenticatedPerClient.delete(client);
  }
  let closing = false;

  const unsubscribe = o.events.subscribe((userId, message) => {
    const sockets = byCustomer.get(userId);
    if (!sockets) return;
    const frame = JSON.stringify(message);
    for (const ws of sockets) if (ws.readyState === WebSocket.OPEN) ws.send(frame);
  });

  // Events published while the bus was cut off reached nobody: every socket is closed with a code that makes
  // the page reconnect and read back what changed (a zip that finished meanwhile, an order's new status).
  const stopHearingMissed = o.events.onMissedEvents(() => {
    for (const ws of wss.clients) closeWith(ws, PUSH_CLOSE.missedEvents);
  });

  /** Each authenticated socket's token: checked again at every ping, so a socket of an account deleted meanwhile ends. */
  const tokens = new Map<WebSocket, string>();

  function checkAgain(ws: WebSocket, token: string): void {
    o.verify(token).catch((err: unknown) => {
      if (err instanceof InvalidTokenError || err instanceof InsufficientScopeError) return closeWith(ws, PUSH_CLOSE.badToken);
      // The check itself failed (the database is away): the socket stays until a check can tell.
      o.log.warn({ err }, 'Push socket: checking the access token again failed');
    });
  }

  const keepalive = setInterval(() => {
    for (const ws of wss.clients) {
      if (!alive.has(ws)) {
        ws.terminate();
        continue;
      }
      alive.delete(ws);
      ws.ping();
      const token = tokens.get(ws);
      if (token) checkAgain(ws, token);
    }
  }, pingIntervalMs);
  keepalive.unref();

  function closeWith(ws: WebSocket, close: Close): void {
    if (ws.readyState === WebSocket.OPEN || ws.readyState === WebSocket.CONNECTING) ws.close(close.code, close.reason);
  }

  function register(ws: WebSocket, customerId: string): void {
    stopWaiting(ws);
    const sockets = byCustomer.get(customerId) ?? [];
    sockets.push(ws);
    byCustomer.set(customerId, sockets);
    while (sockets.length > maxSockets) closeWith(sockets.shift()!, PUSH_CLOSE.tooManySockets);
    ws.once('close', () => {
      const remaining = (byCustomer.get(customerId) ?? []).filter((s) => s !== ws);
      if (remaining.length) byCustomer.set(customerId, remaining);
      else byCustomer.delete(customerId);
    });
  }

  function closeWhenExpired(ws: WebSocket, token: string): void {
    const exp = decodeJwt(token).exp;
    if (exp === undefined) return;
    let timer: NodeJS.Timeout;
    const arm = () => {
      const left = exp * 1000 - Date.now();
      if (left <= 0) return closeWith(ws, PUSH_CLOSE.tokenExpired);
      timer = setTimeout(arm, Math.min(left, MAX_TIMER_MS));
    };
    arm();
    ws.once('close', () => clearTimeout(timer));
  }

  function accept(ws: WebSocket, client: string): void {
    unauthenticated.set(ws, client);
    unauthenticatedPerClient.set(client, (unauthenticatedPerClient.get(client) ?? 0) + 1);
    silent.add(ws);
    ws.once('close', () => stopWaiting(ws));
    alive.add(ws);
    ws.on('pong', () => alive.add(ws));
    ws.on('error', (err) => o.log.debug({ err }, 'Push socket error'));
    const deadline = setTimeout(() => closeWith(ws, PUSH_CLOSE.notAuthenticated), authenticateWithinMs);
    ws.once('close', () => clearTimeout(deadline));

    let first = true;
    ws.on('message', (data: RawData, isBinary: boolean) => {
      // After the first message every other one is ignored, authenticated or still being checked (§5).
      if (!first) return;
      first = false;
      silent.delete(ws);
      clearTimeout(deadline);
      const token = isBinary ? null : authenticateToken(data);
      if (!token) return closeWith(ws, PUSH_CLOSE.badMessage);
      o.verify(token).then(
        (identity) => {
          if (ws.readyState !== WebSocket.OPEN) return;
          register(ws, identity.customerId);
          tokens.set(ws, token);
          ws.once('close', () => tokens.delete(ws));
          ws.send(PUSH_AUTHENTICATED_REPLY);
          closeWhenExpired(ws, token);
        },
        (err: unknown) => {
          if (err instanceof InvalidTokenError || err instanceof InsufficientScopeError) {
            o.log.info({ reason: err.message }, 'Push socket refused its access token');
            return closeWith(ws, PUSH_CLOSE.badToken);
          }
          o.log.error({ err }, 'Push socket: checking the access token failed');
          closeWith(ws, PUSH_CLOSE.serverError);
        },
      );
    });
  }

  return {
    openSockets: () => wss.clients.size,
    handleUpgrade(request, socket, head) {
      if (closing) return refuseUpgrade(request, socket, 503, 'unavailable', 'The server is stopping');
      // Browsers always send Origin; a page of another site must not open a customer's channel.
      // Clients that are not browsers send none, and cannot be lured into using a customer's token.
      const origin = request.headers.origin;
      if (origin !== undefined && !origins.has(origin)) return refuseUpgrade(request, socket, 403, 'forbidden', 'This origin may not open the push channel');
      const client = clientOf(request);
      if ((unauthenticatedPerClient.get(client) ?? 0) >= maxPerClient) {
        o.log.warn({ limit: maxPerClient }, 'Push socket refused: too many sockets of one client waiting to authenticate');
        return refuseUpgrade(request, socket, 429, 'too_many_requests', 'Too many connections are opening from here; try again shortly', { 'Retry-After': String(retryAfterSeconds) });
      }
      if (unauthenticated.size >= maxUnauthenticated) {
        const oldestSilent = silent.values().next().value;
        if (!oldestSilent) {
          o.log.warn({ limit: maxUnauthenticated }, 'Push socket refused: too many sockets waiting to authenticate');
          return refuseUpgrade(request, socket, 503, 'busy', 'Too many connections are opening; try again shortly', { 'Retry-After': String(retryAfterSeconds) });
        }
        // Cut at once, not closed politely: a client holding sockets open would not answer a closing handshake.
        stopWaiting(oldestSilent);
        oldestSilent.terminate();
      }
      // ws completes the handshake and calls accept() synchronously, so the counts above are never stale.
      wss.handleUpgrade(request, socket, head, (ws) => accept(ws, client));
    },
    async close() {
      closing = true;
      unsubscribe();
      stopHearingMissed();
      clearInterval(keepalive);
      const open = [...wss.clients];
      await Promise.race([
        Promise.all(open.map((ws) => new Promise((resolve) => {
          ws.once('close', resolve);
          closeWith(ws, PUSH_CLOSE.shuttingDown);
        }))),
        new Promise((resolve) => setTimeout(resolve, SHUTDOWN_GRACE_MS).unref()),
      ]);
      for (const ws of wss.clients) ws.terminate();
      await new Promise((resolve) => wss.close(resolve));
    },
  };
}

/** The token of an authenticate action, or null when the text is anything else. */
function authenticateToken(data: RawData): string | null {
  let json: unknown;
  try {
    // The server's binaryType is nodebuffer: a text frame, whole, is one Buffer.
    json = JSON.parse((data as Buffer).toString('utf8'));
  } catch {
    return null;
  }
  const parsed = pushAuthenticateSchema.safeParse(json);
  return parsed.success ? parsed.data.token : null;
}

/** Answers an upgrade request with an HTTP refusal in the API's error shape and hangs up. */
export function refuseUpgrade(request: IncomingMessage, socket: Duplex, status: number, code: string, message: string, headers: Record<string, string> = {}): void {
  const body = JSON.stringify(errorBody(status, code, message, correlationIdFor(request)));
  const reason = STATUS_CODES[status] ?? 'Error';
  const extra = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\n${extra}Content-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
