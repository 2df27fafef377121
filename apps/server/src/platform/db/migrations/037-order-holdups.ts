import type { Kysely } from 'kysely';

/** What holds an order up (delayed, onHold), beside its status (decision 107); none for orders made before. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('holdup', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('holdup').execute();
}
