import { randomUUID } from 'node:crypto';
import type { Db } from '../platform/db/database.js';
import { bearer, forgeAccessToken } from './sign-in.js';

export interface SettingsTestCustomer {
  id: string;
  headers: Record<string, string>;
}

/**
 * A customer of its own for a settings test, with a valid access token: a fresh one per test, so the
 * demo accounts' seeded address books and payment methods never mix in.
 */
export async function settingsTestCustomer(db: Db, o: { channel?: string; business?: boolean } = {}): Promise<SettingsTestCustomer> {
  const id = randomUUID();
  const email = `s-${id.slice(0, 8)}@example.com`;
  await db
    .insertInto('customers')
    .values({
      id,
      email,
      first_name: 'Sam',
      last_name: 'Settings',
      phone: null,
      channel: o.channel ?? 'www.printhaven.co.uk',
      registered_at: new Date().toISOString(),
      business_company: o.business ? 'Settings BV' : null,
      business_vat: null,
      business_status: o.business ? 'Active' : null,
      deleted_at: null,
    })
    .execute();
  const token = await forgeAccessToken(db, { sub: id, email, idp_type: 'shoebox', idp_sub: randomUUID(), auth_method: o.business ? 'b2b' : 'b2c' });
  return { id, headers: bearer(token) };
}
