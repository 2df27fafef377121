import type { Kysely } from 'kysely';

/**
 * Online photo books, "widgets" (decision 065): a book of one customer and one of their order codes,
 * its pages (photo ids kept as a JSON array, so a photo deleted later simply drops out when the page is
 * read), the share links mailed to other people (only the token's hash is kept), the per-customer count
 * of shares in a window, the gallery entries (one per book) and the order codes blocked from the gallery.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('widgets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('product_code', 'text', (c) => c.notNull())
    .addColumn('product_type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('cover_photo_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // Newest first, ties by id, so a page boundary never repeats or skips a book.
  await db.schema.createIndex('widgets_customer_created_idx').on('widgets').columns(['customer_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('widgets_customer_product_idx').on('widgets').columns(['customer_id', 'product_code']).execute();

  await db.schema
    .createTable('widget_pages')
    .addColumn('widget_id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('caption', 'text')
    // JSON array of photo ids in the order laid out.
    .addColumn('photo_ids', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('widget_pages_pk', ['widget_id', 'position'])
    .execute();

  await db.schema
    .createTable('widget_shares')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('widget_id', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('vendor_id', 'text', (c) => c.notNull())
    .addColumn('sender_name', 'text', (c) => c.notNull())
    .addColumn('personal_message', 'text', (c) => c.notNull())
    .addColumn('recipient_email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    // Null until the mail has gone: a link whose mail failed never opens the book.
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('widget_shares_widget_idx').on('widget_shares').column('widget_id').execute();
  await db.schema.createIndex('widget_shares_customer_idx').on('widget_shares').column('customer_id').execute();

  await db.schema
    .createTable('widget_share_counts')
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('widget_share_counts_pk', ['customer_id', 'window_start'])
    .execute();

  await db.schema
    .createTable('gallery_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // One entry per book: a second publication of the same book is refused by the database itself.
    .addColumn('widget_id', 'text', (c) => c.notNull().unique())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('category_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('gallery_entries_customer_idx').on('gallery_entries').column('customer_id').execute();

  await db.schema
    .createTable('blocked_orders')
    .addColumn('order_code', 'text', (c) => c.primaryKey())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('blocked_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['blocked_orders', 'gallery_entries', 'widget_share_counts', 'widget_shares', 'widget_pages', 'widgets']) {
    await db.schema.dropTable(table).execute();
  }
}
