import { randomUUID } from 'node:crypto';
import type { BusinessStatus } from '@shoebox/contracts';
import { hashPassword } from '../platform/auth/passwords.js';
import type { Db } from '../platform/db/database.js';

export const DEMO_PASSWORD = 'shoebox-demo';

export interface DemoAccount {
  email: string;
  firstName: string;
  lastName: string;
  description: string;
  /** How long ago the account was opened; with no order, the storage period counts from then. */
  registeredDaysAgo: number;
  /** Days ago of the customer's last order, if any. */
  lastOrderDaysAgo?: number;
  business?: { status: BusinessStatus; company: string | null; vat: string | null };
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: 'emma@example.com', firstName: 'Emma', lastName: 'Janssen', description: 'consumer with a photo library and albums, one shared with Lars; photos safe (ordered 2 months ago)', registeredDaysAgo: 900, lastOrderDaysAgo: 60 },
  { email: 'lars@example.com', firstName: 'Lars', lastName: 'Eriksen', description: 'consumer sharing an album with Emma; photos deleted in about 6 weeks (warning)', registeredDaysAgo: 503 },
  { email: 'sofia@example.com', firstName: 'Sofia', lastName: 'Moreau', description: 'consumer; photos deleted in a few days (critical)', registeredDaysAgo: 543 },
  { email: 'daan@example.com', firstName: 'Daan', lastName: 'Visser', description: 'business, details missing (Default)', registeredDaysAgo: 400, business: { status: 'Default', company: null, vat: null } },
  { email: 'nora@example.com', firstName: 'Nora', lastName: 'Bakker', description: 'business, awaiting validation (New)', registeredDaysAgo: 400, business: { status: 'New', company: 'Bakker Events BV', vat: 'NL123456789B01' } },
  { email: 'bram@example.com', firstName: 'Bram', lastName: 'de Vries', description: 'business, blocked (Blocked)', registeredDaysAgo: 400, business: { status: 'Blocked', company: 'De Vries Fotografie', vat: 'NL987654321B01' } },
  { email: 'ines@example.com', firstName: 'Ines', lastName: 'Costa', description: 'consumer from the older system: library not yet active, 15 photos of past orders to import (one damaged)', registeredDaysAgo: 7000, lastOrderDaysAgo: 45 },
];

/** One demo customer with its sign-in identity and, when it has one, its last order. Answers the customer id. */
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
        phone: '+44 20 7946 0000',
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
    if (account.lastOrderDaysAgo !== undefined) {
      await trx
        .insertInto('orders')
        .values({ id: randomUUID(), customer_id: customerId, order_code: `DEMO-${customerId.slice(0, 8).toUpperCase()}`, status: 'Dispatched', created_at: daysAgo(account.lastOrderDaysAgo) })
        .execute();
    }
  });
  return customerId;
}

/** Creates the demo customers that do not exist yet; safe to run on every start. */
export async function seedDemoAccounts(db: Db, channel = 'www.printhaven.co.uk'): Promise<DemoAccount[]> {
  let passwordHash: string | undefined;
  for (const account of DEMO_ACCOUNTS) {
    const exists = await db.selectFrom('identities').select('id').where('email', '=', account.email).executeTakeFirst();
    if (exists) continue;
    await createDemoAccount(db, account, { passwordHash: (passwordHash ??= await hashPassword(DEMO_PASSWORD)), channel });
  }
  return DEMO_ACCOUNTS;
}
