import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { onTestFinished } from 'vitest';
import { type AccessTokenVerifier, API_SCOPE, createAccessTokenVerifier } from '../platform/auth/access-token.js';
import { memoryEventBus } from '../platform/events/memory-event-bus.js';
import { pushSocketService, type PushSocketOptions } from '../modules/push/push-socket.service.js';
import { OWN_ORIGIN, type PushClient } from './push-client.js';

const ISSUER = 'https://issuer.example';
const AUDIENCE = 'shoebox-api';
const { publicKey, privateKey } = await generateKeyPair('RS256');
const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid: 'k', alg: 'RS256' }] };

/** An access token for `sub`, valid for ten minutes, signed by the issuer the served push service trusts. */
export const tokenFor = (sub: string) =>
  new SignJWT({ scope: API_SCOPE, email: `${sub}@example.com`, idp_type: 'local', idp_sub: sub })
    .setProtectedHeader({ alg: 'RS256', kid: 'k' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(sub)
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(privateKey);

/**
 * The ping interval of tests that watch sockets being kept or dropped. Both ends are in the test's process: one held
 * up for longer than an interval between a ping and its pong drops a socket that answers (100 ms did, on a loaded machine).
 */
export const TEST_PING_INTERVAL_MS = 400;

type Timings = Pick<PushSocketOptions, 'authenticateWithinMs' | 'pingIntervalMs' | 'maxUnauthenticatedSockets' | 'maxUnauthenticatedSocketsPerClient' | 'clientOf'>;

/**
 * The push socket service alone on a bare HTTP server, with its timings and limits shortened so the rules can be watched;
 * `verify` may wrap the verifier of tokenFor's tokens. Stopped when the test ends.
 */
export async function servePush(timings: Timings, o: { verify?: (tokens: AccessTokenVerifier) => AccessTokenVerifier } = {}) {
  const log = Fastify({ logger: false }).log;
  const missed = new Set<() => void>();
  // The machine's bus, able to say that events were missed, as Redis's does when it comes back.
  const events = {
    ...memoryEventBus(log),
    onMissedEvents(listener: () => void) {
      missed.add(listener);
      return () => missed.delete(listener);
    },
    missEvents: () => missed.forEach((listener) => listener()),
  };
  const tokens = createAccessTokenVerifier({ issuer: ISSUER, audience: AUDIENCE, jwks });
  const push = pushSocketService({ verify: o.verify ? o.verify(tokens) : tokens, events, origins: [OWN_ORIGIN], log, ...timings });
  const server = http.createServer((_req, res) => res.writeHead(426).end());
  server.on('upgrade', (req, socket, head) => push.handleUpgrade(req, socket, head));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(async () => {
    await push.close();
    await new Promise((resolve) => server.close(resolve));
  });
  return { url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`, events };
}

/** The close code and reason of `client`, or 'open' if it is still open after `ms`. */
export const closedWithin = (client: PushClient, ms: number) =>
  Promise.race([client.closed, new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), ms))]);
