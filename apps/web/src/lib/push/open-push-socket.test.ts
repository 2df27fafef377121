import { ARCHIVE_EVENT_KEYS, PUSH_CLOSE, type ArchivePushMessage, type PushMessage } from '@shoebox/contracts';
import { ws, type WebSocketHandlerConnection } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../test/msw-server';
import { openPushSocket, type PushSocketHandle } from './open-push-socket';
import { PUSH_RECONNECT_MAX_DELAY_MS, reconnectDelayMs } from './reconnect-delay';
import { waitForCondition } from '../../test/wait';

const PUSH_URL = 'ws://api.test/push';
const push = ws.link(PUSH_URL);

function archiveMessage(key: (typeof ARCHIVE_EVENT_KEYS)[number], downloadId = crypto.randomUUID()): ArchivePushMessage {
  return { id: crypto.randomUUID(), timestamp: new Date().toISOString(), key, message: { userId: 'customer-1', downloadId } };
}

/** A push server as spec §7 describes it: answers a good authenticate action 'OK'; records what it received. */
function fakePushServer(options: { acceptToken?: (token: string) => boolean } = {}) {
  const received: unknown[] = [];
  const clients: WebSocketHandlerConnection['client'][] = [];
  server.use(
    push.addEventListener('connection', ({ client }) => {
      clients.push(client);
      client.addEventListener('message', (event) => {
        const data = JSON.parse(String(event.data)) as { action: string; token: string };
        received.push(data);
        if (data.action !== 'authenticate') return client.close(PUSH_CLOSE.badMessage.code, PUSH_CLOSE.badMessage.reason);
        if (options.acceptToken && !options.acceptToken(data.token)) return client.close(PUSH_CLOSE.badToken.code, PUSH_CLOSE.badToken.reason);
        client.send('OK');
      });
    }),
  );
  return { received, clients, latest: () => clients.at(-1)! };
}

let handle: PushSocketHandle | undefined;
afterEach(() => {
  handle?.close();
  handle = undefined;
  vi.useRealTimers();
});

describe('openPushSocket', () => {
  it('authenticates with the access token on open, and hands on valid messages only after OK', async () => {
    const pushServer = fakePushServer();
    const messages: PushMessage[] = [];
    const onAuthenticated = vi.fn();
    handle = openPushSocket({ url: PUSH_URL, getAccessToken: async () => 'token-1', onMessage: (m) => messages.push(m), onAuthenticated });

    await waitForCondition(() => expect(onAuthenticated).toHaveBeenCalledWith({ reconnected: false }));
    expect(pushServer.received).toEqual([{ action: 'authenticate', token: 'token-1' }]);

    const started = archiveMessage('archive.generation.started');
    pushServer.latest().send(JSON.stringify(started));
    await waitForCondition(() => expect(messages).toEqual([started]));
  });

  it('silently ignores frames that are not valid push messages, and keeps listening', async () => {
    const pushServer = fakePushServer();
    const messages: PushMessage[] = [];
    const onAuthenticated = vi.fn();
    handle = openPushSocket({ url: PUSH_URL, getAccessToken: async () => 'token-1', onMessage: (m) => messages.push(m), onAuthenticated });
    await waitForCondition(() => expect(onAuthenticated).toHaveBeenCalled());

    const client = pushServer.latest();
    client.send('not json at all');
    client.send(JSON.stringify({ key: 'archive.generation.finished' }));
    client.send(JSON.stringify({ ...archiveMessage('archive.generation.finished'), key: 'archive.generation.exploded' }));
    client.send(JSON.stringify({ ...archiveMessage('archive.generation.finished'), id: 'not-a-uuid' }));
    client.send('OK');
    const finished = archiveMessage('archive.generation.finished');
    client.send(JSON.stringify(finished));

    await waitForCondition(() => expect(messages).toEqual([finished]));
  });

  it('passes on nothing the server sends before it said OK', async () => {
    const messages: PushMessage[] = [];
    server.use(
      push.addEventListener('connection', ({ client }) => {
        client.send(JSON.stringify(archiveMessage('archive.generation.started')));
        client.addEventListener('message', () => client.send('OK'));
      }),
    );
    const onAuthenticated = vi.fn();
    handle = openPushSocket({ url: PUSH_URL, getAccessToken: async () => 't', onMessage: (m) => messages.push(m), onAuthenticated });
    await waitForCondition(() => expect(onAuthenticated).toHaveBeenCalled());
    expect(messages).toEqual([]);
  });

  it('closes itself when its time is up, and does not come back', async () => {
    const pushServer = fakePushServer();
    const closed = vi.fn();
    const onAuthenticated = vi.fn();
    handle = openPushSocket({ url: PUSH_URL, getAccessToken: async () => 't', onMessage: () => {}, onAuthenticated, closeAfterMs: 300 });
    await waitForCondition(() => expect(onAuthenticated).toHaveBeenCalled());
    pushServer.latest().addEventListener('close', closed);

    await waitForCondition(() => expect(closed).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(pushServer.clients).toHaveLength(1);
  });

  it('reconnects after a drop and authenticates again with a fresh token', async () => {
    const pushServer = fakePushServer();
    let issued = 0;
    const getAccessToken = vi.fn(async () => `token-${++issued}`);
    const onAuthenticated = vi.fn();
    const messages: PushMessage[] = [];
    handle = openPushSocket({ url: PUSH_URL, getAccessToken, onMessage: (m) => messages.push(m), onAuthenticated });
    await waitForCondition(() => expect(onAuthenticated).toHaveBeenCalledTimes(1));

    pushServer.latest().close(1011, 'Server restarting');
    await waitForCondition(() => expect(onAuthenticated).toHaveBeenCalledTimes(2));
    expect(onAuthenticated).toHaveBeenLastCalledWith({ reconnected: true });
    expect(pushServer.received).toEqual([
      { action: 'authenticate', token: 'token-1' },
      { action: 'authenticate', token: 'token-2' },
    ]);

    const error = archiveMessage('archive.generation.error');
    pushServer.latest().send(JSON.stringify(error));
    await waitForCondition(() => expect(messages).toEqual([error]));
  });

  it('retries a refused token with a new one', async () => {
    const pushServer = fakePushServer({ acceptToken: (token) => token !== 'expired' });
    const tokens = ['expired', 'fresh'];
    const onAuthenticated = vi.fn();
    handle = openPushSocket({ url: PUSH_URL, getAccessToken: async () => tokens.shift(), onMessage: () => {}, onAuthenticated });
    await waitForCondition(() => expect(onAuthenticated).toHaveBeenCalledTimes(1));
    expect(pushServer.received).toEqual([
      { action: 'authenticate', token: 'expired' },
      { action: 'authenticate', token: 'fresh' },
    ]);
  });

  it('gives up when signed out', async () => {
    const pushServer = fakePushServer();
    handle = openPushSocket({ url: PUSH_URL, getAccessToken: async () => undefined, onMessage: () => {} });
    await waitForCondition(() => expect(pushServer.clients).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(pushServer.clients).toHaveLength(1);
  });

  it('gives up when the server refuses the authenticate action itself: sending it again cannot succeed', async () => {
    let connections = 0;
    server.use(
      push.addEventListener('connection', ({ client }) => {
        connections += 1;
        client.addEventListener('message', () => client.close(PUSH_CLOSE.badMessage.code, PUSH_CLOSE.badMessage.reason));
      }),
    );
    handle = openPushSocket({ url: PUSH_URL, getAccessToken: async () => 't', onMessage: () => {} });
    await waitForCondition(() => expect(connections).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(connections).toBe(1);
  });

  it('stops when its signal aborts, before or after it opened', async () => {
    const pushServer = fakePushServer();
    const aborted = new AbortController();
    aborted.abort();
    openPushSocket({ url: PUSH_URL, getAccessToken: async () => 't', onMessage: () => {}, signal: aborted.signal });

    const controller = new AbortController();
    const onAuthenticated = vi.fn();
    openPushSocket({ url: PUSH_URL, getAccessToken: async () => 't', onMessage: () => {}, onAuthenticated, signal: controller.signal });
    await waitForCondition(() => expect(onAuthenticated).toHaveBeenCalled());
    const closed = vi.fn();
    pushServer.latest().addEventListener('close', closed);
    controller.abort();
    await waitForCondition(() => expect(closed).toHaveBeenCalled());
    expect(pushServer.clients).toHaveLength(1);
  });
});

describe('reconnectDelayMs', () => {
  it('doubles from one second, never past the cap, with jitter between half and all of it', () => {
    expect(reconnectDelayMs(0, () => 1)).toBe(1_000);
    expect(reconnectDelayMs(0, () => 0)).toBe(500);
    expect(reconnectDelayMs(3, () => 1)).toBe(8_000);
    expect(reconnectDelayMs(50, () => 1)).toBe(PUSH_RECONNECT_MAX_DELAY_MS);
  });
});
