import net from 'node:net';
import { appConfigSchema, PUSH_CLOSE } from '@shoebox/contracts';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { testRedisUrl as redisUrl, uniqueRedisPrefix } from '../../test/redis.js';
import { archiveFinished, authenticatedPush, connectPush, listenForPush, type PushClient } from '../../test/push-client.js';
import { forgeAccessToken, identityClaimsOf, signIn } from '../../test/sign-in.js';
import { startTestShoebox, type TestShoebox } from '../../test/test-server.js';
import { MAX_PUSH_MESSAGE_BYTES, MAX_PUSH_SOCKETS_PER_CUSTOMER } from './push-socket.service.js';

/** A channel of this suite's own on the test Redis. */
const redisEnv = () => ({ REDIS_URL: redisUrl!, REDIS_PREFIX: uniqueRedisPrefix('push') });

const buses = [
  { name: 'memory', available: true, env: () => ({}) },
  { name: 'redis', available: Boolean(redisUrl), env: redisEnv },
];
// The push channel keeps nothing in the database; one kind is enough for it.
const sqlite = databases[0]!;

const CLOSE_WAIT_MS = 5_000;
const closedWithin = (client: PushClient, ms = CLOSE_WAIT_MS) =>
  Promise.race([client.closed, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('socket still open')), ms))]);

/** Sends a WebSocket upgrade for `target` as written, and gives the server's whole answer. */
function rawUpgrade(port: number, target: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
    socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`);
  });
}

describe.each(buses)('the push channel on the $name bus', (bus) => {
  let server: TestShoebox;
  let url: string;
  let emma: string;
  let lars: string;
  const sockets: PushClient[] = [];
  const track = <T extends PushClient>(c: T) => (sockets.push(c), c);

  beforeAll(async () => {
    if (!bus.available) return;
    server = await startTestShoebox(sqlite, { env: bus.env() });
    url = await listenForPush(server.app);
    emma = (await signIn(server.app, 'emma@example.com')).access_token;
    lars = (await signIn(server.app, 'lars@example.com')).access_token;
  });
  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    await server?.dispose();
  });
  const customerOf = (token: string) => decodeJwt(token).sub!;

  it.skipIf(!bus.available)('answers OK to a good authenticate action, then sends that customer\'s events only, on each of their sockets', async () => {
    const emmaTab1 = track(await authenticatedPush(url, emma));
    const emmaTab2 = track(await authenticatedPush(url, emma));
    const larsTab = track(await authenticatedPush(url, lars));
    const forLars = archiveFinished(customerOf(lars));
    const forEmma = archiveFinished(customerOf(emma));
    await server.events.publish(customerOf(lars), forLars);
    await server.events.publish(customerOf(emma), forEmma);
    await emmaTab1.receivedCount(2);
    await emmaTab2.receivedCount(2);
    await larsTab.receivedCount(2);
    // Events arrive in the order published: Lars's came first, so it would be here by now.
    expect(emmaTab1.received).toEqual(['OK', JSON.stringify(forEmma)]);
    expect(emmaTab2.received).toEqual(['OK', JSON.stringify(forEmma)]);
    expect(larsTab.received).toEqual(['OK', JSON.stringify(forLars)]);
  });

  it.skipIf(!bus.available)('is at the address /config.json gives the web', async () => {
    const config = appConfigSchema.parse((await server.app.inject({ url: '/config.json' })).json());
    expect(new URL(config.pushSocketUrl).pathname).toBe(new URL(url).pathname);
    const plain = await server.app.inject({ url: new URL(url).pathname });
    expect(plain.statusCode).toBe(426);
    expect(plain.headers.upgrade).toBe('websocket');
    expect(plain.json()).toMatchObject({ status: 426, error: 'upgrade_required' });
  });

  it.skipIf(!bus.available)('closes a socket whose first message is not an authenticate action, naming why', async () => {
    for (const first of ['hello', '{"action":"subscribe","token":"x"}', '{"action":"authenticate"}', '{"action":"authenticate","token":""}', 'null']) {
      const client = track(await connectPush(url));
      client.ws.send(first);
      expect(await closedWithin(client), first).toEqual(PUSH_CLOSE.badMessage);
      expect(client.received, first).toEqual([]);
    }
    const binary = track(await connectPush(url));
    binary.ws.send(Buffer.from(JSON.stringify({ action: 'authenticate', token: emma })));
    expect(await closedWithin(binary)).toEqual(PUSH_CLOSE.badMessage);
  });

  it.skipIf(!bus.available)('closes a socket that authenticates with a bad, expired or profile-only token', async () => {
    const claims = await identityClaimsOf(server.db, 'emma@example.com');
    const now = Math.floor(Date.now() / 1000);
    const tokens = {
      garbage: 'not.a.token',
      expired: await forgeAccessToken(server.db, claims, { expiresAt: now - 60 }),
      otherAudience: await forgeAccessToken(server.db, claims, { audience: 'someone-else' }),
      // Decision 026: a sign-in for the profile alone does not get the API, nor its events.
      withoutApiScope: await forgeAccessToken(server.db, { ...claims, scope: 'openid email' }),
    };
    for (const [name, token] of Object.entries(tokens)) {
      const client = track(await connectPush(url));
      client.authenticate(token);
      expect(await closedWithin(client), name).toEqual(PUSH_CLOSE.badToken);
      expect(client.received, name).toEqual([]);
    }
  });

  it.skipIf(!bus.available)('ignores whatever an authenticated socket sends later, another customer\'s token included', async () => {
    const client = track(await authenticatedPush(url, emma));
    client.ws.send('garbage');
    client.ws.send(Buffer.from([1, 2, 3]));
    client.authenticate(lars);
    client.ws.send(JSON.stringify({ action: 'authenticate', token: 'not.a.token' }));
    const forLars = archiveFinished(customerOf(lars));
    const forEmma = archiveFinished(customerOf(emma));
    await server.events.publish(customerOf(lars), forLars);
    await server.events.publish(customerOf(emma), forEmma);
    await client.receivedCount(2);
    expect(client.received).toEqual(['OK', JSON.stringify(forEmma)]);
    expect(client.ws.readyState).toBe(client.ws.OPEN);
  });

  it.skipIf(!bus.available)('closes a socket that sends more than a small message (1009)', async () => {
    const client = track(await connectPush(url));
    client.ws.send(JSON.stringify({ action: 'authenticate', token: 'x'.repeat(MAX_PUSH_MESSAGE_BYTES) }));
    expect((await closedWithin(client)).code).toBe(1009);
  });

  it.skipIf(!bus.available)('refuses a page of another site (403), and takes the own origin and clients that send none', async () => {
    const refused = connectPush(url, { origin: 'https://evil.example' });
    await expect(refused).rejects.toMatchObject({ status: 403 });
    const body = JSON.parse(((await refused.catch((e: { body: string }) => e)) as { body: string }).body);
    expect(body).toMatchObject({ status: 403, error: 'forbidden' });
    track(await authenticatedPush(url, emma));
    const noOrigin = track(await connectPush(url, { origin: null }));
    noOrigin.authenticate(emma);
    await noOrigin.receivedCount(1);
    expect(noOrigin.received).toEqual(['OK']);
  });

  it.skipIf(!bus.available)('answers an upgrade to an address that is not a URL with 400, and keeps serving', async () => {
    const { port } = new URL(url);
    const answer = await rawUpgrade(Number(port), 'http://[::1');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ status: 400, error: 'bad_request' });
    const client = track(await authenticatedPush(url, emma));
    expect(client.received).toEqual(['OK']);
  });

  it.skipIf(!bus.available)(`keeps at most ${MAX_PUSH_SOCKETS_PER_CUSTOMER} sockets per customer, closing the oldest`, async () => {
    const token = (await signIn(server.app, 'sofia@example.com')).access_token;
    const sofia = customerOf(token);
    const clients: PushClient[] = [];
    for (let i = 0; i <= MAX_PUSH_SOCKETS_PER_CUSTOMER; i++) clients.push(track(await authenticatedPush(url, token)));
    const [oldest, ...rest] = clients;
    expect(await closedWithin(oldest!)).toEqual(PUSH_CLOSE.tooManySockets);
    const event = archiveFinished(sofia);
    await server.events.publish(sofia, event);
    await Promise.all(rest.map((c) => c.receivedCount(2)));
    for (const c of rest) expect(c.received).toEqual(['OK', JSON.stringify(event)]);
    // Another customer's sockets are not counted against hers.
    track(await authenticatedPush(url, lars));
  });

  it.skipIf(!bus.available)('closes a socket when its access token expires', async () => {
    const claims = await identityClaimsOf(server.db, 'emma@example.com');
    const expiresAt = Math.floor(Date.now() / 1000) + 2;
    const client = track(await authenticatedPush(url, await forgeAccessToken(server.db, claims, { expiresAt })));
    expect(await closedWithin(client)).toEqual(PUSH_CLOSE.tokenExpired);
    expect(Date.now()).toBeGreaterThanOrEqual(expiresAt * 1000);
  });
});

describe.each(buses)('a server stopping on the $name bus', (bus) => {
  it.skipIf(!bus.available)('closes its push sockets as going away, and stops promptly', async () => {
    const server = await startTestShoebox(sqlite, { env: bus.env() });
    try {
      const url = await listenForPush(server.app);
      const waiting = await connectPush(url);
      const signedIn = await authenticatedPush(url, (await signIn(server.app, 'emma@example.com')).access_token);
      const started = Date.now();
      await server.close();
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(await closedWithin(waiting)).toEqual(PUSH_CLOSE.shuttingDown);
      expect(await closedWithin(signedIn)).toEqual(PUSH_CLOSE.shuttingDown);
    } finally {
      await server.dispose();
    }
  });
});

describe.each(databases)('two servers sharing one Redis and one $name database', (kind) => {
  it.skipIf(!redisUrl || !kind.available)('deliver an event published on one to a socket held by the other', async () => {
    const env = redisEnv();
    const a = await startTestShoebox(kind, { env });
    const b = await startTestShoebox(kind, { env, database: a.database, seed: false });
    try {
      const url = await listenForPush(a.app);
      const token = (await signIn(b.app, 'emma@example.com')).access_token;
      const onA = await authenticatedPush(url, token);
      const event = archiveFinished(decodeJwt(token).sub!);
      await b.events.publish(decodeJwt(token).sub!, event);
      await onA.receivedCount(2);
      expect(onA.received).toEqual(['OK', JSON.stringify(event)]);
      onA.ws.terminate();
    } finally {
      await b.dispose();
      await a.dispose();
    }
  });
});
