import type { Kysely } from 'kysely';

/** Background jobs of the embedded queue (platform/jobs/embedded-job-queue.ts); decision 049. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('run_after', 'text', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('jobs_pk', ['kind', 'id'])
    .execute();
  // What a poll looks for: a kind's queued jobs that are due, and its running jobs whose lease lapsed.
  await db.schema.createIndex('jobs_claimable').on('jobs').columns(['kind', 'state', 'run_after']).execute();
  await db.schema.createIndex('jobs_finished').on('jobs').columns(['state', 'updated_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('jobs').execute();
}
