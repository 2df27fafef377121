import type { Kysely } from 'kysely';

/**
 * Account deletions (decision 066). A row is written in the same transaction that marks the customer
 * deleted; the deletion job works from it and, when everything of the customer is gone, clears
 * `customer_id` and sets `finished_at`: what stays is a record that a deletion happened, under the
 * random `tombstone` the customer's kept orders and invoices now carry, and nothing that names the person.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_deletions')
    .addColumn('tombstone', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.unique())
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  // The start-up pass looks for unfinished deletions only.
  await db.schema.createIndex('account_deletions_unfinished').on('account_deletions').column('finished_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_deletions').execute();
}
