import type { Kysely } from 'kysely';

/**
 * Library activation (docs/decisions/051). A customer without a row has an ACTIVE library, as every
 * customer had before; a row says otherwise. `legacy_photos` are the files an account brought from the
 * retailer's older system, kept outside the library until activation imports them, each exactly once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('library_activations')
    .addColumn('customer_id', 'text', (c) => c.primaryKey().references('customers.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    // The import under way or last run: its job's id, so a run of an earlier import changes nothing.
    .addColumn('import_id', 'text')
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .execute();
  // Imports under way are found at start, to be queued again if their process stopped before queueing them.
  await db.schema.createIndex('library_activations_status_idx').on('library_activations').columns(['status']).execute();

  await db.schema
    .createTable('legacy_photos')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('uploaded_at', 'text', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    // No foreign key: the customer may delete the photo once it is in the library.
    .addColumn('photo_id', 'text')
    .addColumn('failure', 'text')
    .addColumn('done_at', 'text')
    .execute();
  await db.schema.createIndex('legacy_photos_pending_idx').on('legacy_photos').columns(['customer_id', 'state', 'uploaded_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('legacy_photos').execute();
  await db.schema.dropTable('library_activations').execute();
}
