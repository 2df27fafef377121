import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { PushMessage } from '@shoebox/contracts';
import type { FastifyInstance } from 'fastify';
import { vi } from 'vitest';
import WebSocket, { type ClientOptions } from 'ws';

/** The origin test servers are configured with (test/test-server.ts PUBLIC_URL). */
export const OWN_ORIGIN = 'http://localhost:3000';

/** A browser's WebSocket to the push channel, reduced to what the tests look at. */
export interface PushClient {
  ws: WebSocket;
  /** Every text frame received, in order. */
  received: string[];
  /** The close code and reason, once closed. */
  closed: Promise<{ code: number; reason: string }>;
  /** Sends an authenticate action. */
  authenticate(token: string): void;
  /** Waits until `count` frames have arrived. */
  receivedCount(count: number): Promise<void>;
}

/** Makes `app` listen on a free loopback port and gives its push address there. */
export async function listenForPush(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/push`;
}

/** Opens a socket, as a page of `origin` would (`null`: a client that is not a browser, sending no Origin). */
export function connectPush(url: string, o: { origin?: string | null } & Omit<ClientOptions, 'origin'> = {}): Promise<PushClient> {
  const { origin = OWN_ORIGIN, ...options } = o;
  const ws = new WebSocket(url, { ...(origin === null ? {} : { origin }), ...options });
  const received: string[] = [];
  ws.on('message', (data, isBinary) => {
    if (!isBinary) received.push(data.toString());
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  return new Promise((resolve, reject) => {
    ws.once('open', () =>
      resolve({
        ws,
        received,
        closed,
        authenticate: (token) => ws.send(JSON.stringify({ action: 'authenticate', token })),
        receivedCount: (count) => vi.waitFor(() => {
          if (received.length < count) throw new Error(`${received.length} of ${count} frames so far`);
        }, { timeout: 5_000, interval: 10 }),
      }),
    );
    ws.once('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => reject(Object.assign(new Error(`Upgrade refused with ${response.statusCode}`), { status: response.statusCode, body })));
    });
    ws.once('error', reject);
  });
}

/** Opens a socket and authenticates it, resolving once the server has said OK. */
export async function authenticatedPush(url: string, token: string): Promise<PushClient> {
  const client = await connectPush(url);
  client.authenticate(token);
  await client.receivedCount(1);
  if (client.received[0] !== 'OK') throw new Error(`Expected OK, got ${client.received[0]}`);
  return client;
}

export const archiveFinished = (userId: string): PushMessage => ({
  id: randomUUID(),
  timestamp: new Date().toISOString(),
  key: 'archive.generation.finished',
  message: { userId, downloadId: randomUUID() },
});
