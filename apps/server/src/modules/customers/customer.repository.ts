import type { Db } from '../../platform/db/database.js';
import type { CustomersTable } from '../../platform/db/schema.js';

export function customerRepository(db: Db) {
  return {
    findLive: (id: string) =>
      db.selectFrom('customers').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst(),

    async insert(row: CustomersTable) {
      await db.insertInto('customers').values(row).execute();
    },

    async update(id: string, changes: Pick<CustomersTable, 'first_name' | 'last_name' | 'phone'>) {
      const result = await db.updateTable('customers').set(changes).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Sets a business customer's callback; a consumer's or a deleted customer's row is left alone (false). */
    async setIntegration(id: string, integration: Pick<CustomersTable, 'callback_url' | 'callback_format'>) {
      const result = await db
        .updateTable('customers')
        .set(integration)
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .where('business_status', 'is not', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Sets a business customer's company details while they may still give them (details missing or awaiting
     * validation): the account then awaits validation. False when the row is not such (validated meanwhile,
     * blocked, a consumer's or deleted): one conditional write, so a validation at the same moment wins.
     */
    async setBusinessDetails(id: string, details: { company: string; vat: string }) {
      const result = await db
        .updateTable('customers')
        .set({ business_company: details.company, business_vat: details.vat, business_status: 'New' })
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .where('business_status', 'in', ['Default', 'New'])
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    count: async () => Number((await db.selectFrom('customers').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
  };
}
export type CustomerRepository = ReturnType<typeof customerRepository>;
