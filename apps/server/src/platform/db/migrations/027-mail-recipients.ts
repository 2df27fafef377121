import type { Kysely } from 'kysely';

/**
 * Mails sent to addresses a customer or visitor named, counted per recipient across every kind of such
 * mail in sliding windows (decision 076). A recipient is kept as the sha256 of its address: who was mailed
 * is not stored in clear. `mail_recipients` holds one row per recipient, taken as a lock while its sends
 * are counted; both are purged a day after the last send.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mail_recipients')
    .addColumn('recipient', 'text', (c) => c.primaryKey())
    .addColumn('touched_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mail_recipients_touched').on('mail_recipients').column('touched_at').execute();
  await db.schema
    .createTable('mail_recipient_sends')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mail_recipient_sends_recipient').on('mail_recipient_sends').columns(['recipient', 'sent_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['mail_recipient_sends', 'mail_recipients']) await db.schema.dropTable(table).execute();
}
