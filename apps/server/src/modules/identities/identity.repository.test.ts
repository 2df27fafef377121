import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { databases, useMigratedDatabase } from '../../test/databases.js';
import { customerRepository } from '../customers/customer.repository.js';
import { identityRepository } from './identity.repository.js';

describe.each(databases)('identity repository on $name', (kind) => {
  const db = useMigratedDatabase(kind);

  async function newIdentity(email: string, o: { deleted?: boolean; authMethod?: string } = {}) {
    const customerId = randomUUID();
    await customerRepository(db()).insert({
      id: customerId,
      email: email.toLowerCase(),
      first_name: 'Jo',
      last_name: 'Peters',
      phone: null,
      channel: 'www.albumly.de',
      registered_at: new Date().toISOString(),
      business_company: null,
      business_vat: null,
      business_status: null,
      deleted_at: o.deleted ? new Date().toISOString() : null,
    });
    const identity = { id: randomUUID(), customerId, email, passwordHash: 'scrypt$hash', idpType: 'shoebox', authMethod: o.authMethod ?? 'b2c' };
    await identityRepository(db()).insert(identity);
    return identity;
  }

  it('stores the address in lower case and finds the identity by address or customer, with the name', async () => {
    const repo = identityRepository(db());
    const identity = await newIdentity('Jo.Peters@Example.COM', { authMethod: 'b2b' });
    const expected = {
      id: identity.id,
      customer_id: identity.customerId,
      email: 'jo.peters@example.com',
      password_hash: 'scrypt$hash',
      idp_type: 'shoebox',
      auth_method: 'b2b',
      first_name: 'Jo',
      last_name: 'Peters',
    };
    expect(await repo.findByEmail('jo.peters@example.com')).toEqual(expected);
    expect(await repo.findByEmail('JO.PETERS@example.com')).toEqual(expected);
    expect(await repo.findByCustomerId(identity.customerId)).toEqual(expected);
  });

  it('finds nothing for unknown addresses and customers', async () => {
    const repo = identityRepository(db());
    expect(await repo.findByEmail('nobody@example.com')).toBeUndefined();
    expect(await repo.findByCustomerId(randomUUID())).toBeUndefined();
  });

  it("hides the identity of a deleted customer", async () => {
    const repo = identityRepository(db());
    const identity = await newIdentity('gone@example.com', { deleted: true });
    expect(await repo.findByEmail('gone@example.com')).toBeUndefined();
    expect(await repo.findByCustomerId(identity.customerId)).toBeUndefined();
  });

  it('refuses a second identity with the same address, whatever its case', async () => {
    await newIdentity('twice@example.com');
    await expect(newIdentity('TWICE@example.com')).rejects.toThrow();
  });

  it('refuses an identity for a customer that does not exist', async () => {
    const repo = identityRepository(db());
    await expect(
      repo.insert({ id: randomUUID(), customerId: randomUUID(), email: 'orphan@example.com', passwordHash: 'x', idpType: 'shoebox', authMethod: 'b2c' }),
    ).rejects.toThrow();
  });

  const attemptsOf = (key: string) => db().selectFrom('login_attempts').select(['window_started_at', 'failures']).where('key', '=', key).executeTakeFirst();
  const NOW = '2026-03-01T12:00:00.000Z';
  const STALE_BEFORE = '2026-03-01T11:45:00.000Z';

  it('counts every one of many simultaneous attempts for one key exactly once', async () => {
    const repo = identityRepository(db());
    const counts = await Promise.all(Array.from({ length: 50 }, () => repo.reserveAttempt('email:busy@example.com', NOW, STALE_BEFORE)));
    expect(counts.map((c) => c.failures).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(await attemptsOf('email:busy@example.com')).toEqual({ window_started_at: NOW, failures: 50 });
  });

  it('keeps counting in the current window and starts a new count once the window is stale', async () => {
    const repo = identityRepository(db());
    await repo.reserveAttempt('email:w@example.com', NOW, STALE_BEFORE);
    expect(await repo.reserveAttempt('email:w@example.com', '2026-03-01T12:10:00.000Z', '2026-03-01T11:55:00.000Z')).toEqual({ window_started_at: NOW, failures: 2 });
    // 15 minutes after the window started, it is stale.
    expect(await repo.reserveAttempt('email:w@example.com', '2026-03-01T12:15:00.000Z', NOW)).toEqual({ window_started_at: '2026-03-01T12:15:00.000Z', failures: 1 });
    expect(await repo.reserveAttempt('ip:10.0.0.1', NOW, STALE_BEFORE)).toEqual({ window_started_at: NOW, failures: 1 });
  });

  it('gives back one attempt of its own window only, and forgets a count that reaches nothing', async () => {
    const repo = identityRepository(db());
    await repo.reserveAttempt('ip:10.0.0.2', NOW, STALE_BEFORE);
    await repo.reserveAttempt('ip:10.0.0.2', NOW, STALE_BEFORE);
    await repo.releaseAttempt('ip:10.0.0.2', '2026-03-01T11:00:00.000Z');
    expect(await attemptsOf('ip:10.0.0.2')).toMatchObject({ failures: 2 });
    await repo.releaseAttempt('ip:10.0.0.2', NOW);
    expect(await attemptsOf('ip:10.0.0.2')).toMatchObject({ failures: 1 });
    await repo.releaseAttempt('ip:10.0.0.2', NOW);
    expect(await attemptsOf('ip:10.0.0.2')).toBeUndefined();
  });

  it('clears a count after the right password unless a later attempt still counts, then gives back only its own', async () => {
    const repo = identityRepository(db());
    for (let i = 0; i < 3; i++) await repo.reserveAttempt('email:c@example.com', NOW, STALE_BEFORE);
    await repo.clearAttempts('email:c@example.com', NOW, 2);
    expect(await attemptsOf('email:c@example.com')).toMatchObject({ failures: 2 });
    await repo.clearAttempts('email:c@example.com', NOW, 2);
    expect(await attemptsOf('email:c@example.com')).toBeUndefined();
  });
});
