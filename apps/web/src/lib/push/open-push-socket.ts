import { PUSH_AUTHENTICATED_REPLY, PUSH_CLOSE, pushMessageSchema, type PushAuthenticate, type PushMessage } from '@shoebox/contracts';
import { z } from 'zod/mini';
import { reconnectDelayMs } from './reconnect-delay';

export interface PushSocketOptions {
  /** The push address from /config.json (`pushSocketUrl`). */
  url: string;
  /** Asked again for every connection, so a reconnect authenticates with a fresh token. */
  getAccessToken: () => Promise<string | undefined>;
  /** Every valid push message after the server said 'OK'; anything else is ignored (spec §5). */
  onMessage: (message: PushMessage) => void;
  /**
   * Each time the server answers 'OK': the first time and after every reconnect. Messages sent while the
   * socket was down are lost, so a caller that must not miss one looks at the current state here.
   */
  onAuthenticated?: (info: { reconnected: boolean }) => void;
  /** The connection closes itself this long after it was opened (e.g. ARCHIVE_PUSH_CONNECTION_MS); none: until closed. */
  closeAfterMs?: number;
  signal?: AbortSignal;
  /** The WebSocket class to use (tests inject a fake); the browser's by default. */
  WebSocket?: typeof WebSocket;
}

export interface PushSocketHandle {
  /** Closes the connection for good: no reconnect follows. */
  close(): void;
}

/** The close code for a connection the client ends itself. */
const NORMAL_CLOSURE = 1000;

/**
 * A push connection (spec §4, §7 "Push channel"): opens, sends the authenticate action with the access token,
 * treats the text 'OK' as authenticated, then hands every valid push message to `onMessage`. A connection
 * that drops before its time is up is opened again after a bounded backoff and authenticated anew; one the
 * server refused for a malformed authenticate action is not, as sending the same again cannot succeed.
 */
export function openPushSocket(options: PushSocketOptions): PushSocketHandle {
  const Socket = options.WebSocket ?? globalThis.WebSocket;
  let socket: WebSocket | undefined;
  let finished = false;
  let attempt = 0;
  let authenticatedBefore = false;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let lifetimeTimer: ReturnType<typeof setTimeout> | undefined;

  function close(): void {
    if (finished) return;
    finished = true;
    clearTimeout(reconnectTimer);
    clearTimeout(lifetimeTimer);
    options.signal?.removeEventListener('abort', close);
    if (socket && socket.readyState !== Socket.CLOSED) socket.close(NORMAL_CLOSURE);
    socket = undefined;
  }

  function scheduleReconnect(): void {
    if (finished) return;
    reconnectTimer = setTimeout(connect, reconnectDelayMs(attempt));
    attempt += 1;
  }

  function connect(): void {
    if (finished) return;
    let authenticated = false;
    const current = new Socket(options.url);
    socket = current;
    const isCurrent = () => !finished && socket === current;

    current.addEventListener('open', () => {
      void options.getAccessToken().then(
        (token) => {
          if (!isCurrent()) return;
          // Signed out: there is nobody to authenticate as, now or on a retry.
          if (!token) return close();
          const action: PushAuthenticate = { action: 'authenticate', token };
          current.send(JSON.stringify(action));
        },
        () => {
          if (isCurrent()) current.close(NORMAL_CLOSURE);
        },
      );
    });

    current.addEventListener('message', (event: MessageEvent) => {
      if (!isCurrent() || typeof event.data !== 'string') return;
      if (!authenticated) {
        if (event.data !== PUSH_AUTHENTICATED_REPLY) return;
        authenticated = true;
        attempt = 0;
        const reconnected = authenticatedBefore;
        authenticatedBefore = true;
        options.onAuthenticated?.({ reconnected });
        return;
      }
      const message = parseMessage(event.data);
      if (message) options.onMessage(message);
    });

    current.addEventListener('close', (event: CloseEvent) => {
      if (!isCurrent()) return;
      socket = undefined;
      if (event.code === PUSH_CLOSE.badMessage.code) return close();
      scheduleReconnect();
    });
  }

  if (options.signal?.aborted) {
    finished = true;
    return { close };
  }
  options.signal?.addEventListener('abort', close, { once: true });
  if (options.closeAfterMs !== undefined) lifetimeTimer = setTimeout(close, options.closeAfterMs);
  connect();
  return { close };
}

function parseMessage(text: string): PushMessage | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = z.safeParse(pushMessageSchema, json);
  return parsed.success ? parsed.data : undefined;
}
