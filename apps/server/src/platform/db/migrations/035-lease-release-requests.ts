import type { Kysely } from 'kysely';

/**
 * A machine waiting for a lease another one holds may ask it to let go (a resumed upload arriving on another
 * instance while the first still holds the upload for a connection the client has left): the holder sees
 * the request when it next renews.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('cluster_leases').addColumn('release_requested', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('cluster_leases').dropColumn('release_requested').execute();
}
