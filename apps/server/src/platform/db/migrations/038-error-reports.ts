import type { Kysely } from 'kysely';

/**
 * The browser's error reports, where the operator reads them (decision 108): scrubbed of addresses, tokens and
 * query values before they are written, kept to a bounded number and for a bounded time. `error_report_counts`
 * counts reports per client address, and for the whole service, in fixed one-minute windows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('error_reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('correlation_id', 'text')
    .addColumn('page', 'text')
    .addColumn('context', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('error_reports_received').on('error_reports').columns(['received_at', 'id']).execute();
  await db.schema
    .createTable('error_report_counts')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('error_report_counts_pk', ['key', 'window_start'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['error_report_counts', 'error_reports']) await db.schema.dropTable(table).execute();
}
