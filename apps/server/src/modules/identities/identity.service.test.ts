import { LOGIN_FAILURE_WINDOW_MINUTES, LOGIN_MAX_FAILURES } from '@shoebox/contracts';
import { randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hashPassword } from '../../platform/auth/passwords.js';
import { databases, useMigratedDatabase } from '../../test/databases.js';
import { customerRepository } from '../customers/customer.repository.js';
import { identityRepository } from './identity.repository.js';
import { ADDRESS_SLOWDOWN_SECONDS, CLIENT_SLOWDOWN_SECONDS, IP_MAX_FAILURES, identityService } from './identity.service.js';

const PASSWORD = 'correct horse';
const MINUTE = 60_000;

describe.each(databases)('identity service on $name', (kind) => {
  const db = useMigratedDatabase(kind);
  const accounts = { emma: { customerId: randomUUID(), identityId: randomUUID() }, nora: { customerId: randomUUID(), identityId: randomUUID() } };
  let now: Date;
  let service: ReturnType<typeof identityService>;
  const advance = (ms: number) => (now = new Date(now.getTime() + ms));
  const attemptsOf = (key: string) => db().selectFrom('login_attempts').select(['window_started_at', 'failures']).where('key', '=', key).executeTakeFirst();

  const failTimes = async (times: number, email = 'emma@example.com', ip = '10.0.0.1') => {
    for (let i = 0; i < times; i++) expect(await service.signIn(email, 'wrong', ip)).toEqual({ ok: false, reason: 'invalid_credentials' });
  };

  beforeAll(async () => {
    if (!kind.available) return;
    const passwordHash = await hashPassword(PASSWORD);
    for (const [name, { customerId, identityId }] of Object.entries(accounts)) {
      await customerRepository(db()).insert({
        id: customerId,
        email: `${name}@example.com`,
        first_name: `First-${name}`,
        last_name: `Last-${name}`,
        phone: null,
        channel: 'www.albumly.de',
        registered_at: new Date().toISOString(),
        business_company: null,
        business_vat: null,
        business_status: null,
        deleted_at: null,
      });
      const authMethod = name === 'nora' ? 'B2B' : 'b2c';
      await identityRepository(db()).insert({ id: identityId, customerId, email: `${name}@example.com`, passwordHash, idpType: 'shoebox', authMethod });
    }
  });

  beforeEach(async () => {
    now = new Date('2026-03-01T12:00:00Z');
    await db().deleteFrom('login_attempts').execute();
    service = identityService(identityRepository(db()), () => now);
  });

  it('signs in with the right password, whatever the case and spacing of the address', async () => {
    expect(await service.signIn(' Emma@Example.com ', PASSWORD, '10.0.0.1')).toEqual({ ok: true, accountId: accounts.emma.customerId });
  });

  it('refuses a wrong password and an unknown address alike', async () => {
    expect(await service.signIn('emma@example.com', 'nope', '10.0.0.1')).toEqual({ ok: false, reason: 'invalid_credentials' });
    expect(await service.signIn('ghost@example.com', PASSWORD, '10.0.0.1')).toEqual({ ok: false, reason: 'invalid_credentials' });
  });

  it(`shuts the client that failed an address ${LOGIN_MAX_FAILURES} times out of it for the rest of the ${LOGIN_FAILURE_WINDOW_MINUTES}-minute window; the customer elsewhere signs in`, async () => {
    await failTimes(LOGIN_MAX_FAILURES);
    expect(await service.signIn('emma@example.com', PASSWORD, '10.0.0.1')).toEqual({ ok: false, reason: 'throttled', retryAfterMinutes: 15 });

    advance(10 * MINUTE);
    expect(await service.signIn('emma@example.com', PASSWORD, '10.0.0.1')).toEqual({ ok: false, reason: 'throttled', retryAfterMinutes: 5 });
    expect(await service.signIn('emma@example.com', PASSWORD, '10.0.0.2')).toEqual({ ok: true, accountId: accounts.emma.customerId });

    advance(5 * MINUTE);
    expect(await service.signIn('emma@example.com', PASSWORD, '10.0.0.1')).toEqual({ ok: true, accountId: accounts.emma.customerId });
  });

  it(`slows an address many clients have failed to one checked attempt every ${ADDRESS_SLOWDOWN_SECONDS} s: the customer waits, and gets in`, async () => {
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await failTimes(1, 'emma@example.com', `203.0.113.${i}`);
    await failTimes(1, 'emma@example.com', '203.0.113.50');
    expect(await service.signIn('emma@example.com', PASSWORD, '10.0.0.9')).toEqual({ ok: false, reason: 'throttled', retryAfterMinutes: 1 });
    expect(await service.signIn('emma@example.com', 'wrong', '203.0.113.51')).toMatchObject({ reason: 'throttled' });

    advance(ADDRESS_SLOWDOWN_SECONDS * 1000);
    expect(await service.signIn('emma@example.com', PASSWORD, '10.0.0.9')).toEqual({ ok: true, accountId: accounts.emma.customerId });
  });

  it('does not lock after fewer failures, and a success clears them', async () => {
    await failTimes(LOGIN_MAX_FAILURES - 1);
    expect((await service.signIn('emma@example.com', PASSWORD, '10.0.0.1')).ok).toBe(true);
    expect(await attemptsOf('email:emma@example.com')).toBeUndefined();
    await failTimes(LOGIN_MAX_FAILURES - 1);
    expect((await service.signIn('emma@example.com', PASSWORD, '10.0.0.1')).ok).toBe(true);
  });

  it('counts failures per window: ones from an expired window start a new count', async () => {
    await failTimes(LOGIN_MAX_FAILURES - 1);
    advance(LOGIN_FAILURE_WINDOW_MINUTES * MINUTE);
    await failTimes(LOGIN_MAX_FAILURES - 1);
    expect(await attemptsOf('email:emma@example.com')).toEqual({ failures: LOGIN_MAX_FAILURES - 1, window_started_at: now.toISOString() });
    expect((await service.signIn('emma@example.com', PASSWORD, '10.0.0.1')).ok).toBe(true);
  });

  it('locks one address without locking the others', async () => {
    await failTimes(LOGIN_MAX_FAILURES);
    expect(await service.signIn('nora@example.com', PASSWORD, '10.0.0.1')).toEqual({ ok: true, accountId: accounts.nora.customerId });
  });

  it(`a network address past ${IP_MAX_FAILURES} failures across addresses is checked only at addresses nobody failed, one attempt every ${CLIENT_SLOWDOWN_SECONDS} s: the customers behind it still sign in`, async () => {
    for (let i = 0; i < IP_MAX_FAILURES; i++) await failTimes(1, `guess-${i}@example.com`, '192.0.2.7');
    expect(await service.signIn('guess-0@example.com', PASSWORD, '192.0.2.7')).toMatchObject({ ok: false, reason: 'throttled' });
    expect(await service.signIn('nora@example.com', PASSWORD, '192.0.2.7')).toEqual({ ok: true, accountId: accounts.nora.customerId });

    await failTimes(1, 'fresh@example.com', '192.0.2.7');
    expect(await service.signIn('emma@example.com', PASSWORD, '192.0.2.7')).toMatchObject({ ok: false, reason: 'throttled' });
    expect((await service.signIn('emma@example.com', PASSWORD, '192.0.2.8')).ok).toBe(true);
    advance(CLIENT_SLOWDOWN_SECONDS * 1000);
    expect(await service.signIn('emma@example.com', PASSWORD, '192.0.2.7')).toEqual({ ok: true, accountId: accounts.emma.customerId });
  });

  it('does not count attempts refused by a limit: the address stays at its failures, the network at its own', async () => {
    await failTimes(LOGIN_MAX_FAILURES);
    for (let i = 0; i < 3; i++) expect(await service.signIn('emma@example.com', 'wrong', '10.0.0.1')).toMatchObject({ reason: 'throttled' });
    expect(await attemptsOf('email:emma@example.com')).toMatchObject({ failures: LOGIN_MAX_FAILURES });
    expect(await attemptsOf('ip:10.0.0.1')).toMatchObject({ failures: LOGIN_MAX_FAILURES });
  });

  it('does not count a success against the network address', async () => {
    await failTimes(2, 'emma@example.com', '10.0.0.3');
    expect((await service.signIn('nora@example.com', PASSWORD, '10.0.0.3')).ok).toBe(true);
    expect(await attemptsOf('ip:10.0.0.3')).toMatchObject({ failures: 2 });
  });

  it('gives the token claims of a live account and nothing for an unknown one', async () => {
    expect(await service.claimsFor(accounts.nora.customerId)).toEqual({
      sub: accounts.nora.customerId,
      email: 'nora@example.com',
      email_verified: true,
      given_name: 'First-nora',
      family_name: 'Last-nora',
      idp_type: 'shoebox',
      idp_sub: accounts.nora.identityId,
      auth_method: 'B2B',
    });
    expect(await service.claimsFor(randomUUID())).toBeUndefined();
  });
});
