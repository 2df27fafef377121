import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('photos')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('checksum', 'text', (c) => c.notNull())
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    // Wall-clock 'YYYY-MM-DDTHH:MM:SS'; photos without a date carry the spec's unknown date, 1970-01-01.
    .addColumn('date_taken', 'text', (c) => c.notNull())
    .addColumn('date_taken_offset', 'text')
    .addColumn('taken_month', 'text', (c) => c.notNull())
    .addColumn('uploaded_at', 'text', (c) => c.notNull())
    .addColumn('upload_month', 'text', (c) => c.notNull())
    .addColumn('upload_id', 'text', (c) => c.notNull())
    .addColumn('renditions', 'text', (c) => c.notNull())
    .addUniqueConstraint('photos_customer_checksum_unique', ['customer_id', 'checksum'])
    .execute();
  await db.schema.createIndex('photos_taken_idx').on('photos').columns(['customer_id', 'taken_month', 'date_taken', 'id']).execute();
  await db.schema.createIndex('photos_uploaded_idx').on('photos').columns(['customer_id', 'upload_month', 'uploaded_at', 'id']).execute();

  // Kept in the same transaction as every insert and delete, so the timeline's layout is one small read.
  await db.schema
    .createTable('photo_month_counts')
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('sort_key', 'text', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('photo_month_counts_pk', ['customer_id', 'sort_key', 'month'])
    .execute();

  // Bytes are removed after the rows, by a sweeper that survives restarts.
  await db.schema
    .createTable('blob_deletions')
    .addColumn('prefix', 'text', (c) => c.primaryKey())
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('album_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('photo_id', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('uploads_status_idx').on('uploads').columns(['status', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['uploads', 'blob_deletions', 'photo_month_counts', 'photos']) await db.schema.dropTable(table).execute();
}
