import type { Kysely } from 'kysely';

/**
 * A number per customer that changes with every change to their orders or their products, in the same
 * transaction: cached order answers are keyed by it (decision 054). No row reads as version 0.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('order_history_versions')
    .addColumn('customer_id', 'text', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('order_history_versions').execute();
}
