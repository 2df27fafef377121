import { customerAddressListSchema, paymentMethodSettingsSchema, SERVICE_BASE_PATHS, superOrderListSchema } from '@shoebox/contracts';
import { describe, expect, it } from 'vitest';
import { databases } from '../test/databases.js';
import { bearer, forgeAccessToken, identityClaimsOf } from '../test/sign-in.js';
import { useTestShoebox } from '../test/test-server.js';
import { seedDemoAccounts } from './demo-accounts.js';

const ME = `${SERVICE_BASE_PATHS.customers}/customers/me`;

describe.each(databases)('the demo address books and payment methods on $name', (kind) => {
  const server = useTestShoebox(kind);

  async function as(email: string) {
    const headers = bearer(await forgeAccessToken(server().db, await identityClaimsOf(server().db, email)));
    const get = async (url: string) => (await server().app.inject({ url, headers })).json();
    return {
      addresses: async () => customerAddressListSchema.parse(await get(`${ME}/addresses`)).items,
      paymentMethod: async () => paymentMethodSettingsSchema.parse(await get(`${ME}/payment-method`)).method,
      orders: async () => superOrderListSchema.parse(await get(`${SERVICE_BASE_PATHS.orders}/v2/superorders/me?OrderState=all`)).items,
    };
  }

  it('gives Emma two addresses, the default the one her home deliveries went to, and a card shown masked', async () => {
    const emma = await as('emma@example.com');
    const book = await emma.addresses();
    expect(book).toHaveLength(2);
    expect(book.filter((a) => a.isDefault)).toEqual([book[0]]);
    const home = (await emma.orders()).find((o) => o.deliveryType === 'Home')!.deliveryAddress;
    expect(book[0]).toMatchObject(home);
    expect(await emma.paymentMethod()).toMatchObject({ kind: 'card', brand: 'visa', last4: '4242', holder: 'Emma Janssen' });
  });

  it('gives Mila PayPal, a business account a card, and leaves Lars with neither', async () => {
    expect(await (await as('mila@example.com')).paymentMethod()).toMatchObject({ kind: 'paypal', maskedEmail: 'm•••@example.com' });
    expect(await (await as('nora@example.com')).paymentMethod()).toMatchObject({ kind: 'card', brand: 'mastercard' });
    expect((await (await as('nora@example.com')).addresses()).map((a) => a.isDefault)).toEqual([true]);
    const lars = await as('lars@example.com');
    expect(await lars.addresses()).toEqual([]);
    expect(await lars.paymentMethod()).toBeNull();
  });

  it('seeding again adds nothing and keeps what a customer changed', async () => {
    const { db } = server();
    const emma = await as('emma@example.com');
    const [, second] = await emma.addresses();
    await db.deleteFrom('customer_addresses').where('id', '=', second!.id).execute();
    const before = { book: await emma.addresses(), method: await emma.paymentMethod() };
    await seedDemoAccounts(db);
    expect({ book: await emma.addresses(), method: await emma.paymentMethod() }).toEqual(before);
  });
});
