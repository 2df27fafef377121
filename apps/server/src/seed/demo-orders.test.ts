import {
  DELIVERY_TYPES,
  deletionInfoSchema,
  isOrderInProgress,
  ORDER_STATUSES,
  RESNAP_SOURCE,
  SERVICE_BASE_PATHS,
  storageOutlook,
  superOrderListSchema,
  type SuperOrder,
} from '@shoebox/contracts';
import { describe, expect, it } from 'vitest';
import { databases } from '../test/databases.js';
import { DELETION_INFO_URL, useLibraryServer } from '../test/photo-library.js';
import { bearer, signIn } from '../test/sign-in.js';
import { DEMO_ACCOUNTS, seedDemoAccounts } from './demo-accounts.js';

const DAY = 86_400_000;

describe.each(databases)('the demo order histories on $name', (kind) => {
  const server = useLibraryServer(kind);
  const headersOf = new Map<string, { authorization: string }>();

  async function headers(email: string) {
    if (!headersOf.has(email)) headersOf.set(email, bearer((await signIn(server().app, email)).access_token));
    return headersOf.get(email)!;
  }
  async function ordersOf(email: string): Promise<SuperOrder[]> {
    const response = await server().app.inject({ url: `${SERVICE_BASE_PATHS.orders}/v2/superorders/me?OrderState=all`, headers: await headers(email) });
    expect(response.statusCode, response.body).toBe(200);
    return superOrderListSchema.parse(response.json()).items;
  }
  async function storageOf(email: string) {
    const response = await server().app.inject({ url: DELETION_INFO_URL, headers: await headers(email) });
    const info = deletionInfoSchema.parse(response.json());
    return { info, ...storageOutlook(info.projectedDeletionDate, new Date()) };
  }

  it.each(DEMO_ACCOUNTS)('$email: the newest order is the last order its storage period counts from', async (account) => {
    const orders = await ordersOf(account.email);
    const storage = await storageOf(account.email);
    if (account.lastOrderDaysAgo === undefined) {
      expect(orders).toEqual([]);
      expect(storage.info.lastOrderDate).toBeNull();
      return;
    }
    const newest = orders[0]!;
    expect(Math.round((Date.now() - Date.parse(newest.createdAt)) / DAY)).toBe(account.lastOrderDaysAgo);
    expect(storage.info.lastOrderDate).toBe(newest.createdAt);
    expect(orders.every((o) => o.createdAt <= newest.createdAt && o.productCount === o.products.length && o.productCount > 0)).toBe(true);
  });

  it('keeps each consumer’s storage story: Emma safe, Lars a warning, Sofia critical, Ines ordered 45 days ago', async () => {
    expect((await storageOf('emma@example.com')).status).toBe('safe');
    expect(await storageOf('lars@example.com')).toMatchObject({ status: 'warning', monthsRemaining: 1 });
    expect(await storageOf('sofia@example.com')).toMatchObject({ status: 'critical', monthsRemaining: 0 });
    expect((await storageOf('ines@example.com')).status).toBe('safe');
  });

  it('covers every status, both delivery types, Resnap and product sources, vouchers, and orders in progress and past', async () => {
    const all = (await Promise.all(DEMO_ACCOUNTS.map((a) => ordersOf(a.email)))).flat();
    expect(new Set(all.map((o) => o.status))).toEqual(new Set(ORDER_STATUSES));
    expect(new Set(all.map((o) => o.deliveryType))).toEqual(new Set(DELIVERY_TYPES));
    expect(all.some((o) => o.source === RESNAP_SOURCE) && all.some((o) => o.source !== RESNAP_SOURCE)).toBe(true);
    expect(all.some((o) => o.products.some((p) => p.voucherDetails))).toBe(true);
    expect(all.some((o) => o.deliveryAddressChangeable)).toBe(true);

    const mila = await ordersOf('mila@example.com');
    expect(mila.some((o) => isOrderInProgress(o)) && mila.some((o) => !isOrderInProgress(o))).toBe(true);
    expect(new Set(mila.filter((o) => isOrderInProgress(o)).map((o) => o.status))).toEqual(new Set(ORDER_STATUSES));
    for (const email of ['emma@example.com', 'ines@example.com']) expect((await ordersOf(email)).length).toBeGreaterThanOrEqual(4);
  });

  it('hides Ines’s orders older than the order history’s keeping time unless all are asked for', async () => {
    const response = await server().app.inject({ url: `${SERVICE_BASE_PATHS.orders}/v2/superorders/me`, headers: await headers('ines@example.com') });
    const notExpired = superOrderListSchema.parse(response.json());
    expect(notExpired.total).toBeLessThan((await ordersOf('ines@example.com')).length);
  });

  it('adds nothing and undoes nothing when seeded again, and completes an order seeded before orders had products', async () => {
    const { db } = server();
    const mila = await ordersOf('mila@example.com');
    const waiting = mila.find((o) => o.status === 'Received')!;
    await server().orders.move(waiting.orderCode, 'Confirmed');
    const emmaNewest = (await ordersOf('emma@example.com'))[0]!;
    // As the seeding before orders had products left it: a bare row.
    await db.deleteFrom('order_products').where('code', 'like', `${emmaNewest.orderCode}-%`).execute();
    await db.updateTable('orders').set({ total_amount: 0, delivery_street: '' }).where('order_code', '=', emmaNewest.orderCode).execute();
    const count = async () => Number((await db.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();

    await seedDemoAccounts(db);
    await seedDemoAccounts(db);

    expect(await count()).toBe(before);
    expect((await ordersOf('mila@example.com')).find((o) => o.orderCode === waiting.orderCode)!.status).toBe('Confirmed');
    expect((await ordersOf('emma@example.com'))[0]).toEqual(emmaNewest);
  });
});
