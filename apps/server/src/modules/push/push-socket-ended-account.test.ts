import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PUSH_CLOSE } from '@shoebox/contracts';
import Fastify from 'fastify';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { API_SCOPE, createAccessTokenVerifier } from '../../platform/auth/access-token.js';
import { verifyingLiveAccounts } from '../../platform/auth/live-account.js';
import { memoryEventBus } from '../../platform/events/memory-event-bus.js';
import { authenticatedPush, OWN_ORIGIN, type PushClient } from '../../test/push-client.js';
import { pushSocketService } from './push-socket.service.js';

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

const closedWithin = (client: PushClient, ms: number) =>
  Promise.race([client.closed, new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), ms))]);

describe('a push socket of an account that is deleted while it is open', () => {
  it('is closed as a refused token within a ping interval; another customer\'s stays open', async () => {
    const deleted = new Set<string>();
    const log = Fastify({ logger: false }).log;
    const verify = verifyingLiveAccounts(createAccessTokenVerifier({ issuer: ISSUER, audience: AUDIENCE, jwks }), async (id) => !deleted.has(id));
    const push = pushSocketService({ verify, events: memoryEventBus(log), origins: [OWN_ORIGIN], log, pingIntervalMs: 100 });
    const server = http.createServer((_req, res) => res.writeHead(426).end());
    server.on('upgrade', (req, socket, head) => push.handleUpgrade(req, socket, head));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    stops.push(async () => {
      await push.close();
      await new Promise((resolve) => server.close(resolve));
    });
    const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const leaving = await authenticatedPush(url, await tokenFor('leaving'));
    const staying = await authenticatedPush(url, await tokenFor('staying'));
    deleted.add('leaving');
    expect(await closedWithin(leaving, 2_000)).toEqual(PUSH_CLOSE.badToken);
    expect(await closedWithin(staying, 500)).toBe('open');
  });
});
