import { sql, type Kysely } from 'kysely';

/**
 * The customer's self-service settings (decisions 062 and 063): the FTP integration's callback on the
 * customer, the address book, and the one stored payment method, masked (never a card number or IBAN).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('customers').addColumn('callback_url', 'text').execute();
  await db.schema.alterTable('customers').addColumn('callback_format', 'text').execute();

  await db.schema
    .createTable('customer_addresses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('street', 'text', (c) => c.notNull())
    .addColumn('house_number', 'text', (c) => c.notNull())
    .addColumn('postal_code', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('country_code', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('is_default', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('customer_addresses_by_customer').on('customer_addresses').columns(['customer_id', 'created_at']).execute();
  // At most one default per customer, whatever runs at once: the database refuses a second.
  await db.schema
    .createIndex('customer_addresses_one_default')
    .on('customer_addresses')
    .column('customer_id')
    .unique()
    .where(sql.ref('is_default'), '=', 1)
    .execute();

  await db.schema
    .createTable('customer_payment_methods')
    .addColumn('customer_id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('brand', 'text')
    .addColumn('last4', 'text')
    .addColumn('expiry_month', 'integer')
    .addColumn('expiry_year', 'integer')
    .addColumn('holder', 'text')
    .addColumn('masked_email', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['customer_payment_methods', 'customer_addresses']) await db.schema.dropTable(table).execute();
  await db.schema.alterTable('customers').dropColumn('callback_format').execute();
  await db.schema.alterTable('customers').dropColumn('callback_url').execute();
}
