import type { Kysely } from 'kysely';

/**
 * The storage period, enforced (decision 071). One row per customer whose period came near its end: the
 * period's computed end, the date the reminders told (never earlier), how many reminders went out, and when
 * the library was last emptied at a period's end (the next period starts at the first upload after it).
 * One row per daily run: its day, where it has got to (a resumed run goes on from there) and its counts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('storage_periods')
    .addColumn('customer_id', 'text', (c) => c.primaryKey())
    .addColumn('period_end', 'text', (c) => c.notNull())
    .addColumn('deletion_at', 'text', (c) => c.notNull())
    .addColumn('reminders_sent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reminded_at', 'text')
    .addColumn('emptied_at', 'text')
    .addColumn('emptied_photos', 'integer')
    .addColumn('emptied_mail_sent_at', 'text')
    .execute();
  await db.schema.createIndex('storage_periods_unconfirmed_idx').on('storage_periods').columns(['emptied_mail_sent_at', 'emptied_at']).execute();

  await db.schema
    .createTable('retention_runs')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('cursor', 'text')
    .addColumn('customers_seen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reminded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('emptied', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('photos_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reprieved', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deferred', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('retention_runs').execute();
  await db.schema.dropTable('storage_periods').execute();
}
