import { apiErrorSchema, MAX_ADDRESSES_PER_CUSTOMER, SERVICE_BASE_PATHS } from '@shoebox/contracts';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { useTestShoebox } from '../../test/test-server.js';
import { settingsTestCustomer, type SettingsTestCustomer } from '../../test/settings-customer.js';
import { bearer, forgeAccessToken } from '../../test/sign-in.js';

const ADDRESSES = `${SERVICE_BASE_PATHS.customers}/customers/me/addresses`;
const HOME = { firstName: 'Ann', lastName: 'Smit', street: 'Baker Street', houseNumber: '221B', postalCode: 'NW1 6XE', city: 'London', countryCode: 'GB', phone: null };

describe.each(databases)('the address book against races and hostile input on $name', (kind) => {
  const server = useTestShoebox(kind);
  const call = (who: { headers: Record<string, string> }, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    server().app.inject({ method, url, headers: { ...who.headers, ...headers }, ...(payload === undefined ? {} : { payload: payload as string }) });
  const rowsOf = (customerId: string) => server().db.selectFrom('customer_addresses').selectAll().where('customer_id', '=', customerId).execute();
  const defaultsOf = async (customerId: string) => (await rowsOf(customerId)).filter((r) => Number(r.is_default) === 1).length;

  it('keeps the limit and exactly one default when 50 additions, default moves and deletions of the same addresses race', async () => {
    const who = await settingsTestCustomer(server().db);
    const added = await Promise.all(Array.from({ length: 50 }, (_, i) => call(who, 'POST', ADDRESSES, { ...HOME, city: `City ${i}`, isDefault: i % 3 === 0 })));
    expect(added.filter((r) => r.statusCode === 201)).toHaveLength(MAX_ADDRESSES_PER_CUSTOMER);
    expect(added.filter((r) => r.statusCode !== 201).map((r) => r.statusCode)).toEqual(Array(50 - MAX_ADDRESSES_PER_CUSTOMER).fill(409));
    expect(await defaultsOf(who.id)).toBe(1);

    const rows = await rowsOf(who.id);
    const current = rows.find((r) => Number(r.is_default) === 1)!.id;
    const others = rows.map((r) => r.id).filter((id) => id !== current);
    const raced = await Promise.all([
      call(who, 'DELETE', `${ADDRESSES}/${current}`),
      ...others.slice(0, 8).flatMap((id) => [call(who, 'PUT', `${ADDRESSES}/${id}`, { ...HOME, isDefault: true }), call(who, 'DELETE', `${ADDRESSES}/${id}`)]),
      ...others.slice(8, 12).map((id) => call(who, 'PUT', `${ADDRESSES}/${id}`, { ...HOME, isDefault: true })),
    ]);
    expect(raced.every((r) => [200, 204, 404].includes(r.statusCode)), raced.map((r) => r.body).join('\n')).toBe(true);
    expect(await rowsOf(who.id)).toHaveLength(MAX_ADDRESSES_PER_CUSTOMER - 9);
    expect(await defaultsOf(who.id)).toBe(1);
  });

  it('stores no field the body adds, and refuses prototype keys, deep nesting, lookalike postal codes, strings for booleans and oversize bodies', async () => {
    const who = await settingsTestCustomer(server().db);
    const other = await settingsTestCustomer(server().db);
    const smuggled = await call(who, 'POST', ADDRESSES, { ...HOME, id: 'chosen-id', customerId: other.id, customer_id: other.id, createdAt: '2000-01-01T00:00:00.000Z', is_default: 1 });
    expect(smuggled.statusCode, smuggled.body).toBe(201);
    const [row] = await rowsOf(who.id);
    expect(row).toMatchObject({ customer_id: who.id });
    expect(row!.id).not.toBe('chosen-id');
    expect(row!.created_at).not.toMatch(/^2000/);
    expect(await rowsOf(other.id)).toEqual([]);

    const json = { 'content-type': 'application/json' };
    const body = JSON.stringify(HOME).slice(1);
    for (const [payload, headers] of [
      [`{"__proto__":{"isDefault":true},${body}`, json],
      [`{"constructor":{"prototype":{"isDefault":true}},${body}`, json],
      [`{"a":`.repeat(5000) + '1' + '}'.repeat(5000), json],
      [{ ...HOME, postalCode: 'ＮＷ１ ６ＸＥ' }],
      [{ ...HOME, postalCode: 'NW1 6X\u212A' }],
      [{ ...HOME, countryCode: 'gb' }],
      [{ ...HOME, isDefault: 'true' }],
      [{ ...HOME, houseNumber: 221 }],
      [{ ...HOME, firstName: 'a'.repeat(1024 * 1024 - 300) }],
    ] as [unknown, Record<string, string>?][]) {
      const response = await call(who, 'POST', ADDRESSES, payload, headers);
      expect(response.statusCode, response.body.slice(0, 300)).toBe(400);
      apiErrorSchema.parse(response.json());
    }
    const oversize = await call(who, 'POST', ADDRESSES, { ...HOME, firstName: 'a'.repeat(1024 * 1024) });
    expect(oversize.statusCode).toBe(413);
    expect(apiErrorSchema.parse(oversize.json()).error).toBe('too_large');
    expect(await rowsOf(who.id)).toHaveLength(1);
  });

  it('answers 404 on every call with the token of a customer whose record is gone or was never there, and stores nothing', async () => {
    const gone = await settingsTestCustomer(server().db);
    const kept = await settingsTestCustomer(server().db);
    const address = (await call(kept, 'POST', ADDRESSES, HOME)).json<{ id: string }>();
    await server().db.deleteFrom('customers').where('id', '=', gone.id).execute();
    const sub = randomUUID();
    const never: SettingsTestCustomer = { id: sub, headers: bearer(await forgeAccessToken(server().db, { sub, email: 'never@example.com', idp_type: 'shoebox', idp_sub: randomUUID(), auth_method: 'b2c' })) };
    for (const who of [gone, never]) {
      for (const [method, url, payload] of [
        ['GET', ADDRESSES],
        ['POST', ADDRESSES, HOME],
        ['PUT', `${ADDRESSES}/${address.id}`, { ...HOME, city: 'Elsewhere', isDefault: true }],
        ['DELETE', `${ADDRESSES}/${address.id}`],
      ] as const) {
        const response = await call(who, method, url, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(apiErrorSchema.parse(response.json()).error).toBe('not_found');
      }
      expect(await rowsOf(who.id)).toEqual([]);
    }
    expect(await rowsOf(kept.id)).toMatchObject([{ city: 'London', is_default: 1 }]);
  });
});
