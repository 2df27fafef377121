import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PUSH_CLOSE } from '@shoebox/contracts';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { API_SCOPE, createAccessTokenVerifier } from '../../platform/auth/access-token.js';
import { memoryEventBus } from '../../platform/events/memory-event-bus.js';
import { apiErrorSchema } from '@shoebox/contracts';
import { authenticatedPush, connectPush, OWN_ORIGIN, type PushClient } from '../../test/push-client.js';
import { pushSocketService, type PushSocketOptions } from './push-socket.service.js';

const ISSUER = 'https://issuer.example';
const AUDIENCE = 'shoebox-api';
const { publicKey, privateKey } = await generateKeyPair('RS256');
const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid: 'k', alg: 'RS256' }] };
const tokenFor = (sub: string) =>
  new SignJWT({ scope: API_SCOPE, email: `${sub}@example.com`, idp_type: 'local', idp_sub: sub })
    .setProtectedHeader({ alg: 'RS256', kid: 'k' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(sub)
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(privateKey);

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

/** The service alone on a bare HTTP server, with its timings shortened so the rules can be watched. */
async function serve(timings: Pick<PushSocketOptions, 'authenticateWithinMs' | 'pingIntervalMs' | 'maxUnauthenticatedSockets'>) {
  const log = Fastify({ logger: false }).log;
  const events = memoryEventBus(log);
  const push = pushSocketService({ verify: createAccessTokenVerifier({ issuer: ISSUER, audience: AUDIENCE, jwks }), events, origins: [OWN_ORIGIN], log, ...timings });
  const server = http.createServer((_req, res) => res.writeHead(426).end());
  server.on('upgrade', (req, socket, head) => push.handleUpgrade(req, socket, head));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stops.push(async () => {
    await push.close();
    await new Promise((resolve) => server.close(resolve));
  });
  return { url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`, events };
}

const closedWithin = (client: PushClient, ms: number) =>
  Promise.race([client.closed, new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), ms))]);

describe('the push socket service', () => {
  it('closes a socket that does not authenticate in time, and keeps one that did', async () => {
    const { url } = await serve({ authenticateWithinMs: 300 });
    const token = await tokenFor('emma');
    const silent = await connectPush(url, { origin: null });
    const early = await connectPush(url, { origin: null });
    early.ws.send('{"action":"authenticate"');
    const prompt = await authenticatedPush(url, token);
    expect(await closedWithin(silent, 2_000)).toEqual(PUSH_CLOSE.notAuthenticated);
    // A message before the deadline still has to be an authenticate action.
    expect(await closedWithin(early, 2_000)).toEqual(PUSH_CLOSE.badMessage);
    expect(await closedWithin(prompt, 600)).toBe('open');
    prompt.ws.close();
  });

  it('drops a socket that stops answering pings, and keeps one that answers', async () => {
    const { url, events } = await serve({ pingIntervalMs: 100 });
    const token = await tokenFor('emma');
    const answering = await authenticatedPush(url, token);
    // A peer whose network went away: it reads nothing, so it never answers a ping.
    const dead = await connectPush(url, { origin: null, autoPong: false });
    dead.authenticate(token);
    await dead.receivedCount(1);
    expect((await closedWithin(dead, 2_000)) as { code: number }).toMatchObject({ code: 1006 });
    expect(await closedWithin(answering, 500)).toBe('open');
    const event = { id: crypto.randomUUID(), timestamp: new Date().toISOString(), key: 'archive.generation.finished' as const, message: { userId: 'emma', downloadId: 'd' } };
    await events.publish('emma', event);
    await answering.receivedCount(2);
    answering.ws.close();
  });

  it('refuses an upgrade with 503 while too many sockets have not authenticated yet, and takes one again once a place frees', async () => {
    const { url } = await serve({ maxUnauthenticatedSockets: 2 });
    const token = await tokenFor('emma');
    const first = await connectPush(url, { origin: null });
    const second = await connectPush(url, { origin: null });
    const refused = await connectPush(url, { origin: null }).then(
      () => undefined,
      (err: { status?: number; body?: string }) => err,
    );
    expect(refused?.status).toBe(503);
    expect(apiErrorSchema.parse(JSON.parse(refused!.body!))).toMatchObject({ status: 503, error: 'busy' });
    // An authenticated socket no longer counts; nor does a closed one.
    first.authenticate(token);
    await first.receivedCount(1);
    const third = await connectPush(url, { origin: null });
    second.ws.close();
    await second.closed;
    const fourth = await connectPush(url, { origin: null });
    for (const c of [first, third, fourth]) c.ws.close();
  });
});
