import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * When an identity request's mail went out: a link works only once it was mailed, and of a customer's
 * requests of a kind the one mailed last is the live one, whatever order requests made at once were
 * opened in. Requests from before were mailed when they were made.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('identity_requests').addColumn('mailed_at', 'text').execute();
  await sql`UPDATE identity_requests SET mailed_at = created_at`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('identity_requests').dropColumn('mailed_at').execute();
}
