import { LOGIN_FAILURE_WINDOW_MINUTES, LOGIN_MAX_FAILURES } from '@shoebox/contracts';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hashPassword } from '../../platform/auth/passwords.js';
import type { IdentityRepository } from './identity.repository.js';
import { identityService } from './identity.service.js';

const PASSWORD = 'correct horse';
const MINUTE = 60_000;

type Identity = NonNullable<Awaited<ReturnType<IdentityRepository['findByEmail']>>>;
type Attempts = NonNullable<Awaited<ReturnType<IdentityRepository['findAttempts']>>>;

/** The repository's contract, kept in memory, so only the service's rules are under test. */
function memoryRepository(identities: Identity[]) {
  const attempts = new Map<string, Attempts>();
  const repo = {
    findByEmail: async (email: string) => identities.find((i) => i.email === email.toLowerCase()),
    findByCustomerId: async (customerId: string) => identities.find((i) => i.customer_id === customerId),
    insert: async () => {
      throw new Error('not used');
    },
    findAttempts: async (key: string) => attempts.get(key),
    saveAttempts: async (key: string, windowStartedAt: string, failures: number) => {
      attempts.set(key, { key, window_started_at: windowStartedAt, failures });
    },
    clearAttempts: async (key: string) => {
      attempts.delete(key);
    },
  } satisfies IdentityRepository;
  return { repo, attempts };
}

describe('identity service', () => {
  let passwordHash: string;
  let now: Date;
  let store: ReturnType<typeof memoryRepository>;
  let service: ReturnType<typeof identityService>;
  const advance = (ms: number) => (now = new Date(now.getTime() + ms));

  const identity = (n: number, email: string): Identity => ({
    id: `identity-${n}`,
    customer_id: `customer-${n}`,
    email,
    password_hash: passwordHash,
    idp_type: 'shoebox',
    auth_method: n === 2 ? 'B2B' : 'b2c',
    first_name: `First${n}`,
    last_name: `Last${n}`,
  });

  const failTimes = async (times: number, email = 'emma@example.com', ip = '10.0.0.1') => {
    for (let i = 0; i < times; i++) expect(await service.signIn(email, 'wrong', ip)).toEqual({ ok: false, reason: 'invalid_credentials' });
  };

  beforeAll(async () => {
    passwordHash = await hashPassword(PASSWORD);
  });

  beforeEach(() => {
    now = new Date('2026-03-01T12:00:00Z');
    store = memoryRepository([identity(1, 'emma@example.com'), identity(2, 'nora@example.com')]);
    service = identityService(store.repo, () => now);
  });

  it('signs in with the right password, whatever the case and spacing of the address', async () => {
    expect(await service.signIn(' Emma@Example.com ', PASSWORD, '10.0.0.1')).toEqual({ ok: true, accountId: 'customer-1' });
  });

  it('refuses a wrong password and an unknown address alike', async () => {
    expect(await service.signIn('emma@example.com', 'nope', '10.0.0.1')).toEqual({ ok: false, reason: 'invalid_credentials' });
    expect(await service.signIn('ghost@example.com', PASSWORD, '10.0.0.1')).toEqual({ ok: false, reason: 'invalid_credentials' });
  });

  it(`locks an address after ${LOGIN_MAX_FAILURES} failures for the rest of the ${LOGIN_FAILURE_WINDOW_MINUTES}-minute window`, async () => {
    await failTimes(LOGIN_MAX_FAILURES);
    expect(await service.signIn('emma@example.com', PASSWORD, '10.0.0.1')).toEqual({ ok: false, reason: 'throttled', retryAfterMinutes: 15 });

    advance(10 * MINUTE);
    expect(await service.signIn('emma@example.com', PASSWORD, '10.0.0.1')).toEqual({ ok: false, reason: 'throttled', retryAfterMinutes: 5 });

    advance(5 * MINUTE - 1);
    expect(await service.signIn('emma@example.com', PASSWORD, '10.0.0.2')).toEqual({ ok: false, reason: 'throttled', retryAfterMinutes: 1 });

    advance(1);
    expect(await service.signIn('emma@example.com', PASSWORD, '10.0.0.1')).toEqual({ ok: true, accountId: 'customer-1' });
  });

  it('does not lock after fewer failures, and a success clears them', async () => {
    await failTimes(LOGIN_MAX_FAILURES - 1);
    expect((await service.signIn('emma@example.com', PASSWORD, '10.0.0.1')).ok).toBe(true);
    expect(store.attempts.has('email:emma@example.com')).toBe(false);
    await failTimes(LOGIN_MAX_FAILURES - 1);
    expect((await service.signIn('emma@example.com', PASSWORD, '10.0.0.1')).ok).toBe(true);
  });

  it('counts failures per window: ones from an expired window start a new count', async () => {
    await failTimes(LOGIN_MAX_FAILURES - 1);
    advance(LOGIN_FAILURE_WINDOW_MINUTES * MINUTE);
    await failTimes(LOGIN_MAX_FAILURES - 1);
    expect(store.attempts.get('email:emma@example.com')).toMatchObject({ failures: LOGIN_MAX_FAILURES - 1, window_started_at: now.toISOString() });
    expect((await service.signIn('emma@example.com', PASSWORD, '10.0.0.1')).ok).toBe(true);
  });

  it('locks one address without locking the others', async () => {
    await failTimes(LOGIN_MAX_FAILURES);
    expect(await service.signIn('nora@example.com', PASSWORD, '10.0.0.1')).toEqual({ ok: true, accountId: 'customer-2' });
  });

  it('locks a network address after four times as many failures across addresses', async () => {
    for (let i = 0; i < LOGIN_MAX_FAILURES * 4; i++) await failTimes(1, `guess-${i}@example.com`, '192.0.2.7');
    expect(await service.signIn('nora@example.com', PASSWORD, '192.0.2.7')).toMatchObject({ ok: false, reason: 'throttled' });
    expect((await service.signIn('nora@example.com', PASSWORD, '192.0.2.8')).ok).toBe(true);
  });

  it('gives the token claims of a live account and nothing for an unknown one', async () => {
    expect(await service.claimsFor('customer-2')).toEqual({
      sub: 'customer-2',
      email: 'nora@example.com',
      email_verified: true,
      given_name: 'First2',
      family_name: 'Last2',
      idp_type: 'shoebox',
      idp_sub: 'identity-2',
      auth_method: 'B2B',
    });
    expect(await service.claimsFor('customer-9')).toBeUndefined();
  });
});
