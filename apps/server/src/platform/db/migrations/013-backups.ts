import { sql, type Kysely } from 'kysely';

/**
 * Full-library exports (docs/decisions/047). A customer has at most one export being made: a partial
 * unique index over the unfinished ones makes a racing second request fail to insert, in both databases.
 * An export's progress (how many chunks are done, after which photo the next one starts, the counts so
 * far) is written in the same transaction as each finished chunk, so a run that died resumes there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('backups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    // requested | in-progress | processed | failed
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('processed_at', 'text')
    // Where and in which language the ready mail goes, as the customer was when they asked.
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('chunks_done', 'integer', (c) => c.notNull().defaultTo(0))
    // The id of the last photo in the last finished chunk: the next chunk starts after it.
    .addColumn('resume_after', 'text')
    .addColumn('photos_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('skipped_photos', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('mail_sent_at', 'text')
    .addColumn('error', 'text')
    .execute();
  await db.schema
    .createIndex('backups_one_unfinished')
    .on('backups')
    .column('customer_id')
    .unique()
    .where(sql.ref('status'), 'in', ['requested', 'in-progress'])
    .execute();
  // The expiry sweep looks for finished exports by when they were made.
  await db.schema.createIndex('backups_by_status').on('backups').columns(['status', 'processed_at']).execute();

  await db.schema
    .createTable('backup_chunks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('backup_id', 'text', (c) => c.notNull().references('backups.id').onDelete('cascade'))
    .addColumn('iteration', 'integer', (c) => c.notNull())
    .addColumn('blob_key', 'text', (c) => c.notNull())
    // The zip's size in bytes: near 2 GiB, past PostgreSQL's integer (read back as a string there).
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('photos', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('backup_chunks_iteration').on('backup_chunks').columns(['backup_id', 'iteration']).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('backup_chunks').execute();
  await db.schema.dropTable('backups').execute();
}
