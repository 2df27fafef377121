import { randomUUID } from 'node:crypto';
import type { Identity } from '../platform/auth/access-token.js';
import { hashPassword } from '../platform/auth/passwords.js';
import type { Db } from '../platform/db/database.js';
import { bearer, forgeAccessToken } from './sign-in.js';

export const TEST_PASSWORD = 'correct horse battery staple';

export interface TestAccount {
  id: string;
  email: string;
  identity: Identity;
  headers: Record<string, string>;
}

/** A customer with a password sign-in of their own and a valid access token, fresh for each test. */
export async function testAccount(db: Db, o: { forgeToken?: boolean } = {}): Promise<TestAccount> {
  const id = randomUUID();
  const idpSub = randomUUID();
  const email = `i-${id.slice(0, 8)}@example.com`;
  const at = new Date().toISOString();
  await db
    .insertInto('customers')
    .values({ id, email, first_name: 'Ida', last_name: 'Identity', phone: null, channel: 'www.printhaven.co.uk', registered_at: at, business_company: null, business_vat: null, business_status: null, deleted_at: null })
    .execute();
  await db
    .insertInto('identities')
    .values({ id: idpSub, customer_id: id, email, password_hash: await hashPassword(TEST_PASSWORD), idp_type: 'shoebox', auth_method: 'b2c', created_at: at })
    .execute();
  const identity: Identity = { customerId: id, email, idpType: 'shoebox', idpSub, isBusiness: false };
  const token = o.forgeToken === false ? '' : await forgeAccessToken(db, { sub: id, email, idp_type: 'shoebox', idp_sub: idpSub, auth_method: 'b2c' });
  return { id, email, identity, headers: bearer(token) };
}
