import type { Kysely } from 'kysely';

/**
 * The machine an upload's bytes are received on (docs/decisions/028): its recovery alone finishes or gives
 * the upload up. Uploads from before have none: the machine that finds their bytes judges them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('uploads').addColumn('machine_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('uploads').dropColumn('machine_id').execute();
}
