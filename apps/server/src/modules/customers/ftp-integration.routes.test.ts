import { apiErrorSchema, customerSchema, SERVICE_BASE_PATHS } from '@shoebox/contracts';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { useTestShoebox } from '../../test/test-server.js';
import { settingsTestCustomer } from '../../test/settings-customer.js';

const ME = `${SERVICE_BASE_PATHS.customers}/customers/me`;

describe.each(databases)('FTP integration on /customers/me on $name', (kind) => {
  const server = useTestShoebox(kind);

  const me = async (headers: Record<string, string>) => customerSchema.parse((await server().app.inject({ url: ME, headers })).json());
  const patch = (headers: Record<string, string>, payload: unknown) => server().app.inject({ method: 'PATCH', url: ME, headers, payload: payload as object });

  it('answers a business customer with no integration until one is set, and a consumer with none at all', async () => {
    const business = await settingsTestCustomer(server().db, { business: true });
    const consumer = await settingsTestCustomer(server().db);
    expect((await me(business.headers)).integration).toEqual({ callbackUrl: null, callbackFormat: null });
    expect((await me(consumer.headers)).integration).toBeNull();
  });

  it('sets and clears the callback of a business customer, and answers the customer', async () => {
    const business = await settingsTestCustomer(server().db, { business: true });
    const set = await patch(business.headers, { callbackUrl: ' https://hooks.example.com/orders?x=1 ', callbackFormat: 'xml' });
    expect(set.statusCode).toBe(200);
    const customer = customerSchema.parse(set.json());
    expect(customer.integration).toEqual({ callbackUrl: 'https://hooks.example.com/orders?x=1', callbackFormat: 'xml' });
    expect(await me(business.headers)).toEqual(customer);

    const cleared = await patch(business.headers, { callbackUrl: null, callbackFormat: null });
    expect(cleared.statusCode).toBe(200);
    expect((await me(business.headers)).integration).toEqual({ callbackUrl: null, callbackFormat: null });
  });

  it('refuses a consumer with 403 and stores nothing', async () => {
    const consumer = await settingsTestCustomer(server().db);
    const response = await patch(consumer.headers, { callbackUrl: 'https://hooks.example.com/a', callbackFormat: 'json' });
    expect(response.statusCode).toBe(403);
    expect(apiErrorSchema.parse(response.json())).toMatchObject({ status: 403, error: 'forbidden' });
    const row = await server().db.selectFrom('customers').select(['callback_url', 'callback_format']).where('id', '=', consumer.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ callback_url: null, callback_format: null });
  });

  it('answers 400 naming the field for a plain-http, malformed or relative address, an unknown format or half a setting, and changes nothing', async () => {
    const business = await settingsTestCustomer(server().db, { business: true });
    await patch(business.headers, { callbackUrl: 'https://hooks.example.com/kept', callbackFormat: 'json' });
    const before = await me(business.headers);
    for (const [payload, field] of [
      [{ callbackUrl: 'http://hooks.example.com/a', callbackFormat: 'json' }, 'callbackUrl'],
      [{ callbackUrl: 'not a url', callbackFormat: 'json' }, 'callbackUrl'],
      [{ callbackUrl: '/orders', callbackFormat: 'json' }, 'callbackUrl'],
      [{ callbackUrl: 'ftp://hooks.example.com/a', callbackFormat: 'json' }, 'callbackUrl'],
      [{ callbackUrl: `https://hooks.example.com/${'a'.repeat(2048)}`, callbackFormat: 'json' }, 'callbackUrl'],
      [{ callbackUrl: 'https://hooks.example.com/a', callbackFormat: 'csv' }, 'callbackFormat'],
      [{ callbackUrl: 'https://hooks.example.com/a' }, 'callbackFormat'],
      [{ callbackUrl: 'https://hooks.example.com/a', callbackFormat: null }, 'callbackUrl'],
      [{ callbackUrl: null, callbackFormat: 'json' }, 'callbackUrl'],
    ] as const) {
      const response = await patch(business.headers, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const error = apiErrorSchema.parse(response.json());
      expect(error.issues?.map((i) => i.path), JSON.stringify(payload)).toContain(field);
    }
    expect(await me(business.headers)).toEqual(before);
  });

  it('404 for a deleted customer, and nothing is stored', async () => {
    const business = await settingsTestCustomer(server().db, { business: true });
    await server().db.updateTable('customers').set({ deleted_at: new Date().toISOString() }).where('id', '=', business.id).execute();
    expect((await patch(business.headers, { callbackUrl: 'https://hooks.example.com/a', callbackFormat: 'json' })).statusCode).toBe(404);
    const row = await server().db.selectFrom('customers').select('callback_url').where('id', '=', business.id).executeTakeFirstOrThrow();
    expect(row.callback_url).toBeNull();
  });
});
