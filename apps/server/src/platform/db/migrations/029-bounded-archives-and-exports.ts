import type { Kysely } from 'kysely';

/**
 * Archives bounded in bytes and asked for once per selection (decision 080): the bytes an archive will
 * hold (its originals' sizes, known when it is asked for), and the key of its selection (a hash of its
 * photos and their owners, in any order), by which a selection asked again finds its live archive.
 * Archives made before have neither: they count by their zip's size, and match no selection. An export
 * keeps the library version it was asked at: while a ready one's is the library's, asking again makes none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('downloads').addColumn('planned_bytes', 'bigint').execute();
  await db.schema.alterTable('downloads').addColumn('selection', 'text').execute();
  await db.schema.createIndex('downloads_customer_selection').on('downloads').columns(['customer_id', 'selection']).execute();
  await db.schema.alterTable('backups').addColumn('library_version', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('backups').dropColumn('library_version').execute();
  await db.schema.dropIndex('downloads_customer_selection').execute();
  await db.schema.alterTable('downloads').dropColumn('selection').execute();
  await db.schema.alterTable('downloads').dropColumn('planned_bytes').execute();
}
