import { deletionInfoSchema, storageOutlook } from '@shoebox/contracts';
import { describe, expect, it } from 'vitest';
import { databases, useMigratedDatabase } from '../test/databases.js';
import { DELETION_INFO_URL, useLibraryServer } from '../test/photo-library.js';
import { bearer, signIn } from '../test/sign-in.js';
import { DEMO_ACCOUNTS, seedDemoAccounts } from './demo-accounts.js';
import { demoAccountsMade } from './demo-data.js';

describe.each(databases)('the demo accounts on $name', (kind) => {
  const server = useLibraryServer(kind);

  async function outlookOf(email: string) {
    const { access_token } = await signIn(server().app, email);
    const response = await server().app.inject({ url: DELETION_INFO_URL, headers: bearer(access_token) });
    expect(response.statusCode).toBe(200);
    const info = deletionInfoSchema.parse(response.json());
    return { info, ...storageOutlook(info.projectedDeletionDate, new Date()) };
  }

  it('gives one consumer safe photos: ordered two months ago', async () => {
    const emma = await outlookOf('emma@example.com');
    expect(emma.status).toBe('safe');
    expect(emma.info.lastOrderDate).not.toBeNull();
    expect(Date.now() - Date.parse(emma.info.lastOrderDate!)).toBeGreaterThan(59 * 86_400_000);
    expect(emma.monthsRemaining).toBeGreaterThanOrEqual(15);
  });

  it('gives one consumer a warning: never ordered, deleted in about six weeks', async () => {
    const lars = await outlookOf('lars@example.com');
    expect(lars).toMatchObject({ status: 'warning', monthsRemaining: 1, info: { lastOrderDate: null, projectCount: 0 } });
    expect(lars.daysRemaining).toBeGreaterThanOrEqual(40);
    expect(lars.daysRemaining).toBeLessThanOrEqual(50);
  });

  it('gives one consumer a critical status: deleted within days', async () => {
    const sofia = await outlookOf('sofia@example.com');
    expect(sofia).toMatchObject({ status: 'critical', monthsRemaining: 0, info: { lastOrderDate: null } });
    expect(sofia.daysRemaining).toBeGreaterThan(1);
    expect(sofia.daysRemaining).toBeLessThanOrEqual(7);
  });

  it('creates every account once, however often it runs', async () => {
    const { db } = server();
    await seedDemoAccounts(db);
    await seedDemoAccounts(db);
    const emails = DEMO_ACCOUNTS.map((a) => a.email);
    const identities = await db.selectFrom('identities').select('email').where('email', 'in', emails).execute();
    const customers = await db.selectFrom('customers').select('email').where('email', 'in', emails).execute();
    expect(identities.map((i) => i.email).sort()).toEqual([...emails].sort());
    expect(customers.map((c) => c.email).sort()).toEqual([...emails].sort());
    const orders = await db.selectFrom('orders').innerJoin('customers', 'customers.id', 'orders.customer_id').select('customers.email').where('customers.email', 'in', emails).execute();
    const withOrders = DEMO_ACCOUNTS.filter((a) => a.lastOrderDaysAgo !== undefined).map((a) => a.email);
    expect([...new Set(orders.map((o) => o.email))].sort()).toEqual(withOrders.sort());
  });
});

describe.each(databases)('whether the demo accounts were made before, on $name', (kind) => {
  const db = useMigratedDatabase(kind);

  it('says no on a new database and while only some are made, yes once all are: a restart then tops them up after it answers', async () => {
    expect(await demoAccountsMade(db())).toBe(false);
    await seedDemoAccounts(db());
    expect(await demoAccountsMade(db())).toBe(true);
    // A first start stopped before its last account: the next start makes the rest before it answers.
    const last = DEMO_ACCOUNTS[DEMO_ACCOUNTS.length - 1]!;
    await db().deleteFrom('identities').where('email', '=', last.email).execute();
    expect(await demoAccountsMade(db())).toBe(false);
  });
});
