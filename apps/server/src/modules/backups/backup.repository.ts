import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import type { BackupChunksTable, BackupsTable } from '../../platform/db/schema.js';

const UNFINISHED = ['requested', 'in-progress'] as const;

export interface ChunkRow extends Omit<BackupChunksTable, 'size'> {
  size: number;
}

/** Where an export stands before a chunk is added: the chunk is recorded only if it still stands there. */
export interface Progress {
  chunksDone: number;
  resumeAfter: string | null;
}

/** What one finished stretch of the library added: a chunk (none when every photo in it was gone) and its counts. */
export interface ChunkResult {
  chunk: Omit<BackupChunksTable, 'backup_id'> | null;
  lastPhotoId: string;
  photos: number;
  skipped: number;
}

const toChunk = (row: BackupChunksTable): ChunkRow => ({ ...row, size: Number(row.size) });

export function backupRepository(db: Db) {
  return {
    /** Inserts the export unless the customer has an unfinished one (the partial unique index decides, atomically); true when inserted. */
    async insertIfNoneUnfinished(row: BackupsTable): Promise<boolean> {
      const result = await db
        .insertInto('backups')
        .values(row)
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    findUnfinished: (customerId: string) =>
      db.selectFrom('backups').selectAll().where('customer_id', '=', customerId).where('status', 'in', UNFINISHED).executeTakeFirst(),

    /** The customer's newest ready export made after `madeAfter` of the library at `version`, if any. */
    readyOfVersion: (customerId: string, version: number, madeAfter: string) =>
      db
        .selectFrom('backups')
        .select('id')
        .where('customer_id', '=', customerId)
        .where('status', '=', 'processed')
        .where('library_version', '=', version)
        .where('processed_at', '>', madeAfter)
        .orderBy('processed_at', 'desc')
        .executeTakeFirst(),

    /** When the customer's ready exports made after `madeAfter` (those whose links still work) were made, oldest first. */
    async readySince(customerId: string, madeAfter: string): Promise<string[]> {
      const rows = await db
        .selectFrom('backups')
        .select('processed_at')
        .where('customer_id', '=', customerId)
        .where('status', '=', 'processed')
        .where('processed_at', '>', madeAfter)
        .orderBy('processed_at')
        .execute();
      return rows.flatMap((r) => (r.processed_at === null ? [] : [r.processed_at]));
    },

    find: (id: string) => db.selectFrom('backups').selectAll().where('id', '=', id).executeTakeFirst(),

    /** The customer's export; another customer's is not found. */
    findOwned: (customerId: string, id: string) =>
      db.selectFrom('backups').selectAll().where('id', '=', id).where('customer_id', '=', customerId).executeTakeFirst(),

    async chunks(backupId: string): Promise<ChunkRow[]> {
      return (await db.selectFrom('backup_chunks').selectAll().where('backup_id', '=', backupId).orderBy('iteration').execute()).map(toChunk);
    },

    async chunk(backupId: string, chunkId: string): Promise<ChunkRow | undefined> {
      const row = await db.selectFrom('backup_chunks').selectAll().where('backup_id', '=', backupId).where('id', '=', chunkId).executeTakeFirst();
      return row && toChunk(row);
    },

    async markInProgress(id: string): Promise<void> {
      await db.updateTable('backups').set({ status: 'in-progress' }).where('id', '=', id).where('status', '=', 'requested').execute();
    },

    /**
     * Records a finished stretch and moves the export's progress past it, in one transaction, if the
     * export is still in progress where `from` says: a second run of the same stretch records nothing.
     */
    async recordStretch(id: string, from: Progress, result: ChunkResult): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const moved = await trx
          .updateTable('backups')
          .set({
            chunks_done: from.chunksDone + (result.chunk ? 1 : 0),
            resume_after: result.lastPhotoId,
            photos_count: sql<number>`photos_count + ${result.photos}`,
            skipped_photos: sql<number>`skipped_photos + ${result.skipped}`,
          })
          .where('id', '=', id)
          .where('status', '=', 'in-progress')
          .where('chunks_done', '=', from.chunksDone)
          .where(sql<boolean>`coalesce(resume_after, '') = ${from.resumeAfter ?? ''}`)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) === 0) return false;
        if (result.chunk) await trx.insertInto('backup_chunks').values({ ...result.chunk, backup_id: id }).execute();
        return true;
      });
    },

    /** The one final update; true when this call made it. */
    async markProcessed(id: string, at: string): Promise<boolean> {
      const result = await db.updateTable('backups').set({ status: 'processed', processed_at: at }).where('id', '=', id).where('status', '=', 'in-progress').executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** An unfinished export is given up; true when this call did it. */
    async markFailed(id: string, error: string): Promise<boolean> {
      const result = await db.updateTable('backups').set({ status: 'failed', error }).where('id', '=', id).where('status', 'in', UNFINISHED).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Claims the ready mail before it is sent, so no second run sends it again; true when this call claimed it. */
    async claimMail(id: string, at: string): Promise<boolean> {
      const result = await db.updateTable('backups').set({ mail_sent_at: at }).where('id', '=', id).where('mail_sent_at', 'is', null).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Gives a claim back when the mail could not be handed over, so the job's next run sends it. */
    async releaseMail(id: string): Promise<void> {
      await db.updateTable('backups').set({ mail_sent_at: null }).where('id', '=', id).execute();
    },

    /** Exports whose links have lapsed: made before `madeBefore`, or failed and asked for before it. */
    expired: (madeBefore: string, limit: number) =>
      db
        .selectFrom('backups')
        .select(['id', 'customer_id'])
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'processed'), eb('processed_at', '<', madeBefore)]),
            eb.and([eb('status', '=', 'failed'), eb('requested_at', '<', madeBefore)]),
          ]),
        )
        .limit(limit)
        .execute(),

    /** The ids of the customer's exports, for removing their files before their rows. */
    idsOf: async (customerId: string) => (await db.selectFrom('backups').select('id').where('customer_id', '=', customerId).execute()).map((r) => r.id),

    /**
     * Removes every export of the customer with its chunks and its job (of kind `jobKind`) still waiting, in one transaction;
     * answers the removed rows, whose chunk files the caller deletes next. A running job is left to its
     * runner: it finds its row gone at its next step and removes what it wrote.
     */
    deleteAllOf: (customerId: string, jobKind: string) =>
      db.transaction().execute(async (trx) => {
        const rows = await trx.selectFrom('backups').select(['id', 'customer_id']).where('customer_id', '=', customerId).execute();
        const theirs = trx.selectFrom('backups').select('id').where('customer_id', '=', customerId);
        await trx.deleteFrom('jobs').where('kind', '=', jobKind).where('id', 'in', theirs).where('state', '!=', 'running').execute();
        await trx.deleteFrom('backup_chunks').where('backup_id', 'in', theirs).execute();
        await trx.deleteFrom('backups').where('customer_id', '=', customerId).execute();
        return rows;
      }),

    async delete(id: string): Promise<void> {
      await db.deleteFrom('backups').where('id', '=', id).execute();
    },
  };
}
export type BackupRepository = ReturnType<typeof backupRepository>;
