import type { Kysely } from 'kysely';

/**
 * Accounts asked for on the sign-in page and not yet confirmed (decision 091): the customer and their
 * identity are made only when the mailed link is used, so the page never tells whether an address has an
 * account. A row keeps the sha256 of the mailed token, never the token, and goes once closed or expired.
 * Password resets need no table of their own: they are identity requests of the kind `password_reset`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_registrations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('closed_at', 'text')
    .execute();
  await db.schema.createIndex('account_registrations_email').on('account_registrations').column('email').execute();
  await db.schema.createIndex('account_registrations_expires').on('account_registrations').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_registrations').execute();
}
