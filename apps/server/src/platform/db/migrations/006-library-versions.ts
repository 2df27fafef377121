import type { Kysely } from 'kysely';

/** A number per customer that changes with every change to their photo library: cached answers are keyed by it. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('photo_library_versions')
    .addColumn('customer_id', 'text', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('photo_library_versions').execute();
}
