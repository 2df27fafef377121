import type { Kysely } from 'kysely';

/**
 * Which of the customer's photos each product of an order prints, in order, with how many copies
 * (`order_product_photos`, kept by the orders module), and the files made from them (`product_files`: the print
 * file `product.pdf`, its state and where its bytes are; decision 113).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('order_product_photos')
    .addColumn('product_code', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('photo_id', 'text', (c) => c.notNull())
    .addColumn('copies', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_product_photos_pk', ['product_code', 'position'])
    .execute();
  await db.schema.createIndex('order_product_photos_order').on('order_product_photos').column('order_id').execute();
  // The pass that finds orders whose print files were never asked for reads only the last days' products.
  await db.schema.createIndex('order_products_created_idx').on('order_products').column('created_at').execute();

  await db.schema
    .createTable('product_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('product_code', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('bytes', 'bigint')
    .addColumn('pages', 'integer')
    .addColumn('left_out', 'integer')
    .addColumn('failure', 'text')
    .addUniqueConstraint('product_files_product_purpose', ['product_code', 'purpose'])
    .execute();
  await db.schema.createIndex('product_files_customer').on('product_files').columns(['customer_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('product_files_state').on('product_files').columns(['state', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('order_products_created_idx').execute();
  for (const table of ['product_files', 'order_product_photos']) await db.schema.dropTable(table).execute();
}
