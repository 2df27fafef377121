import type { Kysely } from 'kysely';

/**
 * Business invoices (decision 057): collective invoices (invoice groups) and the invoice of each order
 * (historical invoices). An invoice is kept as issued: its lines, and whom it was billed to (the
 * customer's company, VAT number, name and email at that moment: a later change of details does not
 * rewrite an issued invoice), with its totals beside them so the list pages without reading every line.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('invoice_groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('invoice_number', 'text', (c) => c.notNull().unique())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('issued_at', 'text', (c) => c.notNull())
    // JSON { company, vat, name, email }
    .addColumn('billed_to', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('invoice_groups_customer_idx').on('invoice_groups').columns(['customer_id']).execute();

  await db.schema
    .createTable('historical_invoices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('invoice_group_id', 'text', (c) => c.references('invoice_groups.id'))
    .addColumn('invoice_number', 'text', (c) => c.notNull().unique())
    .addColumn('order_code', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('issued_at', 'text', (c) => c.notNull())
    // JSON [{ description, quantity, unitPrice, vatRate }]: prices in minor units, the rate in basis points.
    .addColumn('billed_to', 'text', (c) => c.notNull())
    .addColumn('lines', 'text', (c) => c.notNull())
    .addColumn('total_excl_vat', 'integer', (c) => c.notNull())
    .addColumn('vat', 'integer', (c) => c.notNull())
    .addColumn('total_incl_vat', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('historical_invoices_customer_idx').on('historical_invoices').columns(['customer_id', 'issued_at', 'id']).execute();
  await db.schema.createIndex('historical_invoices_group_idx').on('historical_invoices').columns(['invoice_group_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('historical_invoices').execute();
  await db.schema.dropTable('invoice_groups').execute();
}
