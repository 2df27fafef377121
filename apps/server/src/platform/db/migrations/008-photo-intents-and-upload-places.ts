import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A photo's files are written before its row: each store names its prefix here first, and the row's
  // transaction clears it. One left behind is a store the server never finished; a sweep removes its files.
  await db.schema
    .createTable('photo_blob_intents')
    .addColumn('prefix', 'text', (c) => c.primaryKey())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('photo_blob_intents_started_idx').on('photo_blob_intents').column('started_at').execute();

  // What an upload declared it will send, so a finished one can still answer HEAD, and whether it was a copy.
  await db.schema.alterTable('uploads').addColumn('declared_bytes', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('uploads').addColumn('duplicate', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  // Each customer's unfinished uploads, counted where a conditional update can hold the limit atomically.
  await db.schema
    .createTable('unfinished_upload_totals')
    .addColumn('customer_id', 'text', (c) => c.primaryKey())
    .addColumn('uploads', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .execute();
  await sql`INSERT INTO unfinished_upload_totals (customer_id, uploads, bytes)
    SELECT customer_id, count(*), 0 FROM uploads WHERE status IN ('receiving', 'ingesting') GROUP BY customer_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('unfinished_upload_totals').execute();
  await db.schema.alterTable('uploads').dropColumn('duplicate').execute();
  await db.schema.alterTable('uploads').dropColumn('declared_bytes').execute();
  await db.schema.dropTable('photo_blob_intents').execute();
}
