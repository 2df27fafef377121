import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { CustomersTable } from '../../platform/db/schema.js';
import { databases, useMigratedDatabase } from '../../test/databases.js';
import { customerRepository } from './customer.repository.js';

const customer = (overrides: Partial<CustomersTable> = {}): CustomersTable => ({
  id: randomUUID(),
  email: 'anna@example.com',
  first_name: 'Anna',
  last_name: 'Smit',
  phone: '+31 20 000 0000',
  channel: 'www.printhaven.nl',
  registered_at: '2025-01-02T03:04:05.678Z',
  business_company: null,
  business_vat: null,
  business_status: null,
  deleted_at: null,
  callback_url: null,
  callback_format: null,
  ...overrides,
});

describe.each(databases)('customer repository on $name', (kind) => {
  const db = useMigratedDatabase(kind);

  it('stores and finds a customer exactly as given', async () => {
    const repo = customerRepository(db());
    const row = customer({ business_company: 'Smit BV', business_vat: 'NL000000000B01', business_status: 'New', email: 'smit@example.com' });
    await repo.insert(row);
    expect(await repo.findLive(row.id)).toEqual(row);
  });

  it('finds nothing for an unknown id', async () => {
    expect(await customerRepository(db()).findLive(randomUUID())).toBeUndefined();
  });

  it('treats a deleted customer as gone: not found and not updated', async () => {
    const repo = customerRepository(db());
    const row = customer({ deleted_at: '2026-01-01T00:00:00.000Z' });
    await repo.insert(row);
    expect(await repo.findLive(row.id)).toBeUndefined();
    expect(await repo.update(row.id, { first_name: 'X', last_name: 'Y', phone: null })).toBe(false);
    const stored = await db().selectFrom('customers').select('first_name').where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(stored.first_name).toBe('Anna');
  });

  it('updates the name and phone of one customer only', async () => {
    const repo = customerRepository(db());
    const [a, b] = [customer(), customer()];
    await repo.insert(a);
    await repo.insert(b);
    expect(await repo.update(a.id, { first_name: 'Annie', last_name: 'de Smit', phone: null })).toBe(true);
    expect(await repo.findLive(a.id)).toEqual({ ...a, first_name: 'Annie', last_name: 'de Smit', phone: null });
    expect(await repo.findLive(b.id)).toEqual(b);
    expect(await repo.update(randomUUID(), { first_name: 'X', last_name: 'Y', phone: null })).toBe(false);
  });

  it('counts every customer, deleted ones included, as a number', async () => {
    const repo = customerRepository(db());
    const before = await repo.count();
    expect(typeof before).toBe('number');
    await repo.insert(customer());
    await repo.insert(customer({ deleted_at: '2026-01-01T00:00:00.000Z' }));
    expect(await repo.count()).toBe(before + 2);
  });

  it('refuses a second customer with the same id', async () => {
    const repo = customerRepository(db());
    const row = customer();
    await repo.insert(row);
    await expect(repo.insert({ ...row, email: 'other@example.com' })).rejects.toThrow();
  });
});
