import type { Transaction } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import type { CustomerAddressesTable, Database } from '../../platform/db/schema.js';
import { lockLiveCustomer } from '../customers/customer.service.js';

export type AddressRow = CustomerAddressesTable;
export type AddressColumns = Omit<AddressRow, 'id' | 'customer_id' | 'is_default' | 'created_at'>;

/** The answer of a change to the book: the customer is gone, the book is full, or the address is not theirs. */
export type BookOutcome<T> = { ok: true; value: T } | { ok: false; reason: 'no_customer' | 'full' | 'not_found' };

class Refused extends Error {
  constructor(readonly reason: 'no_customer' | 'full' | 'not_found') {
    super(reason);
  }
}

/**
 * Every change to a customer's book runs in a transaction that first takes the customer's own row (a
 * write that changes nothing): changes to one book then run one at a time on both databases, so the
 * limit is counted and the default moved without another change slipping in between. The partial
 * unique index of migration 022 refuses a second default even so.
 */
async function inBook<T>(db: Db, customerId: string, change: (trx: Transaction<Database>) => Promise<T>): Promise<BookOutcome<T>> {
  try {
    const value = await db.transaction().execute(async (trx) => {
      if (!(await lockLiveCustomer(trx, customerId))) throw new Refused('no_customer');
      return change(trx);
    });
    return { ok: true, value };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, reason: error.reason };
    throw error;
  }
}

const clearDefault = (trx: Transaction<Database>, customerId: string) =>
  trx.updateTable('customer_addresses').set({ is_default: 0 }).where('customer_id', '=', customerId).where('is_default', '=', 1).execute();

const findOne = (db: Db | Transaction<Database>, customerId: string, id: string) =>
  db.selectFrom('customer_addresses').selectAll().where('id', '=', id).where('customer_id', '=', customerId).executeTakeFirst();

export function addressRepository(db: Db) {
  return {
    /** Default first, then oldest first. */
    list: (customerId: string) =>
      db
        .selectFrom('customer_addresses')
        .selectAll()
        .where('customer_id', '=', customerId)
        .orderBy('is_default', 'desc')
        .orderBy('created_at')
        .orderBy('id')
        .execute(),

    /** Adds an address unless the book holds `max`; the first one, or one asked to be, becomes the default. */
    add: (row: Omit<AddressRow, 'is_default'>, makeDefault: boolean, max: number) =>
      inBook(db, row.customer_id, async (trx) => {
        const { n, latest } = await trx
          .selectFrom('customer_addresses')
          .select((eb) => [eb.fn.countAll().as('n'), eb.fn.max('created_at').as('latest')])
          .where('customer_id', '=', row.customer_id)
          .executeTakeFirstOrThrow();
        if (Number(n) >= max) throw new Refused('full');
        const isDefault = makeDefault || Number(n) === 0;
        if (isDefault) await clearDefault(trx, row.customer_id);
        // Two addresses added within one millisecond still keep the order they were added in: "the oldest
        // remaining one" becomes the default, and a tie would leave that to their random ids.
        const createdAt = latest && latest >= row.created_at ? new Date(Date.parse(latest) + 1).toISOString() : row.created_at;
        await trx.insertInto('customer_addresses').values({ ...row, created_at: createdAt, is_default: isDefault ? 1 : 0 }).execute();
        return (await findOne(trx, row.customer_id, row.id))!;
      }),

    /** Changes one of the customer's addresses, and makes it the default when asked (taking it from the other). */
    change: (customerId: string, id: string, columns: AddressColumns, makeDefault: boolean) =>
      inBook(db, customerId, async (trx) => {
        const changed = await trx.updateTable('customer_addresses').set(columns).where('id', '=', id).where('customer_id', '=', customerId).executeTakeFirst();
        if (Number(changed.numUpdatedRows) === 0) throw new Refused('not_found');
        if (makeDefault) {
          await clearDefault(trx, customerId);
          await trx.updateTable('customer_addresses').set({ is_default: 1 }).where('id', '=', id).execute();
        }
        return (await findOne(trx, customerId, id))!;
      }),

    /** Deletes one of the customer's addresses; when it was the default, the oldest remaining one becomes it. */
    remove: (customerId: string, id: string) =>
      inBook(db, customerId, async (trx) => {
        const gone = await findOne(trx, customerId, id);
        if (!gone) throw new Refused('not_found');
        await trx.deleteFrom('customer_addresses').where('id', '=', id).execute();
        if (Number(gone.is_default) !== 1) return;
        const oldest = await trx
          .selectFrom('customer_addresses')
          .select('id')
          .where('customer_id', '=', customerId)
          .orderBy('created_at')
          .orderBy('id')
          .limit(1)
          .executeTakeFirst();
        if (oldest) await trx.updateTable('customer_addresses').set({ is_default: 1 }).where('id', '=', oldest.id).execute();
      }),

    /** Erases the customer's whole book (account deletion). */
    async deleteAllOf(customerId: string): Promise<void> {
      await db.deleteFrom('customer_addresses').where('customer_id', '=', customerId).execute();
    },
  };
}
export type AddressRepository = ReturnType<typeof addressRepository>;
