import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * A sent parcel's tracking, as the back office gives it (decision 090); the article of each print size for
 * prints the embedded editor ordered before it named them (it stored the English title instead); and a voucher
 * offer's title and description in the storefronts' other languages (JSON { [language]: { title, description } }).
 */
const PRINT_ARTICLES: Record<string, string> = {
  '9x13': 'PAP_913',
  '10x15': 'PAP_910',
  '13x18': 'PAP_1318',
  '15x20': 'PAP_1520',
  '20x30': 'PAP_2030',
};

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['tracking_carrier', 'tracking_number', 'tracking_url']) {
    await db.schema.alterTable('orders').addColumn(column, 'text').execute();
  }
  await db.schema.alterTable('campaign_offers').addColumn('translations', 'text', (c) => c.notNull().defaultTo('{}')).execute();
  for (const [size, article] of Object.entries(PRINT_ARTICLES)) {
    await sql`UPDATE order_products SET article_name = ${article} WHERE article_name = ${`Photo prints ${size}`}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('campaign_offers').dropColumn('translations').execute();
  for (const column of ['tracking_carrier', 'tracking_number', 'tracking_url']) {
    await db.schema.alterTable('orders').dropColumn(column).execute();
  }
}
