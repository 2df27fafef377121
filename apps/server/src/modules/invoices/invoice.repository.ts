import { HISTORICAL_INVOICES_PAGE_SIZE } from '@shoebox/contracts';
import type { Db } from '../../platform/db/database.js';
import type { HistoricalInvoicesTable, InvoiceGroupsTable } from '../../platform/db/schema.js';

export type InvoiceGroupRow = InvoiceGroupsTable;
export type HistoricalInvoiceRow = HistoricalInvoicesTable;

export function invoiceRepository(db: Db) {
  return {
    /** One page of the customer's invoices, newest first, and how many there are in all. */
    async historicalPage(customerId: string, page: number): Promise<{ rows: HistoricalInvoiceRow[]; total: number }> {
      const [rows, count] = await Promise.all([
        db
          .selectFrom('historical_invoices')
          .selectAll()
          .where('customer_id', '=', customerId)
          .orderBy('issued_at', 'desc')
          .orderBy('id', 'desc')
          .limit(HISTORICAL_INVOICES_PAGE_SIZE)
          .offset((page - 1) * HISTORICAL_INVOICES_PAGE_SIZE)
          .execute(),
        db.selectFrom('historical_invoices').select((eb) => eb.fn.countAll<string | number>().as('n')).where('customer_id', '=', customerId).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /** An invoice by id alone: the signed-link route reads its owner here to check the link against. */
    historical: (id: string) => db.selectFrom('historical_invoices').selectAll().where('id', '=', id).executeTakeFirst(),
    group: (id: string) => db.selectFrom('invoice_groups').selectAll().where('id', '=', id).executeTakeFirst(),

    /** The invoices a collective invoice gathers, oldest first, as it lists them. */
    groupMembers: (groupId: string) =>
      db.selectFrom('historical_invoices').selectAll().where('invoice_group_id', '=', groupId).orderBy('issued_at').orderBy('id').execute(),

    async insertGroup(row: InvoiceGroupRow): Promise<void> {
      await db.insertInto('invoice_groups').values(row).onConflict((oc) => oc.column('id').doNothing()).execute();
    },

    async insertHistorical(row: HistoricalInvoiceRow): Promise<void> {
      await db.insertInto('historical_invoices').values(row).onConflict((oc) => oc.column('id').doNothing()).execute();
    },
  };
}
export type InvoiceRepository = ReturnType<typeof invoiceRepository>;
