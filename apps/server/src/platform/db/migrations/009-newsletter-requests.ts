import type { Kysely } from 'kysely';

/** Subscription requests counted per address and per client in fixed windows, so the newsletter cannot be used to mail anyone at will. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('newsletter_requests')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('newsletter_requests_pk', ['key', 'window_start'])
    .execute();
  await db.schema.createIndex('newsletter_requests_window').on('newsletter_requests').column('window_start').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('newsletter_requests').execute();
}
