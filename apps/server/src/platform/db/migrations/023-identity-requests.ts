import type { Kysely } from 'kysely';

/**
 * Email change and account deletion requests (decision 064). A request row holds only the sha256 of the
 * mailed token; `closed_at` is set when the token is used or a newer request of the same kind replaces it,
 * so at most one link of each kind works at a time and each works once. Requests are counted per
 * customer and kind in fixed windows before any mail goes out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('identity_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    // The address asked for; null for a deletion request.
    .addColumn('new_email', 'text')
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('closed_at', 'text')
    .execute();
  await db.schema.createIndex('identity_requests_customer_idx').on('identity_requests').columns(['customer_id', 'kind']).execute();

  await db.schema
    .createTable('identity_request_counts')
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('identity_request_counts_pk', ['customer_id', 'kind', 'window_start'])
    .execute();
  await db.schema.createIndex('identity_request_counts_window').on('identity_request_counts').column('window_start').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['identity_request_counts', 'identity_requests']) await db.schema.dropTable(table).execute();
}
