import type { Kysely } from 'kysely';

/**
 * Zip downloads: one row per archive a customer asked for, keyed by the client's own id so a repeated
 * request finds its archive; a running count of each customer's unfinished archives, kept in the same
 * transactions as the rows, so the cap holds under concurrent requests; and the index that walks a whole
 * library by photo id (archives and exports read originals page by page).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('downloads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    // JSON [{ photoId, ownerId }] in the order asked for; ownerId is the caller for their own photos.
    .addColumn('photos', 'text', (c) => c.notNull())
    .addColumn('photos_count', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    // Archives of 100 large originals pass 2 GiB.
    .addColumn('size', 'bigint')
    .addColumn('left_out', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('expires_at', 'text')
    .execute();
  await db.schema.createIndex('downloads_customer_idx').on('downloads').columns(['customer_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('downloads_state_expiry_idx').on('downloads').columns(['state', 'expires_at']).execute();

  await db.schema
    .createTable('download_pending_totals')
    .addColumn('customer_id', 'text', (c) => c.primaryKey())
    .addColumn('pending', 'integer', (c) => c.notNull())
    .execute();

  await db.schema.createIndex('photos_customer_id_idx').on('photos').columns(['customer_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('photos_customer_id_idx').execute();
  for (const table of ['download_pending_totals', 'downloads']) await db.schema.dropTable(table).execute();
}
