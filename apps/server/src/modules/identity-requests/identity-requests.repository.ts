import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import type { Database, IdentityRequestCountsTable, IdentityRequestsTable } from '../../platform/db/schema.js';
import { lockLiveCustomer } from '../customers/customer.service.js';

export type IdentityRequestKind = IdentityRequestsTable['kind'];
/** What is counted: the requests above, and the sign-in page's registrations (decision 091). */
export type CountedRequestKind = IdentityRequestCountsTable['kind'];
type Executor = Kysely<Database> | Transaction<Database>;

/** The sign-in records of the embedded provider that keep a device signed in (platform/auth/embedded). */
const SIGN_IN_MODELS = ['Session', 'Grant', 'AccessToken', 'RefreshToken', 'AuthorizationCode', 'BackchannelAuthenticationRequest', 'DeviceCode'];

export const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; message?: string };
  // PostgreSQL's unique_violation, and better-sqlite3's constraint error.
  return e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE';
};

export class AddressTakenError extends Error {}

export function identityRequestRepository(db: Db) {
  return {
    /**
     * Counts one more request of the kind in the window in a single upsert, so concurrent requests each
     * see a distinct count on both databases; the customer's earlier windows go.
     */
    async count(customerId: string, kind: CountedRequestKind, windowStart: string): Promise<number> {
      await db.deleteFrom('identity_request_counts').where('customer_id', '=', customerId).where('kind', '=', kind).where('window_start', '<', windowStart).execute();
      const row = await db
        .insertInto('identity_request_counts')
        .values({ customer_id: customerId, kind, window_start: windowStart, count: 1 })
        .onConflict((oc) => oc.columns(['customer_id', 'kind', 'window_start']).doUpdateSet((eb) => ({ count: eb('identity_request_counts.count', '+', 1) })))
        .returning('count')
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Gives back a counted request whose mail never went out. */
    async uncount(customerId: string, kind: CountedRequestKind, windowStart: string): Promise<void> {
      await db
        .updateTable('identity_request_counts')
        .set((eb) => ({ count: eb('count', '-', 1) }))
        .where('customer_id', '=', customerId)
        .where('kind', '=', kind)
        .where('window_start', '=', windowStart)
        .where('count', '>', 0)
        .execute();
    },

    /** Whether any identity, of this customer or another, signs in with the address. */
    addressTaken: async (email: string, trx: Executor = db) =>
      Boolean(await trx.selectFrom('identities').select('id').where('email', '=', email).executeTakeFirst()),

    /** The customer's current sign-in address, while the account is not deleted. */
    currentEmail: async (customerId: string) =>
      (
        await db
          .selectFrom('identities')
          .innerJoin('customers', 'customers.id', 'identities.customer_id')
          .select('identities.email')
          .where('identities.customer_id', '=', customerId)
          .where('customers.deleted_at', 'is', null)
          .executeTakeFirst()
      )?.email,

    lockLiveCustomer,

    /** Records a request whose mail is about to go out; its link works once it is marked mailed. False when the account is gone. */
    async open(row: Omit<IdentityRequestsTable, 'closed_at' | 'mailed_at'>): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        if (!(await lockLiveCustomer(trx, row.customer_id))) return false;
        await trx.insertInto('identity_requests').values({ ...row, closed_at: null, mailed_at: null }).execute();
        return true;
      });
    },

    /**
     * Its mail went out at `mailedAt`: of the customer's open requests of the kind only the one mailed last
     * stays open. Requests mailed at once take the customer's row in turn, and whichever order they come
     * in, the link the customer received last is the one that works.
     */
    async markMailed(o: { id: string; customerId: string; kind: IdentityRequestKind; mailedAt: string }): Promise<void> {
      await db.transaction().execute(async (trx) => {
        if (!(await lockLiveCustomer(trx, o.customerId))) return;
        await trx.updateTable('identity_requests').set({ mailed_at: o.mailedAt }).where('id', '=', o.id).execute();
        const open = trx
          .updateTable('identity_requests')
          .set({ closed_at: o.mailedAt })
          .where('customer_id', '=', o.customerId)
          .where('kind', '=', o.kind)
          .where('closed_at', 'is', null)
          .where('mailed_at', 'is not', null);
        await open.where('id', '!=', o.id).where('mailed_at', '<=', o.mailedAt).execute();
        const later = await trx
          .selectFrom('identity_requests')
          .select('id')
          .where('customer_id', '=', o.customerId)
          .where('kind', '=', o.kind)
          .where('closed_at', 'is', null)
          .where('mailed_at', '>', o.mailedAt)
          .executeTakeFirst();
        if (later) await open.where('id', '=', o.id).execute();
      });
    },

    /** Removes a request whose mail could not be sent, so its token never works. */
    async discard(id: string): Promise<void> {
      await db.deleteFrom('identity_requests').where('id', '=', id).execute();
    },

    /**
     * Uses a token in one conditional write: open, unexpired, the customer's own and of the kind. Of
     * concurrent uses exactly one gets the row; the others, and any other token, get undefined.
     */
    consume: (trx: Transaction<Database>, o: { customerId: string; kind: IdentityRequestKind; tokenHash: string; now: string }) =>
      trx
        .updateTable('identity_requests')
        .set({ closed_at: o.now })
        .where('token_hash', '=', o.tokenHash)
        .where('customer_id', '=', o.customerId)
        .where('kind', '=', o.kind)
        .where('closed_at', 'is', null)
        .where('mailed_at', 'is not', null)
        .where('expires_at', '>', o.now)
        .returning(['id', 'new_email'])
        .executeTakeFirst(),

    /** Moves the customer's sign-in and contact address; AddressTakenError when another identity has it, whoever wrote it first. */
    async changeEmail(trx: Transaction<Database>, customerId: string, email: string): Promise<void> {
      try {
        await trx.updateTable('identities').set({ email }).where('customer_id', '=', customerId).execute();
      } catch (err) {
        if (isUniqueViolation(err)) throw new AddressTakenError(email);
        throw err;
      }
      await trx.updateTable('customers').set({ email }).where('id', '=', customerId).execute();
    },

    /**
     * Ends every sign-in of the customer on every device: their sessions, grants, codes and tokens,
     * and everything issued under those grants. The provider keeps the account in each record's JSON.
     */
    async endSignIns(trx: Transaction<Database>, customerId: string): Promise<void> {
      const candidates = await trx
        .selectFrom('oidc_models')
        .select(['model', 'id', 'payload', 'grant_id'])
        .where('model', 'in', SIGN_IN_MODELS)
        .where('payload', 'like', `%${customerId}%`)
        .execute();
      const mine = candidates.filter((r) => (JSON.parse(r.payload) as { accountId?: string }).accountId === customerId);
      const grants = [...new Set(mine.flatMap((r) => [r.grant_id, r.model === 'Grant' ? r.id : null]).filter((g): g is string => Boolean(g)))];
      for (const r of mine) await trx.deleteFrom('oidc_models').where('model', '=', r.model).where('id', '=', r.id).execute();
      if (grants.length) await trx.deleteFrom('oidc_models').where('grant_id', 'in', grants).execute();
    },
  };
}
export type IdentityRequestRepository = ReturnType<typeof identityRequestRepository>;
