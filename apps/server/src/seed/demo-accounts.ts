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
  business?: { status: BusinessStatus; company: string | null; vat: string | null };
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: 'emma@example.com', firstName: 'Emma', lastName: 'Janssen', description: 'consumer' },
  { email: 'daan@example.com', firstName: 'Daan', lastName: 'Visser', description: 'business, details missing (Default)', business: { status: 'Default', company: null, vat: null } },
  { email: 'nora@example.com', firstName: 'Nora', lastName: 'Bakker', description: 'business, awaiting validation (New)', business: { status: 'New', company: 'Bakker Events BV', vat: 'NL123456789B01' } },
  { email: 'bram@example.com', firstName: 'Bram', lastName: 'de Vries', description: 'business, blocked (Blocked)', business: { status: 'Blocked', company: 'De Vries Fotografie', vat: 'NL987654321B01' } },
];

/** Creates the demo customers that do not exist yet; safe to run on every start. */
export async function seedDemoAccounts(db: Db, channel = 'www.printhaven.co.uk'): Promise<DemoAccount[]> {
  let passwordHash: string | undefined;
  for (const account of DEMO_ACCOUNTS) {
    const exists = await db.selectFrom('identities').select('id').where('email', '=', account.email).executeTakeFirst();
    if (exists) continue;
    const hash = (passwordHash ??= await hashPassword(DEMO_PASSWORD));
    const customerId = randomUUID();
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('customers')
        .values({
          id: customerId,
          email: account.email,
          first_name: account.firstName,
          last_name: account.lastName,
          phone: '+44 20 7946 0000',
          channel,
          registered_at: new Date(Date.now() - 400 * 24 * 3600 * 1000).toISOString(),
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
          password_hash: hash,
          idp_type: 'shoebox',
          auth_method: account.business ? 'b2b' : 'b2c',
          created_at: new Date().toISOString(),
        })
        .execute();
    });
  }
  return DEMO_ACCOUNTS;
}
