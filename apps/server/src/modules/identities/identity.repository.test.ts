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

  it('keeps, replaces and clears the sign-in failure count per key', async () => {
    const repo = identityRepository(db());
    expect(await repo.findAttempts('email:a@example.com')).toBeUndefined();
    await repo.saveAttempts('email:a@example.com', '2026-03-01T12:00:00.000Z', 1);
    await repo.saveAttempts('ip:10.0.0.1', '2026-03-01T12:00:00.000Z', 7);
    await repo.saveAttempts('email:a@example.com', '2026-03-01T12:00:00.000Z', 2);
    expect(await repo.findAttempts('email:a@example.com')).toEqual({ key: 'email:a@example.com', window_started_at: '2026-03-01T12:00:00.000Z', failures: 2 });
    await repo.saveAttempts('email:a@example.com', '2026-03-01T12:30:00.000Z', 1);
    expect(await repo.findAttempts('email:a@example.com')).toMatchObject({ window_started_at: '2026-03-01T12:30:00.000Z', failures: 1 });
    await repo.clearAttempts('email:a@example.com');
    expect(await repo.findAttempts('email:a@example.com')).toBeUndefined();
    expect(await repo.findAttempts('ip:10.0.0.1')).toMatchObject({ failures: 7 });
  });
});
