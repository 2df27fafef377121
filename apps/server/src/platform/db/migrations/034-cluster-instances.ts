import type { Kysely } from 'kysely';

/**
 * The instances of a cluster sharing this database and the settings they must agree on, as digests (decision
 * 097): an instance whose settings differ from the longest-running live one's is not ready.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cluster_instances')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('seen_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cluster_instances').execute();
}
