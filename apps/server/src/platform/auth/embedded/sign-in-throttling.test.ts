import { LOGIN_MAX_FAILURES } from '@shoebox/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { CLIENT_SLOWDOWN_SECONDS, IP_MAX_FAILURES } from '../../../modules/identities/identity.service.js';
import { DEMO_PASSWORD } from '../../../seed/demo-accounts.js';
import { databases } from '../../../test/databases.js';
import { signIn, startSignIn, submitLogin } from '../../../test/sign-in.js';
import { useTestShoebox } from '../../../test/test-server.js';

/** Concurrent posts to the sign-in form wait on one another's password checks: give them time on a busy machine. */
const CONCURRENT_TIMEOUT_MS = 120_000;

const tally = (responses: LightMyRequestResponse[]) =>
  responses.reduce<Record<number, number>>((counts, r) => ({ ...counts, [r.statusCode]: (counts[r.statusCode] ?? 0) + 1 }), {});

// Each test signs in from a network address of its own, so one test's failures never lock another's.
describe.each(databases)('sign-in throttling under concurrent attempts on $name', (kind) => {
  const server = useTestShoebox(kind);

  it(
    `checks only ${LOGIN_MAX_FAILURES} of 200 simultaneous wrong passwords for one address and refuses the rest with 429`,
    async () => {
      const attempt = await startSignIn(server().app, { remoteAddress: '198.51.100.1' });
      const responses = await Promise.all(Array.from({ length: 200 }, (_, i) => submitLogin(attempt, 'lars@example.com', `wrong-${i}`)));
      expect(tally(responses)).toEqual({ 401: LOGIN_MAX_FAILURES, 429: 200 - LOGIN_MAX_FAILURES });
      // That client stays shut out of the address, also with the right password; the customer elsewhere signs in.
      const again = await startSignIn(server().app, { remoteAddress: '198.51.100.1' });
      expect((await submitLogin(again, 'lars@example.com', DEMO_PASSWORD)).statusCode).toBe(429);
      await expect(signIn(server().app, 'lars@example.com', DEMO_PASSWORD, { remoteAddress: '198.51.100.2' })).resolves.toHaveProperty('access_token');
    },
    CONCURRENT_TIMEOUT_MS,
  );

  it(
    `lets the right password among 30 simultaneous attempts through only if it is one of the first ${LOGIN_MAX_FAILURES} checked`,
    async () => {
      const attempt = await startSignIn(server().app, { remoteAddress: '198.51.100.3' });
      const passwords = [...Array.from({ length: 29 }, (_, i) => `wrong-${i}`), DEMO_PASSWORD];
      const responses = await Promise.all(passwords.map((password) => submitLogin(attempt, 'sofia@example.com', password)));
      const counts = tally(responses);
      const checked = (counts[401] ?? 0) + (counts[303] ?? 0);
      expect(checked, JSON.stringify(counts)).toBeLessThanOrEqual(LOGIN_MAX_FAILURES);
      expect(counts[429], JSON.stringify(counts)).toBe(30 - checked);
    },
    CONCURRENT_TIMEOUT_MS,
  );

  it(
    `checks only ${IP_MAX_FAILURES} of 200 simultaneous wrong attempts from one network address across many addresses`,
    async () => {
      const attempt = await startSignIn(server().app, { remoteAddress: '198.51.100.4' });
      const started = Date.now();
      const responses = await Promise.all(Array.from({ length: 200 }, (_, i) => submitLogin(attempt, `guess-${i}@example.com`, 'wrong')));
      // Past its limit a network gets one more check per CLIENT_SLOWDOWN_SECONDS: one of the rest, and one more for
      // each such spell the burst lasted (on a busy machine 200 attempts take longer than one).
      const spells = Math.floor((Date.now() - started) / (CLIENT_SLOWDOWN_SECONDS * 1000));
      const counts = tally(responses);
      expect(counts[401], JSON.stringify(counts)).toBeGreaterThanOrEqual(IP_MAX_FAILURES);
      expect(counts[401], `${JSON.stringify(counts)} in ${spells + 1} spells`).toBeLessThanOrEqual(IP_MAX_FAILURES + 1 + spells);
      expect(counts[429], JSON.stringify(counts)).toBe(200 - counts[401]!);
      // A customer behind that network, whose account nobody guessed, is slowed, never shut out.
      await expect
        .poll(async () => (await submitLogin(await startSignIn(server().app, { remoteAddress: '198.51.100.4' }), 'daan@example.com', DEMO_PASSWORD)).statusCode, { timeout: 30_000, interval: 1_000 })
        .toBe(303);
    },
    CONCURRENT_TIMEOUT_MS,
  );
});
