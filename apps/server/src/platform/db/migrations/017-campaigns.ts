import type { Kysely } from 'kysely';

/**
 * Campaigns, their voucher offers and the order-cutoff article groups (decision 056), and the count of
 * refused back-office credentials per client address (decision 055).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('campaigns')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('campaign_offers')
    // Stored upper case: a code is matched whatever case the customer typed it in.
    .addColumn('voucher_option_code', 'text', (c) => c.primaryKey())
    .addColumn('campaign_name', 'text', (c) => c.notNull().references('campaigns.name').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    // Percentage | Amount
    .addColumn('discount_kind', 'text', (c) => c.notNull())
    .addColumn('discount_value', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text')
    .addColumn('minimum_order_amount', 'integer', (c) => c.notNull().defaultTo(0))
    // JSON array of article group codes; empty for every article.
    .addColumn('article_groups', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('valid_from', 'text', (c) => c.notNull())
    .addColumn('valid_until', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('campaign_offers_campaign').on('campaign_offers').column('campaign_name').execute();

  await db.schema
    .createTable('article_groups')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    // JSON array of article names.
    .addColumn('article_names', 'text', (c) => c.notNull())
    .addColumn('order_cutoff', 'text', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('production_days', 'integer', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('back_office_auth_failures')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('back_office_auth_failures_pk', ['key', 'window_start'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('back_office_auth_failures').execute();
  await db.schema.dropTable('article_groups').execute();
  await db.schema.dropTable('campaign_offers').execute();
  await db.schema.dropTable('campaigns').execute();
}
