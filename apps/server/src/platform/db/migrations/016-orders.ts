import { sql, type Kysely } from 'kysely';

/**
 * Orders as the order services answer them (decision 054). The super order keeps its 004 row, which the
 * storage period reads (max created_at per customer); it gains what the customer is shown, with the
 * delivery address in columns so a change is one conditional UPDATE. Its products (sub-orders) and the
 * files it was made from get tables of their own. Rows from before this migration get a Home delivery
 * to the customer's name in the channel the customer signed up in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const orderColumns: [string, 'text' | 'integer', unknown][] = [
    ['channel', 'text', 'www.printhaven.co.uk'],
    ['currency', 'text', 'GBP'],
    ['source', 'text', 'Resnap'],
    ['delivery_type', 'text', 'Home'],
    ['delivery_first_name', 'text', ''],
    ['delivery_last_name', 'text', ''],
    ['delivery_street', 'text', ''],
    ['delivery_house_number', 'text', ''],
    ['delivery_postal_code', 'text', ''],
    ['delivery_city', 'text', ''],
    ['delivery_country_code', 'text', ''],
    ['total_amount', 'integer', 0],
  ];
  for (const [name, type, fallback] of orderColumns) {
    await db.schema
      .alterTable('orders')
      .addColumn(name, type, (c) => c.notNull().defaultTo(fallback))
      .execute();
  }
  for (const name of ['delivery_phone', 'pickup_point', 'payment_changed_at', 'updated_at', 'address_changed_at', 'request_id']) {
    await db.schema.alterTable('orders').addColumn(name, 'text').execute();
  }
  await sql`update orders set
      channel = coalesce((select c.channel from customers c where c.id = orders.customer_id), channel),
      delivery_first_name = coalesce((select c.first_name from customers c where c.id = orders.customer_id), ''),
      delivery_last_name = coalesce((select c.last_name from customers c where c.id = orders.customer_id), ''),
      updated_at = created_at`.execute(db);
  // One caller's retry of a placing finds the order its first attempt made.
  await db.schema.createIndex('orders_request_id_idx').on('orders').column('request_id').unique().execute();
  // The list walks one customer's orders newest first; the storage period's max(created_at) reads the same index.
  await db.schema.dropIndex('orders_customer_idx').execute();
  await db.schema.createIndex('orders_customer_recent_idx').on('orders').columns(['customer_id', 'created_at desc', 'id desc']).execute();

  await db.schema
    .createTable('order_products')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('payment_changed_at', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('product_type', 'text', (c) => c.notNull())
    .addColumn('article_name', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('price_amount', 'integer', (c) => c.notNull())
    .addColumn('voucher_code', 'text')
    .addColumn('voucher_title', 'text')
    .addColumn('voucher_discount_amount', 'integer')
    .execute();
  await db.schema.createIndex('order_products_order_idx').on('order_products').columns(['order_id', 'position']).execute();
  await db.schema.createIndex('order_products_customer_idx').on('order_products').columns(['customer_id', 'created_at desc', 'code']).execute();

  await db.schema
    .createTable('order_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('photo_id', 'text')
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('uploaded_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_files_order_idx').on('order_files').columns(['order_id', 'position']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('order_files').execute();
  await db.schema.dropTable('order_products').execute();
  await db.schema.dropIndex('orders_customer_recent_idx').execute();
  await db.schema.dropIndex('orders_request_id_idx').execute();
  await db.schema.createIndex('orders_customer_idx').on('orders').columns(['customer_id', 'created_at']).execute();
  for (const name of ['channel', 'currency', 'source', 'delivery_type', 'delivery_first_name', 'delivery_last_name', 'delivery_street', 'delivery_house_number', 'delivery_postal_code', 'delivery_city', 'delivery_country_code', 'total_amount', 'delivery_phone', 'pickup_point', 'payment_changed_at', 'updated_at', 'address_changed_at', 'request_id']) {
    await db.schema.alterTable('orders').dropColumn(name).execute();
  }
}
