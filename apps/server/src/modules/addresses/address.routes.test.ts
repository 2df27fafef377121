import {
  ADDRESS_LIMIT_ERROR,
  ADDRESS_MESSAGES,
  apiErrorSchema,
  customerAddressListSchema,
  customerAddressSchema,
  MAX_ADDRESSES_PER_CUSTOMER,
  SERVICE_BASE_PATHS,
  superOrderSchema,
  type CustomerAddress,
} from '@shoebox/contracts';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.js';
import { useTestShoebox } from '../../test/test-server.js';
import { settingsTestCustomer, type SettingsTestCustomer } from '../../test/settings-customer.js';

const ADDRESSES = `${SERVICE_BASE_PATHS.customers}/customers/me/addresses`;
const HOME = { firstName: 'Ann', lastName: 'Smit', street: 'Baker Street', houseNumber: '221B', postalCode: 'NW1 6XE', city: 'London', countryCode: 'GB', phone: '+44 20 7946 0018' };
const WORK = { ...HOME, street: 'Deansgate', houseNumber: '250', postalCode: 'M3 4BQ', city: 'Manchester', phone: null };

describe.each(databases)('the address book on $name', (kind) => {
  const server = useTestShoebox(kind);

  const call = (who: SettingsTestCustomer, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    server().app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const list = async (who: SettingsTestCustomer) => customerAddressListSchema.parse((await call(who, 'GET', ADDRESSES)).json()).items;
  async function add(who: SettingsTestCustomer, address: object = HOME): Promise<CustomerAddress> {
    const response = await call(who, 'POST', ADDRESSES, address);
    expect(response.statusCode, response.body).toBe(201);
    return customerAddressSchema.parse(response.json());
  }
  const rowsOf = (customerId: string) =>
    server().db.selectFrom('customer_addresses').selectAll().where('customer_id', '=', customerId).orderBy('id').execute();
  const defaults = async (customerId: string) => (await rowsOf(customerId)).filter((r) => Number(r.is_default) === 1).map((r) => r.id);

  it('lists nothing at first; the first address saved becomes the default, later ones do not', async () => {
    const who = await settingsTestCustomer(server().db);
    expect(await list(who)).toEqual([]);
    const first = await add(who, { ...HOME, firstName: '  Ann ' });
    expect(first).toMatchObject({ ...HOME, isDefault: true });
    const second = await add(who, WORK);
    expect(second).toMatchObject({ ...WORK, isDefault: false });
    expect(await list(who)).toEqual([first, second]);
  });

  it('lists the default first, then the oldest first', async () => {
    const who = await settingsTestCustomer(server().db);
    const a = await add(who);
    const b = await add(who, WORK);
    const c = await add(who, { ...WORK, city: 'Leeds', postalCode: 'LS1 4AP', isDefault: true });
    expect(c.isDefault).toBe(true);
    expect((await list(who)).map((x) => x.id)).toEqual([c.id, a.id, b.id]);
  });

  it('changes an address, moves the default to it, and keeps exactly one default', async () => {
    const who = await settingsTestCustomer(server().db);
    const a = await add(who);
    const b = await add(who, WORK);
    const changed = await call(who, 'PUT', `${ADDRESSES}/${b.id}`, { ...WORK, street: 'Oxford Road', isDefault: true });
    expect(changed.statusCode).toBe(200);
    expect(customerAddressSchema.parse(changed.json())).toEqual({ ...b, street: 'Oxford Road', isDefault: true });
    expect(await defaults(who.id)).toEqual([b.id]);
    // The default is only ever moved: false on the default leaves it the default.
    const kept = await call(who, 'PUT', `${ADDRESSES}/${b.id}`, { ...WORK, isDefault: false });
    expect(customerAddressSchema.parse(kept.json()).isDefault).toBe(true);
    const plain = await call(who, 'PUT', `${ADDRESSES}/${a.id}`, { ...HOME, city: 'Londinium' });
    expect(customerAddressSchema.parse(plain.json())).toMatchObject({ city: 'Londinium', isDefault: false });
    expect(await defaults(who.id)).toEqual([b.id]);
  });

  it('deleting the default makes the oldest remaining address the default; deleting the last leaves none', async () => {
    const who = await settingsTestCustomer(server().db);
    const a = await add(who);
    const b = await add(who, WORK);
    const c = await add(who, { ...WORK, city: 'Leeds', postalCode: 'LS1 4AP' });
    expect((await call(who, 'DELETE', `${ADDRESSES}/${a.id}`)).statusCode).toBe(204);
    expect((await list(who)).map((x) => [x.id, x.isDefault])).toEqual([[b.id, true], [c.id, false]]);
    expect((await call(who, 'DELETE', `${ADDRESSES}/${c.id}`)).statusCode).toBe(204);
    expect((await list(who)).map((x) => [x.id, x.isDefault])).toEqual([[b.id, true]]);
    expect((await call(who, 'DELETE', `${ADDRESSES}/${b.id}`)).statusCode).toBe(204);
    expect(await list(who)).toEqual([]);
    expect((await call(who, 'DELETE', `${ADDRESSES}/${b.id}`)).statusCode).toBe(404);
  });

  it("answers 404 for another customer's address and leaves it as it was", async () => {
    const [owner, stranger] = [await settingsTestCustomer(server().db), await settingsTestCustomer(server().db)];
    const theirs = await add(owner);
    await add(owner, WORK);
    const before = await rowsOf(owner.id);
    for (const response of [
      await call(stranger, 'PUT', `${ADDRESSES}/${theirs.id}`, { ...WORK, isDefault: true }),
      await call(stranger, 'DELETE', `${ADDRESSES}/${theirs.id}`),
      await call(stranger, 'PUT', `${ADDRESSES}/${randomUUID()}`, WORK),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(apiErrorSchema.parse(response.json())).toMatchObject({ status: 404, error: 'not_found' });
    }
    expect(await rowsOf(owner.id)).toEqual(before);
    expect(await list(stranger)).toEqual([]);
  });

  it('answers 400 naming the §5 message of a refused field, on adding and on changing, and changes nothing', async () => {
    const who = await settingsTestCustomer(server().db);
    const kept = await add(who);
    const before = await rowsOf(who.id);
    for (const [field, value] of [
      ['postalCode', '1234'],
      ['houseNumber', 'none'],
      ['street', '221 Baker Street'],
      ['phone', 'call me'],
    ] as const) {
      for (const response of [await call(who, 'POST', ADDRESSES, { ...WORK, [field]: value }), await call(who, 'PUT', `${ADDRESSES}/${kept.id}`, { ...WORK, [field]: value })]) {
        expect(response.statusCode, field).toBe(400);
        const error = apiErrorSchema.parse(response.json());
        expect(error.issues, field).toContainEqual({ path: field, message: field });
        expect(ADDRESS_MESSAGES[error.issues![0]!.message as keyof typeof ADDRESS_MESSAGES]).toBeTruthy();
      }
    }
    for (const bad of [{ ...WORK, firstName: '' }, { ...WORK, isDefault: 'yes' }, { ...WORK, countryCode: 'XX' }, [], { ...WORK, city: undefined }]) {
      expect((await call(who, 'POST', ADDRESSES, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await call(who, 'PUT', `${ADDRESSES}/${'x'.repeat(65)}`, WORK)).statusCode).toBe(400);
    expect(await rowsOf(who.id)).toEqual(before);
  });

  it("answers 400 on countryCode for a country outside the customer's storefront", async () => {
    const british = await settingsTestCustomer(server().db);
    const dutch = await settingsTestCustomer(server().db, { channel: 'www.printhaven.nl' });
    const dutchAddress = { ...HOME, street: 'Keizersgracht', houseNumber: '12', postalCode: '1015 CS', city: 'Amsterdam', countryCode: 'NL' };
    const refused = await call(british, 'POST', ADDRESSES, dutchAddress);
    expect(refused.statusCode).toBe(400);
    expect(apiErrorSchema.parse(refused.json()).issues?.map((i) => i.path)).toEqual(['countryCode']);
    const mine = await add(british);
    const changed = await call(british, 'PUT', `${ADDRESSES}/${mine.id}`, dutchAddress);
    expect(changed.statusCode).toBe(400);
    expect(await list(british)).toEqual([mine]);
    expect(await add(dutch, dutchAddress)).toMatchObject({ countryCode: 'NL', isDefault: true });
  });

  it(`keeps at most ${MAX_ADDRESSES_PER_CUSTOMER} addresses: the next answers 409, however many arrive at once`, async () => {
    const who = await settingsTestCustomer(server().db);
    const responses = await Promise.all(Array.from({ length: 30 }, (_, i) => call(who, 'POST', ADDRESSES, { ...WORK, houseNumber: String(i + 1) })));
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(MAX_ADDRESSES_PER_CUSTOMER);
    expect(statuses.filter((s) => s === 409)).toHaveLength(30 - MAX_ADDRESSES_PER_CUSTOMER);
    const full = responses.find((r) => r.statusCode === 409)!;
    expect(apiErrorSchema.parse(full.json())).toMatchObject({ status: 409, error: ADDRESS_LIMIT_ERROR });
    expect(await rowsOf(who.id)).toHaveLength(MAX_ADDRESSES_PER_CUSTOMER);
    expect(await defaults(who.id)).toHaveLength(1);
  });

  it('keeps exactly one default while defaults move and addresses go at the same time', async () => {
    const who = await settingsTestCustomer(server().db);
    const made: CustomerAddress[] = [];
    for (let i = 0; i < 12; i++) made.push(await add(who, { ...WORK, houseNumber: String(i + 1) }));
    const puts = made.slice(0, 8).map((a) => call(who, 'PUT', `${ADDRESSES}/${a.id}`, { ...WORK, houseNumber: a.houseNumber, isDefault: true }));
    const deletes = [made[0]!, made[8]!, made[9]!].map((a) => call(who, 'DELETE', `${ADDRESSES}/${a.id}`));
    const answers = await Promise.all([...puts, ...deletes]);
    for (const answer of answers) expect([200, 204, 404]).toContain(answer.statusCode);
    expect(await defaults(who.id)).toHaveLength(1);
    expect((await list(who)).filter((a) => a.isDefault)).toHaveLength(1);
  });

  it('an order placed with an address keeps its copy when the address is changed or deleted', async () => {
    const { app, orders } = server();
    const who = await settingsTestCustomer(server().db);
    const saved = await add(who);
    const { id: _id, isDefault: _d, createdAt: _c, ...deliveryAddress } = saved;
    const identity = { customerId: who.id, email: 'x@example.com', idpType: 'shoebox', idpSub: randomUUID(), isBusiness: false };
    const order = await orders.place(identity, {
      requestId: randomUUID(),
      channel: 'www.printhaven.co.uk',
      source: 'PAP_910',
      deliveryType: 'Home',
      deliveryAddress,
      products: [{ title: 'Photo prints 10x15', productType: 'PAP_910', quantity: 1, priceAmount: 15 }],
    });
    const shown = async () =>
      superOrderSchema.parse((await app.inject({ url: `${SERVICE_BASE_PATHS.orders}/v1/superorders/${order.orderCode}`, headers: who.headers })).json()).deliveryAddress;
    expect(await shown()).toEqual(deliveryAddress);
    expect((await call(who, 'PUT', `${ADDRESSES}/${saved.id}`, { ...WORK })).statusCode).toBe(200);
    expect(await shown()).toEqual(deliveryAddress);
    expect((await call(who, 'DELETE', `${ADDRESSES}/${saved.id}`)).statusCode).toBe(204);
    expect(await shown()).toEqual(deliveryAddress);
  });

  it('404 for a deleted customer, and nothing is stored', async () => {
    const who = await settingsTestCustomer(server().db);
    await server().db.updateTable('customers').set({ deleted_at: new Date().toISOString() }).where('id', '=', who.id).execute();
    expect((await call(who, 'POST', ADDRESSES, HOME)).statusCode).toBe(404);
    expect((await call(who, 'GET', ADDRESSES)).statusCode).toBe(404);
    expect(await rowsOf(who.id)).toEqual([]);
  });
});
