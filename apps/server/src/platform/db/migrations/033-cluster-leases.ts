import type { Kysely } from 'kysely';

/**
 * Work that one machine of a cluster does for all of them (decision 096): whoever holds a named lease does
 * it, renewing the lease while it works; a machine that stops holds it no longer once it expires.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cluster_leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cluster_leases').execute();
}
