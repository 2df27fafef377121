import type { Kysely } from 'kysely';

/** A customer's uploads by when they started: the sliding window of UPLOADS_PER_MINUTE is counted from it. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('uploads_customer_created').on('uploads').columns(['customer_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('uploads_customer_created').execute();
}
