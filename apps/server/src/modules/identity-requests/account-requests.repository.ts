import { randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import type { AccountRegistrationsTable, Database } from '../../platform/db/schema.js';

/** A LIKE pattern's own wildcards, escaped with a backslash (ESCAPE '\'). */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Queries of the sign-in page's requests (decision 091): password resets are identity requests of their own kind. */
export function accountRequestRepository(db: Db) {
  return {
    /** The live account that signs in with the address, if any. */
    liveAccount: (email: string) =>
      db
        .selectFrom('identities')
        .innerJoin('customers', 'customers.id', 'identities.customer_id')
        .select(['identities.customer_id', 'identities.email'])
        .where('identities.email', '=', email)
        .where('customers.deleted_at', 'is', null)
        .executeTakeFirst(),

    /** The account of a reset link that works now: mailed, not used or replaced, not expired, the account not deleted. */
    openReset: (tokenHash: string, now: string) =>
      db
        .selectFrom('identity_requests')
        .innerJoin('identities', 'identities.customer_id', 'identity_requests.customer_id')
        .innerJoin('customers', 'customers.id', 'identity_requests.customer_id')
        .select(['identity_requests.customer_id', 'identities.email'])
        .where('identity_requests.token_hash', '=', tokenHash)
        .where('identity_requests.kind', '=', 'password_reset')
        .where('identity_requests.closed_at', 'is', null)
        .where('identity_requests.mailed_at', 'is not', null)
        .where('identity_requests.expires_at', '>', now)
        .where('customers.deleted_at', 'is', null)
        .executeTakeFirst(),

    /** Whose reset link this is, whatever its state: the customer's row is taken before the link is used. */
    resetOwner: async (tokenHash: string) =>
      (await db.selectFrom('identity_requests').select('customer_id').where('token_hash', '=', tokenHash).where('kind', '=', 'password_reset').executeTakeFirst())?.customer_id,

    async setPassword(trx: Transaction<Database>, customerId: string, passwordHash: string): Promise<string | undefined> {
      const row = await trx.updateTable('identities').set({ password_hash: passwordHash }).where('customer_id', '=', customerId).returning('email').executeTakeFirst();
      return row?.email;
    },

    /** Other reset links of the customer stop working with this one. */
    closeResets: (trx: Transaction<Database>, customerId: string, now: string) =>
      trx.updateTable('identity_requests').set({ closed_at: now }).where('customer_id', '=', customerId).where('kind', '=', 'password_reset').where('closed_at', 'is', null).execute(),

    /**
     * Forgets the address's failed sign-ins (decision 075's keys): whoever set a new password from the mailed
     * link holds the mailbox, and must not wait out a lock their forgotten password earned.
     */
    clearSignInAttempts: (trx: Transaction<Database>, email: string) =>
      trx
        .deleteFrom('login_attempts')
        .where((eb) => eb.or([eb('key', 'in', [`email:${email}`, `slow:${email}`]), sql<boolean>`${sql.ref('key')} like ${`pair:%|${escapeLike(email)}`} escape '\\'`]))
        .execute(),

    insertRegistration: (row: Omit<AccountRegistrationsTable, 'closed_at'>) => db.insertInto('account_registrations').values({ ...row, closed_at: null }).execute(),

    discardRegistration: (id: string) => db.deleteFrom('account_registrations').where('id', '=', id).execute(),

    openRegistration: (tokenHash: string, now: string) =>
      db.selectFrom('account_registrations').select('email').where('token_hash', '=', tokenHash).where('closed_at', 'is', null).where('expires_at', '>', now).executeTakeFirst(),

    /** Uses a registration link in one conditional write: of concurrent uses exactly one gets the row. */
    consumeRegistration: (trx: Transaction<Database>, tokenHash: string, now: string) =>
      trx
        .updateTable('account_registrations')
        .set({ closed_at: now })
        .where('token_hash', '=', tokenHash)
        .where('closed_at', 'is', null)
        .where('expires_at', '>', now)
        .returningAll()
        .executeTakeFirst(),

    /**
     * The customer and their sign-in identity, as the demo accounts are made (seed/demo-accounts.ts): a
     * consumer (b2c) of the storefront's channel. The unique index on identities.email refuses an address
     * that has an account, whoever wrote it first; the other open links for the address then close.
     */
    async createAccount(trx: Transaction<Database>, r: AccountRegistrationsTable, now: string): Promise<string> {
      const customerId = randomUUID();
      await trx
        .insertInto('customers')
        .values({
          id: customerId,
          email: r.email,
          first_name: r.first_name,
          last_name: r.last_name,
          phone: null,
          channel: r.channel,
          registered_at: now,
          business_company: null,
          business_vat: null,
          business_status: null,
          deleted_at: null,
        })
        .execute();
      await trx
        .insertInto('identities')
        .values({ id: randomUUID(), customer_id: customerId, email: r.email, password_hash: r.password_hash, idp_type: 'shoebox', auth_method: 'b2c', created_at: now })
        .execute();
      await trx.updateTable('account_registrations').set({ closed_at: now }).where('email', '=', r.email).where('closed_at', 'is', null).execute();
      return customerId;
    },

    /** Registrations used or expired (names, address and password hash go), and counts of past windows. */
    async purge(now: string, windowStart: string): Promise<void> {
      await db.deleteFrom('account_registrations').where((eb) => eb.or([eb('closed_at', 'is not', null), eb('expires_at', '<=', now)])).execute();
      await db.deleteFrom('identity_request_counts').where('kind', 'in', ['password_reset', 'registration']).where('window_start', '<', windowStart).execute();
    },
  };
}
export type AccountRequestRepository = ReturnType<typeof accountRequestRepository>;
