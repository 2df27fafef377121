import { randomUUID } from 'node:crypto';
import type { BusinessStatus } from '@shoebox/contracts';
import { hashPassword } from '../platform/auth/passwords.js';
import type { Db } from '../platform/db/database.js';
import { insertDemoSettings } from './demo-addresses.js';
import { demoOrderHistory, insertDemoOrders } from './demo-orders.js';

export const DEMO_PASSWORD = 'shoebox-demo';
/** The demo consumer whose living photo library is made on first start (demo-photos.ts). */
export const DEMO_LIBRARY_OWNER = 'emma@example.com';
const DEMO_PHONE = '+44 20 7946 0000';

export interface DemoAccount {
  email: string;
  firstName: string;
  lastName: string;
  description: string;
  /** How long ago the account was opened; with no order, the storage period counts from then. */
  registeredDaysAgo: number;
  /** Days ago of the customer's last order, if any: the newest of its order history (seed/demo-orders.ts). */
  lastOrderDaysAgo?: number;
  business?: { status: BusinessStatus; company: string | null; vat: string | null };
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: 'emma@example.com', firstName: 'Emma', lastName: 'Janssen', description: 'consumer with a photo library and albums, one shared with Lars; photos safe (ordered 2 months ago)', registeredDaysAgo: 900, lastOrderDaysAgo: 60 },
  { email: 'lars@example.com', firstName: 'Lars', lastName: 'Eriksen', description: 'consumer sharing an album with Emma; photos deleted in about 6 weeks (warning)', registeredDaysAgo: 503 },
  { email: 'sofia@example.com', firstName: 'Sofia', lastName: 'Moreau', description: 'consumer; photos deleted in a few days (critical)', registeredDaysAgo: 543 },
  { email: 'daan@example.com', firstName: 'Daan', lastName: 'Visser', description: 'business, details missing (Default); an order confirmed this week', registeredDaysAgo: 400, lastOrderDaysAgo: 4, business: { status: 'Default', company: null, vat: null } },
  { email: 'nora@example.com', firstName: 'Nora', lastName: 'Bakker', description: 'business, awaiting validation (New); an order in production', registeredDaysAgo: 400, lastOrderDaysAgo: 15, business: { status: 'New', company: 'Bakker Events BV', vat: 'NL123456789B01' } },
  { email: 'bram@example.com', firstName: 'Bram', lastName: 'de Vries', description: 'business, blocked (Blocked); its last order was cancelled', registeredDaysAgo: 400, lastOrderDaysAgo: 90, business: { status: 'Blocked', company: 'De Vries Fotografie', vat: 'NL987654321B01' } },
  { email: 'ines@example.com', firstName: 'Ines', lastName: 'Costa', description: 'consumer from the older system: library not yet active, 15 photos of past orders to import (one damaged)', registeredDaysAgo: 7000, lastOrderDaysAgo: 45 },
  { email: 'mila@example.com', firstName: 'Mila', lastName: 'Hendriks', description: 'consumer with orders on their way in every status and a history of past orders; photos safe (ordered yesterday)', registeredDaysAgo: 1100, lastOrderDaysAgo: 1 },
];

/** One demo customer with its sign-in identity and, when it has a last order, its order history. Answers the customer id. */
export async function createDemoAccount(db: Db, account: DemoAccount, o: { passwordHash: string; customerId?: string; channel?: string; now?: number }): Promise<string> {
  const customerId = o.customerId ?? randomUUID();
  const now = o.now ?? Date.now();
  const daysAgo = (days: number) => new Date(now - days * 86_400_000).toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('customers')
      .values({
        id: customerId,
        email: account.email,
        first_name: account.firstName,
        last_name: account.lastName,
        phone: DEMO_PHONE,
        channel: o.channel ?? 'www.printhaven.co.uk',
        registered_at: daysAgo(account.registeredDaysAgo),
        business_company: account.business?.company ?? null,
        business_vat: account.business?.vat ?? null,
        business_status: account.business?.status ?? null,
        deleted_at: null,
      })
      .execute();
    await trx
      .insertInto('identities')
      .values({
        id: randomUUID(),
        customer_id: customerId,
        email: account.email,
        password_hash: o.passwordHash,
        idp_type: 'shoebox',
        auth_method: account.business ? 'b2b' : 'b2c',
        created_at: new Date(now).toISOString(),
      })
      .execute();
    const customer = { id: customerId, email: account.email, firstName: account.firstName, lastName: account.lastName, phone: DEMO_PHONE, channel: o.channel ?? 'www.printhaven.co.uk' };
    await insertDemoOrders(trx, customer, demoOrderHistory(account), now);
    await insertDemoSettings(trx, customer, now);
  });
  return customerId;
}

/** Creates the demo customers that do not exist yet, and the orders of their histories that are missing; safe to run on every start. */
export async function seedDemoAccounts(db: Db, channel = 'www.printhaven.co.uk'): Promise<DemoAccount[]> {
  let passwordHash: string | undefined;
  for (const account of DEMO_ACCOUNTS) {
    const exists = await db
      .selectFrom('identities')
      .innerJoin('customers', 'customers.id', 'identities.customer_id')
      .select(['customers.id', 'customers.email', 'customers.first_name', 'customers.last_name', 'customers.phone', 'customers.channel', 'customers.registered_at'])
      .where('identities.email', '=', account.email)
      .executeTakeFirst();
    if (exists) {
      // Counted from when the account was made, so a later start adds the same history, not a shifted one.
      const madeAt = Date.parse(exists.registered_at) + account.registeredDaysAgo * 86_400_000;
      const customer = { id: exists.id, email: exists.email, firstName: exists.first_name, lastName: exists.last_name, phone: exists.phone, channel: exists.channel };
      await insertDemoOrders(db, customer, demoOrderHistory(account), madeAt);
      await insertDemoSettings(db, customer);
      continue;
    }
    await createDemoAccount(db, account, { passwordHash: (passwordHash ??= await hashPassword(DEMO_PASSWORD)), channel });
  }
  return DEMO_ACCOUNTS;
}
