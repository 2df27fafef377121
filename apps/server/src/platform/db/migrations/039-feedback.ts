import type { Kysely } from 'kysely';

/**
 * Customers' feedback from the account area's widget, where the retailer reads it (decision 109); counted per
 * customer and UTC day in `feedback_counts`, one upsert per request, so a burst cannot pass the day's share.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('feedback')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('comment', 'text')
    .addColumn('page', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('feedback_received').on('feedback').columns(['received_at', 'id']).execute();
  await db.schema.createIndex('feedback_customer').on('feedback').column('customer_id').execute();
  await db.schema
    .createTable('feedback_counts')
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('feedback_counts_pk', ['customer_id', 'day'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['feedback_counts', 'feedback']) await db.schema.dropTable(table).execute();
}
