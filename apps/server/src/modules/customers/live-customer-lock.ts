import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/**
 * Takes the customer's row for the rest of the transaction while the account is not deleted (a write that
 * changes nothing, which both databases lock): the deletion's mark and other changes of the same customer's
 * own data wait for it, and one that committed first is seen. False when the account is gone or deleted.
 */
export async function lockLiveCustomer(trx: Transaction<Database>, customerId: string): Promise<boolean> {
  const locked = await trx
    .updateTable('customers')
    .set((eb) => ({ deleted_at: eb.ref('deleted_at') }))
    .where('id', '=', customerId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(locked.numUpdatedRows) > 0;
}
