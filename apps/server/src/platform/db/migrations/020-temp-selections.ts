import type { Kysely } from 'kysely';

/**
 * Temporary selections for the prints hand-off: one row per selection with its photo ids in the order
 * chosen, and one row per customer that makes their creations take turns, so the cap on live selections
 * holds however many requests arrive at once (decision 059).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('temp_selections')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    // JSON array of photo ids in the order chosen.
    .addColumn('photo_ids', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('temp_selections_customer_idx').on('temp_selections').columns(['customer_id', 'expires_at']).execute();
  await db.schema.createIndex('temp_selections_expiry_idx').on('temp_selections').column('expires_at').execute();

  await db.schema
    .createTable('temp_selection_turns')
    .addColumn('customer_id', 'text', (c) => c.primaryKey())
    .addColumn('last_created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['temp_selection_turns', 'temp_selections']) await db.schema.dropTable(table).execute();
}
