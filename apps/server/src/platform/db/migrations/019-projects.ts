import type { Kysely } from 'kysely';

/**
 * Saved projects (decision 058): the table migration 004 made for the storage status's projectCount
 * gets what the editor saves and the list shows. `name` stays the project's title. Rows from before
 * have no editor state ('{}'), so they open as an empty project of their product.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // SQLite adds one column per statement.
  await db.schema.alterTable('projects').addColumn('product_code', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('projects').addColumn('channel', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('projects').addColumn('page_count', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.alterTable('projects').addColumn('thumbnail_photo_id', 'text').execute();
  await db.schema.alterTable('projects').addColumn('editor_state', 'text', (c) => c.notNull().defaultTo('{}')).execute();
  await db.schema.alterTable('projects').addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  // The list is last saved first, ties by id, so a page boundary never repeats or skips a project.
  await db.schema.dropIndex('projects_customer_idx').execute();
  await db.schema.createIndex('projects_customer_updated_idx').on('projects').columns(['customer_id', 'updated_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('projects_customer_updated_idx').execute();
  await db.schema.createIndex('projects_customer_idx').on('projects').columns(['customer_id', 'updated_at']).execute();
  for (const column of ['version', 'editor_state', 'thumbnail_photo_id', 'page_count', 'channel', 'product_code']) {
    await db.schema.alterTable('projects').dropColumn(column).execute();
  }
}
