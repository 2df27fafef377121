import type { Kysely } from 'kysely';

/** The request that asked for a job, so its runs' log lines name it (decision 104); none for older jobs. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('trace_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').dropColumn('trace_id').execute();
}
